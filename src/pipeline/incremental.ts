// The generator that keeps what it read and formatted between runs (watch mode, CONTRACT.md
// section 7): after a change, a run reads again only the tool files whose reading depended on a
// file that changed (the file itself, the modules it imports, and every tool file where a shape
// looked for the uses of a name), keeps the other files' readings, reuses each unchanged tool's
// normalised schema and formatted text, and gives the same result as a run from scratch. A run
// from scratch (`generate()`) is one run of a new one.
import fs from "node:fs";
import path from "node:path";
import { DiagnosticBag, type Diagnostic } from "../diagnostics/diagnostics.js";
import { relativeName } from "../diagnostics/paths.js";
import type { OutputFile } from "../emit/files.js";
import type {
  ExtractedTool,
  ExtractResult,
  FileReading,
  ToolFileReader,
} from "../extract/discover.js";
import { nodeFileSystem, type SourceFileSystem } from "../extract/fileSystem.js";
import type { StaticValue } from "../extract/values.js";
import { formatKey, type FormatRecord, type Formatter } from "../format/formatter.js";
import { openFormatter } from "../format/open.js";
import type { ToolSchema } from "../ir.js";
import type { KeywordFacts } from "../keywords/definition.js";
import { enforcedFacts } from "../keywords/registry.js";
import { normalizeTool } from "../normalize/normalize.js";
import { DEFAULT_COMMAND, DEFAULT_OUT_DIR } from "../settings/settings.js";
import type { GenerateOptions, GenerateResult } from "./options.js";
import {
  checkExtraction,
  compileTools,
  findStage,
  OutputStage,
  readingOptions,
  shapesNamed,
  StageClock,
  type Found,
  type ReadingOptions,
} from "./stages.js";

export interface IncrementalOptions {
  /**
   * The file system each reading from scratch reads through (default: the options', else the
   * file system itself): the cache gives a new recorder each time, and `forget` is called on
   * it for every file that changed.
   */
  readonly fileSystem?: () => SourceFileSystem;
}

