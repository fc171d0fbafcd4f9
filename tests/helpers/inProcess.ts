// The command line run in this process: cli.ts's `main` with an `Io` that collects the output.
// It answers as the spawned command does (the same exit code, stdout and stderr) without a
// second or more of starting Node and loading ts-morph and prettier per run; tests that are
// about the process itself (signals, exit on a killed run, the installed file) spawn it instead
// (spawn.ts).
import { main } from "../../src/cli.js";
import type { RunResult } from "./spawn.js";

export async function runMain(args: readonly string[], cwd: string): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    cwd,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}
