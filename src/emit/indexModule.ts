import { Code, code, join, lengthSwitch, propertyName } from "../code/code.js";
import type { ToolModuleNames } from "./names.js";

/**
 * The dispatch of `validateToolArgs`: a switch on the name's length, then direct comparisons
 * and direct calls (with no tool, the table's lookup, which finds none).
 */
function dispatchByName(modules: readonly ToolModuleNames[]): Code {
  if (modules.length === 0) return code`return validators.get(toolName)?.(args);\n`;
  const dispatch = lengthSwitch(
    Code.raw("toolName"),
    modules,
    ({ tool }) => tool.name,
    (group) => {
      const tests = group.map(
        ({ tool, validator }) =>
          code`if (toolName === ${tool.name}) return ${Code.raw(validator)}(args);\n`,
      );
      return code`${join(tests, "")}return undefined;\n`;
    },
  );
  return code`${dispatch}return undefined;\n`;
}

/**
 * `index.ts` (CONTRACT.md section 5): every tool's exports, the dispatch by name, and the
 * support modules' exports. `hintTypes` are the names of the hint types in use.
 */
export function indexModule(
  modules: readonly ToolModuleNames[],
  header: string,
  hintTypes: readonly string[],
): string {
  return `${header}\n${exportsOf(modules, hintTypes)}\n${lookups(modules)}\n${schemaMap(modules)}\n${missing()}`;
}

/** The imports of every tool module, and what index.ts exports of them and of the support. */
function exportsOf(modules: readonly ToolModuleNames[], hintTypes: readonly string[]): string {
  const imports = modules.map(
    ({ file, validator, guard, argsType, schema }) =>
      code`import { ${Code.raw(validator)}, ${Code.raw(guard)}, ${Code.raw(schema)}, type ${Code.raw(argsType)} } from ${`./${file}.js`};\n`,
  );
  const typeExports = modules.map(({ argsType }) => Code.raw(argsType));
  const exported = modules.flatMap(({ validator, guard, schema }) => [
    Code.raw(validator),
    Code.raw(guard),
    Code.raw(schema),
  ]);
  const toolExports =
    modules.length === 0
      ? code``
      : code`export type { ${join(typeExports, ", ")} };\nexport { ${join(exported, ", ")} };\n`;
  // With no tool (TV3102), nothing names the schema type: an unused import fails linters.
  const schemaType =
    modules.length === 0
      ? code``
      : code`import type { StandardToolSchemaV1 } from "./standard.js";\n`;
  return code`${schemaType}import type { ValidationIssue, Validator } from "./types.js";
${join(imports, "")}
export type {
${Code.raw(typeExportList(hintTypes))}} from "./types.js";
export { formatPath, formatValidationError, hintLine, issueLine, type FormatOptions } from "./message.js";
export { failureRecord, type FailureRecord, type RecordedIssue } from "./failures.js";
export {
  openAIStrict,
  type StandardJSONSchemaV1,
  type StandardJSONSchemaV1Options,
  type StandardSchemaV1,
  type StandardToolSchemaV1,
} from "./standard.js";
${toolExports}`.toString();
}

/** The tables by tool name and the functions that look a tool's validator up. */
function lookups(modules: readonly ToolModuleNames[]): string {
  const byName = modules.map(
    ({ tool, argsType }) => code`${propertyName(tool.name)}: ${Code.raw(argsType)};\n`,
  );
  const entries = modules.map(
    ({ tool, validator }) => code`[${tool.name}, ${Code.raw(validator)}],\n`,
  );
  const names = modules.map(({ tool }) => code`${tool.name}`);
  return code`/** The argument type of every tool that has a validator, by tool name. */
export type ToolArgsByName = ${objectType(byName)};

/** The validator of every tool that has one, by tool name. */
const validators = new Map<string, Validator>([
${join(entries, "")}]);

/** The names of the tools that have a validator. */
export const validatedToolNames: readonly string[] = Object.freeze([${join(names, ", ")}]);

/**
 * Checks a tool call's arguments: undefined when they are valid, or when the tool has no
 * validator (an unknown name, or a name that is not a string). Never throws.
 */
export function validateToolArgs(toolName: string, args: unknown): ValidationIssue[] | undefined {
if (typeof toolName !== "string") return undefined;
${dispatchByName(modules)}}

/** A tool's validator, for callers that look it up once (when registering the tool). */
export function validatorFor(toolName: string): Validator | undefined {
return typeof toolName === "string" ? validators.get(toolName) : undefined;
}

/** Whether the tool has a generated validator. */
export function hasValidator(toolName: string): boolean {
return typeof toolName === "string" && validators.has(toolName);
}
`.toString();
}

/**
 * `toolSchemas`: every tool's Standard Schema by tool name (CONTRACT.md section 5.1), in an
 * object without a prototype, so that only tool names are keys.
 */
function schemaMap(modules: readonly ToolModuleNames[]): string {
  const types = modules.map(
    ({ tool, argsType }) =>
      code`${propertyName(tool.name)}: StandardToolSchemaV1<${Code.raw(argsType)}>;\n`,
  );
  const entries = modules.map(
    ({ tool, schema }) => code`${ownKey(tool.name)}: ${Code.raw(schema)},\n`,
  );
  return code`/** Every tool's Standard Schema, by tool name. */
export const toolSchemas: Readonly<${objectType(types)}> = Object.freeze(
Object.assign(Object.create(null) as object, {
${join(entries, "")}}),
);
`.toString();
}

/**
 * An object type of these members; with none, `Record<never, never>` (linters refuse `{}`,
 * which is any value but null and undefined).
 */
function objectType(members: readonly Code[]): Code {
  return members.length === 0 ? code`Record<never, never>` : code`{\n${join(members, "")}}`;
}

/**
 * A key of an object literal that is an own key: `__proto__` computed (written plainly, it
 * would set the prototype).
 */
function ownKey(key: string): Code {
  return key === "__proto__" ? code`[${key}]` : propertyName(key);
}

/** What tells a host that a tool it registers as built-in has no validator (CONTRACT.md section 5). */
function missing(): string {
  const advice = ` (see the "tools" globs, "excludeTools" and "excludeFiles" of the settings; a tool without parameters gets none: declare \`{ type: "object", properties: {} }\`), or the generated folder is out of date: regenerate it (the first line of each of its files names the command).`;
  return code`/**
 * The names of the given tools that have no generated validator, each once, in the order given:
 * a host passes the tools it registers as built-in, which should all have one.
 */
export function missingValidators(toolNames: Iterable<string>): string[] {
const missing: string[] = [];
for (const name of toolNames) {
if (!hasValidator(name) && !missing.includes(name)) missing.push(name);
}
return missing;
}

/** Throws one error naming every given tool that has no generated validator. */
export function assertValidators(toolNames: Iterable<string>): void {
const missing = missingValidators(toolNames);
if (missing.length === 0) return;
const one = missing.length === 1;
let names = "";
for (const name of missing) names += (names === "" ? "" : ", ") + JSON.stringify(name);
throw new Error(
"The built-in " + (one ? "tool " : "tools ") + names + (one ? " has" : " have") + ${" no generated validator: the generator did not read "} + (one ? "its declaration" : "their declarations") + ${advice},
);
}
`.toString();
}

/** The types index.ts re-exports from types.ts, sorted as the names of one export list. */
function typeExportList(hintTypes: readonly string[]): string {
  const names = ["IssuePath", "ValidationHint", "ValidationIssue", "Validator", ...hintTypes];
  return names
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `  ${name},\n`)
    .join("");
}