/** A tool's normalised schema, with the problems normalising reported. */
interface Normalised {
  readonly schema: ToolSchema;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Generates again and again with the same options, in memory (writes nothing). Tell it what
 * changed between runs: `changed` for files whose text changed, `invalidate` for anything
 * else (a file created or removed, the formatter's configuration); the next run then reads
 * everything and opens the formatter again. A run that fails invalidates too. `close` when done.
 */
export class IncrementalGenerator {
  readonly #options: GenerateOptions;
  readonly #cwd: string;
  readonly #outDir: string;
  readonly #reading: ReadingOptions;
  readonly #facts: readonly KeywordFacts[];
  readonly #newFileSystem: () => SourceFileSystem;
  /** The last run's formatted texts by `formatKey` (at first, those the options give). */
  readonly #formatCache: Map<string, string>;
  #formatter: Formatter | undefined;
  #fileSystem: SourceFileSystem | undefined;
  #reader: ToolFileReader | undefined;
  /** The tool files the reader reads (the paths that matched and where they are), as text. */
  #readerFiles = "";
  readonly #readings = new Map<string, FileReading>();
  /** Files whose text changed since the last run (absolute); undefined: read everything. */
  #changed: Set<string> | undefined;
  readonly #normalised = new WeakMap<ExtractedTool, Normalised>();
  #lastRead: readonly string[] = [];

  constructor(options: GenerateOptions = {}, incremental: IncrementalOptions = {}) {
    this.#options = options;
    this.#cwd = path.resolve(options.cwd ?? process.cwd());
    this.#outDir = path.resolve(this.#cwd, options.outDir ?? DEFAULT_OUT_DIR);
    this.#reading = readingOptions(options);
    this.#facts = enforcedFacts(this.#reading.enforce);
    this.#newFileSystem = incremental.fileSystem ?? (() => options.fileSystem ?? nodeFileSystem);
    this.#formatCache = new Map(options.formatCache);
  }

  /**
   * Files whose text changed (relative to `cwd`, or absolute): the next run reads again every
   * tool file whose reading asked for one of them. A file that is not there any more
   * invalidates everything (what imports it resolves elsewhere, or to nothing).
   */
  changed(files: readonly string[]): void {
    const changed = this.#changed;
    if (!changed) return;
    for (const file of files) {
      const absolute = path.resolve(this.#cwd, file);
      if (!isFile(absolute)) return this.invalidate();
      changed.add(absolute);
      changed.add(realPath(absolute));
    }
  }

  /** The next run reads everything and opens the formatter again. */
  invalidate(): void {
    this.#changed = undefined;
    this.close();
  }

  /** Stops the formatter (its worker threads); a next run opens it again. */
  close(): void {
    this.#formatter?.close();
    this.#formatter = undefined;
  }

  /** The tool files the last run read (absolute): the others' readings were kept. */
  get lastRead(): readonly string[] {
    return this.#lastRead;
  }

  /** The file system the last reading from scratch was given (the cache's recorder). */
  get fileSystem(): SourceFileSystem | undefined {
    return this.#fileSystem;
  }

  /**
   * The whole pipeline in memory: find the files, read the declarations (again, those that
   * changed), check and reduce them, emit and format the validators.
   */
  async generate(): Promise<GenerateResult> {
    const diagnostics = new DiagnosticBag();
    const clock = new StageClock();
    const found = await findStage(this.#options, this.#cwd, diagnostics);
    clock.lap("find files");
    try {
      // Opened before the declarations are read: formatting warms up meanwhile.
      const output = new OutputStage({
        command: this.#options.command ?? DEFAULT_COMMAND,
        facts: this.#facts,
        formatter: this.#openFormatter(),
      });
      const extracted = await this.#extract(found, diagnostics);
      const { checkModuleSystem } = await import("../emit/moduleSystem.js");
      const moduleSystem = checkModuleSystem(this.#outDir, this.#cwd, this.#fileSystem);
      if (moduleSystem.problem) diagnostics.report("TV3005", moduleSystem.problem);
      clock.lap("extract");
      const compiled = await compileTools(
        extracted.tools,
        this.#reading,
        diagnostics,
        output,
        clock,
        { unreadable: extracted.unreadable, normalise: this.#normalise },
      );
      const formatting = compiled.output ? output.record() : undefined;
      this.#remember(compiled.output, formatting);
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
        formatting,
      };
    } catch (error) {
      this.invalidate();
      throw error;
    }
  }

  #openFormatter(): Formatter {
    if (!this.#formatter) {
      const place = {
        outDir: this.#outDir,
        cwd: this.#cwd,
        display: (file: string) => relativeName(this.#cwd, file),
      };
      this.#formatter = openFormatter(this.#options.formatter, place, this.#formatCache);
      this.#formatter.warmUp();
    }
    return this.#formatter;
  }

  /**
   * Reads the tool files: all of them with a new reader when the files matched are not those
   * of the last run (or everything is to be read again), else again those whose reading asked
   * for a file that changed, the others' readings kept.
   */
  async #extract(found: Found, diagnostics: DiagnosticBag): Promise<ExtractResult> {
    // Loaded here, after the formatter's workers started: loading the TypeScript parser takes
    // a while, and prettier loads in the workers meanwhile.
    const { ToolFileReader, mergeReadings } = await import("../extract/discover.js");
    const files = JSON.stringify(found.found);
    let changed = this.#changed;
    if (!this.#reader || !this.#fileSystem || !changed || files !== this.#readerFiles) {
      this.#fileSystem = this.#newFileSystem();
      this.#reader = new ToolFileReader(found.files, found.displayPath, {
        shapes: shapesNamed(this.#options.shapes),
        excludeTools: new Set(this.#options.excludeTools ?? []),
        fileSystem: this.#fileSystem,
        outputFolder: this.#outDir,
      });
      this.#readerFiles = files;
      this.#readings.clear();
      changed = undefined;
    } else {
      for (const file of changed) {
        this.#reader.forget(file);
        this.#fileSystem.forget?.(file);
      }
    }
    const read = this.#reader.run();
    const lastRead: string[] = [];
    const readings = found.files.map((file) => {
      const earlier = this.#readings.get(file);
      if (earlier && changed && !dependsOn(earlier, changed)) return earlier;
      const reading = read(file);
      this.#readings.set(file, reading);
      lastRead.push(file);
      return reading;
    });
    this.#lastRead = lastRead;
    this.#changed = new Set();
    const result = mergeReadings(readings, diagnostics, found.displayPath);
    checkExtraction(result, this.#options, found, diagnostics);
    return result;
  }

  /** A declaration's schema normalised once: again only when its file is read again. */
  readonly #normalise = (
    tool: ExtractedTool,
    parameters: StaticValue,
    located: DiagnosticBag,
  ): ToolSchema => {
    let normalised = this.#normalised.get(tool);
    if (!normalised) {
      const reported = new DiagnosticBag();
      const schema = normalizeTool({ ...tool, parameters }, this.#reading, reported);
      normalised = { schema, diagnostics: reported.items };
      this.#normalised.set(tool, normalised);
    }
    for (const diagnostic of normalised.diagnostics) located.add(diagnostic);
    return normalised.schema;
  };

  /** The run's formatted files, for the next run to reuse (the formatter reads this map). */
  #remember(output: readonly OutputFile[] | undefined, formatting: FormatRecord | undefined): void {
    if (!output || !formatting || formatting.notCached !== undefined) return;
    this.#formatCache.clear();
    for (const file of output) {
      const input = formatting.inputs[file.name];
      if (input === undefined) continue;
      const key = formatKey(formatting.identity, formatting.options[file.name], input);
      this.#formatCache.set(key, file.content);
    }
  }
}

function dependsOn(reading: FileReading, changed: ReadonlySet<string>): boolean {
  for (const file of changed) if (reading.dependencies.has(file)) return true;
  return false;
}

function isFile(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}
