// The failure data of CONTRACT.md section 9: the onValidationFailure hook and the validation
// log, in the real tool-call pipeline.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { failureRecord, type ValidationIssue } from "../../../generated/index.js";
import type { ValidationFailureEvent } from "../../../example/runtime/toolManager.js";
import { makeTempDir } from "../../helpers/context.js";
import { makeManager } from "../../helpers/manager.js";

const TSX_LOADER = import.meta.resolve("tsx");
const APPEND_LOG = path.join(import.meta.dirname, "children/appendLog.ts");

const WRONG_GET_ISSUES = [
  { code: "missing", path: ["taskId"] },
  { code: "unexpected", path: ["id"], hint: { kind: "key", key: "taskId" } },
];
const WRONG_GET_TEXT =
  "TaskGet failed due to the following issues:\nThe required parameter `taskId` is missing\nAn unexpected parameter `id` was provided\nHint: did you mean `taskId` instead of `id`?";
const WRONG_GET_RESULT = {
  success: false,
  content: "",
  error: WRONG_GET_TEXT,
  validationIssues: WRONG_GET_ISSUES,
};

/** The log's lines as records, with every time checked and replaced by "<time>". */
async function logRecords(file: string): Promise<unknown[]> {
  const text = await fsp.readFile(file, "utf8");
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => {
      const record = JSON.parse(line) as { time: string };
      expect(record.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      return { ...record, time: "<time>" };
    });
}

describe("onValidationFailure", () => {
  it("is called once per failed validation with the tool, the issues and the time", async () => {
    const events: ValidationFailureEvent[] = [];
    const { call } = await makeManager({ onValidationFailure: (event) => void events.push(event) });
    const before = Date.now();
    const result = await call("TaskGet", { id: "1" });
    const after = Date.now();
    expect(result).toEqual(WRONG_GET_RESULT);
    expect(events).toHaveLength(1);
    expect(events[0]!.toolName).toBe("TaskGet");
    expect(events[0]!.issues).toBe(result.validationIssues);
    expect(events[0]!.time).toBeInstanceOf(Date);
    expect(events[0]!.time.getTime()).toBeGreaterThanOrEqual(before);
    expect(events[0]!.time.getTime()).toBeLessThanOrEqual(after);

    // Valid calls, tool failures that are not validation failures, and bad JSON: no event.
    expect((await call("TaskGet", { taskId: "9" })).error).toBe("Task #9 not found");
    expect((await call("TaskCreate", { subject: "s", description: "d" })).success).toBe(true);
    expect(events).toHaveLength(1);

    await call("Read", { file_path: "a.txt", offset: "20" });
    expect(events.map((event) => [event.toolName, event.issues])).toEqual([
      ["TaskGet", WRONG_GET_ISSUES],
      [
        "Read",
        [
          {
            code: "invalid_type",
            path: ["offset"],
            expected: "number",
            received: "string",
            hint: { kind: "json", type: "number" },
          },
        ],
      ],
    ]);
  });

  it("cannot fail the call: a throwing hook and a rejecting hook change nothing", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const throwing = vi.fn(() => {
        throw new Error("hook failed");
      });
      const { call } = await makeManager({ onValidationFailure: throwing });
      expect(await call("TaskGet", { id: "1" })).toEqual(WRONG_GET_RESULT);
      expect(throwing).toHaveBeenCalledTimes(1);

      // A plain function: a spy would handle the rejection itself (it records settled results).
      let rejected = 0;
      const rejecting = async () => {
        rejected++;
        throw new Error("hook rejected");
      };
      const second = await makeManager({ onValidationFailure: rejecting });
      expect(await second.call("TaskGet", { id: "1" })).toEqual(WRONG_GET_RESULT);
      expect(await second.call("TaskGet", { id: "1" })).toEqual(WRONG_GET_RESULT);
      expect(rejected).toBe(2);
      // The session goes on: a valid call after the failed ones runs.
      expect((await second.call("TaskCreate", { subject: "s", description: "d" })).content).toBe(
        "Task #1 created successfully: s",
      );
      // Unhandled rejections are reported after a turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("cannot delay the call: a promise it returns is not awaited", async () => {
    let release: (() => void) | undefined;
    const slow = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const never = vi.fn(() => new Promise<void>(() => {}));
    const { call } = await makeManager({ onValidationFailure: slow });
    // Were the hook awaited, this call would never end (the promise is released only after it).
    expect(await call("TaskGet", { id: "1" })).toEqual(WRONG_GET_RESULT);
    expect(slow).toHaveBeenCalledTimes(1);
    expect(release).toBeDefined();
    release!();

    const other = await makeManager({ onValidationFailure: never });
    expect(await other.call("TaskGet", { id: "1" })).toEqual(WRONG_GET_RESULT);
    expect(await other.call("TaskGet", { taskId: "9" })).toMatchObject({
      error: "Task #9 not found",
    });
    expect(never).toHaveBeenCalledTimes(1);
  });
});

