// The failure path under load and abuse (CONTRACT.md, "Bounds" and "Hints"): huge calls give
// a small text and no exception, values that throw when read are issues, validate and the
// type guard agree, and each hint fires on its near misses and on nothing else.
import { describe, expect, it } from "vitest";
import {
  failureRecord,
  formatValidationError,
  isAskUserQuestionArgs,
  isTaskUpdateArgs,
  validateAskUserQuestion,
  validateEdit,
  validateGrep,
  validateRead,
  validateTaskUpdate,
  validateToolArgs,
  validatorFor,
  type ValidationIssue,
} from "../../generated/index.js";
import { compileSchemas } from "../helpers/compile.js";
import { makeManager } from "../helpers/manager.js";

const MAX_TEXT_BYTES = 8192;

function bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** The arguments as the model sends them: JSON text, through the real pipeline. */
async function failedText(name: string, json: string): Promise<string> {
  const { tm } = await makeManager();
  const result = await tm.executeToolCall({ name, arguments: json });
  expect(result.success).toBe(false);
  expect(typeof result.error).toBe("string");
  return result.error!;
}

describe("huge calls through executeToolCall: a bounded text, no exception", () => {
  it("7 million wrong elements (14 MB) give 100 issues and at most 20 lines", async () => {
    const json = `{"taskId":"1","addBlocks":[${"0,".repeat(7_000_000)}0]}`;
    expect(json.length).toBeGreaterThan(14_000_000);
    const text = await failedText("TaskUpdate", json);
    const lines = text.split("\n");
    expect(lines[0]).toBe("TaskUpdate failed due to the following issues:");
    expect(lines.slice(1, 21)).toEqual(
      Array.from(
        { length: 20 },
        (_, i) =>
          `The parameter \`addBlocks[${i}]\` type is expected as \`string\` but provided as \`number\``,
      ),
    );
    // The validator stopped at 100 issues: how many more there were is not known.
    expect(lines[21]).toBe("...and more issues");
    expect(lines).toHaveLength(22);
  });

  it("one unexpected 50 MB key is cut to 100 characters", async () => {
    const key = "k".repeat(50 * 1024 * 1024);
    const text = await failedText("TaskGet", `{"taskId":"1","${key}":1}`);
    expect(text).toBe(
      `TaskGet failed due to the following issue:\nAn unexpected parameter \`${"k".repeat(100)}...\` was provided`,
    );
  });

  it("200,000 unexpected keys: 100 kept, 20 shown, more said without a number", async () => {
    const entries = Array.from({ length: 200_000 }, (_, i) => `"extra${i}":${i}`).join(",");
    const text = await failedText("TaskGet", `{"taskId":"1",${entries}}`);
    const lines = text.split("\n");
    expect(lines).toHaveLength(22);
    expect(lines[1]).toBe("An unexpected parameter `extra0` was provided");
    // The validator stopped at 100 issues: how many more there were is not known.
    expect(lines[21]).toBe("...and more issues");
  });

  it("the text stays within 8 KB however long the paths, keys and values", () => {
    const long = "ü".repeat(400);
    const issues: ValidationIssue[] = [];
    for (let i = 0; i < 100; i++) {
      issues.push({ code: "unexpected", path: [long, i, long], hint: { kind: "key", key: long } });
      issues.push({ code: "invalid_enum", path: [long], values: [long, long, long, long, long] });
    }
    const text = formatValidationError("T", issues);
    expect(bytes(text)).toBeLessThanOrEqual(MAX_TEXT_BYTES);
    const lines = text.split("\n");
    expect(lines.some((line) => line === "...and more issues")).toBe(true);
    // Every key, path and value shown is at most 100 characters and `...`.
    expect(lines[1]).toBe(`An unexpected parameter \`${"ü".repeat(100)}...\` was provided`);
  });

  it("a sparse array of length 2**32-1 stops at 100 issues", () => {
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;
    const issues = validateTaskUpdate({ taskId: "1", addBlocks: sparse })!;
    expect(issues).toHaveLength(100);
    expect(issues[99]).toEqual({
      code: "invalid_type",
      path: ["addBlocks", 99],
      expected: "string",
      received: "undefined",
    });
  });

  it("the value of each unexpected key is read once, and none past the 100 a list holds", () => {
    let reads = 0;
    const args: Record<string, unknown> = { taskId: "1" };
    const counted = (value: unknown) => ({
      enumerable: true,
      get: () => {
        reads++;
        return value;
      },
    });
    // A key whose value is undefined counts as absent: read, not listed.
    Object.defineProperty(args, "absent", counted(undefined));
    for (let i = 0; i < 300; i++) Object.defineProperty(args, `extra${i}`, counted(i));
    const issues = validateTaskUpdate(args)!;
    expect(issues).toHaveLength(100);
    expect(issues[0]).toEqual({ code: "unexpected", path: ["extra0"] });
    expect(issues[99]).toEqual({ code: "unexpected", path: ["extra99"] });
    expect(reads).toBe(101);
  });

  it("100 unexpected keys at once are 100 issues, never a valid call", () => {
    const args: Record<string, unknown> = { taskId: "1" };
    for (let i = 0; i < 300; i++) args[`extra${i}`] = i;
    expect(validateTaskUpdate(args)).toHaveLength(100);
    expect(isTaskUpdateArgs(args)).toBe(false);
  });
});

