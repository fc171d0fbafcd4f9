// The stages of a run, shared by a run from scratch and watch mode's incremental runs
// (session.ts): find the files, check what the reading found, check and reduce the tools
// (normalise), emit and format.
import { checkArgumentReads } from "../normalize/argumentReads.js";
import { plural } from "../diagnostics/counts.js";
import { DiagnosticBag, type SourceLocation } from "../diagnostics/diagnostics.js";
import { relativeName } from "../diagnostics/paths.js";
import { emitFixedFiles, emitToolFiles, withUsedSupport, type OutputFile } from "../emit/files.js";
import { assignModuleNames, EXPORT_NAME, type ToolModuleNames } from "../emit/names.js";
import type { ExtractedTool, ExtractResult } from "../extract/discover.js";
import { SHAPES, type DeclarationShape } from "../extract/shapes/index.js";
import type { StaticValue } from "../extract/values.js";
import { findFiles, type FoundFile } from "../find/files.js";
import type { FormatRecord, Formatter } from "../format/formatter.js";
import type { ToolSchema } from "../ir.js";
import type { KeywordFacts } from "../keywords/definition.js";
import { normalizeTool, type NormalizeOptions } from "../normalize/normalize.js";
import { DEFAULT_TOOLS_GLOB } from "../settings/settings.js";
import { notComparable, sameSchema, type ToolCopy } from "./copies.js";
import type { GenerateOptions, GenerateResult, StageTiming } from "./options.js";

/** Times the pipeline's stages one after the other: each lap ends one stage. */
export class StageClock {
  readonly stages: StageTiming[] = [];
  #last = performance.now();

