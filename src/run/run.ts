// One run of the generator as a command (generate, then write or check, then report), shared by
// the command line (cli.ts) and watch mode (watch.ts), which both import it: the layers are
// cli -> watch -> run -> generate, output, report.
// CONTRACT.md section 7 (a run: write or check, what it prints, exit codes).
import path from "node:path";
import { plural } from "../diagnostics/counts.js";
import { relativeName } from "../diagnostics/paths.js";
import { ConfigError } from "../settings/settings.js";
import type { OutputFile } from "../emit/files.js";
import { generate, type GenerateOptions, type GenerateResult } from "../pipeline/generate.js";
import { IncrementalGenerator } from "../pipeline/incremental.js";
import {
  FileSystemError,
  Interrupted,
  isSystemError,
  reason,
  signalExitCode,
  signalName,
  untilStopped,
  verbOf,
} from "../output/errors.js";
import { compareFolder, writeFolder } from "../output/folder.js";
import { RunCache, type RunSummary } from "../cache/cache.js";
import { RecordingFileSystem } from "../cache/observations.js";
import type { FormatCache } from "../format/formatter.js";
import { clearPrettierConfigCache } from "../format/prettier.js";
import {
  checkReport,
  coverageLines,
  diagnosticsText,
  differenceCount,
  writeReport,
} from "./messages.js";

export interface Io {
  readonly stdout: (text: string) => boolean | void;
  /** Resolves when stdout can take more after `stdout` returned false (its `drain`), or is gone. */
  readonly drained?: () => Promise<void>;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
  /**
   * The environment the command reads (`TOOL_VALIDATORS_DEBUG`): the process's for the installed
   * command; none when unset, so that runs in one process depend on their own `Io` alone.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Aborted on SIGINT/SIGTERM (its reason the signal's name): a run stops where that leaves the
   * output folder as it was, or finishes its renames; watch mode ends.
   */
  readonly signal?: AbortSignal;
}

/** The command's own name, which starts every message it prints on stderr. */
export const COMMAND_NAME = "tool-validators";

/** Done, or up to date. */
export const EXIT_OK = 0;
/** The check found differences. */
export const EXIT_DIFFERENCES = 1;
/** Bad declarations, bad options, or a file-system problem: nothing was written. */
export const EXIT_ERRORS = 2;
/** A bug in the generator (an exception it did not expect). */
export const EXIT_INTERNAL = 3;

/** One run's settings, shared by single runs and watch mode. */
export interface Run {
  /** The output folder, absolute. */
  readonly outDir: string;
  /** The output folder as shown to the user (relative to the configuration's folder). */
  readonly outName: string;
  /** Compare instead of write. */
  readonly check: boolean;
  /** `cwd` is the folder globs and shown paths are relative to; `outDir` is set. */
  readonly generate: GenerateOptions & { readonly cwd: string; readonly command: string };
  /**
   * Reuse the last run's output when nothing it depended on changed, and record this run's
   * (in node_modules/.cache/tool-validators; a check records nothing). Default true.
   */
  readonly cache?: boolean;
}

/** What a run produced, from the generator or from the cache. */
interface Outcome {
  /** Errors and warnings, as printed. */
  readonly diagnostics: string;
  /** The output files; undefined when there were errors. */
  readonly output: readonly OutputFile[] | undefined;
  readonly summary: RunSummary;
}

/**
 * `--watch`'s runs of one Run: the generator is kept between them and told what changed, so
 * that a run reads again only the tool files a change affects and formats only the files that
 * changed (pipeline/incremental.ts); what it read is recorded for the cache all along.
 */
export class WatchedRun {
  readonly run: Run;
  #generator: IncrementalGenerator | undefined;
  #recorder: RecordingFileSystem | undefined;

  constructor(run: Run) {
    this.run = run;
  }

  /** Files whose text changed (none created or removed). */
  changed(files: readonly string[]): void {
    this.#generator?.changed(files);
  }

  /** Files created or removed, the formatter's configuration: the next run reads everything. */
  invalidate(): void {
    this.#generator?.invalidate();
  }

  close(): void {
    this.#generator?.close();
  }

