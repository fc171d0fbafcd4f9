/** The generator as a library: extract -> normalize -> emit -> format -> write or check. */
export { main, parseFlags, USAGE } from "./cli.js";
export {
  CONFIG_FILE,
  ConfigError,
  DEFAULT_COMMAND,
  PACKAGE_KEY,
  findConfig,
  resolveSettings,
  type Config,
  type Flags,
  type Settings,
} from "./settings/settings.js";
export {
  formatDiagnostic,
  type Diagnostic,
  type SourceLocation,
} from "./diagnostics/diagnostics.js";
export { FormatterError } from "./format/formatter.js";
export type { FormatterSetting } from "./settings/targets.js";
export {
  generate,
  generateFromSchemas,
  DEFAULT_OUT_DIR,
  DEFAULT_TOOLS_GLOB,
  type GenerateOptions,
  type GenerateResult,
  type NamedSchema,
} from "./pipeline/generate.js";
export { compareFolder, writeFolder } from "./output/folder.js";
export { runOnce, type Io, type Run } from "./run/run.js";
export type { Mode, SchemaNode, ToolSchema } from "./ir.js";