describe("validationLog", () => {
  const SECRETS = [
    "SECRET-path-/etc/shadow",
    "SECRET-content-hunter2",
    "SECRET-extra-value",
    "SECRET-in-json-text",
    "SECRET-enum-miss",
    "SECRET-not-a-number",
    "SECRET-nested-label",
    "SECRET-free-map-value",
    "987654321",
    "SECRET-grep-pattern",
  ];

  it("has no argument value in it: values in every position, JSON text, enum misses", async () => {
    const { dir } = await makeManager();
    const log = path.join(dir, "logs.jsonl");
    const { tm, call } = await makeManager({ validationLog: log });
    const [p, content, extra, json, enumMiss, nan, label, free, number, pattern] = SECRETS;
    // Valid values next to an unexpected key whose value is a secret too.
    await call("Write", { file_path: p, content, extra });
    // JSON text inside a string (the hint says it parses; the text stays out).
    await call("AskUserQuestion", {
      questions: `[{"question":"${json}","header":"h","options":[]}]`,
    });
    // Enum misses: one with no near member, one that differs in case only.
    await call("TaskUpdate", { taskId: "1", status: enumMiss });
    await call("Grep", { pattern, output_mode: "Count " });
    // A string that is no number, a number where a string belongs.
    await call("Read", { file_path: p, offset: nan });
    await call("TaskCreate", { subject: Number(number), description: content, metadata: { free } });
    // Deep inside: a wrong nested type, an unexpected nested key, values in a free map.
    await call("AskUserQuestion", {
      questions: [
        {
          question: "q",
          header: "h",
          options: [
            { label: 7, description: label },
            { label, colour: label },
          ],
        },
      ],
      answers: { q: Number(number) },
    });
    await tm.close();

    const text = await fsp.readFile(log, "utf8");
    for (const secret of [...SECRETS, "Count "]) expect(text).not.toContain(secret);
    expect(await logRecords(log)).toEqual([
      {
        v: 1,
        time: "<time>",
        tool: "Write",
        issues: [{ code: "unexpected", path: ["extra"] }],
      },
      {
        v: 1,
        time: "<time>",
        tool: "AskUserQuestion",
        issues: [
          {
            code: "invalid_type",
            path: ["questions"],
            expected: "array",
            received: "string",
            hint: { kind: "json", type: "array" },
          },
        ],
      },
      {
        v: 1,
        time: "<time>",
        tool: "TaskUpdate",
        issues: [{ code: "invalid_enum", path: ["status"] }],
      },
      {
        v: 1,
        time: "<time>",
        tool: "Grep",
        issues: [
          { code: "invalid_enum", path: ["output_mode"], hint: { kind: "value", value: "count" } },
        ],
      },
      {
        v: 1,
        time: "<time>",
        tool: "Read",
        issues: [
          { code: "invalid_type", path: ["offset"], expected: "number", received: "string" },
        ],
      },
      {
        v: 1,
        time: "<time>",
        tool: "TaskCreate",
        issues: [
          { code: "invalid_type", path: ["subject"], expected: "string", received: "number" },
        ],
      },
      {
        v: 1,
        time: "<time>",
        tool: "AskUserQuestion",
        issues: [
          { code: "unexpected", path: ["questions", 0, "options", 1, "colour"] },
          {
            code: "invalid_type",
            path: ["questions", 0, "options", 0, "label"],
            expected: "string",
            received: "number",
          },
          {
            code: "invalid_type",
            path: ["answers", "q"],
            expected: "string",
            received: "number",
          },
        ],
      },
    ]);
  });

  it("keeps the keys the model sent, each cut to 100 characters", async () => {
    const { dir } = await makeManager();
    const log = path.join(dir, "log.jsonl");
    const { tm, call } = await makeManager({ validationLog: log });
    const long = `k${"e".repeat(300)}y`;
    // A surrogate pair across the cut: the cut comes before it.
    const astral = `${"a".repeat(99)}\u{1f600}tail`;
    await call("TaskGet", { taskId: "1", [long]: "value", [astral]: 1, "a\nb": 2 });
    await tm.close();
    expect(await logRecords(log)).toEqual([
      {
        v: 1,
        time: "<time>",
        tool: "TaskGet",
        issues: [
          { code: "unexpected", path: [`k${"e".repeat(99)}...`] },
          { code: "unexpected", path: [`${"a".repeat(99)}...`] },
          { code: "unexpected", path: ["a\nb"] },
        ],
      },
    ]);
  });

  it("appends in the order of the calls, to what the file already holds; close() writes the rest", async () => {
    const { dir } = await makeManager();
    const log = path.join(dir, "log.jsonl");
    await fsp.writeFile(log, '{"earlier":"line"}\n');
    const { tm } = await makeManager({ validationLog: log });
    // Calls in flight together, each failing differently.
    const calls = Array.from({ length: 40 }, (_, i) =>
      tm.executeToolCall({ name: "TaskGet", arguments: JSON.stringify({ [`key${i}`]: i }) }),
    );
    await Promise.all(calls);
    await tm.close();
    const lines = (await fsp.readFile(log, "utf8")).split("\n");
    expect(lines[0]).toBe('{"earlier":"line"}');
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(1, -1).map((line) => JSON.parse(line).issues[1].path[0])).toEqual(
      Array.from({ length: 40 }, (_, i) => `key${i}`),
    );
  });

  it.runIf(process.platform !== "win32")(
    "never makes a call wait: calls go on while the log cannot even be opened yet",
    async () => {
      const { dir } = await makeManager();
      // Opening a named pipe for writing waits until something opens it for reading.
      const fifo = path.join(dir, "log.fifo");
      execFileSync("mkfifo", [fifo]);
      const { tm, call } = await makeManager({ validationLog: fifo });
      for (let i = 0; i < 3; i++)
        expect(await call("TaskGet", { id: "1" })).toEqual(WRONG_GET_RESULT);
      expect((await call("TaskCreate", { subject: "s", description: "d" })).success).toBe(true);
      // Now a reader comes; close() writes the queued lines and closes the pipe (its end).
      const reading = fsp.readFile(fifo, "utf8");
      await tm.close();
      const lines = (await reading).split("\n");
      expect(lines).toHaveLength(4);
      expect(lines[3]).toBe("");
      for (const line of lines.slice(0, 3)) {
        expect({ ...JSON.parse(line), time: "<time>" }).toEqual({
          v: 1,
          time: "<time>",
          tool: "TaskGet",
          issues: WRONG_GET_ISSUES,
        });
      }
    },
  );

  it("two processes appending to one log at once: every line whole, none split or mixed", async () => {
    const dir = await makeTempDir("tv-two-logs-");
    try {
      const log = path.join(dir, "validation.jsonl");
      const perProcess = 60_001;
      const children = ["a", "b"].map((name) =>
        spawn(
          process.execPath,
          ["--import", TSX_LOADER, APPEND_LOG, log, name, String(perProcess)],
          {
            stdio: ["pipe", "pipe", "inherit"],
          },
        ),
      );
      // Both are set up before either starts, then both start at once.
      await Promise.all(children.map((child) => once(child.stdout!, "data")));
      const exits = children.map((child) => once(child, "exit"));
      for (const child of children) child.stdin!.end("go\n");
      expect((await Promise.all(exits)).map(([code]) => code)).toEqual([0, 0]);

      const text = await fsp.readFile(log, "utf8");
      expect(text.endsWith("\n")).toBe(true);
      const lines = text.slice(0, -1).split("\n");
      expect(lines).toHaveLength(2 * perProcess);
      const next = { a: 0, b: 0 };
      for (const line of lines) {
        const record = JSON.parse(line) as { name: "a" | "b"; i: number };
        // Each process's lines whole and in its order.
        expect(record.i).toBe(next[record.name]++);
      }
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });

  it("writes nothing when no validation fails (the file is not even created)", async () => {
    const { dir } = await makeManager();
    const log = path.join(dir, "log.jsonl");
    const { tm, call } = await makeManager({ validationLog: log });
    expect((await call("TaskCreate", { subject: "s", description: "d" })).success).toBe(true);
    await tm.close();
    expect(fs.existsSync(log)).toBe(false);
  });

  it("a hook that throws does not keep the line out of the log", async () => {
    const { dir } = await makeManager();
    const log = path.join(dir, "log.jsonl");
    const { tm, call } = await makeManager({
      validationLog: log,
      onValidationFailure: () => {
        throw new Error("hook failed");
      },
    });
    expect(await call("TaskGet", { id: "1" })).toEqual(WRONG_GET_RESULT);
    await tm.close();
    expect(await logRecords(log)).toEqual([
      { v: 1, time: "<time>", tool: "TaskGet", issues: WRONG_GET_ISSUES },
    ]);
  });

  describe("a log that cannot be written", () => {
    const cases: [string, (dir: string) => Promise<string>, RegExp][] = [
      [
        "a missing folder",
        async (dir) => path.join(dir, "no-such-folder", "log.jsonl"),
        /\(ENOENT: no such file or directory, open '.*log\.jsonl'\)/,
      ],
      [
        "a folder in the file's place",
        async (dir) => {
          await fsp.mkdir(path.join(dir, "log.jsonl"));
          return path.join(dir, "log.jsonl");
        },
        /\(EISDIR: illegal operation on a directory, open '.*log\.jsonl'\)/,
      ],
    ];
    for (const [name, make, cause] of cases) {
      it(`${name}: reported once, and the calls go on`, async () => {
        const { dir } = await makeManager();
        const log = await make(dir);
        const onValidationLogError = vi.fn();
        const { tm, call } = await makeManager({ validationLog: log, onValidationLogError });
        await failuresAfterTheReport(call, () => onValidationLogError.mock.calls.length);
        const created = await call("TaskCreate", { subject: "s", description: "d" });
        expect(created.success).toBe(true);
        await tm.close();
        expect(onValidationLogError).toHaveBeenCalledTimes(1);
        const error = onValidationLogError.mock.calls[0]![0] as Error;
        expect(error.message).toMatch(
          new RegExp(
            `^The validation log ${escape(log)} cannot be written ${cause.source}; failed validations are no longer logged\\.$`,
          ),
        );
      });
    }

    it.runIf(fs.existsSync("/dev/full"))(
      "a write that fails after the file opened (a full disk): reported once",
      async () => {
        const onValidationLogError = vi.fn(() => {
          throw new Error("the report itself fails");
        });
        const { tm, call } = await makeManager({
          validationLog: "/dev/full",
          onValidationLogError,
        });
        await failuresAfterTheReport(call, () => onValidationLogError.mock.calls.length);
        await tm.close();
        expect(onValidationLogError).toHaveBeenCalledTimes(1);
        expect((onValidationLogError.mock.calls[0] as unknown[])[0]).toMatchObject({
          message:
            "The validation log /dev/full cannot be written (ENOSPC: no space left on device, write); failed validations are no longer logged.",
        });
      },
    );

    it("without onValidationLogError: one process warning", async () => {
      // Intercepted, so that the warning is asserted here and not printed into the test output.
      const emitWarning = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
      try {
        const { dir } = await makeManager();
        const log = path.join(dir, "missing", "log.jsonl");
        const { tm, call } = await makeManager({ validationLog: log });
        const ours = () =>
          emitWarning.mock.calls.filter(
            ([, options]) =>
              typeof options === "object" && options.code === "TOOL_VALIDATORS_VALIDATION_LOG",
          );
        await failuresAfterTheReport(call, () => ours().length);
        await tm.close();
        expect(ours()).toEqual([
          [
            `The validation log ${log} cannot be written (ENOENT: no such file or directory, open '${log}'); failed validations are no longer logged.`,
            { code: "TOOL_VALIDATORS_VALIDATION_LOG" },
          ],
        ]);
      } finally {
        emitWarning.mockRestore();
      }
    });
  });

  it("must name a file", async () => {
    await expect(makeManager({ validationLog: "" })).rejects.toThrow(
      'validationLog must be a file name, not ""',
    );
  });
});

