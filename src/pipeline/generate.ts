import path from "node:path";
import { checkArgumentReads } from "../normalize/argumentReads.js";
import { DiagnosticBag, type Diagnostic, type SourceLocation } from "../diagnostics/diagnostics.js";
import { emitFixedFiles, emitToolFiles, withUsedSupport, type OutputFile } from "../emit/files.js";
import { assignModuleNames, EXPORT_NAME, type ToolModuleNames } from "../emit/names.js";
import type { ExtractedTool, ExtractResult, SkippedObject } from "../extract/discover.js";
import { findFiles, type FoundFile } from "../find/files.js";
import type { SourceFileSystem } from "../extract/fileSystem.js";
import { relativeName } from "../diagnostics/paths.js";
import { plural } from "../diagnostics/counts.js";
import { SHAPES, type DeclarationShape } from "../extract/shapes/index.js";
import { fromJson, type StaticValue } from "../extract/values.js";
import { notComparable, sameSchema, type ToolCopy } from "./copies.js";

export type { ToolCopy } from "./copies.js";
import { DEFAULT_COMMAND, DEFAULT_OUT_DIR, DEFAULT_TOOLS_GLOB } from "../settings/settings.js";
import type { FormatCache, FormatRecord, Formatter } from "../format/formatter.js";
import { openFormatter } from "../format/open.js";
import type { FormatterSetting } from "../settings/targets.js";
import { normalizeTool, type NormalizeOptions } from "../normalize/normalize.js";
import type { Mode, ToolSchema } from "../ir.js";
import type { KeywordFacts } from "../keywords/definition.js";
import { enforcedFacts } from "../keywords/registry.js";

export { DEFAULT_COMMAND, DEFAULT_OUT_DIR, DEFAULT_TOOLS_GLOB };

export interface GenerateOptions {
  /** Globs of the files holding tool declarations (relative to `cwd`). */
  readonly tools?: readonly string[];
  readonly mode?: Mode;
  /** The opt-in keywords to enforce beyond the default subset (CONTRACT.md section 3.1). */
  readonly enforce?: readonly string[];
  /** The declaration shapes to read, by name (default: every shape). */
  readonly shapes?: readonly string[];
  /** Tools left out by name: not read, listed (CONTRACT.md section 2). */
  readonly excludeTools?: readonly string[];
  /** Files left out (globs relative to `cwd`): not read. */
  readonly excludeFiles?: readonly string[];
  /** Export names (PascalCase) given to tools by name, instead of the ones their names give. */
  readonly exportNames?: Readonly<Record<string, string>>;
  /** The folder globs and displayed paths are relative to (default: the process's). */
  readonly cwd?: string;
  /** `cwd` as messages show it (relative to the working folder: `..`); never absolute. */
  readonly cwdName?: string;
  /** The command named in each generated file's first line. */
  readonly command?: string;
  /**
   * The output folder (relative to `cwd`; default `generated`). Nothing is written there: the
   * files are formatted as the host formats that folder.
   */
  readonly outDir?: string;
  /** What formats the output (default: the host's formatter, detected; format/detect.ts). */
  readonly formatter?: FormatterSetting;
  /** Formatted texts of an earlier run, reused where the text to format is the same. */
  readonly formatCache?: FormatCache;
  /** Where the reader reads and probes files (the cache passes one that records every answer). */
  readonly fileSystem?: SourceFileSystem;
}

export interface GenerateResult {
  /** Errors and warnings, sorted by file and position. */
  readonly diagnostics: readonly Diagnostic[];
  /** The host's configuration files read (its tsconfig chain, package.json), absolute. */
  readonly hostFiles: readonly string[];
  /** The text of every file read, by displayed path (for code frames). */
  readonly sources: ReadonlyMap<string, string>;
  readonly files: readonly string[];
  /** The files the globs matched: the path that matched, and where the file really is. */
  readonly toolFiles: readonly FoundFile[];
  /** Every tool that got a validator. */
  readonly tools: readonly ToolSchema[];
  /** Tools that declare no parameters: no validator. */
  readonly withoutParameters: readonly ExtractedTool[];
  /**
   * Declarations of a tool already read, with the same name and the same schema (an object that
   * spreads a tool's declaration and changes its description): one validator serves them.
   */
  readonly copies: readonly ToolCopy[];
  /** Objects of a tool's shape declared with a schema library or built at run time: listed. */
  readonly skipped: readonly SkippedObject[];
  /** Tools left out by `excludeTools`. */
  readonly excluded: ExtractResult["excluded"];
  /** The files the tool globs match that `excludeFiles` leaves out, as shown. */
  readonly excludedFiles: readonly string[];
  /** The formatted output files; undefined when there were errors. */
  readonly output: readonly OutputFile[] | undefined;
  /** Wall milliseconds of each stage that ran, in order (the benchmark reports them). */
  readonly stages: readonly StageTiming[];
  /** What the formatting depended on (the formatter, its options, the inputs); undefined without output. */
  readonly formatting: FormatRecord | undefined;
}

