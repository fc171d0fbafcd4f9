// The opt-in constraint keywords (CONTRACT.md section 3.1) as the generator writes them: each
// issue code's line at a path and at the root, the order of the groups, the bounds of the text,
// what a failure log keeps, the argument types, the diagnostics of malformed values, and what
// an enforced keyword does to the keywords beside it. Everything runs through generated
// validators (generateFromSchemas with `enforce`).
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseRecord, summariseLogs, summaryText } from "../../src/failures/index.js";
import { KEYWORD_DEFINITIONS, KEYWORDS, OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { OTHER_KNOWN_KEYWORDS } from "../../src/keywords/table.js";
import { generate, generateFromSchemas } from "../../src/pipeline/generate.js";
import { diagnosticsText, notEnforcedText } from "../../src/run/messages.js";
import type { ValidationIssue } from "../../generated/types.js";
import { compileSchemas, type CompiledSchemas } from "../helpers/compile.js";
import { makeTempDir } from "../helpers/context.js";

const ALL = OPT_IN_KEYWORDS;

/** One tool per schema, named as the key, every keyword enforced, in strict mode. */
const SCHEMAS: Record<string, unknown> = {
  Order: {
    type: "object",
    properties: {
      customer_id: { type: "string", pattern: "^C[0-9]{4}$" },
      limit: { type: "integer", minimum: 1, maximum: 20 },
      offset: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 100 },
      price: { type: "number", multipleOf: 0.01 },
      name: { type: "string", minLength: 3, maxLength: 5 },
      letter: { type: "string", minLength: 1, maxLength: 1 },
      tags: {
        type: "array",
        items: { type: "string" },
        minItems: 1,
        maxItems: 3,
        uniqueItems: true,
      },
      env: { type: "object", minProperties: 1, maxProperties: 2 },
      kind: { const: "order" },
      shape: { const: { a: [1, "x"] } },
      pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
      a: { type: "string" },
      b: { type: "string" },
      c: { type: "string" },
    },
    dependentRequired: { a: ["b", "c"] },
  },
  // The root forms: schemas of the arguments themselves (standard mode below).
  Root: {
    type: "object",
    minProperties: 2,
    maxProperties: 3,
    properties: { x: {}, y: {}, z: {}, w: {} },
  },
  Draft04: {
    type: "object",
    properties: {
      low: { type: "number", minimum: 0, exclusiveMinimum: true },
      high: { type: "number", maximum: 10, exclusiveMaximum: true },
      inclusive: { type: "number", minimum: 0, exclusiveMinimum: false },
    },
  },
  Tuple07: {
    type: "object",
    properties: {
      point: {
        type: "array",
        items: [{ type: "number" }, { type: "number" }],
        additionalItems: false,
      },
      rest: {
        type: "array",
        items: [{ type: "string" }],
        additionalItems: { type: "integer" },
        minItems: 1,
      },
    },
  },
  Dependencies07: {
    type: "object",
    properties: { card: { type: "string" }, billing: { type: "string" } },
    dependencies: { card: ["billing"] },
  },
  LongPattern: {
    type: "object",
    properties: { code: { type: "string", pattern: `^${"a".repeat(120)}$` } },
  },
};

let compiled: CompiledSchemas;
let rootForms: CompiledSchemas;
const schemas = Object.entries(SCHEMAS).map(([name, schema]) => ({ name, schema }));
compiled = await compileSchemas(schemas, "strict", { enforce: ALL });
rootForms = await compileSchemas(
  [
    { name: "Number", schema: { minimum: 1, exclusiveMaximum: 5, multipleOf: 2 } },
    { name: "Text", schema: { minLength: 2, maxLength: 3, pattern: "^a" } },
    { name: "List", schema: { minItems: 1, maxItems: 2, uniqueItems: true } },
    { name: "Const", schema: { const: [1, { a: "x" }] } },
    { name: "Lower", schema: { exclusiveMinimum: 0, maximum: 9 } },
  ],
  "standard",
  { enforce: ALL },
);
afterAll(() => Promise.all([compiled.cleanup(), rootForms.cleanup()]));

type Format = (tool: string, issues: readonly ValidationIssue[], o?: object) => string;
type Record_ = (tool: string, issues: readonly ValidationIssue[], time: Date) => unknown;