  lap(name: string): void {
    const now = performance.now();
    this.stages.push({ name, ms: now - this.#last });
    this.#last = now;
  }
}

/** The files found, and how each is shown (the path that matched, relative to `cwd`). */
export interface Found {
  readonly globs: readonly string[];
  readonly found: readonly FoundFile[];
  readonly files: readonly string[];
  /** The files the globs match that `excludeFiles` leaves out, as shown. */
  readonly excludedFiles: readonly string[];
  readonly displayPath: (absolute: string) => string;
}

export async function findStage(
  options: GenerateOptions,
  cwd: string,
  diagnostics: DiagnosticBag,
): Promise<Found> {
  const globs = options.tools && options.tools.length > 0 ? options.tools : [DEFAULT_TOOLS_GLOB];
  const excludeFiles = options.excludeFiles ?? [];
  const { found, excluded, unusedExclusions } = await findFiles(globs, cwd, excludeFiles);
  // A file matched through a symbolic link is shown under the path that matched.
  const shown = new Map(found.map((file) => [file.real, file.path]));
  const displayPath = (absolute: string) => relativeName(cwd, shown.get(absolute) ?? absolute);
  const listed = globs.map((g) => JSON.stringify(g)).join(", ");
  // Where the globs are relative to, as the working folder sees it (never absolute).
  const where = options.cwdName && options.cwdName !== "." ? ` (in ${options.cwdName})` : "";
  if (found.length === 0 && excluded.length > 0) {
    const by = excludeFiles.filter((exclusion) => !unusedExclusions.includes(exclusion));
    diagnostics.report(
      "TV3007",
      `Every file matching ${listed}${where} is left out by "excludeFiles": ${quoted(by)} (${plural(excluded.length, "file")}); nothing is left to read.`,
    );
  } else if (found.length === 0) diagnostics.report("TV3001", `No files match ${listed}${where}.`);
  for (const exclusion of unusedExclusions)
    diagnostics.report(
      "TV3101",
      `"excludeFiles" has ${JSON.stringify(exclusion)}, which leaves out none of the files matching ${listed}.`,
    );
  const excludedFiles = excluded.map((file) => relativeName(cwd, file));
  return { globs, found, files: found.map((file) => file.real), excludedFiles, displayPath };
}

/**
 * What the reading of the tool files found, checked as a whole: no tool at all, every tool left
 * out, an `excludeTools` entry that leaves out nothing.
 */
export function checkExtraction(
  result: ExtractResult,
  options: Pick<GenerateOptions, "excludeTools" | "shapes">,
  found: Found,
  diagnostics: DiagnosticBag,
): void {
  const excludeTools = new Set(options.excludeTools ?? []);
  const { files, globs } = found;
  if (files.length > 0 && result.tools.length === 0 && diagnostics.errorCount === 0) {
    const where = files.length === 1 ? "file" : `${files.length} files`;
    const listed = globs.map((g) => JSON.stringify(g)).join(", ");
    if (result.excluded.length > 0) {
      const by = [...new Set(result.excluded.map((tool) => tool.entry))];
      diagnostics.report(
        "TV3008",
        `Every tool found in the ${where} matching ${listed} is left out by "excludeTools": ${quoted(by)} (${plural(result.excluded.length, "tool")}); no validator is left to generate.`,
      );
    } else {
      const instead = foundInstead(result);
      // A `shapes` list hides every declaration of the shapes it leaves out: say so.
      const only = options.shapes ? ` "shapes" reads only ${quoted(options.shapes)}.` : "";
      diagnostics.report(
        "TV3003",
        instead
          ? `No JSON Schema tool declaration found in the ${where} matching ${listed}; found ${instead} instead.${only}`
          : `No tool declaration found in the ${where} matching ${listed} (is the glob right?).${only}`,
      );
    }
  }
  const excluded = new Set(result.excluded.map((tool) => tool.entry));
  for (const name of excludeTools) {
    if (excluded.has(name)) continue;
    diagnostics.report(
      "TV3101",
      `"excludeTools" has ${JSON.stringify(name)}, which is the name of no tool found (nor where one is declared).`,
    );
  }
}

/**
 * What a run found instead of JSON Schema tools, counted by kind (CONTRACT.md section 2):
 * "3 tools declared with zod and 1 object built at run time".
 */
function foundInstead(result: ExtractResult): string | undefined {
  const counts = new Map<string, { noun: string; what: string; n: number }>();
  const count = (noun: string, what: string) => {
    const key = `${noun} ${what}`;
    const found = counts.get(key) ?? { noun, what, n: 0 };
    counts.set(key, { ...found, n: found.n + 1 });
  };
  for (const { skip } of result.skipped)
    if (skip.kind === "library") count("tool", `declared with ${skip.library}`);
    else if (skip.kind === "run time") count("object", "built at run time");
    else count("tool", "named outside the files read");
  for (const { what } of result.ignored) count("object", `that is not a tool (${what})`);
  const parts = [...counts.values()].map(({ noun, what, n }) => `${plural(n, noun)} ${what}`);
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** `"a", "b"`: the entries of a setting as the messages quote them. */
function quoted(entries: readonly string[]): string {
  return entries.map((entry) => JSON.stringify(entry)).join(", ");
}

/** The shapes a run reads: all of them, or those the settings name (checked there). */
export function shapesNamed(names: readonly string[] | undefined): readonly DeclarationShape[] {
  if (names === undefined) return SHAPES;
  return SHAPES.filter((shape) => names.includes(shape.name));
}

/** What the stages after extraction need to know of a run. */
export interface ReadingOptions extends NormalizeOptions {
  readonly exportNames: ReadonlyMap<string, string>;
}

export function readingOptions(
  options: Pick<GenerateOptions, "mode" | "enforce" | "exportNames">,
): ReadingOptions {
  return {
    mode: options.mode ?? "strict",
    enforce: new Set(options.enforce ?? []),
    exportNames: new Map(Object.entries(options.exportNames ?? {})),
  };
}

/**
 * Emitting and formatting with a formatter opened (and warmed up) beforehand. The files that do
 * not depend on the tools are handed to the formatter at once, so that prettier's workers load
 * and warm up while this thread reads the declarations.
 */
export class OutputStage {
  readonly #command: string;
  readonly #facts: readonly KeywordFacts[];
  readonly #formatter: Formatter;
  readonly #fixedFiles: Promise<OutputFile[]>;
  /** The files given to the formatter in this run, and what it had reused before it. */
  readonly #formatted = new Set<string>();
  readonly #reusedBefore: number;

  constructor(options: { command: string; facts: readonly KeywordFacts[]; formatter: Formatter }) {
    const { command, facts, formatter } = options;
    this.#command = command;
    this.#facts = facts;
    this.#formatter = formatter;
    this.#reusedBefore = formatter.record().reused;
    const fixed = emitFixedFiles({ command, facts });
    for (const file of fixed) this.#formatted.add(file.name);
    this.#fixedFiles = formatter.format(fixed);
    // Awaited in `files`; dropped when there are errors and nothing is written.
    this.#fixedFiles.catch(() => {});
  }

  async files(modules: readonly ToolModuleNames[], clock: StageClock): Promise<OutputFile[]> {
    const emitted = emitToolFiles(modules, { command: this.#command, facts: this.#facts });
    for (const file of emitted) this.#formatted.add(file.name);
    clock.lap("emit");
    // Both awaited before either failure is reported: the same one whatever the timing.
    const [toolFiles, fixedFiles] = await Promise.allSettled([
      this.#formatter.format(emitted),
      this.#fixedFiles,
    ]);
    if (fixedFiles.status === "rejected") throw fixedFiles.reason;
    if (toolFiles.status === "rejected") throw toolFiles.reason;
    const files = [...toolFiles.value, ...withUsedSupport(fixedFiles.value, emitted)];
    clock.lap("format");
    return files;
  }

  /** What this run's formatting depended on (a formatter kept between runs knows earlier ones). */
  record(): FormatRecord {
    const all = this.#formatter.record();
    const ours = (byName: Readonly<Record<string, unknown>>) =>
      Object.fromEntries(Object.entries(byName).filter(([name]) => this.#formatted.has(name)));
    return {
      ...all,
      options: ours(all.options),
      inputs: ours(all.inputs) as Record<string, string>,
      reused: all.reused - this.#reusedBefore,
    };
  }
}

/**
 * A tool's schema checked and reduced, its problems reported to `diagnostics` (watch mode
 * reuses the result for a declaration it did not read again).
 */
export type Normalise = (
  tool: ExtractedTool,
  parameters: StaticValue,
  diagnostics: DiagnosticBag,
) => ToolSchema;

/**
 * Checks names and schemas, then emits and formats (only when there is no error). Every
 * error is reported before the run fails (CONTRACT.md section 8): the schemas of tools whose
 * names or parts cannot be read (`unreadable`), and of a second tool of a name, are checked
 * too, though they get no validator.
 */
export async function compileTools(
  extracted: readonly ExtractedTool[],
  reading: ReadingOptions,
  diagnostics: DiagnosticBag,
  output: OutputStage,
  clock: StageClock,
  {
    unreadable = [],
    normalise = (tool, parameters, located) =>
      normalizeTool({ ...tool, parameters }, reading, located),
  }: { unreadable?: readonly ExtractedTool[]; normalise?: Normalise } = {},
): Promise<
  Pick<GenerateResult, "diagnostics" | "tools" | "withoutParameters" | "copies" | "output">
> {
  /** Every declaration read under each name, in order: the first is the tool. */
  const declared = new Map<string, ExtractedTool[]>();
  const tools: ToolSchema[] = [];
  const withoutParameters: ExtractedTool[] = [];
  const copies: ToolCopy[] = [];
  for (const tool of extracted) {
    const earlier = declared.get(tool.name) ?? [];
    const same = earlier.find((declaration) => sameSchema(declaration, tool));
    const first = earlier[0];
    if (!first) declared.set(tool.name, earlier);
    earlier.push(tool);
    if (same) {
      const { name, declaredAs, location } = tool;
      copies.push({ name, declaredAs, location, of: same });
      continue;
    }
    if (first) {
      // A schema not statically known cannot be compared: say why (a package not installed).
      const unknown = notComparable(tool) ?? notComparable(first);
      const why = unknown ? ` (the schemas cannot be compared: ${unknown})` : "";
      diagnostics.report(
        "TV3002",
        `Two tools are named ${JSON.stringify(tool.name)}: ${tool.declaredAs} here and ${first.declaredAs} in ${first.file}${why}. Tool names must be unique: leave one out with "excludeTools": [${JSON.stringify(tool.declaredAs)}], or generate each set into a target of its own.`,
        tool.location,
        { tool: tool.name },
      );
      checkOnly(tool, reading, diagnostics);
      continue;
    }
    let schema: ToolSchema | undefined;
    if (tool.parameters === undefined) withoutParameters.push(tool);
    else {
      // A problem in a schema another file holds is reported at the declaration (section 8).
      const located = diagnostics.forDeclaration({
        declaration: tool.location,
        schema: tool.schemaAt ?? tool.location,
      });
      tools.push((schema = normalise(tool, tool.parameters, located)));
    }
    checkArgumentReads(tool, schema, diagnostics);
  }
  for (const tool of unreadable) checkOnly(tool, reading, diagnostics);
  const modules = namedModules(tools, reading.exportNames, diagnostics);
  clock.lap("normalise");
  const files = diagnostics.errorCount === 0 ? await output.files(modules, clock) : undefined;
  return { diagnostics: diagnostics.sorted(), tools, withoutParameters, copies, output: files };
}

/**
 * The checks of a tool's schema, for their diagnostics alone (it gets no validator), less
 * those at a part whose reading error is reported already (extract/readingErrors.ts marks
 * each such part as an unknown value with its error).
 */
function checkOnly(tool: ExtractedTool, reading: ReadingOptions, diagnostics: DiagnosticBag): void {
  if (tool.parameters === undefined) return;
  const reported = new Set(markedParts(tool.parameters).map(locationKey));
  const checks = new DiagnosticBag();
  normalizeTool({ ...tool, parameters: tool.parameters }, reading, checks);
  for (const diagnostic of checks.items)
    if (!diagnostic.location || !reported.has(locationKey(diagnostic.location)))
      diagnostics.add(diagnostic);
}

function markedParts(value: StaticValue): SourceLocation[] {
  if (value.kind === "unknown") return value.error ? [value.location] : [];
  if (value.kind === "array") return value.elements.flatMap(markedParts);
  if (value.kind === "object") return value.entries.flatMap((entry) => markedParts(entry.value));
  return [];
}

function locationKey(location: SourceLocation): string {
  return `${location.file}:${location.start}:${location.end}`;
}

/**
 * Every tool's export and file names, which depend on that tool alone (CONTRACT.md section 5):
 * two tools whose names would be the same are an error naming both, and `exportNames` gives
 * one of them its own.
 */
function namedModules(
  tools: readonly ToolSchema[],
  exportNames: ReadonlyMap<string, string>,
  diagnostics: DiagnosticBag,
): ToolModuleNames[] {
  for (const [tool, name] of exportNames) {
    if (!EXPORT_NAME.test(name))
      diagnostics.report(
        "TV3006",
        `"exportNames" gives ${JSON.stringify(tool)} the name ${JSON.stringify(name)}: an export name is PascalCase letters and digits (validate<Name>, <Name>Args).`,
      );
    else if (!tools.some((t) => t.name === tool))
      diagnostics.report(
        "TV3101",
        `"exportNames" has ${JSON.stringify(tool)}, which is the name of no tool with a validator.`,
      );
  }
  const { modules, clashes } = assignModuleNames(tools, exportNames);
  for (const { first, second, what } of clashes) {
    const other = JSON.stringify(second.tool.name);
    diagnostics.report(
      "TV3004",
      `The tools ${JSON.stringify(first.tool.name)} (${first.tool.file}) and ${other} would both have ${what}. Give one of them its own name with "exportNames": { ${other}: "${suggestion(second)}" } in the settings.`,
      second.tool.location,
      { tool: second.tool.name },
    );
  }
  return modules;
}

/** A PascalCase name to suggest for a tool whose derived name is taken. */
function suggestion(names: ToolModuleNames): string {
  return `${names.argsType.slice(0, -"Args".length)}Tool`;
}
