// CONTRACT.md section 9 (`tool-validators report`).
import fs from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { Interrupted, reason, signalExitCode } from "../output/errors.js";
import { readLog } from "./read.js";
import { FailureTally, type FailureSummary, type TallyOptions } from "./summary.js";
import { jsonPieces, writePieces } from "./write.js";
import { summaryPieces } from "./text.js";

/** Where the command writes; `command` is how the usage names it (`npm run report --`). */
export interface ReportIo {
  /** Returns false when the stream is full (as a Node stream's `write`), then see `drained`. */
  readonly stdout: (text: string) => boolean | void;
  /** Resolves when stdout can take more (its `drain`), or it is gone. */
  readonly drained?: () => Promise<void>;
  /** Stops the reading (SIGINT, SIGTERM: the reason is the signal's name); exit 130 or 143. */
  readonly signal?: AbortSignal;
  readonly stderr: (text: string) => void;
  readonly command?: string;
  /** What starts each message on stderr (default `report`; the installed command's is `tool-validators report`). */
  readonly name?: string;
  /** The folder the logs' names are relative to (default: the process's working folder). */
  readonly cwd?: string;
}

/** The report was made (lines that are not records are counted and listed in it). */
export const REPORT_OK = 0;
/** Bad options, or a log that cannot be read: nothing is reported. */
export const REPORT_ERRORS = 2;

export function reportUsage(command = "npm run report --"): string {
  return `Usage: ${command} [--json] <log...>

Summarises validation logs (the ToolManager's validationLog option; several are merged): per
tool and path, how often each issue happened; the most common unexpected keys and what they were
close to; how many wrong types were strings that would have parsed as the expected type.

Options:
  --json   The summary as JSON
  --help   Show this help

Exit codes: 0 done (lines that are not records are counted and listed); 2 bad options or a log
that cannot be read (nothing is reported); 130 or 143 stopped by SIGINT or SIGTERM.
`;
}

/**
 * Reads the logs (streamed line by line, however large) and merges them into one summary.
 * Each file is named in the summary and in bad lines as given (a file named twice, once). Rejects on a file that cannot be
 * read (before anything of it is counted when it is missing or not a file).
 */
export async function summariseLogs(
  names: readonly string[],
  options: TallyOptions & { readonly signal?: AbortSignal; readonly cwd?: string } = {},
): Promise<FailureSummary> {
  // Every log is looked at before any is read: a missing one reports nothing at all. Pipes are
  // logs too (`<(zcat old.jsonl.gz)`); folders are not. A file is known by its device and
  // inode: named twice (again, through a symbolic or a hard link), it is read once, under the
  // first name.
  const seen = new Set<string>();
  const files: string[] = [];
  for (const file of names) {
    const stat = await fs.stat(at(options.cwd, file), { bigint: true }).catch(namedAs(file));
    if (stat.isDirectory()) {
      throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read`), {
        code: "EISDIR",
        syscall: "read",
        path: file,
      });
    }
    const identity = `${stat.dev}:${stat.ino}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    files.push(file);
  }
  const tally = new FailureTally(options);
  for (const file of files) {
    tally.file(file);
    await readLog(
      at(options.cwd, file),
      file,
      (record) => tally.record(record),
      (bad) => tally.badLine(bad),
      options.signal,
    ).catch(namedAs(file));
  }
  return tally.summary();
}

/** The log `name` (as given) from the folder `cwd`. */
function at(cwd: string | undefined, name: string): string {
  return cwd === undefined ? name : path.resolve(cwd, name);
}

/** Rethrows a file-system error under the log's name as given, never the path it was read at. */
function namedAs(name: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof Error && typeof (error as NodeJS.ErrnoException).path === "string")
      (error as NodeJS.ErrnoException).path = name;
    throw error;
  };
}

/**
 * `report [--json] <log...>` as a command: prints the summary (text, or JSON with `--json`) and
 * returns the exit code. Never throws: a log that cannot be read is one line on stderr (exit 2).
 */
export async function reportCommand(args: readonly string[], io: ReportIo): Promise<number> {
  const name = io.name ?? "report";
  let values: { json?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    io.stderr(`${name}: ${(error as Error).message}\n${reportUsage(io.command)}`);
    return REPORT_ERRORS;
  }
  if (values.help) {
    io.stdout(reportUsage(io.command));
    return REPORT_OK;
  }
  if (positionals.length === 0) {
    io.stderr(`${name}: name at least one validation log\n${reportUsage(io.command)}`);
    return REPORT_ERRORS;
  }
  let summary: FailureSummary;
  try {
    summary = await summariseLogs(positionals, {
      ...(io.signal ? { signal: io.signal } : {}),
      ...(io.cwd !== undefined ? { cwd: io.cwd } : {}),
    });
  } catch (error) {
    if (error instanceof Interrupted) {
      io.stderr(`${name}: ${error.message}.\n`);
      return signalExitCode(error.signal);
    }
    const file = (error as NodeJS.ErrnoException).path;
    io.stderr(
      file === undefined
        ? `${name}: ${(error as Error).message}\n`
        : `${name}: cannot read ${file}: ${reason(error)}.\n`,
    );
    return REPORT_ERRORS;
  }
  // Written in pieces: however large the summary, it is never one string.
  await writePieces(
    values.json ? jsonLines(summary) : summaryPieces(summary),
    io.stdout,
    io.drained,
  );
  return REPORT_OK;
}

function* jsonLines(summary: FailureSummary): Generator<string> {
  yield* jsonPieces(summary);
  yield "\n";
}