describe("values that throw when read are issues, never exceptions", () => {
  it("a getter that throws is an unreadable value at its path", () => {
    const args = {
      taskId: "1",
      get subject(): string {
        throw new Error("boom");
      },
    };
    expect(validateTaskUpdate(args)).toEqual([
      { code: "invalid_type", path: ["subject"], expected: "string", received: "unreadable" },
    ]);
    expect(isTaskUpdateArgs(args)).toBe(false);
    expect(formatValidationError("TaskUpdate", validateTaskUpdate(args)!)).toBe(
      "TaskUpdate failed due to the following issue:\nThe parameter `subject` type is expected as `string` but provided as `unreadable`",
    );
  });

  it("a proxy whose traps throw is an unreadable object; the walk goes on elsewhere", () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error("no keys");
        },
      },
    );
    const args = {
      questions: [{ question: 1, header: "h", options: [{ label: "a" }, { label: "b" }] }],
      metadata: hostile,
    };
    expect(validateAskUserQuestion(args)).toEqual([
      {
        code: "invalid_type",
        path: ["questions", 0, "question"],
        expected: "string",
        received: "number",
      },
      { code: "invalid_type", path: ["metadata"], expected: "object", received: "unreadable" },
    ]);
    expect(isAskUserQuestionArgs(args)).toBe(false);
  });

  it("a revoked proxy, as the arguments or inside them", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(validateRead(proxy)).toEqual([
      { code: "invalid_type", path: [], expected: "object", received: "unreadable" },
    ]);
    expect(validateTaskUpdate({ taskId: "1", addBlocks: proxy })).toEqual([
      { code: "invalid_type", path: [], expected: "object", received: "unreadable" },
    ]);
    expect(isTaskUpdateArgs({ taskId: "1", addBlocks: proxy })).toBe(false);
  });

  it("validate and the type guard agree, as each reads every value once", () => {
    // A getter that gives 5 on its first read and "ok" after.
    const fresh = () => {
      let reads = 0;
      return {
        get taskId() {
          return reads++ === 0 ? 5 : "ok";
        },
      };
    };
    expect(validateTaskUpdate(fresh())).toEqual([
      { code: "invalid_type", path: ["taskId"], expected: "string", received: "number" },
    ]);
    expect(isTaskUpdateArgs(fresh())).toBe(false);
  });

  it("a tool name that is unknown or not a string has no validator", () => {
    expect(validateToolArgs(undefined as unknown as string, {})).toBeUndefined();
    expect(validateToolArgs(42 as unknown as string, {})).toBeUndefined();
    expect(validateToolArgs("NoSuchTool", {})).toBeUndefined();
    expect(validateToolArgs("constructor", {})).toBeUndefined();
    expect(validatorFor(undefined as unknown as string)).toBeUndefined();
    expect(validatorFor("toString")).toBeUndefined();
  });
});

