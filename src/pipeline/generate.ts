import fs from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";
import { checkArgumentReads } from "../check/argumentReads.js";
import { DiagnosticBag, type Diagnostic } from "../diagnostics/diagnostics.js";
import { emitFixedFiles, emitToolFiles, type OutputFile } from "../emit/files.js";
import type { ExtractedTool } from "../extract/discover.js";
import { fromJson } from "../extract/values.js";
import { DEFAULT_COMMAND, DEFAULT_OUT_DIR, DEFAULT_TOOLS_GLOB } from "../settings/settings.js";
import { Formatter, type FormatCache, type FormatRecord } from "../format/formatter.js";
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
  /** The folder globs and displayed paths are relative to (default: the process's). */
  readonly cwd?: string;
  /** The command named in each generated file's first line. */
  readonly command?: string;
  /**
   * The output folder (relative to `cwd`; default `generated`). Nothing is written there: the
   * files are formatted with the prettier configuration that applies to it.
   */
  readonly outDir?: string;
  /** Formatted texts of an earlier run, reused where the text to format is the same. */
  readonly formatCache?: FormatCache;
}

export interface GenerateResult {
  /** Errors and warnings, sorted by file and position. */
  readonly diagnostics: readonly Diagnostic[];
  /** The text of every file read, by displayed path (for code frames). */
  readonly sources: ReadonlyMap<string, string>;
  readonly files: readonly string[];
  /** Every tool that got a validator. */
  readonly tools: readonly ToolSchema[];
  /** Tools that declare no parameters: no validator. */
  readonly withoutParameters: readonly ExtractedTool[];
  /** The formatted output files; undefined when there were errors. */
  readonly output: readonly OutputFile[] | undefined;
  /** Wall milliseconds of each stage that ran, in order (the benchmark reports them). */
  readonly stages: readonly StageTiming[];
  /** What the formatting depended on (prettier, options, inputs); undefined without output. */
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
  const globs = options.tools && options.tools.length > 0 ? options.tools : [DEFAULT_TOOLS_GLOB];
  const reading = readingOptions(options);
  const diagnostics = new DiagnosticBag();
  const clock = new StageClock();
  const found = await findToolFiles(globs, cwd);
  // A file matched through a symbolic link is shown under the path that matched.
  const shown = new Map(found.map((file) => [file.real, file.path]));
  const displayPath = (absolute: string) =>
    path
      .relative(cwd, shown.get(absolute) ?? absolute)
      .split(path.sep)
      .join("/");
  const files = found.map((file) => file.real);
  if (files.length === 0) {
    diagnostics.report(
      "TV3001",
      `No files match ${globs.map((g) => JSON.stringify(g)).join(", ")} (in ${cwd}).`,
    );
  }
  clock.lap("find files");
  // Started before the declarations are read: formatting warms up meanwhile.
  const output = new OutputStage({
    command: options.command ?? DEFAULT_COMMAND,
    facts: enforcedFacts(reading.enforce),
    outDir: path.resolve(cwd, options.outDir ?? DEFAULT_OUT_DIR),
    display: (file) => path.relative(cwd, file).split(path.sep).join("/") || ".",
    cache: options.formatCache,
  });
  try {
    // Loaded here, after the formatter's workers started: loading the TypeScript parser takes
    // a while, and prettier loads in the workers meanwhile.
    const { extractTools } = await import("../extract/discover.js");
    const { tools: extracted, sources } = extractTools(files, diagnostics, displayPath);
    clock.lap("extract");
    if (files.length > 0 && extracted.length === 0 && diagnostics.errorCount === 0) {
      diagnostics.report(
        "TV3003",
        `No tool declaration found in the ${files.length === 1 ? "file" : `${files.length} files`} matching ${globs.map((g) => JSON.stringify(g)).join(", ")} (is the glob right?).`,
      );
    }
    const compiled = await compileTools(extracted, reading, diagnostics, output, clock);
    return {
      ...compiled,
      sources,
      files: files.map(displayPath),
      stages: clock.stages,
      formatting: compiled.output ? output.record() : undefined,
    };
  } finally {
    output.close();
  }
}

function readingOptions(options: Pick<GenerateOptions, "mode" | "enforce">): NormalizeOptions {
  return { mode: options.mode ?? "strict", enforce: new Set(options.enforce ?? []) };
}

