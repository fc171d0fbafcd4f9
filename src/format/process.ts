import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";

/** What a formatter's process answered. */
export interface ProcessResult {
  /** The exit code; null when a signal ended it. */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ProcessOptions {
  readonly cwd: string;
  readonly input: string;
  /** Run through the shell (a command line from the settings). */
  readonly shell?: boolean;
}

/** Runs a formatter's process with `input` on its stdin, and collects what it prints. */
export function runProcess(
  command: string,
  args: readonly string[],
  options: ProcessOptions,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      shell: options.shell ?? false,
      env: { ...process.env, PATH: withLocalBins(options.cwd), NO_COLOR: "1" },
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    // A process that exits without reading its input closes the pipe: not an error of ours.
    child.stdin.on("error", () => {});
    child.on("close", (code) =>
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      }),
    );
    child.stdin.end(options.input, "utf8");
  });
}

/** PATH with the node_modules/.bin folders from `cwd` upward first, as `npm run` sets it. */
function withLocalBins(cwd: string): string {
  const bins: string[] = [];
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    bins.push(path.join(dir, "node_modules", ".bin"));
    if (path.dirname(dir) === dir) break;
  }
  return [...bins, process.env.PATH ?? ""].join(path.delimiter);
}

/**
 * Runs `task` over `items` with at most one process per core at a time; the results in order.
 * A failure is the one of the first item that failed (the same whatever the timing).
 */
export async function inParallel<T, R>(
  items: readonly T[],
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: PromiseSettledResult<R>[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: "fulfilled", value: await task(items[index]!) };
      } catch (reason) {
        results[index] = { status: "rejected", reason };
      }
    }
  };
  const lanes = Math.max(1, Math.min(items.length, os.availableParallelism()));
  await Promise.all(Array.from({ length: lanes }, lane));
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<R>).value);
}