  /** The generator (made by the first run, which may reuse the cache's formatted texts). */
  generator(formatCache: FormatCache | undefined): IncrementalGenerator {
    this.#generator ??= new IncrementalGenerator(
      { ...this.run.generate, outDir: this.run.outDir, ...(formatCache ? { formatCache } : {}) },
      { fileSystem: () => (this.#recorder = new RecordingFileSystem()) },
    );
    return this.#generator;
  }

  /** What the generator read since its last reading from scratch, as the reader asked it. */
  get recorder(): RecordingFileSystem | undefined {
    return this.#recorder;
  }
}

/** `TOOL_VALIDATORS_DEBUG=1` says on stderr whether the cache was used, and why not. */
function debug(io: Io, text: string): void {
  if (io.env?.TOOL_VALIDATORS_DEBUG) io.stderr(`${COMMAND_NAME}: ${text}\n`);
}

/**
 * Generates (or reuses the last run's output when nothing it depended on changed), then writes
 * or checks; returns the exit code and every file that was read. Never throws: a failure is
 * reported (one line, no stack trace) and becomes the exit code. In watch mode (`watched`),
 * the generator kept between runs generates, reading again only what changed.
 */
export async function runOnce(
  run: Run,
  io: Io,
  watched?: WatchedRun,
): Promise<{ code: number; sources: readonly string[] }> {
  let sources: string[] = [];
  try {
    // prettier keeps the configurations it read for the life of the process: a run reads them
    // afresh, as they may have changed since the last run in this process (watch mode, a test).
    await clearPrettierConfigCache();
    const cache = run.cache === false ? undefined : await RunCache.open(run);
    const reusable = watched ? undefined : await cache?.reusable();
    if (reusable && "output" in reusable) {
      debug(io, "nothing changed since the last run: its output is reused");
      const { output, summary } = reusable;
      const outcome = { diagnostics: summary.warnings, output, summary };
      return { code: await finish(run, io, outcome), sources: [...reusable.sources] };
    }
    if (reusable) debug(io, `generating: ${reusable.why}`);
    const generator = watched?.generator(cache?.formatCache());
    // A signal stops the run at once while it generates (nothing is written yet).
    const result = await untilStopped(
      generator
        ? generator.generate()
        : generate({ ...run.generate, outDir: run.outDir, ...cache?.generateOptions() }),
      io.signal,
    );
    if (generator)
      debug(io, `read ${generator.lastRead.length} of ${result.files.length} tool files`);
    sources = [
      ...[...result.sources.keys()].map((file) => path.resolve(run.generate.cwd, file)),
      ...result.hostFiles,
    ];
    if (result.output && result.formatting?.reused)
      debug(
        io,
        `${result.formatting.reused} of ${result.output.length} files needed no formatting`,
      );
    const outcome = outcomeOf(result);
    const code = await finish(run, io, outcome);
    // The check reads the cache but never writes it, nor anything else (CONTRACT.md 7).
    // Watch mode's generator records what it read since its last reading from scratch.
    const recorder = watched ? watched.recorder : undefined;
    if (cache && !run.check && !io.signal?.aborted && (!watched || recorder)) {
      const notCached = await cache.record(result, outcome.summary, sources, recorder);
      if (notCached && result.output) debug(io, `not cached: ${notCached}`);
    }
    return { code, sources };
  } catch (error) {
    return { code: reportFailure(error, io), sources };
  }
}

function outcomeOf(result: GenerateResult): Outcome {
  return {
    diagnostics: diagnosticsText(result.diagnostics, result.sources),
    output: result.output,
    summary: {
      toolCount: result.tools.length,
      fileCount: result.files.length,
      coverage: coverageLines(result),
      warnings: diagnosticsText(result.diagnostics, result.sources),
    },
  };
}

async function finish(run: Run, io: Io, outcome: Outcome): Promise<number> {
  const { outDir, outName } = run;
  if (outcome.diagnostics) io.stderr(outcome.diagnostics);
  if (!outcome.output) {
    io.stderr(`Nothing was ${run.check ? "checked" : "written"}: fix the errors above.\n`);
    return EXIT_ERRORS;
  }
  const { summary } = outcome;

  if (run.check) {
    const differences = await compareFolder(outDir, outcome.output, {
      display: outName,
      ...(io.signal ? { signal: io.signal } : {}),
    });
    const count = differenceCount(differences);
    if (count > 0) {
      io.stderr(
        `${outName}/ is out of date (${plural(count, "difference")}):\n${checkReport(outName, differences)}`,
      );
      io.stderr(`Run \`${run.generate.command}\` and commit the result.\n`);
      return EXIT_DIFFERENCES;
    }
    io.stdout(
      `${outName}/ is up to date (${plural(outcome.output.length, "file")}, ${plural(summary.toolCount, "validator")}).\n`,
    );
    if (summary.coverage.length > 0) io.stdout(`${summary.coverage.join("\n")}\n`);
    return EXIT_OK;
  }

  const written = await writeFolder(outDir, outcome.output, {
    display: outName,
    ...(io.signal ? { signal: io.signal } : {}),
  });
  io.stdout(writeReport(summary, outName, written));
  // A signal that came while the files were renamed into place: they were, and the run stops.
  if (io.signal?.aborted) {
    const signal = signalName(io.signal);
    io.stderr(`${COMMAND_NAME}: stopped by ${signal} after ${outName}/ was written.\n`);
    return signalExitCode(signal);
  }
  return EXIT_OK;
}

/**
 * Reports an exception that ended a run, in one line: a file-system problem (exit 2) names the
 * path and the reason; a signal stops it (exit 130 or 143); anything else is an internal error
 * (exit 3). Never a stack trace.
 */
export function reportFailure(error: unknown, io: Pick<Io, "stderr" | "cwd">): number {
  if (error instanceof Interrupted) {
    io.stderr(`${COMMAND_NAME}: ${error.message}; nothing was written.\n`);
    return signalExitCode(error.signal);
  }
  if (error instanceof FileSystemError || error instanceof ConfigError) {
    io.stderr(`${COMMAND_NAME}: ${error.message}\n`);
    return EXIT_ERRORS;
  }
  if (isSystemError(error)) {
    const where = error.path ? relativeName(io.cwd, path.resolve(io.cwd, error.path)) : undefined;
    io.stderr(
      where
        ? `${COMMAND_NAME}: cannot ${verbOf(error.syscall)} ${where}: ${reason(error)}.\n`
        : `${COMMAND_NAME}: ${error.syscall} failed: ${reason(error)}.\n`,
    );
    return EXIT_ERRORS;
  }
  io.stderr(`${COMMAND_NAME}: ${internalErrorText(error)}\n`);
  return EXIT_INTERNAL;
}

/** `internal error (a bug in the generator): TypeError: ...`, on one line. */
export function internalErrorText(error: unknown): string {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;
  const line = text.split("\n")[0]!.trim();
  return `internal error (a bug in the generator): ${line.length > 300 ? `${line.slice(0, 300)}...` : line}`;
}