/**
 * The files the globs match, sorted, each file once: a file reached twice (through a symbolic
 * link to a folder, or by two globs) is kept under the first of its paths in sorted order.
 * `real` is where the file really is (expressed under `cwd` when it lies there, even if `cwd`
 * itself is reached through a link): it is read there, so that its imports resolve the way Node
 * resolves them.
 */
export async function findToolFiles(
  globs: readonly string[],
  cwd: string,
): Promise<{ path: string; real: string }[]> {
  const matched = (
    await glob([...globs], { cwd, absolute: true, ignore: ["**/node_modules/**", "**/*.d.ts"] })
  ).sort();
  const realCwd = await fs.realpath(cwd).catch(() => cwd);
  const seen = new Set<string>();
  const files: { path: string; real: string }[] = [];
  for (const file of matched) {
    let real = await fs.realpath(file).catch(() => file);
    const inside = path.relative(realCwd, real);
    if (!inside.startsWith("..") && !path.isAbsolute(inside)) real = path.join(cwd, inside);
    if (seen.has(real)) continue;
    seen.add(real);
    files.push({ path: file, real });
  }
  return files;
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
  options: Pick<GenerateOptions, "mode" | "enforce" | "command" | "outDir"> = {},
): Promise<GenerateResult> {
  const reading = readingOptions(options);
  const diagnostics = new DiagnosticBag();
  const extracted: ExtractedTool[] = schemas.map(({ name, schema }, index) => {
    const location = { file: `<schema ${index}>`, start: 0, end: 0 };
    return {
      name,
      file: location.file,
      exportName: name,
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
  });
  try {
    const compiled = await compileTools(extracted, reading, diagnostics, output, clock);
    return {
      ...compiled,
      sources: new Map(),
      files: [],
      stages: clock.stages,
      formatting: compiled.output ? output.record() : undefined,
    };
  } finally {
    output.close();
  }
}

/**
 * Emitting and formatting. The files that do not depend on the tools are handed to the
 * formatter at once, so that its workers load and warm prettier while this thread reads the
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
    display?: (file: string) => string;
    cache?: FormatCache | undefined;
  }) {
    const { command, facts } = options;
    this.#command = command;
    this.#facts = facts;
    this.#formatter = new Formatter({
      outDir: options.outDir,
      ...(options.display ? { display: options.display } : {}),
      ...(options.cache ? { cache: options.cache } : {}),
    });
    this.#fixedFiles = this.#formatter.format(emitFixedFiles({ command, facts }));
    // Awaited in `files`; dropped when there are errors and nothing is written.
    this.#fixedFiles.catch(() => {});
  }

  async files(tools: readonly ToolSchema[], clock: StageClock): Promise<OutputFile[]> {
    const emitted = emitToolFiles(tools, { command: this.#command, facts: this.#facts });
    clock.lap("emit");
    const toolFiles = await this.#formatter.format(emitted);
    const files = [...toolFiles, ...(await this.#fixedFiles)];
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

/** Checks names and schemas, then emits and formats (only when there is no error). */
async function compileTools(
  extracted: readonly ExtractedTool[],
  reading: NormalizeOptions,
  diagnostics: DiagnosticBag,
  output: OutputStage,
  clock: StageClock,
): Promise<Pick<GenerateResult, "diagnostics" | "tools" | "withoutParameters" | "output">> {
  const byName = new Map<string, ExtractedTool>();
  const tools: ToolSchema[] = [];
  const withoutParameters: ExtractedTool[] = [];
  for (const tool of extracted) {
    const first = byName.get(tool.name);
    if (first) {
      diagnostics.report(
        "TV3002",
        `Two built-in tools are named ${JSON.stringify(tool.name)}: ${tool.exportName} here and ${first.exportName} in ${first.file}. Tool names must be unique.`,
        tool.location,
        { tool: tool.name },
      );
      continue;
    }
    byName.set(tool.name, tool);
    let schema: ToolSchema | undefined;
    if (tool.parameters === undefined) withoutParameters.push(tool);
    else
      tools.push(
        (schema = normalizeTool({ ...tool, parameters: tool.parameters }, reading, diagnostics)),
      );
    checkArgumentReads(tool, schema, diagnostics);
  }
  clock.lap("normalise");
  const files = diagnostics.errorCount === 0 ? await output.files(tools, clock) : undefined;
  return { diagnostics: diagnostics.sorted(), tools, withoutParameters, output: files };
}
