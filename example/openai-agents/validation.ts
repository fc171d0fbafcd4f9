// The generated validators in OpenAI Agents JS (docs/openai-agents.md). Agents JS sends a tool's
// JSON Schema in OpenAI's strict form (every property required, an optional one nullable) and
// answers a call whose Standard Schema validation failed with a fixed text; a tool input
// guardrail sees the call as the model wrote it and can refuse it with a text of its own.
// #region guardrail
import {
  defineToolInputGuardrail,
  ToolGuardrailFunctionOutputFactory,
  type FunctionTool,
} from "@openai/agents";
import {
  assertValidators,
  formatValidationError,
  openAIStrict,
  toolSchemas,
  type StandardToolSchemaV1,
} from "./generated/index.js";

/**
 * Refuses a call whose arguments the tool's generated validator rejects, with the validator's
 * text, which the model reads as the call's result; the tool does not run. The arguments are
 * read as the model was told them: a `null` for an optional property is the property left out.
 */
export const validArguments = defineToolInputGuardrail({
  name: "tool-validators",
  run: async ({ toolCall }) => {
    const schema = strictSchema(toolCall.name);
    const args = parsed(toolCall.arguments);
    if (schema === undefined || args === undefined)
      return ToolGuardrailFunctionOutputFactory.allow();
    const issues = schema.issues(args);
    if (issues === undefined) return ToolGuardrailFunctionOutputFactory.allow();
    return ToolGuardrailFunctionOutputFactory.rejectContent(
      formatValidationError(toolCall.name, issues),
    );
  },
});

/** The tool's generated schema in the strict form Agents JS tells the model, if it has one. */
function strictSchema(name: string): StandardToolSchemaV1<unknown> | undefined {
  const schemas: Readonly<Record<string, StandardToolSchemaV1<unknown>>> = toolSchemas;
  return Object.hasOwn(schemas, name) ? openAIStrict(schemas[name]!) : undefined;
}

/** The arguments' JSON, or undefined when it is not JSON: Agents JS answers that call itself. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** At start-up: every tool of the agent has a generated validator (one left out of the globs fails here). */
export function assertValidated(tools: readonly Pick<FunctionTool, "name">[]): void {
  assertValidators(tools.map((tool) => tool.name));
}
// #endregion guardrail
