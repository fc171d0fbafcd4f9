import { commentText } from "../code/code.js";
import { layout } from "../code/layout.js";
import type { KeywordFacts } from "../keywords/definition.js";
import { indexModule } from "./indexModule.js";
import type { ToolModuleNames } from "./names.js";
import { GENERATED_MARKER, type OutputFile } from "./outputFile.js";
import { hintTypeNames, isKeywordSupport, supportFiles } from "./supportModules.js";
import { toolModule } from "./toolModule.js";

export { GENERATED_MARKER, type OutputFile } from "./outputFile.js";

export interface EmitOptions {
  /** The command that regenerates the output, named in every file's first line. */
  readonly command: string;
  /** The keywords enforced in this run (their issues, texts and support modules). */
  readonly facts: readonly KeywordFacts[];
}

/**
 * The files an output folder holds whatever the tools are (see supportModules.ts), with the
 * support modules the keywords in use may import; `withUsedSupport` leaves out those that no
 * tool module imports.
 */
export function emitFixedFiles(options: EmitOptions): OutputFile[] {
  return supportFiles(`${GENERATED_MARKER}. ${regenerateText(options)}`, options.facts);
}

/**
 * The fixed files without the keywords' support modules that no tool module imports: a
 * keyword enforced but used by no tool adds only its issue types and texts to the folder.
 */
export function withUsedSupport<F extends OutputFile>(
  fixed: readonly F[],
  toolModules: readonly ToolModuleFile[],
): F[] {
  const used = new Set(toolModules.flatMap((file) => (file.imports ?? []).map((m) => `${m}.ts`)));
  return fixed.filter((file) => !isKeywordSupport(file.name) || used.has(file.name));
}

function regenerateText(options: EmitOptions): string {
  return `Do not edit: run \`${commentText(options.command)}\`.`;
}

/** A tool module, with the support modules it imports. */
export interface ToolModuleFile extends OutputFile {
  readonly imports?: readonly string[];
}

/**
 * The files that depend on the tools: one validator module per tool, and the dispatch table.
 * The modules' names were given beforehand (names.ts), clashes reported.
 */
export function emitToolFiles(
  modules: readonly ToolModuleNames[],
  options: EmitOptions,
): ToolModuleFile[] {
  const regenerate = regenerateText(options);
  const files: ToolModuleFile[] = modules.map((module) => {
    const { content, imports } = toolModule(
      module,
      `${GENERATED_MARKER} from ${commentText(module.tool.file)} (tool ${commentText(JSON.stringify(module.tool.name))}). ${regenerate}`,
    );
    return { name: `${module.file}.ts`, content: layout(content), imports };
  });
  const header = `${GENERATED_MARKER}. ${regenerate}`;
  files.push({
    name: "index.ts",
    content: layout(indexModule(modules, header, hintTypeNames(options.facts))),
  });
  return files;
}
