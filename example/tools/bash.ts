import fs from "node:fs/promises";
import { ShellRun, type ShellExit } from "../services/shell.js";
import type { ToolPlugin } from "./toolPlugin.js";
import type { ToolResult } from "../core/types.js";
import { BASH_TOOL_NAME, TASK_STOP_TOOL_NAME } from "./names.js";
import { BashJob } from "./support/bashJob.js";
import type { BashArgs } from "../../generated/index.js";
import { failed } from "../core/results.js";

const DEFAULT_TIMEOUT_MS = 120_000;
const MAX_TIMEOUT_MS = 600_000;
const MAX_OUTPUT_CHARS = 30_000;
/** Background jobs keep more, since a later reader may want to look through it. */
const MAX_BACKGROUND_OUTPUT_CHARS = 1_000_000;

export const bashTool: ToolPlugin<BashArgs> = {
  name: BASH_TOOL_NAME,
  permission: "ask",
  config: {
    type: "function",
    function: {
      name: BASH_TOOL_NAME,
      description: `Runs a command with bash in the working directory and returns what it printed (stdout and stderr together) and its exit code. A non-zero exit code makes the call fail.
The command is stopped after timeout milliseconds (default ${DEFAULT_TIMEOUT_MS}, at most ${MAX_TIMEOUT_MS}). Output longer than ${MAX_OUTPUT_CHARS} characters is cut in the middle.
With run_in_background the command starts and the call returns at once with a job id; stop the job with ${TASK_STOP_TOOL_NAME}.`,
      parameters: {
        type: "object",
        properties: {
          command: {
            type: "string",
            description: "The shell command line to run (bash syntax: pipes, &&, redirections).",
          },
          timeout: {
            type: "number",
            description:
              "Milliseconds to let the command run before it is stopped, from 0 to 600000 (10 minutes). 0 or absent means 120000. Ignored for background runs.",
          },
          description: {
            type: "string",
            description:
              "A few words saying what the command does, e.g. 'Run the unit tests'. Shown to the user and used as the name of a background job.",
          },
          run_in_background: {
            type: "boolean",
            description:
              "Start the command and return at once with a job id, for servers and watchers that do not end by themselves.",
          },
        },
        required: ["command"],
      },
    },
  },
  async execute(args, context) {
    const { command, timeout, description, run_in_background } = args;
    if (command.trim() === "") return failed("The command is empty; give a shell command to run.");
    if (timeout !== undefined && !(timeout >= 0 && timeout <= MAX_TIMEOUT_MS)) {
      return failed(
        `timeout must be between 0 and ${MAX_TIMEOUT_MS} ms (10 minutes), but it is ${timeout}.`,
      );
    }
    const workdir = context.workdir;
    if (!(await isDirectory(workdir))) {
      return failed(`The working directory ${workdir} does not exist, so the command cannot run.`);
    }

    if (run_in_background === true) {
      const jobs = context.session.jobs;
      const id = jobs.nextId("bash");
      const run = new ShellRun(command, workdir, MAX_BACKGROUND_OUTPUT_CHARS);
      run.unref();
      jobs.add(new BashJob(id, description?.trim() || command, command, run));
      return {
        success: true,
        content: `Started in the background as job ${id} (pid ${run.pid ?? "unknown"}): ${command}\nIt keeps running after this call; stop it with ${TASK_STOP_TOOL_NAME} (task_id "${id}").`,
        shortResult: `background job ${id}`,
        metadata: { jobId: id, pid: run.pid },
      };
    }

    if (context.signal?.aborted) return failed("The command was not run: the turn was cancelled.");
    const limitMs = timeout === undefined || timeout === 0 ? DEFAULT_TIMEOUT_MS : timeout;
    const run = new ShellRun(command, workdir, MAX_OUTPUT_CHARS);
    let stopReason: "timeout" | "abort" | undefined;
    let stopping: Promise<void> | undefined;
    const stop = (reason: "timeout" | "abort") => {
      stopReason ??= reason;
      stopping ??= run.stop();
    };
    const timer = setTimeout(() => stop("timeout"), limitMs);
    const onAbort = () => stop("abort");
    context.signal?.addEventListener("abort", onAbort, { once: true });
    let exit: ShellExit;
    try {
      exit = await run.exited;
      // Make sure the children of a stopped command are gone before reporting.
      await stopping;
    } finally {
      clearTimeout(timer);
      context.signal?.removeEventListener("abort", onAbort);
    }
    return report(exit, run.output(), stopReason, limitMs);
  },
};

function report(
  exit: ShellExit,
  output: string,
  stopReason: "timeout" | "abort" | undefined,
  limitMs: number,
): ToolResult {
  const shown = output === "" ? "(no output)" : output;
  const metadata = { exitCode: exit.code, signal: exit.signal, stopReason };
  if (exit.startError) {
    return failed(`Could not start bash: ${exit.startError.message}`);
  }
  if (stopReason === "timeout") {
    return {
      ...failed(
        `The command timed out after ${limitMs} ms and was stopped. Output so far:\n${shown}`,
      ),
      metadata,
    };
  }
  if (stopReason === "abort") {
    return {
      ...failed(`The command was interrupted (the turn was cancelled). Output so far:\n${shown}`),
      metadata,
    };
  }
  if (exit.code === 0) {
    return { success: true, content: shown, shortResult: "exit code 0", metadata };
  }
  const how =
    exit.code !== null ? `failed with exit code ${exit.code}` : `was killed by ${exit.signal}`;
  return { ...failed(`The command ${how}. Output:\n${shown}`), metadata };
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
