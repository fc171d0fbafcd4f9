// One run of the generator as a command (generate, then write or check, then report), shared by
// the command line (cli.ts) and watch mode (watch.ts), which both import it: the layers are
// cli -> watch -> run -> generate, output, report.
import path from "node:path";
import { generate, type GenerateOptions } from "./generate.js";
import { FileSystemError, isSystemError, reason, verbOf } from "./output/errors.js";
import { compareFolder, writeFolder } from "./output/folder.js";
import {
  checkReport,
  coverageLines,
  diagnosticsText,
  differenceCount,
  plural,
  writeReport,
} from "./report.js";

export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
  /** Ends watch mode (the command line aborts it on SIGINT/SIGTERM). */
  readonly signal?: AbortSignal;
}

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
  /** The output folder as shown to the user (relative to the working directory). */
  readonly outName: string;
  /** Compare instead of write. */
  readonly check: boolean;
  readonly generate: GenerateOptions;
}

/**
 * Generates, then writes or checks; returns the exit code and every file that was read. Never
 * throws: a failure is reported (one line, no stack trace) and becomes the exit code.
 */
export async function runOnce(
  run: Run,
  io: Io,
): Promise<{ code: number; sources: readonly string[] }> {
  let sources: string[] = [];
  try {
    const result = await generate(run.generate);
    sources = [...result.sources.keys()].map((file) => path.resolve(io.cwd, file));
    return { code: await finish(run, io, result), sources };
  } catch (error) {
    return { code: reportFailure(error, io), sources };
  }
}

async function finish(
  run: Run,
  io: Io,
  result: Awaited<ReturnType<typeof generate>>,
): Promise<number> {
  const { outDir, outName } = run;
  const diagnostics = diagnosticsText(result.diagnostics, result.sources);
  if (diagnostics) io.stderr(diagnostics);
  if (!result.output) {
    io.stderr(`Nothing was ${run.check ? "checked" : "written"}: fix the errors above.\n`);
    return EXIT_ERRORS;
  }

  if (run.check) {
    const differences = await compareFolder(outDir, result.output, { display: outName });
    const count = differenceCount(differences);
    if (count > 0) {
      io.stderr(
        `${outName}/ is out of date (${plural(count, "difference")}):\n${checkReport(outName, differences)}`,
      );
      io.stderr(`Run \`${run.generate.command}\` and commit the result.\n`);
      return EXIT_DIFFERENCES;
    }
    const coverage = coverageLines(result);
    io.stdout(
      `${outName}/ is up to date (${plural(result.output.length, "file")}, ${plural(result.tools.length, "validator")}).\n`,
    );
    if (coverage.length > 0) io.stdout(`${coverage.join("\n")}\n`);
    return EXIT_OK;
  }

  const summary = await writeFolder(outDir, result.output, { display: outName });
  io.stdout(writeReport(result, outName, summary));
  return EXIT_OK;
}

/**
 * Reports an exception that ended a run, in one line: a file-system problem (exit 2) names the
 * path and the reason; anything else is an internal error (exit 3). Never a stack trace.
 */
export function reportFailure(error: unknown, io: Pick<Io, "stderr" | "cwd">): number {
  if (error instanceof FileSystemError) {
    io.stderr(`gen: ${error.message}\n`);
    return EXIT_ERRORS;
  }
  if (isSystemError(error)) {
    const where = error.path
      ? path.relative(io.cwd, path.resolve(io.cwd, error.path)).split(path.sep).join("/") || "."
      : undefined;
    io.stderr(
      where
        ? `gen: cannot ${verbOf(error.syscall)} ${where}: ${reason(error)}.\n`
        : `gen: ${error.syscall} failed: ${reason(error)}.\n`,
    );
    return EXIT_ERRORS;
  }
  io.stderr(`gen: ${internalErrorText(error)}\n`);
  return EXIT_INTERNAL;
}

/** `internal error (a bug in the generator): TypeError: ...`, on one line. */
export function internalErrorText(error: unknown): string {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;
  const line = text.split("\n")[0]!.trim();
  return `internal error (a bug in the generator): ${line.length > 300 ? `${line.slice(0, 300)}...` : line}`;
}
