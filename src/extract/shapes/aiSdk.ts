// The AI SDK's tools (CONTRACT.md section 2): `tools: { weather: tool({ description, inputSchema }) }`.
import { Node, type CallExpression } from "../../tsMorph.js";
import type { StaticObject, StaticValue } from "../values.js";
import {
  assigned,
  foundPart,
  part,
  valueOf,
  type Callee,
  type DeclarationShape,
  type Part,
  type ShapeContext,
} from "./shape.js";

/** The modules the AI SDK's `tool`, `dynamicTool` and `jsonSchema` are imported from. */
const MODULES = ["ai", "@ai-sdk/provider-utils"];

/** The AI SDK's functions that declare a tool; each returns (a copy of) its argument. */
const TOOL_FUNCTIONS = ["tool", "dynamicTool"];

/** The schema keys: `inputSchema` (AI SDK 5 and later, read first), `parameters` (AI SDK 4). */
const SCHEMA_KEYS = ["inputSchema", "parameters"];

/** The label of a name that is a key of a tool set, in messages. */
const KEY_LABEL = "tool set key";

/**
 * `tool({ description, inputSchema })` or `dynamicTool({...})` of the AI SDK, the schema a
 * literal or `jsonSchema(literal)` (read as its argument). The tool's name is the key of the
 * tool set holding it (`tools: { weather: tool({...}) }`, a `const` holding it used as a tool
 * set's value in the files read), or a wrapper's `name` (`{ name: "bash", tool: tool({...}) }`).
 */
export const aiSdkShape: DeclarationShape = {
  name: "ai-sdk",
  pattern: "{ <name>: tool({ inputSchema }) }",
  triggers: SCHEMA_KEYS,
  schemaKeys: SCHEMA_KEYS,
  recognize(object, context) {
    const enclosing = context.enclosingCall();
    if (!enclosing || enclosing.argument !== 0) return undefined;
    if (!isAiSdk(context.callee(enclosing.call), TOOL_FUNCTIONS)) return undefined;
    const schemaKey =
      SCHEMA_KEYS.find((key) => assigned(part(object, key).lookup)) ?? SCHEMA_KEYS[0]!;
    const schema = schemaPart(object, schemaKey, context);
    const names = nameParts(enclosing.call, context);
    if (names.length === 0)
      return {
        kind: "unnamed",
        why: "an AI SDK tool is named by the key of the tool set holding it, and no property of the files read holds it",
        schema,
      };
    return {
      kind: "tool",
      parts: {
        reads: [part(object, schemaKey), ...names],
        names,
        schema,
        description: part(object, "description"),
        schemaKey,
      },
    };
  },
};

/** Whether a callee is one of the AI SDK's `functions`, by its import (or its name, not imported). */
function isAiSdk(callee: Callee | undefined, functions: readonly string[]): boolean {
  if (!callee || !functions.includes(callee.name)) return false;
  return callee.module === undefined ? !callee.local : MODULES.includes(callee.module);
}

/** The schema: the value at its key, or the argument of the AI SDK's `jsonSchema(...)` there. */
function schemaPart(object: StaticObject, key: string, context: ShapeContext): Part {
  const found = part(object, key);
  const value = valueOf(found);
  if (value?.kind !== "unknown" || value.origin?.kind !== "call") return found;
  const call = value.origin.call;
  if (!Node.isCallExpression(call) || !isAiSdk(context.callee(call), ["jsonSchema"])) return found;
  const [argument] = call.getArguments();
  const schema: StaticValue = argument
    ? context.evaluate(argument)
    : { kind: "unknown", reason: "`jsonSchema()` has no argument", location: value.location };
  return foundPart(key, key, schema, found.lookup);
}

/**
 * Where the tool's name is, for each place the `tool(...)` call is held: the key of a tool
 * set, or the `name` of a wrapper object holding it at `tool`.
 */
function nameParts(call: CallExpression, context: ShapeContext): Part[] {
  const names: Part[] = [];
  for (const { key, holder } of context.heldAt(call)) {
    const holderValue = context.evaluate(holder);
    if (holderValue.kind !== "object") continue;
    if (key.kind === "primitive" && key.value === "tool") {
      const wrapperName = part(holderValue, "name");
      if (assigned(wrapperName.lookup) && !isToolCall(valueOf(wrapperName), context)) {
        names.push(wrapperName);
        continue;
      }
    }
    const text = key.kind === "primitive" ? String(key.value) : undefined;
    if (text === undefined) names.push(foundPart(KEY_LABEL, "", key));
    else {
      const label = `${KEY_LABEL} ${JSON.stringify(text)}`;
      names.push(foundPart(label, text, key, part(holderValue, text).lookup));
    }
  }
  return names;
}

/** Whether a value is a call of the AI SDK's `tool()` (a tool set's entry named `name`). */
function isToolCall(value: StaticValue | undefined, context: ShapeContext): boolean {
  if (value?.kind !== "unknown" || value.origin?.kind !== "call") return false;
  const call = value.origin.call;
  return Node.isCallExpression(call) && isAiSdk(context.callee(call), TOOL_FUNCTIONS);
}
