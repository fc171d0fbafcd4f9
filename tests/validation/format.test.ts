import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ValidationIssue } from "../../generated/types.js";
import { formatPath, formatValidationError } from "../../example/index.js";

describe("formatValidationError", () => {
  it("uses `issue` for one line and `issues` for several, with no trailing newline", () => {
    expect(formatValidationError("TaskGet", [{ code: "missing", path: ["taskId"] }])).toBe(
      "TaskGet failed due to the following issue:\nThe required parameter `taskId` is missing",
    );
    const two = formatValidationError("TaskGet", [
      { code: "missing", path: ["taskId"] },
      { code: "unexpected", path: ["id"] },
    ]);
    expect(two).toBe(
      "TaskGet failed due to the following issues:\nThe required parameter `taskId` is missing\nAn unexpected parameter `id` was provided",
    );
  });

  it("writes the four line forms exactly", () => {
    const issues: ValidationIssue[] = [
      { code: "missing", path: ["a"] },
      { code: "unexpected", path: ["b"] },
      { code: "invalid_type", path: ["c"], expected: "string | null", received: "NaN" },
      { code: "invalid_enum", path: ["d"], values: ["pending", "in_progress", 3, null, { x: 1 }] },
    ];
    expect(formatValidationError("T", issues).split("\n").slice(1)).toEqual([
      "The required parameter `a` is missing",
      "An unexpected parameter `b` was provided",
      "The parameter `c` type is expected as `string | null` but provided as `NaN`",
      'The parameter `d` is invalid: expected one of "pending"|"in_progress"|3|null|{"x":1}',
    ]);
  });

  it("groups missing, unexpected, type and enum issues, keeping the order inside each group", () => {
    const issues: ValidationIssue[] = [
      { code: "invalid_enum", path: ["e1"], values: ["x"] },
      { code: "invalid_type", path: ["t1"], expected: "number", received: "string" },
      { code: "unexpected", path: ["u1"] },
      { code: "missing", path: ["m1"] },
      { code: "invalid_type", path: ["t2"], expected: "number", received: "string" },
      { code: "missing", path: ["m2"] },
      { code: "unexpected", path: ["u2"] },
    ];
    const lines = formatValidationError("T", issues).split("\n").slice(1);
    expect(lines.map((line) => line.match(/`(\w+)`/)![1])).toEqual([
      "m1",
      "m2",
      "u1",
      "u2",
      "t1",
      "t2",
      "e1",
    ]);
  });

  it("orders any list as a stable sort by code would, runs of one code included", () => {
    const codes = ["missing", "unexpected", "invalid_type", "invalid_enum"] as const;
    const issueOf = (code: (typeof codes)[number], i: number): ValidationIssue =>
      code === "invalid_type"
        ? { code, path: [`k${i}`], expected: "number", received: "string" }
        : code === "invalid_enum"
          ? { code, path: [`k${i}`], values: ["x"] }
          : { code, path: [`k${i}`] };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0, 1, 2, 3), { maxLength: 12 }), (ranks) => {
        const issues = ranks.map((rank, i) => issueOf(codes[rank]!, i));
        const expected = issues
          .map((issue, i) => ({ rank: ranks[i]!, key: String(issue.path[0]) }))
          .sort((a, b) => a.rank - b.rank)
          .map((entry) => entry.key);
        const text = formatValidationError("T", issues);
        const keys = text
          .split("\n")
          .slice(1)
          .map((line) => line.match(/`(\w+)`/)![1]);
        expect(keys).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("writes paths as keys joined with dots and indices in brackets", () => {
    expect(formatPath(["questions", 0, "options", 1, "label"])).toBe(
      "questions[0].options[1].label",
    );
    expect(formatPath(["matrix", 0, 1])).toBe("matrix[0][1]");
    expect(formatPath(["-A"])).toBe("-A");
  });

  it("says how many more issues there are only when the validator counted them all", () => {
    const unexpected = (count: number): ValidationIssue[] =>
      Array.from({ length: count }, (_, i) => ({ code: "unexpected", path: [`k${i}`] }));
    // A validator keeps at most 100 issues and stops looking: a full list may have more.
    expect(formatValidationError("T", unexpected(100)).split("\n").at(-1)).toBe(
      "...and more issues",
    );
    expect(formatValidationError("T", unexpected(99)).split("\n").at(-1)).toBe(
      "...and 79 more issues",
    );
    expect(formatValidationError("T", unexpected(21)).split("\n").at(-1)).toBe(
      "...and 1 more issue",
    );
    // Lines cut by the 8 KB bound are counted the same way.
    const long = (count: number): ValidationIssue[] =>
      Array.from({ length: count }, (_, i) => ({
        code: "unexpected",
        path: [`${"ü".repeat(99)}${i}`],
      }));
    const cut = formatValidationError("T", long(30)).split("\n");
    expect(cut.at(-1)).toBe(`...and ${30 - (cut.length - 2)} more issues`);
    expect(formatValidationError("T", long(100)).split("\n").at(-1)).toBe("...and more issues");
  });

  it("speaks of the input itself when the root is wrong", () => {
    expect(
      formatValidationError("Read", [
        { code: "invalid_type", path: [], expected: "object", received: "array" },
      ]),
    ).toBe(
      "Read failed due to the following issue:\nThe input type is expected as `object` but provided as `array`",
    );
  });
});
