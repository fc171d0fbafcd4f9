import { Code, code, commentText, join } from "../code/code.js";
import { EmitContext, ModuleContext, pathCode } from "../code/context.js";
import { hasChecks, type SchemaNode } from "../keywords/definition.js";
import { argsType, jsdoc, schemaEmitter } from "../keywords/schema.js";
import type { ToolSchema } from "../ir.js";
import type { ToolModuleNames } from "./names.js";

/**
 * One tool's module (CONTRACT.md section 5): its argument type, its validator, its type guard
 * (the validator finding no issue: one walk to keep right, and a third less code to format than
 * a second accepting pass was), the module constants and split-off functions they share, and
 * the support names they import.
 */
export function toolModule(
  names: ToolModuleNames,
  header: string,
): { readonly content: string; readonly imports: readonly string[] } {
  const { tool } = names;
  const module = new ModuleContext();
  const args = Code.raw("args");
  // A root that checks nothing (standard mode allows `{}`) does not read the arguments.
  const readsArgs = hasChecks(tool.root) && tool.root.never !== true;
  const collecting = new EmitContext<SchemaNode>(module, schemaEmitter).collect(
    tool.root,
    args,
    [],
  );
  const [validator, argsTypeName, guard, schema] = [
    names.validator,
    names.argsType,
    names.guard,
    names.schema,
  ].map(Code.raw);
  const standard = standardSchemaOf(module, tool, schema, argsTypeName, validator);
  const declared = `The arguments of the ${JSON.stringify(tool.name)} tool, as declared in ${tool.file}.`;
  const typeDoc = jsdoc(tool.description ? `${declared}\n\n${tool.description}` : declared);
  const validatorDoc = commentText(
    `Checks the arguments of the ${JSON.stringify(tool.name)} tool against its declaration. Returns undefined for a valid call, otherwise its issues (at most 100). Never throws.`,
  );
  const validatorCode = validatorOf(module, validator, collecting, readsArgs);
  const functions = module.functions.length > 0 ? code`\n${join(module.functions, "\n")}` : code``;
  const content = code`${Code.raw(header)}
import type { ${Code.raw(validatorCode.type)} } from "./types.js";
${module.importStatements()}
${typeDoc}export type ${argsTypeName} = ${argsType(tool.root)};

${join(module.constants, "")}
/** ${Code.raw(validatorDoc)} */
${validatorCode.code}
/** True when the arguments are valid; they then have the declared type. Never throws. */
export function ${guard}(args: unknown): args is ${argsTypeName} {
return ${validator}(args) === undefined;
}

${standard}${functions}`.toString();
  return { content, imports: module.importedModules() };
}

/**
 * The tool's Standard Schema (CONTRACT.md section 5.1): its validator, and its declaration as
 * JSON text, which each `jsonSchema` call parses afresh. Marked pure, so that a bundler leaves
 * it out of a host that does not use it.
 */
function standardSchemaOf(
  module: ModuleContext,
  tool: ToolSchema,
  schema: Code,
  argsTypeName: Code,
  validator: Code,
): Code {
  const make = module.use("standardSchema", "standard");
  const type = module.useType("StandardToolSchemaV1", "standard");
  const doc = commentText(
    `The ${JSON.stringify(tool.name)} tool's validator as a Standard Schema and its declaration as a Standard JSON Schema, for agent frameworks that take one.`,
  );
  return code`/** ${Code.raw(doc)} */
export const ${schema}: ${type}<${argsTypeName}> = /* @__PURE__ */ ${make}(${tool.name}, ${validator}, ${JSON.stringify(tool.declaration)});
`;
}

/**
 * The validator, and the type of types.ts its declaration names: the issue path in a `try`,
 * whose `catch` ends a walk that filled the list. A valid call returns without calling
 * `finish` (measured: about 1% of a valid call through one call site, where V8 did not always
 * inline it). A root that reads nothing (a root that checks nothing, a `false` root) is a
 * function without a parameter: an unused one is what hosts' compilers and linters reject.
 */
function validatorOf(
  module: ModuleContext,
  validator: Code,
  collecting: Code,
  readsArgs: boolean,
): { readonly code: Code; readonly type: string } {
  if (collecting.toString() === "")
    return {
      code: code`export const ${validator}: Validator = () => undefined;\n`,
      type: "Validator",
    };
  const finish = module.use("finish");
  if (!readsArgs) {
    // A `false` root: its one issue.
    const issue = code`${module.use("notAllowed")}(undefined, ${pathCode(module, [])})`;
    return {
      code: code`export const ${validator}: Validator = () => ${finish}(${issue});\n`,
      type: "Validator",
    };
  }
  const issueList = module.useType("IssueList");
  // A walk that adds an issue on every path (a required key whose schema is `false`) leaves `c`
  // never undefined to a type checker, and a test of it one a host's linter finds needless.
  const result = module.imports("notAllowed")
    ? code`${finish}(c)`
    : code`c === undefined ? undefined : ${finish}(c)`;
  return {
    code: code`export function ${validator}(args: unknown): ValidationIssue[] | undefined {
let c: ${issueList} | undefined;
try {
${collecting}} catch (error) {
return ${module.use("finishAfter")}(c, error, "object");
}
return ${result};
}
`,
    type: "ValidationIssue",
  };
}