function lines(set: CompiledSchemas, tool: string, args: unknown): string[] {
  const issues = set.validateToolArgs(tool, args);
  expect(issues, JSON.stringify(args)).toBeDefined();
  expect(set.guard(tool)(args)).toBe(false);
  return (set.index["formatValidationError"] as Format)(tool, issues!).split("\n").slice(1);
}

function valid(set: CompiledSchemas, tool: string, args: unknown): void {
  expect(set.validateToolArgs(tool, args), JSON.stringify(args)).toBeUndefined();
  expect(set.guard(tool)(args)).toBe(true);
}

describe("the issue lines", () => {
  it("accept a call inside every constraint", () => {
    valid(compiled, "Order", {
      customer_id: "C1234",
      limit: 20,
      offset: 99.5,
      price: 19.99,
      name: "ab\u{1F4A9}",
      letter: "\u{1F4A9}",
      tags: ["x", "y"],
      env: { A: "1" },
      kind: "order",
      shape: { a: [1, "x"] },
      pair: ["x", 1],
      a: "1",
      b: "2",
      c: "3",
    });
    valid(compiled, "Order", {});
  });

  it("say each code's sentence at a path, in the text's order of groups", () => {
    expect(
      lines(compiled, "Order", {
        customer_id: "c12345",
        limit: 25,
        offset: 0,
        price: 19.995,
        name: "ab",
        letter: "xy",
        tags: ["x", "y", "x", "z"],
        env: { A: "1", B: "2", C: "3" },
        kind: "query",
        shape: { a: [1, "y"] },
        pair: ["x", 1, 2],
        a: "1",
      }),
    ).toEqual([
      "An unexpected parameter `pair[2]` was provided",
      "The parameter `offset` is too small: expected more than 0 but provided 0",
      "The parameter `limit` is too large: expected at most 20 but provided 25",
      "The parameter `price` is invalid: expected a multiple of 0.01 but provided 19.995",
      "The parameter `name` is too short: expected at least 3 characters but provided 2",
      "The parameter `letter` is too long: expected at most 1 character but provided 2",
      "The parameter `customer_id` does not match the pattern `^C[0-9]{4}$`",
      "The parameter `tags` has too many items: expected at most 3 but provided 4",
      "The parameter `tags` has duplicate items: [0] and [2] are equal",
      "The parameter `env` has too many properties: expected at most 2 but provided 3",
      "The parameter `b` is required when `a` is provided",
      "The parameter `c` is required when `a` is provided",
      'The parameter `kind` is invalid: expected "order"',
      'The parameter `shape` is invalid: expected {"a":[1,"x"]}',
    ]);
    expect(
      lines(compiled, "Order", { limit: 0, offset: 100, tags: [], env: {}, name: "abcdef" }),
    ).toEqual([
      "The parameter `limit` is too small: expected at least 1 but provided 0",
      "The parameter `offset` is too large: expected less than 100 but provided 100",
      "The parameter `name` is too long: expected at most 5 characters but provided 6",
      "The parameter `tags` has too few items: expected at least 1 but provided 0",
      "The parameter `env` has too few properties: expected at least 1 but provided 0",
    ]);
  });

  it("count code points, not UTF-16 units", () => {
    valid(compiled, "Order", { name: "\u{1F4A9}\u{1F4A9}\u{1F4A9}", letter: "\u{1F4A9}" });
    expect(lines(compiled, "Order", { name: "\u{1F4A9}\u{1F4A9}" })).toEqual([
      "The parameter `name` is too short: expected at least 3 characters but provided 2",
    ]);
  });

  it("say the root forms", () => {
    expect(lines(rootForms, "Number", 0)).toEqual([
      "The input is too small: expected at least 1 but provided 0",
    ]);
    expect(lines(rootForms, "Number", 5)).toEqual([
      "The input is too large: expected less than 5 but provided 5",
      "The input is invalid: expected a multiple of 2 but provided 5",
    ]);
    expect(lines(rootForms, "Lower", 0)).toEqual([
      "The input is too small: expected more than 0 but provided 0",
    ]);
    expect(lines(rootForms, "Lower", 10)).toEqual([
      "The input is too large: expected at most 9 but provided 10",
    ]);
    expect(lines(rootForms, "Text", "bcde")).toEqual([
      "The input is too long: expected at most 3 characters but provided 4",
      "The input does not match the pattern `^a`",
    ]);
    expect(lines(rootForms, "Text", "a")).toEqual([
      "The input is too short: expected at least 2 characters but provided 1",
    ]);
    expect(lines(rootForms, "List", [])).toEqual([
      "The input has too few items: expected at least 1 but provided 0",
    ]);
    expect(lines(rootForms, "List", [1, 1, 1])).toEqual([
      "The input has too many items: expected at most 2 but provided 3",
      "The input has duplicate items: [0] and [1] are equal",
    ]);
    expect(lines(rootForms, "Const", [1, { a: "y" }])).toEqual([
      'The input is invalid: expected [1,{"a":"x"}]',
    ]);
    valid(rootForms, "Const", [1, { a: "x", b: undefined }]);
    // A keyword about one kind of value lets the others pass.
    valid(rootForms, "Number", "text");
    valid(rootForms, "Text", 7);
    valid(rootForms, "List", { a: 1 });
  });

  it("say the root forms of an object's counts", async () => {
    const root = await compileSchemas([{ name: "Root", schema: SCHEMAS["Root"] }], "standard", {
      enforce: ALL,
    });
    try {
      expect(lines(root, "Root", { x: 1 })).toEqual([
        "The input has too few properties: expected at least 2 but provided 1",
      ]);
      expect(lines(root, "Root", { x: 1, y: 2, z: 3, w: 4 })).toEqual([
        "The input has too many properties: expected at most 3 but provided 4",
      ]);
      // A key whose value is undefined counts as absent.
      expect(lines(root, "Root", { x: 1, y: undefined })).toEqual([
        "The input has too few properties: expected at least 2 but provided 1",
      ]);
    } finally {
      await root.cleanup();
    }
  });

  it("never echo a string, and cut a long pattern as enum values are cut", () => {
    const huge = "x".repeat(10_000_000);
    const text = lines(compiled, "Order", { customer_id: huge, name: huge });
    expect(text).toEqual([
      "The parameter `name` is too long: expected at most 5 characters but provided 10000000",
      "The parameter `customer_id` does not match the pattern `^C[0-9]{4}$`",
    ]);
    expect(lines(compiled, "LongPattern", { code: "b" })).toEqual([
      `The parameter \`code\` does not match the pattern \`^${"a".repeat(99)}...\``,
    ]);
  });

  it("give data the validator's issues carry", () => {
    const issues = compiled.validateToolArgs("Order", {
      limit: 25,
      price: 0.015,
      name: "ab",
      tags: ["x", "x"],
      a: "1",
      kind: 1,
      customer_id: "x",
    });
    expect(issues).toEqual([
      { code: "too_large", path: ["limit"], limit: 20, received: 25 },
      { code: "not_multiple", path: ["price"], divisor: 0.01, received: 0.015 },
      { code: "too_short", path: ["name"], limit: 3, length: 2 },
      { code: "pattern_mismatch", path: ["customer_id"], pattern: "^C[0-9]{4}$" },
      { code: "not_unique", path: ["tags"], indices: [0, 1] },
      { code: "dependent_required", path: ["b"], when: "a" },
      { code: "dependent_required", path: ["c"], when: "a" },
      { code: "invalid_const", path: ["kind"], value: "order" },
    ]);
  });

  it("are recorded in a failure log by code, path and bound, never a value", () => {
    const issues = compiled.validateToolArgs("Order", {
      limit: 25,
      price: 0.015,
      name: "secret",
      tags: ["s", "s"],
      a: "1",
      kind: "secret",
      customer_id: "secret",
      env: {},
    })!;
    const record = (compiled.index["failureRecord"] as Record_)("Order", issues, new Date(0)) as {
      issues: unknown[];
    };
    expect(record.issues).toEqual([
      { code: "too_large", path: ["limit"], limit: 20 },
      { code: "not_multiple", path: ["price"], divisor: 0.01 },
      { code: "too_long", path: ["name"], limit: 5 },
      { code: "pattern_mismatch", path: ["customer_id"] },
      { code: "not_unique", path: ["tags"] },
      { code: "too_few_properties", path: ["env"], limit: 1 },
      { code: "dependent_required", path: ["b"] },
      { code: "dependent_required", path: ["c"] },
      { code: "invalid_const", path: ["kind"] },
    ]);
    expect(JSON.stringify(record)).not.toMatch(/secret|0\.015|25/);
  });
});

