import { commentText } from "../code/code.js";
import type { KeywordFacts } from "../keywords/definition.js";
import { indexModule } from "./indexModule.js";
import type { ToolModuleNames } from "./names.js";
import { GENERATED_MARKER, type OutputFile } from "./outputFile.js";
import { hintTypeNames, supportFiles } from "./supportModules.js";
import { toolModule } from "./toolModule.js";

export { GENERATED_MARKER, type OutputFile } from "./outputFile.js";

export interface EmitOptions {
  /** The command that regenerates the output, named in every file's first line. */
  readonly command: string;
  /** The keywords enforced in this run (their issues, texts and support modules). */
  readonly facts: readonly KeywordFacts[];
}

/** The files every output folder holds whatever the tools are (see supportModules.ts). */
export function emitFixedFiles(options: EmitOptions): OutputFile[] {
  return supportFiles(`${GENERATED_MARKER}. ${regenerateText(options)}`, options.facts);
}

function regenerateText(options: EmitOptions): string {
  return `Do not edit: run \`${commentText(options.command)}\`.`;
}

/**
 * The files that depend on the tools: one validator module per tool, and the dispatch table.
 * The modules' names were given beforehand (names.ts), clashes reported.
 */
export function emitToolFiles(
  modules: readonly ToolModuleNames[],
  options: EmitOptions,
): OutputFile[] {
  const regenerate = regenerateText(options);
  const files: OutputFile[] = modules.map((module) => ({
    name: `${module.file}.ts`,
    content: toolModule(
      module,
      `${GENERATED_MARKER} from ${commentText(module.tool.file)} (tool ${commentText(JSON.stringify(module.tool.name))}). ${regenerate}`,
    ),
  }));
  const header = `${GENERATED_MARKER}. ${regenerate}`;
  files.push({
    name: "index.ts",
    content: indexModule(modules, header, hintTypeNames(options.facts)),
  });
  return files;
}
