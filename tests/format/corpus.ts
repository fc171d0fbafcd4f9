// The one file through which the printer's tests reach the generator: it turns tool
// declarations and plain JSON schemas into the unformatted files the generator hands to prettier.
// (When the generator's modules move, only the imports below change.)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DiagnosticBag } from "../../src/diagnostics/diagnostics.js";
import { emitFixedFiles, emitToolFiles } from "../../src/emit/files.js";
import { assignModuleNames } from "../../src/emit/names.js";
import type { ExtractedTool } from "../../src/extract/discover.js";
import { fromJson } from "../../src/extract/values.js";
import { findToolFiles } from "../../src/find/files.js";
import type { Mode, ToolSchema } from "../../src/ir.js";
import { normalizeTool } from "../../src/normalize/normalize.js";
import { enforcedFacts, KEYWORD_DEFINITIONS } from "../../src/keywords/registry.js";

const READING = (mode: Mode) => ({ mode, enforce: new Set<string>() });
const FACTS = enforcedFacts(new Set());

export interface UnformattedFile {
  readonly name: string;
  readonly content: string;
}

const COMMAND = "npm run gen";

/** The repository's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The support files, as handed to prettier: the copied sources (runtime.ts, format.ts,
 * similarity.ts, failures.ts and any a keyword brings) and the written ones (types.ts,
 * issues.ts), for the keywords enforced by default and the opt-in ones named.
 */
export function supportFiles(
  command = COMMAND,
  optIn: ReadonlySet<string> = new Set(),
): UnformattedFile[] {
  return emitFixedFiles({ command, facts: optIn.size === 0 ? FACTS : enforcedFacts(optIn) });
}

/**
 * Every set of opt-in keywords a run can enforce, each making its own types.ts and issues.ts:
 * none (the default), each one alone, and all of them (every subset while there are few).
 */
export function keywordSets(): ReadonlySet<string>[] {
  const optIn = KEYWORD_DEFINITIONS.filter((d) => d.optIn).map((d) => d.keywords[0]!);
  if (optIn.length <= 4)
    return Array.from(
      { length: 2 ** optIn.length },
      (_, mask) => new Set(optIn.filter((_, i) => mask & (1 << i))),
    );
  return [new Set(), ...optIn.map((k) => new Set([k])), new Set(optIn)];
}

/**
 * The tool modules and index.ts for JSON schemas, as handed to prettier; undefined when the
 * generator reports an error for them.
 */
export function schemaFiles(
  schemas: readonly { name: string; schema: unknown; description?: string }[],
  mode: Mode = "strict",
  command = COMMAND,
): UnformattedFile[] | undefined {
  const diagnostics = new DiagnosticBag();
  const tools: ToolSchema[] = [];
  const seen = new Set<string>();
  schemas.forEach(({ name, schema, description }, index) => {
    if (seen.has(name)) return;
    seen.add(name);
    const location = { file: `<schema ${index}>`, start: 0, end: 0 };
    const extracted: ExtractedTool = {
      name,
      file: location.file,
      declaredAs: name,
      shape: "json",
      schemaKey: "parameters",
      location,
      parameters: fromJson(schema, location),
      description,
    };
    tools.push(
      normalizeTool(
        { ...extracted, parameters: extracted.parameters! },
        READING(mode),
        diagnostics,
      ),
    );
  });
  if (diagnostics.errorCount > 0) return undefined;
  return emitToolFiles(assignModuleNames(tools).modules, { command, facts: FACTS });
}

/** The tool modules and index.ts for this repository's own tools (example/tools), as handed to prettier. */
export async function repositoryToolFiles(mode: Mode = "strict"): Promise<UnformattedFile[]> {
  const { extractTools } = await import("../../src/extract/discover.js");
  const found = await findToolFiles(["example/tools/**/*.ts"], ROOT);
  const diagnostics = new DiagnosticBag();
  const display = (absolute: string) => path.relative(ROOT, absolute).split(path.sep).join("/");
  const { tools: extracted } = extractTools(
    found.map((file) => file.real),
    diagnostics,
    display,
  );
  const tools: ToolSchema[] = [];
  for (const tool of extracted) {
    if (tool.parameters === undefined) continue;
    tools.push(normalizeTool({ ...tool, parameters: tool.parameters }, READING(mode), diagnostics));
  }
  if (diagnostics.errorCount > 0) throw new Error("the repository's tools have errors");
  return emitToolFiles(assignModuleNames(tools).modules, { command: COMMAND, facts: FACTS });
}

/**
 * The unformatted output for the benchmark's synthetic code base of `count` tools (bench/
 * synthetic.ts writes it into `dir`): the tool modules and index.ts.
 */
export async function syntheticToolFiles(dir: string, count: number): Promise<UnformattedFile[]> {
  const { writeSyntheticTools } = await import("../../bench/synthetic.js");
  const { extractTools } = await import("../../src/extract/discover.js");
  await writeSyntheticTools(dir, count);
  const found = await findToolFiles(["tools/**/*.ts"], dir);
  const diagnostics = new DiagnosticBag();
  const { tools: extracted } = extractTools(
    found.map((file) => file.real),
    diagnostics,
    (absolute) => path.relative(dir, absolute).split(path.sep).join("/"),
  );
  const tools: ToolSchema[] = [];
  for (const tool of extracted) {
    if (tool.parameters === undefined) continue;
    tools.push(
      normalizeTool({ ...tool, parameters: tool.parameters }, READING("strict"), diagnostics),
    );
  }
  if (diagnostics.errorCount > 0) throw new Error("the synthetic tools have errors");
  return emitToolFiles(assignModuleNames(tools).modules, { command: COMMAND, facts: FACTS });
}