describe("the failure report", () => {
  it("reads the constraint codes' records and counts them per path", async () => {
    const issues = compiled.validateToolArgs("Order", { limit: 25, name: "x", kind: "y" })!;
    const line = JSON.stringify(
      (compiled.index["failureRecord"] as Record_)("Order", issues, new Date(0)),
    );
    expect(typeof parseRecord(line)).toBe("object");
    // A record whose bound is not a number is not one.
    expect(typeof parseRecord(line.replace('"limit":20', '"limit":"20"'))).toBe("string");
    const folder = await makeTempDir("tv-report-");
    try {
      const log = path.join(folder, "log.jsonl");
      await fs.writeFile(log, `${line}\n${line}\n`);
      const summary = await summariseLogs([log]);
      expect(summary.badLines.count).toBe(0);
      expect(summary.tools[0]!.paths.map((row) => [row.path, row.code, row.count])).toEqual([
        ["limit", "too_large", 2],
        ["name", "too_short", 2],
        ["kind", "invalid_const", 2],
      ]);
      expect(summaryText(summary)).toContain("too_large");
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});

describe("the older forms", () => {
  it("draft-04's exclusiveMinimum: true beside minimum is an exclusive bound; false leaves it inclusive", () => {
    valid(compiled, "Draft04", { low: 0.5, high: 9.5, inclusive: 0 });
    expect(lines(compiled, "Draft04", { low: 0, high: 10, inclusive: -1 })).toEqual([
      "The parameter `inclusive` is too small: expected at least 0 but provided -1",
      "The parameter `low` is too small: expected more than 0 but provided 0",
      "The parameter `high` is too large: expected less than 10 but provided 10",
    ]);
  });

  it("enforcing minimum alone enforces the draft-04 bound as declared, and lists neither keyword", async () => {
    const result = await generateFromSchemas(
      [{ name: "Low", schema: { type: "number", minimum: 0, exclusiveMinimum: true } }],
      { mode: "standard", enforce: ["minimum"] },
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.tools[0]!.notEnforced).toEqual([]);
    const module = result.output!.find((file) => file.name === "low.ts")!.content;
    expect(module).toContain('code: "too_small_exclusive"');
    const types = result.output!.find((file) => file.name === "types.ts")!.content;
    expect(types).toContain('code: "too_small_exclusive"');
    // The 2020-12 form is a keyword of its own: not enforced with minimum alone.
    const modern = await generateFromSchemas(
      [{ name: "Low", schema: { type: "number", minimum: 0, exclusiveMinimum: 5 } }],
      { mode: "standard", enforce: ["minimum"] },
    );
    expect(modern.tools[0]!.notEnforced.map(notEnforcedText)).toEqual([
      "exclusiveMinimum at the top level",
    ]);
  });

  it("draft-07's array items and additionalItems are prefixItems and the rest", () => {
    valid(compiled, "Tuple07", { point: [1, 2], rest: ["a", 1, 2] });
    valid(compiled, "Tuple07", { point: [1] });
    expect(lines(compiled, "Tuple07", { point: [1, "2", 3], rest: [1, 2.5] })).toEqual([
      "An unexpected parameter `point[2]` was provided",
      "The parameter `point[1]` type is expected as `number` but provided as `string`",
      "The parameter `rest[0]` type is expected as `string` but provided as `number`",
      "The parameter `rest[1]` type is expected as `integer` but provided as `number`",
      "Hint: `point[1]` is JSON text inside a string; send the number itself",
    ]);
  });

  it("draft-07's dependencies with arrays is dependentRequired, and allows no other key", () => {
    valid(compiled, "Dependencies07", { card: "1", billing: "x" });
    valid(compiled, "Dependencies07", { billing: "x" });
    expect(lines(compiled, "Dependencies07", { card: "1", other: 1 })).toEqual([
      "An unexpected parameter `other` was provided",
      "The parameter `billing` is required when `card` is provided",
    ]);
  });

  it("draft-07's dependencies with a schema is not enforced, listed, and allows other keys", async () => {
    const result = await generateFromSchemas(
      [
        {
          name: "Deps",
          schema: {
            type: "object",
            properties: { a: {} },
            dependencies: { a: { required: ["b"] } },
          },
        },
      ],
      { enforce: ALL },
    );
    expect(result.tools[0]!.notEnforced.map(notEnforcedText)).toEqual([
      "dependencies at the top level (`dependencies` with schemas (draft-07's `dependentSchemas`) is not enforced)",
      "unknown keys at the top level (`dependencies` may allow keys not declared here)",
    ]);
  });
});

describe("the argument types", () => {
  it("const is a literal type, prefixItems a tuple with a rest; the counts change nothing", () => {
    const module = compiled.files.get("order.ts")!;
    expect(module).toContain('kind?: "order" | undefined;');
    expect(module).toContain('shape?: { readonly a: readonly [1, "x"] } | undefined;');
    expect(module).toContain("pair?: [string?, number?] | undefined;");
    expect(module).toContain("tags?: Array<string> | undefined;");
    expect(module).toContain("limit?: number | undefined;");
    const tuple = compiled.files.get("tuple07.ts")!;
    expect(tuple).toContain("point?: [number?, number?] | undefined;");
    // minItems: 1 makes the first element required.
    expect(tuple).toContain("rest?: [string, ...Array<number>] | undefined;");
  });

  it("a constant its type never accepts leaves the key only undefined (never, which linters call redundant in a union, dropped)", async () => {
    const result = await generateFromSchemas(
      [
        {
          name: "Never",
          schema: {
            type: "object",
            properties: {
              a: { type: "string", const: 1 },
              b: { type: "array", prefixItems: [{ type: ["string", "null"] }] },
            },
          },
        },
      ],
      { enforce: ALL },
    );
    const module = result.output!.find((file) => file.name === "never.ts")!.content;
    expect(module).toContain("a?: undefined;");
    expect(module).toContain("b?: [(string | null)?, ...unknown[]] | undefined;");
    expect(module).toContain("deepEqual(");
  });
});

/** A tool file declaring `parameters`, for located diagnostics. */
function toolFile(parameters: string): string {
  return `export const orderTool = {
  name: "Order",
  config: {
    type: "function",
    function: {
      name: "Order",
      parameters: ${parameters},
    },
  },
};
`;
}

async function generateFile(parameters: string, enforce?: readonly string[]) {
  const folder = await makeTempDir("tv-enforce-");
  await fs.writeFile(path.join(folder, "tool.ts"), toolFile(parameters));
  try {
    const result = await generate({
      cwd: folder,
      tools: ["tool.ts"],
      ...(enforce ? { enforce } : {}),
    });
    return { result, text: diagnosticsText(result.diagnostics, result.sources) };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

describe("malformed values of enforced keywords", () => {
  const PARAMETERS = `{
        type: "object",
        properties: {
          limit: { type: "integer", minimum: "1" },
          customer_id: { type: "string", pattern: 5 },
          price: { type: "number", multipleOf: 0 },
          code: { type: "string", pattern: "a{0,1000}a{0,1000}b" },
          word: { type: "string", pattern: "[" },
        },
      }`;

  it("are located errors and nothing is written", async () => {
    const { result, text } = await generateFile(PARAMETERS, ALL);
    expect(result.output).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.schemaPath, d.message])).toEqual([
      [
        "error",
        "TV2013",
        "parameters.properties.limit.minimum",
        '`minimum` must be a number, not the string "1".',
      ],
      [
        "error",
        "TV2013",
        "parameters.properties.customer_id.pattern",
        "`pattern` must be a string (a regular expression), not the number 5.",
      ],
      [
        "error",
        "TV2013",
        "parameters.properties.price.multipleOf",
        "`multipleOf` must be a number greater than 0, not the number 0.",
      ],
      [
        "error",
        "TV2014",
        "parameters.properties.code.pattern",
        "`pattern` costs too much to match: up to 4002 states of its automaton can be active at one character of a text (at most 256), and each costs a step at every character; anchor it with `^`, make its counted repetitions smaller, or bound a length with `maxLength`.",
      ],
      [
        "error",
        "TV2013",
        "parameters.properties.word.pattern",
        "`pattern` is not a valid regular expression with the `u` flag: Unterminated character class.",
      ],
    ]);
    expect(text).toContain(
      'tool.ts:10:46 - error TV2013: Tool "Order", parameters.properties.limit.minimum: `minimum` must be a number, not the string "1".\n\n10           limit: { type: "integer", minimum: "1" },\n                                                ~~~\n',
    );
    expect(text).toContain("Found 5 errors.");
  });

  it("without enforce stay what they were: not enforced, listed, no error", async () => {
    const { result } = await generateFile(PARAMETERS);
    expect(result.diagnostics).toEqual([]);
    expect(result.output).toBeDefined();
    expect(result.tools[0]!.notEnforced.map(notEnforcedText)).toEqual([
      "minimum at limit",
      "pattern at customer_id",
      "multipleOf at price",
      "pattern at code",
      "pattern at word",
    ]);
  });

  it("a misspelt enforced keyword is an error with a did-you-mean; not enforced, a warning", async () => {
    const parameters = `{ type: "object", properties: { limit: { type: "integer", minimun: 1 } } }`;
    const enforced = await generateFile(parameters, ["minimum"]);
    expect(enforced.result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["TV2010", 'Unknown keyword "minimun". Did you mean "minimum"?'],
    ]);
    const listed = await generateFile(parameters);
    expect(listed.result.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["TV2102", "warning"],
    ]);
  });

  it("a pattern the automaton cannot match (a look-ahead) is a warning, not enforced and listed with a note", async () => {
    const { result } = await generateFile(
      `{ type: "object", properties: { password: { type: "string", pattern: "^(?=.*\\\\d).{8,}$" } } }`,
      ALL,
    );
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([
      [
        "warning",
        "TV2107",
        "`pattern` is not enforced: it uses a look-ahead, which no automaton matches in linear time.",
      ],
    ]);
    expect(result.output).toBeDefined();
    expect(result.tools[0]!.notEnforced.map(notEnforcedText)).toEqual([
      "pattern at password (not matched in linear time)",
    ]);
    const module = result.output!.find((file) => file.name === "order.ts")!.content;
    expect(module).not.toContain("pattern(");
  });

  it("positional schemas are read as schemas: a description there need not be static", async () => {
    const { result } = await generateFile(
      `{ type: "object", properties: { pair: { type: "array", prefixItems: [{ type: "string", description: \`made at \${Date.now()}\` }], items: { type: "number", description: String(1) } } } }`,
      ALL,
    );
    expect(result.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ["warning", "TV2103"],
      ["warning", "TV2103"],
    ]);
    expect(result.output).toBeDefined();
    const unknown = await generateFile(
      `{ type: "object", properties: { pair: { type: "array", prefixItems: [{ type: "string" }, Symbol()] } } }`,
      ALL,
    );
    expect(unknown.result.diagnostics.map((d) => [d.code, d.schemaPath])).toEqual([
      ["TV2001", "parameters.properties.pair.prefixItems[1]"],
    ]);
  });

  it("enforcing exclusiveMinimum alone enforces the draft-04 inclusive form as declared", async () => {
    const result = await generateFromSchemas(
      [{ name: "Low", schema: { type: "number", minimum: 1, exclusiveMinimum: false } }],
      { mode: "standard", enforce: ["exclusiveMinimum"] },
    );
    expect(result.tools[0]!.notEnforced).toEqual([]);
    const module = result.output!.find((file) => file.name === "low.ts")!.content;
    expect(module).toContain('code: "too_small"');
  });

  it("values with no effect are warnings", async () => {
    const { result } = await generateFile(
      `{ type: "object", properties: { a: { type: "array", additionalItems: false }, b: { type: "object", dependentRequired: { x: ["y", "y"] } } } }`,
      ALL,
    );
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.schemaPath])).toEqual([
      ["warning", "TV2106", "parameters.properties.a.additionalItems"],
      ["warning", "TV2106", "parameters.properties.b.dependentRequired"],
    ]);
  });
});

