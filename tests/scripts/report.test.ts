// `npm run report -- [--json] <log...>` on logs recorded by the real runtime: its command in this
// process, and the real script and the installed command spawned (from the project, and stopped
// by a signal).
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import {
  reportCommand,
  summariseLogs,
  summaryText,
  type FailureSummary,
} from "../../src/failures/index.js";
import { makeTempDir } from "../helpers/context.js";
import { recordLog } from "../helpers/failureLog.js";
import { REPO, genCommand, run, type RunResult } from "../helpers/spawn.js";
import { waitFor } from "../helpers/wait.js";

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir("tv-report-");
  await fs.mkdir(path.join(dir, "work"));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/**
 * The script's command (scripts/report.ts hands it the process's arguments and streams), run in
 * this process from the test's folder (logs are named relative to it).
 */
async function report(...args: string[]): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const code = await reportCommand(args, {
    cwd: dir,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

/** The log of `RECORDED_CALLS`, as the runtime writes it, in the test's folder. */
async function recorded(name = "log.jsonl"): Promise<string> {
  await recordLog(path.join(dir, "work"), path.join(dir, name));
  return name;
}

const RECORDED_TEXT = `10 failed validations (17 issues) in 1 log, from 2025-05-01T10:00:00.000Z to 2025-05-01T10:09:00.000Z

TaskUpdate: 4 calls, 8 issues
  path     issue         count  details
  taskId   missing           3
  id       unexpected        2  close to taskId (2)
  status   invalid_enum      2  close to "completed" (1)
  task_id  unexpected        1  close to taskId (1)

AskUserQuestion: 2 calls, 4 issues
  path                         issue         count  details
  questions[].options[].label  missing           1
  questions[].multiselect      unexpected        1  close to multiSelect (1)
  questions[].options[].text   unexpected        1
  questions                    invalid_type      1  string for array (1, 1 would parse)

Read: 2 calls, 3 issues
  path    issue         count  details
  offset  invalid_type      2  null for number (1); string for number (1, 1 would parse)
  limit   invalid_type      1  string for number (1, 0 would parse)

Bash: 1 call, 1 issue
  path               issue         count  details
  run_in_background  invalid_type      1  string for boolean (1, 1 would parse)

Grep: 1 call, 1 issue
  path        issue       count  details
  outputMode  unexpected      1  close to output_mode (1)

Unexpected keys, most common first:
  count  tool             key                         close to
      2  TaskUpdate       id                          taskId (2)
      1  AskUserQuestion  questions[].multiselect     multiSelect (1)
      1  AskUserQuestion  questions[].options[].text
      1  Grep             outputMode                  output_mode (1)
      1  TaskUpdate       task_id                     taskId (1)

Wrong types: 5; strings: 4, of which 3 would have parsed as the expected type.
  expected  strings  would parse
  number          2            1
  array           1            1
  boolean         1            1
`;

describe("npm run report", () => {
  it("a recorded log: a table per tool and path, unexpected keys, strings that would parse", async () => {
    const log = await recorded();
    const result = await report(log);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(RECORDED_TEXT);
  });

  it("--json: the same summary for machines", async () => {
    const log = await recorded();
    const result = await report("--json", log);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const unexpected = (path: string, count: number, hints: [string, number][]) => ({
      path,
      code: "unexpected",
      count,
      hints: hints.map(([hint, n]) => ({ hint, count: n })),
    });
    const wrongType = (
      path: string,
      types: [expected: string, received: string, count: number, wouldParse: number][],
    ) => ({
      path,
      code: "invalid_type",
      count: types.reduce((sum, [, , count]) => sum + count, 0),
      types: types.map(([expected, received, count, wouldParse]) => ({
        expected,
        received,
        count,
        wouldParse,
      })),
    });
    expect(JSON.parse(result.stdout)).toEqual({
      files: ["log.jsonl"],
      calls: 10,
      issues: 17,
      from: "2025-05-01T10:00:00.000Z",
      to: "2025-05-01T10:09:00.000Z",
      tools: [
        {
          tool: "TaskUpdate",
          calls: 4,
          issues: 8,
          paths: [
            { path: "taskId", code: "missing", count: 3 },
            unexpected("id", 2, [["taskId", 2]]),
            {
              path: "status",
              code: "invalid_enum",
              count: 2,
              hints: [{ hint: "completed", count: 1 }],
            },
            unexpected("task_id", 1, [["taskId", 1]]),
          ],
        },
        {
          tool: "AskUserQuestion",
          calls: 2,
          issues: 4,
          paths: [
            { path: "questions[].options[].label", code: "missing", count: 1 },
            unexpected("questions[].multiselect", 1, [["multiSelect", 1]]),
            unexpected("questions[].options[].text", 1, []),
            wrongType("questions", [["array", "string", 1, 1]]),
          ],
        },
        {
          tool: "Read",
          calls: 2,
          issues: 3,
          paths: [
            wrongType("offset", [
              ["number", "null", 1, 0],
              ["number", "string", 1, 1],
            ]),
            wrongType("limit", [["number", "string", 1, 0]]),
          ],
        },
        {
          tool: "Bash",
          calls: 1,
          issues: 1,
          paths: [wrongType("run_in_background", [["boolean", "string", 1, 1]])],
        },
        {
          tool: "Grep",
          calls: 1,
          issues: 1,
          paths: [unexpected("outputMode", 1, [["output_mode", 1]])],
        },
      ],
      unexpectedKeys: [
        { tool: "TaskUpdate", path: "id", count: 2, hints: [{ hint: "taskId", count: 2 }] },
        {
          tool: "AskUserQuestion",
          path: "questions[].multiselect",
          count: 1,
          hints: [{ hint: "multiSelect", count: 1 }],
        },
        { tool: "AskUserQuestion", path: "questions[].options[].text", count: 1, hints: [] },
        { tool: "Grep", path: "outputMode", count: 1, hints: [{ hint: "output_mode", count: 1 }] },
        { tool: "TaskUpdate", path: "task_id", count: 1, hints: [{ hint: "taskId", count: 1 }] },
      ],
      strings: {
        wrongTypes: 5,
        strings: 4,
        wouldParse: 3,
        byExpected: [
          { expected: "number", strings: 2, wouldParse: 1 },
          { expected: "array", strings: 1, wouldParse: 1 },
          { expected: "boolean", strings: 1, wouldParse: 1 },
        ],
      },
      badLines: { count: 0, lines: [] },
    });
  });

  it("lines that are not records are counted and listed with file:line; the rest is reported", async () => {
    const record = (tool: string, minute: number) =>
      JSON.stringify({
        v: 1,
        time: `2025-05-01T10:0${minute}:00.000Z`,
        tool,
        issues: [{ code: "missing", path: ["taskId"] }],
      });
    await fs.writeFile(
      path.join(dir, "bad.jsonl"),
      [
        record("TaskGet", 1),
        "garbage",
        "",
        '{"v":1,"time":"2025-05-01T10:02:00.000Z","tool":"TaskGet","issues":[{"code":"missing"}]}',
        '{"v":2,"time":"2025-05-01T10:02:00.000Z","tool":"TaskGet","issues":[]}',
        "[1, 2]",
        `{"padding":"${"x".repeat(1_100_000)}"}`,
        "   ",
        record("TaskGet", 3),
        // A last line cut in the middle of a write.
        record("TaskGet", 4).slice(0, 40),
      ].join("\n"),
    );
    const result = await report("bad.jsonl");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout)
      .toBe(`2 failed validations (2 issues) in 1 log, from 2025-05-01T10:01:00.000Z to 2025-05-01T10:03:00.000Z

TaskGet: 2 calls, 2 issues
  path    issue    count  details
  taskId  missing      2

6 lines are not a record, left out:
  bad.jsonl:2: not JSON
  bad.jsonl:4: not a validation failure record
  bad.jsonl:5: a record of version 2, which this report does not read
  bad.jsonl:6: not a validation failure record
  bad.jsonl:7: longer than 1048576 bytes
  bad.jsonl:10: not JSON
`);
    const json = await report("bad.jsonl", "--json");
    expect(JSON.parse(json.stdout).badLines).toEqual({
      count: 6,
      lines: [
        { file: "bad.jsonl", line: 2, reason: "not JSON" },
        { file: "bad.jsonl", line: 4, reason: "not a validation failure record" },
        {
          file: "bad.jsonl",
          line: 5,
          reason: "a record of version 2, which this report does not read",
        },
        { file: "bad.jsonl", line: 6, reason: "not a validation failure record" },
        { file: "bad.jsonl", line: 7, reason: "longer than 1048576 bytes" },
        { file: "bad.jsonl", line: 10, reason: "not JSON" },
      ],
    });
  });

  it("lists the first 20 lines that are not records and counts the rest", async () => {
    await fs.writeFile(path.join(dir, "junk.txt"), "junk\n".repeat(25));
    const result = await report("junk.txt");
    expect(result.code).toBe(0);
    const lines = Array.from({ length: 20 }, (_, i) => `  junk.txt:${i + 1}: not JSON`);
    expect(result.stdout).toBe(
      `No failed validations in 1 log.\n\n25 lines are not a record, left out:\n${lines.join("\n")}\n  ...and 5 more\n`,
    );
  });

  it("merges several logs (a log named twice is read once)", async () => {
    const first = await recorded("first.jsonl");
    await fs.writeFile(
      path.join(dir, "second.jsonl"),
      `${JSON.stringify({
        v: 1,
        time: "2025-05-02T08:00:00.000Z",
        tool: "TaskUpdate",
        issues: [
          { code: "missing", path: ["taskId"] },
          { code: "unexpected", path: ["task"], hint: { kind: "key", key: "taskId" } },
        ],
      })}\nnot a record\n`,
    );
    const result = await report(first, "second.jsonl", `./${first}`);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const lines = result.stdout.split("\n");
    expect(lines.slice(0, 9)).toEqual([
      "11 failed validations (19 issues) in 2 logs, from 2025-05-01T10:00:00.000Z to 2025-05-02T08:00:00.000Z",
      "",
      "TaskUpdate: 5 calls, 10 issues",
      "  path     issue         count  details",
      "  taskId   missing           4",
      "  id       unexpected        2  close to taskId (2)",
      '  status   invalid_enum      2  close to "completed" (1)',
      "  task     unexpected        1  close to taskId (1)",
      "  task_id  unexpected        1  close to taskId (1)",
    ]);
    expect(result.stdout).toContain(
      "\n1 line is not a record, left out:\n  second.jsonl:2: not JSON\n",
    );
    const json = JSON.parse((await report("--json", first, "second.jsonl")).stdout);
    expect(json.files).toEqual(["first.jsonl", "second.jsonl"]);
    expect([json.calls, json.issues]).toEqual([11, 19]);
  });

  it("a log named twice through a symbolic or a hard link is read once, under its first name", async () => {
    const log = await recorded();
    await fs.symlink(log, path.join(dir, "soft.jsonl"));
    await fs.link(path.join(dir, log), path.join(dir, "hard.jsonl"));
    await fs.mkdir(path.join(dir, "sub"));
    await fs.symlink("..", path.join(dir, "sub/up"));
    const result = await report(log, "soft.jsonl", "hard.jsonl", `sub/up/${log}`);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(RECORDED_TEXT);
    const json = JSON.parse((await report("--json", "hard.jsonl", "soft.jsonl", log)).stdout);
    expect(json.files).toEqual(["hard.jsonl"]);
    expect([json.calls, json.issues]).toEqual([10, 17]);
  });

  it("a missing log: one line, exit 2, nothing reported (even when other logs exist)", async () => {
    const log = await recorded();
    const result = await report(log, "missing.jsonl");
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: "report: cannot read missing.jsonl: no such file or folder (ENOENT).\n",
    });
    const folder = await report("work");
    expect(folder).toEqual({
      code: 2,
      stdout: "",
      stderr: "report: cannot read work: it is a folder (EISDIR).\n",
    });
  });

  it("a log whose first line starts with a BOM keeps that record", async () => {
    const record = (minute: number) =>
      JSON.stringify({
        v: 1,
        time: `2025-05-01T10:0${minute}:00.000Z`,
        tool: "TaskGet",
        issues: [{ code: "missing", path: ["taskId"] }],
      });
    await fs.writeFile(path.join(dir, "bom.jsonl"), `\uFEFF${record(1)}\n${record(2)}\n`);
    const summary = await summariseLogs([path.join(dir, "bom.jsonl")]);
    expect([summary.calls, summary.badLines.count]).toEqual([2, 0]);
    // Only the file's first line may start with one.
    await fs.writeFile(path.join(dir, "late.jsonl"), `${record(1)}\n\uFEFF${record(2)}\n`);
    const late = await summariseLogs([path.join(dir, "late.jsonl")]);
    expect([late.calls, late.badLines.count]).toEqual([1, 1]);
  });

  it("memory is bounded: past the distinct-entry limit, new paths, hints and tools are counted as other", async () => {
    const lines: string[] = [];
    for (let i = 0; i < 1_000; i++) {
      lines.push(
        JSON.stringify({
          v: 1,
          time: "2025-05-01T10:00:00.000Z",
          tool: i % 100 === 0 ? `Tool${i}` : "TaskUpdate",
          issues: [
            { code: "unexpected", path: [`key${i}`], hint: { kind: "key", key: `hint${i}` } },
            { code: "invalid_type", path: ["taskId"], expected: `t${i}`, received: "string" },
            { code: "missing", path: ["taskId"] },
          ],
        }),
      );
    }
    await fs.writeFile(path.join(dir, "wide.jsonl"), `${lines.join("\n")}\n`);
    const summary = await summariseLogs([path.join(dir, "wide.jsonl")], { distinct: 20 });
    expect(summary.limited).toEqual({ distinct: 20 });
    // Every call and issue is counted, whatever was kept apart.
    expect([summary.calls, summary.issues]).toEqual([1_000, 3_000]);
    expect(summary.tools.reduce((sum, tool) => sum + tool.calls, 0)).toBe(1_000);
    for (const tool of summary.tools)
      expect(
        tool.paths.reduce((sum, row) => sum + row.count, 0),
        tool.tool,
      ).toBe(tool.issues);
    const entries = summary.tools.length + summary.tools.flatMap((tool) => tool.paths).length;
    expect(entries).toBeLessThanOrEqual(20 + 1 + 4 * summary.tools.length);
    const taskUpdate = summary.tools.find((tool) => tool.tool === "TaskUpdate")!;
    const other = taskUpdate.paths.find((row) => row.other && row.code === "unexpected")!;
    expect(other.path).toBe("(other paths)");
    expect(summary.tools.find((tool) => tool.other)).toMatchObject({ tool: "(other tools)" });
    expect(summary.unexpectedKeys.some((key) => key.other)).toBe(true);
    expect(summary.strings).toMatchObject({ wrongTypes: 1_000, strings: 1_000, wouldParse: 0 });
    expect(summary.strings.byExpected.reduce((sum, entry) => sum + entry.strings, 0)).toBe(1_000);
    expect(summary.strings.byExpected.find((entry) => entry.other)).toMatchObject({
      expected: "(other types)",
    });
    const text = summaryText(summary);
    expect(text).toContain("(other paths)");
    expect(text).toContain(
      "\nOnly the first 20 distinct tools, paths, hints and types are kept apart; the rest are counted together as (other ...).\n",
    );
    // Far below the limit nothing changes: no other buckets, no note.
    const small = await summariseLogs([path.join(dir, "wide.jsonl")], { distinct: 100_000 });
    expect(small.limited).toBeUndefined();
    expect(JSON.stringify(small)).not.toContain('"other"');
  });

  it("--json is written in pieces, and is the summary's JSON exactly", async () => {
    const log = await recorded();
    const records = Array.from({ length: 3_000 }, (_, i) =>
      JSON.stringify({
        v: 1,
        time: "2025-05-01T11:00:00.000Z",
        tool: `Tool${i % 7}`,
        issues: [
          { code: "unexpected", path: [`key${i}`], hint: { kind: "key", key: "taskId" } },
          { code: "invalid_type", path: ["a", i, "b"], expected: "number", received: "string" },
        ],
      }),
    );
    await fs.writeFile(path.join(dir, "more.jsonl"), `${records.join("\n")}\n`);
    const logs = [path.join(dir, log), path.join(dir, "more.jsonl")];
    const chunks: string[] = [];
    const code = await reportCommand(["--json", ...logs], {
      stdout: (text) => void chunks.push(text),
      stderr: (text) => {
        throw new Error(text);
      },
    });
    expect(code).toBe(0);
    const summary = await summariseLogs(logs);
    expect(chunks.join("")).toBe(`${JSON.stringify(summary, null, 2)}\n`);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(1 << 17);
  });

  it("a large log of many distinct keys: JSON and text, exit 0, in bounded memory", async () => {
    const count = 150_000;
    const handle = await fs.open(path.join(dir, "large.jsonl"), "w");
    for (let start = 0; start < count; start += 10_000) {
      let text = "";
      for (let i = start; i < start + 10_000; i++)
        text += `{"v":1,"time":"2025-05-01T10:00:00.000Z","tool":"Write","issues":[{"code":"unexpected","path":["k${i}"]}]}\n`;
      await handle.write(text);
    }
    await handle.close();
    const json = await report("--json", "large.jsonl");
    expect(json.stderr).toBe("");
    expect(json.code).toBe(0);
    const summary = JSON.parse(json.stdout) as FailureSummary;
    expect(summary.calls).toBe(count);
    expect(summary.limited).toBeDefined();
    const [write] = summary.tools;
    const other = write!.paths.find((row) => row.other)!;
    expect(write!.paths.length - 1 + other.count).toBe(count);
    const text = await report("large.jsonl");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("are counted together as (other ...).");
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)(
    "the installed command's report stops reading on %s: exit %d",
    async (signal, code) => {
      const child = spawn(process.execPath, [...genCommand(), "report", "/dev/zero"], {
        cwd: dir,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = once(child, "exit");
      // Whatever happens to the test, the child does not outlive it.
      onTestFinished(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      });
      // Once it reads the log (an endless one), its signal handlers are set.
      await waitFor(async () => {
        const fds = await fs.readdir(`/proc/${child.pid}/fd`).catch(() => []);
        for (const fd of fds) {
          const target = await fs.readlink(`/proc/${child.pid}/fd/${fd}`).catch(() => "");
          if (target === "/dev/zero") return true;
        }
        return undefined;
      }, "the report to open /dev/zero");
      child.kill(signal);
      const [exitCode] = await exited;
      expect(exitCode).toBe(code);
      expect(stderr).toBe(`tool-validators report: stopped by ${signal}.\n`);
    },
  );

  it("an empty log has no failed validations", async () => {
    await fs.writeFile(path.join(dir, "empty.jsonl"), "");
    expect(await report("empty.jsonl")).toEqual({
      code: 0,
      stdout: "No failed validations in 1 log.\n",
      stderr: "",
    });
  });

  it("no log, an unknown option: the usage and exit 2; --help: the usage", async () => {
    const none = await report();
    expect(none.code).toBe(2);
    expect(none.stdout).toBe("");
    expect(none.stderr).toMatch(
      /^report: name at least one validation log\nUsage: npm run report -- \[--json\] <log\.\.\.>\n/,
    );
    const unknown = await report("--csv", "log.jsonl");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^report: Unknown option '--csv'.*\nUsage: /);
    const help = await report("--help");
    expect(help.code).toBe(0);
    expect(help.stderr).toBe("");
    expect(help.stdout).toMatch(/^Usage: npm run report -- \[--json\] <log\.\.\.>\n/);
    expect(help.stdout).toContain("\n  --json   The summary as JSON\n");
  });

  it("runs as `npm run report` from the project", async () => {
    const log = path.join(dir, await recorded());
    const result = await run("npm", ["run", "-s", "report", "--", log], REPO);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(RECORDED_TEXT);
  });
});
