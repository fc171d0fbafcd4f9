import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Session } from "../../../example/services/session.js";
import type { ScheduledJob } from "../../../example/types.js";
import {
  cronCreateTool,
  cronDeleteTool,
  cronListTool,
  formatLocalTime,
} from "../../../example/tools/cron.js";
import type { ToolContext } from "../../../example/types.js";
import { makeTempDir, makeToolContext, type TestContext } from "../../helpers/context.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A session whose host records every fired job. */
async function setup(workdir?: string): Promise<TestContext & { fired: ScheduledJob[] }> {
  const fired: ScheduledJob[] = [];
  const t = await makeToolContext({
    ...(workdir ? { workdir } : {}),
    host: { onScheduledPrompt: (job) => void fired.push(job) },
  });
  cleanups.push(workdir ? () => t.session.dispose() : t.cleanup);
  return { ...t, fired };
}

function contextFor(session: Session): ToolContext {
  return { workdir: session.workdir, session, host: session.host };
}

describe("cron tools", () => {
  it("declares CronList with an empty properties object, and the right permissions", () => {
    expect(cronListTool.config.function.parameters).toEqual({ type: "object", properties: {} });
    expect(cronListTool.permission).toBe("none");
    expect(cronCreateTool.permission).toBe("ask");
    expect(cronDeleteTool.permission).toBe("ask");
    const props = cronCreateTool.config.function.parameters?.properties;
    expect(props?.recurring).toMatchObject({ type: "boolean", default: true });
    expect(props?.durable).toMatchObject({ type: "boolean", default: false });
  });

  it("rejects invalid expressions quoting them and the parser's reason", async () => {
    const { context } = await setup();
    const badMinute = await cronCreateTool.execute({ cron: "61 * * * *", prompt: "p" }, context);
    expect(badMinute).toEqual({
      success: false,
      content: "",
      error: 'Invalid cron expression "61 * * * *": CronPattern: Invalid value for minute: 61',
    });
    // The contract is 5 fields: a seconds field is refused.
    const sixFields = await cronCreateTool.execute({ cron: "* * * * * *", prompt: "p" }, context);
    expect(sixFields.error).toMatch(/^Invalid cron expression "\* \* \* \* \* \*": .*5 parts/);
    const never = await cronCreateTool.execute({ cron: "0 0 31 2 *", prompt: "p" }, context);
    expect(never.error).toBe(
      'Invalid cron expression "0 0 31 2 *": it never matches a future date',
    );
  });

  it("fires a one-shot job once at its local time, then removes it", async () => {
    vi.useFakeTimers({ now: new Date(2025, 0, 1, 9, 59, 30) });
    const { context, session, fired } = await setup();
    const created = await cronCreateTool.execute(
      { cron: "0 10 * * *", prompt: "check the build", recurring: false },
      context,
    );
    expect(created.content).toBe(
      `Scheduled cron_1: "0 10 * * *" (fires once, this session only).\nNext run: ${formatLocalTime(new Date(2025, 0, 1, 10, 0))}.`,
    );
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fired.map((job) => [job.id, job.prompt])).toEqual([["cron_1", "check the build"]]);
    expect(session.crons.list()).toEqual([]);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(fired).toHaveLength(1);
  });

  it("fires a recurring job on every match until it is deleted", async () => {
    vi.useFakeTimers({ now: new Date(2025, 0, 1, 10, 0, 1) });
    const { context, fired } = await setup();
    await cronCreateTool.execute({ cron: "*/5 * * * *", prompt: "poll" }, context);
    await vi.advanceTimersByTimeAsync(15 * 60 * 1000);
    expect(fired.map((job) => job.id)).toEqual(["cron_1", "cron_1", "cron_1"]);
    const deleted = await cronDeleteTool.execute({ id: "cron_1" }, context);
    expect(deleted.content).toBe('Deleted cron_1 ("*/5 * * * *").');
    await vi.advanceTimersByTimeAsync(15 * 60 * 1000);
    expect(fired).toHaveLength(3);
  });

  it("fire() runs a job at once; dispose() stops every timer", async () => {
    vi.useFakeTimers({ now: new Date(2025, 0, 1, 10, 0, 1) });
    const { context, session, fired } = await setup();
    await cronCreateTool.execute({ cron: "* * * * *", prompt: "tick" }, context);
    expect(await session.crons.fire("cron_1")).toBe(true);
    expect(await session.crons.fire("cron_9")).toBe(false);
    expect(fired).toHaveLength(1);
    expect(session.crons.list()).toHaveLength(1); // recurring: still there
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    session.crons.dispose();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(fired).toHaveLength(1);
  });

  it("lists jobs with id, expression, next run, recurrence, durability and prompt", async () => {
    vi.useFakeTimers({ now: new Date(2025, 0, 1, 8, 30, 0) });
    const { context } = await setup();
    expect((await cronListTool.execute({}, context)).content).toBe("No scheduled jobs");
    await cronCreateTool.execute({ cron: "0 9 * * *", prompt: "standup notes" }, context);
    await cronCreateTool.execute(
      { cron: "30 12 * * *", prompt: 'say "lunch"', recurring: false, durable: true },
      context,
    );
    const list = await cronListTool.execute({}, context);
    expect(list.content).toBe(
      [
        `cron_1: "0 9 * * *" next run ${formatLocalTime(new Date(2025, 0, 1, 9, 0))}, recurring, session only, prompt: "standup notes"`,
        `cron_2: "30 12 * * *" next run ${formatLocalTime(new Date(2025, 0, 1, 12, 30))}, one-shot, durable, prompt: "say \\"lunch\\""`,
      ].join("\n"),
    );
  });

  it("refuses an unknown id on delete and names the known ones", async () => {
    const { context } = await setup();
    expect((await cronDeleteTool.execute({ id: "cron_1" }, context)).error).toBe(
      'No scheduled job with id "cron_1". There are no scheduled jobs.',
    );
    await cronCreateTool.execute({ cron: "0 * * * *", prompt: "p" }, context);
    expect((await cronDeleteTool.execute({ id: "nope" }, context)).error).toBe(
      'No scheduled job with id "nope". Known ids: cron_1.',
    );
  });

  it("refuses a session-only job when the host cannot receive scheduled prompts", async () => {
    const t = await makeToolContext();
    cleanups.push(t.cleanup);
    const result = await cronCreateTool.execute({ cron: "0 * * * *", prompt: "p" }, t.context);
    expect(result.success).toBe(false);
    expect(result.error).toContain("does not receive scheduled prompts");
    const durable = await cronCreateTool.execute(
      { cron: "0 * * * *", prompt: "p", durable: true },
      t.context,
    );
    expect(durable.success).toBe(true);
    expect(durable.content).toContain("will run in a later session whose host does");
  });

  it("persists durable jobs for the next session and removes them on delete", async () => {
    const dir = await makeTempDir();
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const first = await setup(dir);
    await cronCreateTool.execute(
      { cron: "0 9 * * 1-5", prompt: "daily report", durable: true },
      first.context,
    );
    await cronCreateTool.execute({ cron: "0 10 * * *", prompt: "not saved" }, first.context);
    const file = path.join(dir, ".agent", "scheduled_tasks.json");
    const saved = JSON.parse(await fs.readFile(file, "utf8")) as { jobs: ScheduledJob[] };
    expect(
      saved.jobs.map((job) => [job.id, job.cron, job.prompt, job.recurring, job.durable]),
    ).toEqual([["cron_1", "0 9 * * 1-5", "daily report", true, true]]);
    first.session.crons.dispose();

    const second = new Session({ workdir: dir, host: { onScheduledPrompt: () => {} } });
    cleanups.push(() => second.dispose());
    const context = contextFor(second);
    expect(second.crons.list().map((job) => [job.id, job.prompt, job.durable])).toEqual([
      ["cron_1", "daily report", true],
    ]);
    // A new job does not take the id of a saved one.
    const created = await cronCreateTool.execute(
      { cron: "5 * * * *", prompt: "x", durable: true },
      context,
    );
    expect(created.content).toMatch(/^Scheduled cron_2:/);
    const deleted = await cronDeleteTool.execute({ id: "cron_1" }, context);
    expect(deleted.content).toBe(
      'Deleted cron_1 ("0 9 * * 1-5") and removed it from .agent/scheduled_tasks.json.',
    );
    const after = JSON.parse(await fs.readFile(file, "utf8")) as { jobs: ScheduledJob[] };
    expect(after.jobs.map((job) => job.id)).toEqual(["cron_2"]);
  });

  it("removes a fired one-shot durable job from the file", async () => {
    const { context, session, dir } = await setup();
    await cronCreateTool.execute(
      { cron: "0 9 * * *", prompt: "once", recurring: false, durable: true },
      context,
    );
    await session.crons.fire("cron_1");
    const saved = JSON.parse(
      await fs.readFile(path.join(dir, ".agent", "scheduled_tasks.json"), "utf8"),
    ) as { jobs: unknown[] };
    expect(saved.jobs).toEqual([]);
  });

  it("never keeps the process alive", async () => {
    const dir = await makeTempDir();
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const script = path.join(dir, "keep-alive.ts");
    const sessionModule = path.join(repoRoot, "example/services/session.ts");
    await fs.writeFile(
      script,
      `import { Session } from ${JSON.stringify(sessionModule)};
const session = new Session({ workdir: ${JSON.stringify(dir)}, host: { onScheduledPrompt() {} } });
session.crons.create({ cron: "* * * * *", prompt: "p", recurring: true, durable: false });
console.log("scheduled", session.crons.list().length);
`,
    );
    const output = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ["--import", "tsx", script],
        { cwd: repoRoot, timeout: 25_000 },
        (_error, stdout) => resolve({ code: child.exitCode, stdout: String(stdout) }),
      );
    });
    expect(output).toEqual({ code: 0, stdout: "scheduled 1\n" });
  });
});