describe("hints", () => {
  const hintsOf = (issues: readonly ValidationIssue[] | undefined) =>
    (issues ?? []).map((issue) => ("hint" in issue ? issue.hint : undefined));

  it("a near-miss key: case and separators, a prefix or suffix, a typo", () => {
    expect(hintsOf(validateGrep({ pattern: "x", outputMode: "count" }))).toEqual([
      { kind: "key", key: "output_mode" },
    ]);
    expect(hintsOf(validateEdit({ path: "a", old_string: "a", new_string: "b" }))).toEqual([
      undefined,
      { kind: "key", key: "file_path" },
    ]);
    expect(hintsOf(validateEdit({ file_path: "a", "old-string": "a", new_string: "b" }))).toEqual([
      undefined,
      { kind: "key", key: "old_string" },
    ]);
    expect(hintsOf(validateTaskUpdate({ id: "1" }))).toEqual([
      undefined,
      { kind: "key", key: "taskId" },
    ]);
    expect(hintsOf(validateTaskUpdate({ taskId: "1", ownr: "me" }))).toEqual([
      { kind: "key", key: "owner" },
    ]);
    const text = formatValidationError(
      "AskUserQuestion",
      validateAskUserQuestion({
        questions: [{ question: "q", header: "h", options: [{ lable: "a" }, { label: "b" }] }],
      })!,
    );
    expect(text.split("\n").slice(-1)).toEqual([
      "Hint: did you mean `questions[0].options[0].label` instead of `questions[0].options[0].lable`?",
    ]);
  });

  it("no hint for keys that are not close, nor for a declared key the call already sent", () => {
    expect(hintsOf(validateTaskUpdate({ taskId: "1", colour: "red", zz: 1 }))).toEqual([
      undefined,
      undefined,
    ]);
    // `taskId` is present: `id` is not a stand-in for it.
    expect(hintsOf(validateTaskUpdate({ taskId: "1", id: "1" }))).toEqual([undefined]);
    // Two short names such as `a` and `b` are never close.
    expect(hintsOf(validateRead({ file_path: "a", o: 1 }))).toEqual([undefined]);
  });

  it("each declared key is suggested once: the closest wins, then declaration order", () => {
    // `output_Mode` (equal once simplified) wins over `outputmod` (a typo) for `output_mode`.
    expect(
      hintsOf(validateGrep({ pattern: "x", outputmod: "count", output_Mode: "count" })),
    ).toEqual([undefined, { kind: "key", key: "output_mode" }]);
  });

  it("the closest declared key wins however many keys are declared (more than 1,024)", async () => {
    const properties: Record<string, unknown> = {};
    const name = (i: number) => `property_${String(i).padStart(4, "0")}_name`;
    for (let i = 0; i < 1_100; i++) properties[name(i)] = { type: "number" };
    const compiled = await compileSchemas(
      [{ name: "Wide", schema: { type: "object", properties } }],
      "strict",
    );
    try {
      const validate = (args: unknown) => compiled.validateToolArgs("Wide", args);
      // One unexpected key, and several (each hint is looked for among all the pairs).
      expect(hintsOf(validate({ property_1050_nme: 1 }))).toEqual([
        { kind: "key", key: name(1050) },
      ]);
      expect(hintsOf(validate({ property_1050_nme: 1, zzzz: 2, property_0007_nam: 3 }))).toEqual([
        { kind: "key", key: name(1050) },
        undefined,
        { kind: "key", key: name(7) },
      ]);
      expect(hintsOf(validate({ property_1099_name_: 1, property_1098_nme: 2 }))).toEqual([
        { kind: "key", key: name(1099) },
        { kind: "key", key: name(1098) },
      ]);
    } finally {
      await compiled.cleanup();
    }
  });

  it("JSON text inside a string, of an expected type only", () => {
    const issues = validateAskUserQuestion({ questions: '[{"question":"q"}]' })!;
    expect(hintsOf(issues)).toEqual([{ kind: "json", type: "array" }]);
    expect(formatValidationError("AskUserQuestion", issues).split("\n").at(-1)).toBe(
      "Hint: `questions` is JSON text inside a string; send the array itself",
    );
    expect(hintsOf(validateRead({ file_path: "a", offset: " 20 " }))).toEqual([
      { kind: "json", type: "number" },
    ]);
    // Not JSON, or JSON of a type not expected here: no hint.
    expect(hintsOf(validateRead({ file_path: "a", offset: "twenty" }))).toEqual([undefined]);
    expect(hintsOf(validateRead({ file_path: "a", offset: "[20]" }))).toEqual([undefined]);
    expect(hintsOf(validateRead({ file_path: "a", offset: "null" }))).toEqual([undefined]);
  });

  it("a JSON hint only when the parsed value passes the declared type (1e400 is Infinity)", () => {
    for (const text of ["1e400", "-1e400", "1E999", "123456789e999"]) {
      const issues = validateRead({ file_path: "a", offset: text })!;
      expect(hintsOf(issues), text).toEqual([undefined]);
      expect(failureRecord("Read", issues, new Date(0)).issues, text).toEqual([
        { code: "invalid_type", path: ["offset"], expected: "number", received: "string" },
      ]);
    }
    expect(hintsOf(validateRead({ file_path: "a", offset: "1e300" }))).toEqual([
      { kind: "json", type: "number" },
    ]);
    expect(hintsOf(validateRead({ file_path: "a", offset: "-0" }))).toEqual([
      { kind: "json", type: "number" },
    ]);
  });

  it("an enum value in another case or with spaces around it", () => {
    const issues = validateTaskUpdate({ taskId: "1", status: " Completed" })!;
    expect(hintsOf(issues)).toEqual([{ kind: "value", value: "completed" }]);
    expect(formatValidationError("TaskUpdate", issues).split("\n").at(-1)).toBe(
      'Hint: did you mean "completed" for `status`?',
    );
    expect(hintsOf(validateTaskUpdate({ taskId: "1", status: "done" }))).toEqual([undefined]);
  });

  it("hints: false gives Claude Code's lines only", () => {
    const issues = validateTaskUpdate({ id: "1", status: "Done " })!;
    expect(formatValidationError("TaskUpdate", issues, { hints: false })).toBe(
      [
        "TaskUpdate failed due to the following issues:",
        "The required parameter `taskId` is missing",
        "An unexpected parameter `id` was provided",
        'The parameter `status` is invalid: expected one of "pending"|"in_progress"|"completed"|"deleted"',
      ].join("\n"),
    );
  });
});

describe("paths", () => {
  it("an empty first key is shown, never dropped", () => {
    expect(
      formatValidationError("T", [{ code: "unexpected", path: ["", "x"] }], { hints: false }),
    ).toBe("T failed due to the following issue:\nAn unexpected parameter `.x` was provided");
  });

  it("a line break in a key cannot start a line of its own", () => {
    const text = formatValidationError("T", [{ code: "unexpected", path: ["a\nHint: b"] }]);
    expect(text.split("\n")).toHaveLength(2);
    expect(text).toContain("`a\\u000aHint: b`");
  });
});
