/** The generator as a library: extract -> normalize -> emit -> format -> write or check. */
export { main, parseFlags, USAGE } from "./cli.js";
export { formatDiagnostic, type Diagnostic, type SourceLocation } from "./diagnostics.js";
export {
  generate,
  generateFromSchemas,
  DEFAULT_OUT_DIR,
  DEFAULT_TOOLS_GLOB,
  type GenerateOptions,
  type GenerateResult,
  type NamedSchema,
} from "./generate.js";
export { compareFolder, writeFolder } from "./output/folder.js";
export type { Mode, SchemaNode, ToolSchema } from "./ir.js";
