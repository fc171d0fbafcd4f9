import { hasChecks, type ToolSchema } from "../ir.js";
import { acceptNode, argsType, collectNode, jsdoc } from "../keywords/schema.js";
import { Code, code, commentText, join, propertyName } from "../code/code.js";
import { EmitContext, ModuleContext } from "../code/context.js";
import { fixedFiles } from "./fixedFiles.js";
import { assignModuleNames, type ToolModuleNames } from "./names.js";

import { GENERATED_MARKER, type OutputFile } from "./outputFile.js";

export { GENERATED_MARKER, type OutputFile } from "./outputFile.js";

export interface EmitOptions {
  /** The command that regenerates the output, named in every file's first line. */
  readonly command: string;
}

/** The files every output folder holds whatever the tools are (see fixedFiles.ts). */
export function emitFixedFiles(options: EmitOptions): OutputFile[] {
  return fixedFiles(`${GENERATED_MARKER}. ${regenerateText(options)}`);
}

function regenerateText(options: EmitOptions): string {
  return `Do not edit: run \`${commentText(options.command)}\`.`;
}

/** The files that depend on the tools: one validator module per tool, and the dispatch table. */
export function emitToolFiles(tools: readonly ToolSchema[], options: EmitOptions): OutputFile[] {
  const modules = assignModuleNames(tools);
  const regenerate = regenerateText(options);
  const files: OutputFile[] = modules.map((module) => ({
    name: `${module.file}.ts`,
    content: toolModule(
      module,
      `${GENERATED_MARKER} from ${commentText(module.tool.file)} (tool ${commentText(JSON.stringify(module.tool.name))}). ${regenerate}`,
    ),
  }));
  files.push({
    name: "index.ts",
    content: indexModule(modules, `${GENERATED_MARKER}. ${regenerate}`),
  });
  return files;
}

function toolModule(names: ToolModuleNames, header: string): string {
  const { tool } = names;
  const module = new ModuleContext();
  const context = () => new EmitContext(module, acceptNode, collectNode);
  const args = Code.raw("args");
  // A root that checks nothing (standard mode allows `{}`) does not read the arguments.
  const readsArgs = hasChecks(tool.root) && tool.root.never !== true;
  const accepting = context().accept(tool.root, args);
  const collecting = context().collect(tool.root, args, []);
  const [validator, argsTypeName, guard] = [names.validator, names.argsType, names.guard].map(
    Code.raw,
  );
  const typeDoc = jsdoc(
    tool.description
      ? `The arguments of the ${JSON.stringify(tool.name)} tool, as declared in ${tool.file}.\n\n${tool.description}`
      : `The arguments of the ${JSON.stringify(tool.name)} tool, as declared in ${tool.file}.`,
  );
  const validatorDoc = commentText(
    `Checks the arguments of the ${JSON.stringify(tool.name)} tool against its declaration. Returns undefined for a valid call, otherwise its issues (at most 100). Never throws.`,
  );
  const validatorBody =
    collecting.toString() === ""
      ? code`void args;\nreturn undefined;\n`
      : code`${readsArgs ? code`` : code`void args;\n`}let c: IssueList | undefined;\ntry {\n${collecting}} catch (error) {\nreturn ${module.use("finishAfter")}(c, error, "object");\n}\nreturn ${module.use("finish")}(c);\n`;
  if (collecting.toString() !== "") module.use("IssueList");
  const guardBody = readsArgs
    ? code`try {\n${accepting}return true;\n} catch {\nreturn false;\n}\n`
    : code`void args;\nreturn ${Code.raw(tool.root.never ? "false" : "true")};\n`;
  const runtimeImports = [...module.helpers]
    .sort()
    .map((helper) => (helper === "IssueList" ? `type ${helper}` : helper))
    .join(", ");
  const imports =
    module.helpers.size === 0
      ? code``
      : code`import { ${Code.raw(runtimeImports)} } from "./runtime.js";\n`;
  return code`${Code.raw(header)}
import type { ValidationIssue } from "./types.js";
${imports}
${typeDoc}export type ${argsTypeName} = ${argsType(tool.root)};

${join(module.constants, "")}
/** ${Code.raw(validatorDoc)} */
export function ${validator}(args: unknown): ValidationIssue[] | undefined {
${validatorBody}}

/** True when the arguments are valid; they then have the declared type. Never throws. */
export function ${guard}(args: unknown): args is ${argsTypeName} {
${guardBody}}
${module.functions.length > 0 ? code`\n${join(module.functions, "\n")}` : code``}`.toString();
}

/**
 * The dispatch of `validateToolArgs`: a switch on the name's length, then direct comparisons
 * and direct calls.
 */
function dispatchByName(modules: readonly ToolModuleNames[]): Code {
  const byLength = new Map<number, ToolModuleNames[]>();
  for (const module of modules) {
    const group = byLength.get(module.tool.name.length) ?? [];
    group.push(module);
    byLength.set(module.tool.name.length, group);
  }
  if (byLength.size === 0) return code``;
  const cases = [...byLength.entries()]
    .sort(([a], [b]) => a - b)
    .map(([length, group]) => {
      const tests = group.map(
        ({ tool, validator }) =>
          code`if (toolName === ${tool.name}) return ${Code.raw(validator)}(args);\n`,
      );
      return code`case ${length}:\n${join(tests, "")}return undefined;\n`;
    });
  return code`switch (toolName.length) {\n${join(cases, "")}}\n`;
}

function indexModule(modules: readonly ToolModuleNames[], header: string): string {
  const imports = modules.map(
    ({ file, validator, guard, argsType }) =>
      code`import { ${Code.raw(validator)}, ${Code.raw(guard)}, type ${Code.raw(argsType)} } from ${`./${file}.js`};\n`,
  );
  const typeExports = modules.map(({ argsType }) => Code.raw(argsType));
  const byName = modules.map(
    ({ tool, argsType }) => code`${propertyName(tool.name)}: ${Code.raw(argsType)};\n`,
  );
  const entries = modules.map(
    ({ tool, validator }) => code`[${tool.name}, ${Code.raw(validator)}],\n`,
  );
  const names = modules.map(({ tool }) => code`${tool.name}`);
  const exported = modules.flatMap(({ validator, guard }) => [
    Code.raw(validator),
    Code.raw(guard),
  ]);
  const toolExports =
    modules.length === 0
      ? code``
      : code`export type { ${join(typeExports, ", ")} };\nexport { ${join(exported, ", ")} };\n`;
  return code`${Code.raw(header)}
import type { ValidationIssue, Validator } from "./types.js";
${join(imports, "")}
export type {
  IssuePath,
  JsonTextHint,
  KeyHint,
  ValidationHint,
  ValidationIssue,
  Validator,
  ValueHint,
} from "./types.js";
export { formatPath, formatValidationError, hintLine, issueLine, type FormatOptions } from "./format.js";
export { failureRecord, type FailureRecord, type RecordedIssue } from "./failures.js";
${toolExports}
/** The argument type of every tool that has a validator, by tool name. */
export type ToolArgsByName = {
${join(byName, "")}};

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
${dispatchByName(modules)}${modules.length === 0 ? code`void args;\n` : code``}return undefined;
}

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