describe("the registry", () => {
  it("lists what the other known keywords are not: no keyword of the registry is among them but `dependencies` (also key-allowing)", () => {
    const registered = new Set(KEYWORDS.flatMap((keyword) => keyword.keywords));
    expect(OTHER_KNOWN_KEYWORDS.filter((keyword) => registered.has(keyword))).toEqual([
      "dependencies",
    ]);
  });

  it("orders the checks by kind, a value's own before those of the values inside it", () => {
    const kinds = KEYWORD_DEFINITIONS.map((definition) => definition.appliesTo ?? "any");
    expect(kinds.filter((kind, i) => kind !== kinds[i - 1])).toEqual([
      "any",
      "number",
      "string",
      "object",
      "array",
    ]);
    // Within a kind, a value's own checks before those of the values inside it.
    for (const [i, definition] of KEYWORD_DEFINITIONS.entries()) {
      if (!("children" in definition)) continue;
      const after = KEYWORD_DEFINITIONS.slice(i + 1).filter(
        (d) => d.appliesTo === definition.appliesTo,
      );
      expect(after.filter((d) => !("children" in d)).map((d) => d.keywords[0])).toEqual([]);
    }
    // `const` before `enum`: the argument type is the first literal type, the constant's.
    const names = KEYWORD_DEFINITIONS.map((definition) => definition.keywords[0]);
    expect(names.indexOf("const")).toBeLessThan(names.indexOf("enum"));
  });
});
