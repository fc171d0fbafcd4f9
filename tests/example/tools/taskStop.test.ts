import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BackgroundJob } from "../../../example/services/backgroundJobs.js";
import { bashTool } from "../../../example/tools/bash.js";
import { taskStopTool } from "../../../example/tools/taskStop.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";
import { isAlive, waitFor } from "../../helpers/wait.js";

let t: TestContext;
beforeEach(async () => {
  t = await makeToolContext();
});
afterEach(async () => {
  await t.cleanup();
});

async function readPid(file: string): Promise<number | undefined> {
  const text = await fs.readFile(path.join(t.dir, file), "utf8").catch(() => "");
  return text.endsWith("\n") ? Number(text.trim()) : undefined;
}

async function startBackground(command: string, description?: string): Promise<BackgroundJob> {
  const result = await bashTool.execute(
    { command, run_in_background: true, ...(description ? { description } : {}) },
    t.context,
  );
  expect(result.success).toBe(true);
  return t.session.jobs.get(result.metadata!.jobId as string)!;
}

function stop(task_id: string) {
  return taskStopTool.execute({ task_id }, t.context);
}

describe("TaskStop", () => {
  it("is an 'ask' tool with one required task_id", () => {
    expect(taskStopTool.permission).toBe("ask");
    expect(taskStopTool.config.function.parameters).toMatchObject({
      type: "object",
      properties: { task_id: { type: "string" } },
      required: ["task_id"],
    });
  });

  it("stops a background shell and every process it started", async () => {
    const job = await startBackground(
      "echo $$ > shell.pid; sleep 30 & echo $! > child.pid; wait",
      "Long sleep",
    );
    const shell = await waitFor(() => readPid("shell.pid"), "the shell pid");
    const child = await waitFor(() => readPid("child.pid"), "the child pid");
    expect(job.running).toBe(true);
    expect(isAlive(shell)).toBe(true);
    expect(isAlive(child)).toBe(true);

    const result = await stop(job.id);
    expect(result).toEqual({
      success: true,
      content: "Stopped background job bash_1 (Long sleep).",
      shortResult: "stopped bash_1",
    });
    expect(job.running).toBe(false);
    expect(isAlive(shell)).toBe(false);
    expect(isAlive(child)).toBe(false);
  });

  it("kills a job that ignores SIGTERM once the grace period is over", async () => {
    const job = await startBackground(
      "trap '' TERM; echo $$ > shell.pid; while :; do sleep 0.05; done",
    );
    const shell = await waitFor(() => readPid("shell.pid"), "the shell pid");
    const result = await stop(job.id);
    expect(result.success).toBe(true);
    expect(job.running).toBe(false);
    expect(isAlive(shell)).toBe(false);
  });

  it("says which jobs exist when the id is unknown", async () => {
    await startBackground("sleep 30");
    await startBackground("sleep 30");
    const result = await stop("bash_9");
    expect(result).toEqual({
      success: false,
      content: "",
      error:
        'No background job has the id "bash_9". The background jobs of this session are: bash_1, bash_2.',
    });
    expect(t.session.jobs.list().every((job) => job.running)).toBe(true);
  });

  it("says so when the session has no jobs at all", async () => {
    const result = await stop("bash_1");
    expect(result.error).toBe(
      'No background job has the id "bash_1". This session has no background jobs.',
    );
  });

  it("refuses to stop a job that has already finished", async () => {
    const job = await startBackground("echo done", "Quick echo");
    await waitFor(() => (job.running ? undefined : true), "the job to finish");
    const result = await stop(job.id);
    expect(result).toEqual({
      success: false,
      content: "",
      error: "Background job bash_1 (Quick echo) has already finished; there is nothing to stop.",
    });
  });

  it("refuses a second stop of the same job", async () => {
    const job = await startBackground("sleep 30", "Sleeper");
    expect((await stop(job.id)).success).toBe(true);
    expect((await stop(job.id)).error).toBe(
      "Background job bash_1 (Sleeper) has already finished; there is nothing to stop.",
    );
  });
});