export interface StageTiming {
  /** `find files`, `extract`, `normalise`, `emit` or `format`. */
  readonly name: string;
  readonly ms: number;
}

/** Times the pipeline's stages one after the other: each lap ends one stage. */
class StageClock {
  readonly stages: StageTiming[] = [];
  #last = performance.now();

  lap(name: string): void {
    const now = performance.now();
    this.stages.push({ name, ms: now - this.#last });
    this.#last = now;
  }
}

/**
 * The whole pipeline in memory: find the files, extract the declarations, check and reduce
 * them, emit and format the validators. Writes nothing.
 */
export async function generate(options: GenerateOptions = {}): Promise<GenerateResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const reading = readingOptions(options);
  const diagnostics = new DiagnosticBag();
  const clock = new StageClock();
  const found = await findStage(options, cwd, diagnostics);
  clock.lap("find files");
  // Started before the declarations are read: formatting warms up meanwhile.
  const output = new OutputStage({
    command: options.command ?? DEFAULT_COMMAND,
    facts: enforcedFacts(reading.enforce),
    outDir: path.resolve(cwd, options.outDir ?? DEFAULT_OUT_DIR),
    cwd,
    display: (file) => relativeName(cwd, file),
    cache: options.formatCache,
    formatter: options.formatter,
  });
  try {
    const extracted = await extractStage(options, found, diagnostics);
    const { checkModuleSystem } = await import("../emit/moduleSystem.js");
    const moduleSystem = checkModuleSystem(
      path.resolve(cwd, options.outDir ?? DEFAULT_OUT_DIR),
      cwd,
      options.fileSystem,
    );
    if (moduleSystem.problem) diagnostics.report("TV3005", moduleSystem.problem);
    clock.lap("extract");
    const compiled = await compileTools(extracted.tools, reading, diagnostics, output, clock, {
      unreadable: extracted.unreadable,
    });
    return {
      ...compiled,
      sources: extracted.sources,
      hostFiles: moduleSystem.read,
      skipped: extracted.skipped,
      excluded: extracted.excluded,
      excludedFiles: found.excludedFiles,
      files: found.files.map(found.displayPath),
      toolFiles: found.found,
      stages: clock.stages,
      formatting: compiled.output ? output.record() : undefined,
    };
  } finally {
    output.close();
  }
}

/** The files found, and how each is shown (the path that matched, relative to `cwd`). */
interface Found {
  readonly globs: readonly string[];
  readonly found: readonly FoundFile[];
  readonly files: readonly string[];
  /** The files the globs match that `excludeFiles` leaves out, as shown. */
  readonly excludedFiles: readonly string[];
  readonly displayPath: (absolute: string) => string;
}

async function findStage(
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

async function extractStage(
  options: GenerateOptions,
  found: Found,
  diagnostics: DiagnosticBag,
): Promise<ExtractResult> {
  // Loaded here, after the formatter's workers started: loading the TypeScript parser takes
  // a while, and prettier loads in the workers meanwhile.
  const { extractTools } = await import("../extract/discover.js");
  const excludeTools = new Set(options.excludeTools ?? []);
  const result = extractTools(found.files, diagnostics, found.displayPath, {
    shapes: shapesNamed(options.shapes),
    excludeTools,
    ...(options.fileSystem ? { fileSystem: options.fileSystem } : {}),
  });
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
      diagnostics.report(
        "TV3003",
        instead
          ? `No JSON Schema tool declaration found in the ${where} matching ${listed}; found ${instead} instead.`
          : `No tool declaration found in the ${where} matching ${listed} (is the glob right?).`,
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
  return result;
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
function shapesNamed(names: readonly string[] | undefined): readonly DeclarationShape[] {
  if (names === undefined) return SHAPES;
  return SHAPES.filter((shape) => names.includes(shape.name));
}

/** What the stages after extraction need to know of a run. */
interface ReadingOptions extends NormalizeOptions {
  readonly exportNames: ReadonlyMap<string, string>;
}

function readingOptions(
  options: Pick<GenerateOptions, "mode" | "enforce" | "exportNames">,
): ReadingOptions {
  return {
    mode: options.mode ?? "strict",
    enforce: new Set(options.enforce ?? []),
    exportNames: new Map(Object.entries(options.exportNames ?? {})),
  };
}

/** A schema given as JSON (tests, other front ends), named as a tool. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: unknown;
}

/**
 * The same checks and output for schemas given as plain JSON values instead of tool
 * declarations in source files (the JSON-Schema-Test-Suite runs through this).
 */
export async function generateFromSchemas(
  schemas: readonly NamedSchema[],
  options: Pick<
    GenerateOptions,
    "mode" | "enforce" | "exportNames" | "command" | "outDir" | "formatter"
  > = {},
): Promise<GenerateResult> {
  const reading = readingOptions(options);
  const diagnostics = new DiagnosticBag();
  const extracted: ExtractedTool[] = schemas.map(({ name, schema }, index) => {
    const location = { file: `<schema ${index}>`, start: 0, end: 0 };
    return {
      name,
      file: location.file,
      declaredAs: name,
      shape: "json",
      schemaKey: "parameters",
      location,
      parameters: fromJson(schema, location),
      description: undefined,
    };
  });
  const clock = new StageClock();
  const output = new OutputStage({
    command: options.command ?? DEFAULT_COMMAND,
    facts: enforcedFacts(reading.enforce),
    outDir: path.resolve(options.outDir ?? DEFAULT_OUT_DIR),
    cwd: process.cwd(),
    display: (file) => relativeName(process.cwd(), file),
    formatter: options.formatter,
  });
  try {
    const compiled = await compileTools(extracted, reading, diagnostics, output, clock);
    return {
      ...compiled,
      sources: new Map(),
      hostFiles: [],
      skipped: [],
      excluded: [],
      excludedFiles: [],
      files: [],
      toolFiles: [],
      stages: clock.stages,
      formatting: compiled.output ? output.record() : undefined,
    };
  } finally {
    output.close();
  }
}

/**
 * Emitting and formatting. The files that do not depend on the tools are handed to the
 * formatter at once, so that prettier's workers load and warm up while this thread reads the
 * declarations.
 */
class OutputStage {
  readonly #command: string;
  readonly #facts: readonly KeywordFacts[];
  readonly #formatter: Formatter;
  readonly #fixedFiles: Promise<OutputFile[]>;

  constructor(options: {
    command: string;
    facts: readonly KeywordFacts[];
    outDir: string;
    /** The settings' folder: a formatter command and Biome run there. */
    cwd: string;
    display: (file: string) => string;
    cache?: FormatCache | undefined;
    formatter: FormatterSetting | undefined;
  }) {
    const { command, facts, outDir, cwd, display } = options;
    this.#command = command;
    this.#facts = facts;
    this.#formatter = openFormatter(options.formatter, { outDir, cwd, display }, options.cache);
    this.#formatter.warmUp();
    this.#fixedFiles = this.#formatter.format(emitFixedFiles({ command, facts }));
    // Awaited in `files`; dropped when there are errors and nothing is written.
    this.#fixedFiles.catch(() => {});
  }

  async files(modules: readonly ToolModuleNames[], clock: StageClock): Promise<OutputFile[]> {
    const emitted = emitToolFiles(modules, { command: this.#command, facts: this.#facts });
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

  record(): FormatRecord {
    return this.#formatter.record();
  }

  close(): void {
    this.#formatter.close();
  }
}

/**
 * Checks names and schemas, then emits and formats (only when there is no error). Every
 * error is reported before the run fails (CONTRACT.md section 8): the schemas of tools whose
 * names or parts cannot be read (`unreadable`), and of a second tool of a name, are checked
 * too, though they get no validator.
 */
async function compileTools(
  extracted: readonly ExtractedTool[],
  reading: ReadingOptions,
  diagnostics: DiagnosticBag,
  output: OutputStage,
  clock: StageClock,
  { unreadable = [] }: { unreadable?: readonly ExtractedTool[] } = {},
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
      tools.push(
        (schema = normalizeTool({ ...tool, parameters: tool.parameters }, reading, located)),
      );
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