describe("failureRecord", () => {
  it("copies fields by name: nothing else an issue carries reaches the record", () => {
    const issues = [
      { code: "missing", path: ["a"], value: "SECRET" },
      {
        code: "invalid_enum",
        path: ["b", 0],
        values: ["SECRET-member"],
        hint: { kind: "value", value: "x", sent: "SECRET" },
      },
    ] as unknown as ValidationIssue[];
    expect(failureRecord("Tool", issues, new Date(Date.UTC(2025, 4, 1, 10)))).toEqual({
      v: 1,
      time: "2025-05-01T10:00:00.000Z",
      tool: "Tool",
      issues: [
        { code: "missing", path: ["a"] },
        { code: "invalid_enum", path: ["b", 0], hint: { kind: "value", value: "x" } },
      ],
    });
  });
});

/**
 * A failed call, then, once its write failure was reported, more failed calls (which would
 * report again if the log tried again; `close()` waits for any such write). Each call's result
 * is the ordinary one.
 */
async function failuresAfterTheReport(
  call: (name: string, args: unknown) => Promise<unknown>,
  reports: () => number,
): Promise<void> {
  expect(await call("TaskGet", { id: "1" })).toEqual(WRONG_GET_RESULT);
  await vi.waitFor(() => expect(reports()).toBe(1));
  for (let i = 0; i < 4; i++) {
    expect(await call("TaskGet", { id: "1" })).toEqual(WRONG_GET_RESULT);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
