import type { BashArgs } from "../../../generated/index.js";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bashTool } from "../../../example/tools/bash.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";
import { isAlive, waitFor } from "../../helpers/wait.js";

let t: TestContext;
beforeEach(async () => {
  t = await makeToolContext();
});
afterEach(async () => {
  await t.cleanup();
});

function run(args: BashArgs, context = t.context) {
  return bashTool.execute(args, context);
}

async function readPid(file: string): Promise<number | undefined> {
  const text = await fs.readFile(path.join(t.dir, file), "utf8").catch(() => "");
  return text.trim() === "" ? undefined : Number(text.trim());
}

describe("Bash", () => {
  it("is an 'ask' tool declaring the documented parameters", () => {
    expect(bashTool.permission).toBe("ask");
    const params = bashTool.config.function.parameters!;
    expect(Object.keys(params.properties!)).toEqual([
      "command",
      "timeout",
      "description",
      "run_in_background",
    ]);
    expect(params.required).toEqual(["command"]);
  });

  it("returns stdout of a successful command", async () => {
    const result = await run({ command: "echo hello; printf 'two\\n'" });
    expect(result).toMatchObject({ success: true, content: "hello\ntwo\n" });
    expect(result.metadata).toMatchObject({ exitCode: 0 });
  });

  it("runs in the working directory", async () => {
    const result = await run({ command: "pwd" });
    expect(result.content).toBe(`${t.dir}\n`);
  });

  it("returns when the shell exits even if a process it left behind holds the output open", async () => {
    const result = await run({ command: "sleep 30 & echo $! > child.pid; echo done" });
    const child = (await readPid("child.pid"))!;
    try {
      expect(result).toMatchObject({ success: true, content: "done\n" });
      expect(isAlive(child)).toBe(true);
    } finally {
      process.kill(child, "SIGKILL");
    }
  });

  it("says so when a command prints nothing", async () => {
    const result = await run({ command: "true" });
    expect(result).toMatchObject({ success: true, content: "(no output)" });
  });

  it("fails on a non-zero exit with the exit code, stdout and stderr", async () => {
    const result = await run({ command: "echo out; echo err >&2; exit 3" });
    expect(result.success).toBe(false);
    expect(result.content).toBe("");
    expect(result.error).toBe("The command failed with exit code 3. Output:\nout\nerr\n");
    expect(result.metadata).toMatchObject({ exitCode: 3 });
  });

  it("captures stderr of a successful command too", async () => {
    const result = await run({ command: "echo warning >&2" });
    expect(result).toMatchObject({ success: true, content: "warning\n" });
  });

  it("reports a shell killed by a signal", async () => {
    const result = await run({ command: "kill -9 $$" });
    expect(result.success).toBe(false);
    expect(result.error).toBe("The command was killed by SIGKILL. Output:\n(no output)");
  });

  it("stops a command at its timeout, with its children, and keeps the output so far", async () => {
    const result = await run({
      command: "echo started; sleep 30 & echo $! > child.pid; wait",
      timeout: 300,
    });
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      "The command timed out after 300 ms and was stopped. Output so far:\nstarted\n",
    );
    expect(result.metadata).toMatchObject({ stopReason: "timeout" });
    const child = await readPid("child.pid");
    expect(child).toBeGreaterThan(0);
    expect(isAlive(child!)).toBe(false);
  });

  it.each([600_001, -1, 1e9])("rejects timeout %s before running anything", async (timeout) => {
    const result = await run({ command: "touch ran", timeout });
    expect(result).toEqual({
      success: false,
      content: "",
      error: `timeout must be between 0 and 600000 ms (10 minutes), but it is ${timeout}.`,
    });
    await expect(fs.stat(path.join(t.dir, "ran"))).rejects.toThrow();
  });

  it("accepts the bounds 0 (the default) and 600000", async () => {
    expect((await run({ command: "echo a", timeout: 0 })).content).toBe("a\n");
    expect((await run({ command: "echo b", timeout: 600_000 })).content).toBe("b\n");
  });

  it("rejects an empty command", async () => {
    const result = await run({ command: "   " });
    expect(result.error).toBe("The command is empty; give a shell command to run.");
  });

  it("cuts long output in the middle and says so", async () => {
    const result = await run({
      command: "printf 'BEGIN'; head -c 100000 /dev/zero | tr '\\0' a; printf 'END'",
    });
    expect(result.success).toBe(true);
    expect(result.content.startsWith("BEGINaaa")).toBe(true);
    expect(result.content.endsWith("aaaEND")).toBe(true);
    expect(result.content).toContain(
      "[... 70008 characters cut: the output was longer than 30000 characters ...]",
    );
    expect(result.content.length).toBeLessThan(30_200);
  });

  it("kills the command when the turn is aborted", async () => {
    const controller = new AbortController();
    const pending = run(
      { command: "echo $$ > shell.pid; sleep 30 & echo $! > child.pid; wait" },
      { ...t.context, workdir: t.dir, signal: controller.signal },
    );
    const child = await waitFor(() => readPid("child.pid"), "the child pid");
    controller.abort();
    const result = await pending;
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      "The command was interrupted (the turn was cancelled). Output so far:\n(no output)",
    );
    expect(isAlive(child)).toBe(false);
  });

  it("does not start when the turn is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await run(
      { command: "touch ran" },
      { ...t.context, workdir: t.dir, signal: controller.signal },
    );
    expect(result.error).toBe("The command was not run: the turn was cancelled.");
    await expect(fs.stat(path.join(t.dir, "ran"))).rejects.toThrow();
  });

  it("starts a background job that keeps running and collecting output", async () => {
    const result = await run({
      command: "echo ready; sleep 30",
      description: "Sleep a while",
      run_in_background: true,
    });
    expect(result.success).toBe(true);
    expect(result.content).toMatch(
      /^Started in the background as job bash_1 \(pid \d+\): echo ready; sleep 30\nIt keeps running after this call; stop it with TaskStop \(task_id "bash_1"\)\.$/,
    );
    const job = t.session.jobs.get("bash_1") as unknown as {
      kind: string;
      description: string;
      running: boolean;
      output(): string;
    };
    expect(job).toMatchObject({ kind: "bash", description: "Sleep a while", running: true });
    await waitFor(() => (job.output() === "ready\n" ? true : undefined), "the job's output");
  });

  it("gives background jobs successive ids and names them by command without a description", async () => {
    await run({ command: "true", run_in_background: true });
    const second = await run({ command: "echo two", run_in_background: true });
    expect(second.metadata).toMatchObject({ jobId: "bash_2" });
    expect(t.session.jobs.list().map((job) => [job.id, job.description])).toEqual([
      ["bash_1", "true"],
      ["bash_2", "echo two"],
    ]);
  });

  it("marks a background job finished when its command ends, keeping exit code and output", async () => {
    await run({ command: "echo bye; exit 4", run_in_background: true });
    const job = t.session.jobs.get("bash_1") as unknown as {
      running: boolean;
      exitCode: number | null;
      output(): string;
    };
    await waitFor(() => (job.running ? undefined : true), "the job to finish");
    expect(job.exitCode).toBe(4);
    expect(job.output()).toBe("bye\n");
  });
});
