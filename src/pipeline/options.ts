// What a run of the generator is given and what it gives back (generate.ts, session.ts).
import type { Diagnostic } from "../diagnostics/diagnostics.js";
import type { OutputFile } from "../emit/files.js";
import type { ExtractedTool, ExtractResult, SkippedObject } from "../extract/discover.js";
import type { SourceFileSystem } from "../extract/fileSystem.js";
import type { FoundFile } from "../find/files.js";
import type { FormatCache, FormatRecord } from "../format/formatter.js";
import type { Mode, ToolSchema } from "../ir.js";
import type { FormatterSetting } from "../settings/targets.js";
import type { ToolCopy } from "./copies.js";

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
