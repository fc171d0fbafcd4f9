// The command line run in this process: cli.ts's `main` with an `Io` that collects the output.
// It answers as the spawned command does (the same exit code, stdout and stderr) without a
// second or more of starting Node and loading ts-morph and prettier per run; tests that are
// about the process itself (signals, exit on a killed run, the installed file, two processes
// on one folder) spawn it instead (spawn.ts).
import { main } from "../../src/cli.js";
import type { RunResult } from "./spawn.js";

export interface MainOptions {
  /** The environment the command sees (none by default: not this process's). */
  readonly env?: Readonly<Record<string, string>>;
}

/** Runs the command in `cwd` to completion. */
export async function runMain(
  args: readonly string[],
  cwd: string,
  options: MainOptions = {},
): Promise<RunResult> {
  const started = startMain(args, cwd, options);
  return started.done;
}

/** A run of the command in this process, its output read as it comes. */
export interface StartedMain {
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** The run's end (with `--watch`, after `stop`). */
  readonly done: Promise<RunResult>;
  /** Stops the run as the signal would the installed command (`--watch` ends with exit 0). */
  stop(signal?: "SIGINT" | "SIGTERM"): Promise<RunResult>;
}

/** Starts the command in `cwd`: for `--watch`, which runs until stopped. */
export function startMain(
  args: readonly string[],
  cwd: string,
  options: MainOptions = {},
): StartedMain {
  let stdout = "";
  let stderr = "";
  const stopper = new AbortController();
  const done = main(args, {
    cwd,
    env: { ...options.env },
    signal: stopper.signal,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  }).then((code) => ({ code, stdout, stderr }));
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    done,
    stop: (signal = "SIGINT") => {
      stopper.abort(signal);
      return done;
    },
  };
}
