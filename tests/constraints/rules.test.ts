// The build-time rules of the constraint keywords' values (each keyword's `...Rule`, in its file
// in src/keywords) and the `enforce` setting.
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/extract/values.js";
import { countRule, type RuleResult } from "../../src/keywords/constraintReading.js";
import { dependenciesRule, dependentRequiredRule } from "../../src/keywords/dependentRequired.js";
import { multipleOfRule } from "../../src/keywords/multipleOf.js";
import { boundRule, numberRule, type BoundKeyword } from "../../src/keywords/numberBounds.js";
import { patternRule } from "../../src/keywords/pattern.js";
import { tupleRule } from "../../src/keywords/prefixItems.js";
import { OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { uniqueItemsRule } from "../../src/keywords/uniqueItems.js";
import { parseEnforceFlag, readEnforce } from "../../src/settings/enforce.js";

function value<T>(result: RuleResult<T>): T {
  if (!result.ok) throw new Error(`unexpected problem: ${result.problem}`);
  return result.value;
}

function problemOf(result: RuleResult<unknown>): string {
  if (result.ok) throw new Error(`expected a problem, got ${JSON.stringify(result.value)}`);
  return result.problem;
}

const all = (): boolean => true;
const only =
  (...keywords: BoundKeyword[]) =>
  (keyword: BoundKeyword): boolean =>
    keywords.includes(keyword);

describe("enforce", () => {
  it('is "all" or a list of known keywords', () => {
    expect([...value(readEnforce("all"))]).toEqual([...OPT_IN_KEYWORDS]);
    expect([...value(readEnforce(["pattern", "minimum", "pattern"]))]).toEqual([
      "pattern",
      "minimum",
    ]);
    expect([...value(readEnforce([]))]).toEqual([]);
    expect([...value(parseEnforceFlag("minimum, maxLength"))]).toEqual(["minimum", "maxLength"]);
    expect([...value(parseEnforceFlag("all"))]).toHaveLength(OPT_IN_KEYWORDS.length);
  });

  it("names an unknown keyword, with a did-you-mean", () => {
    expect(problemOf(readEnforce(["minimun"]))).toBe(
      `"enforce" names an unknown keyword "minimun" (did you mean "minimum"?); the keywords are ${OPT_IN_KEYWORDS.join(", ")}`,
    );
    expect(problemOf(readEnforce(["format"]))).toMatch(
      /^"enforce" names an unknown keyword "format";/,
    );
    expect(problemOf(readEnforce("everything"))).toMatch(
      /^"enforce" must be "all" or a list of keywords, not the string "everything"/,
    );
    expect(problemOf(readEnforce([1]))).toBe('"enforce" lists keywords by name, not the number 1');
    expect(problemOf(readEnforce(["all"]))).toMatch(/not a list item/);
    expect(problemOf(parseEnforceFlag("minimum,,maximum"))).toMatch(/separated by commas/);
    expect(problemOf(parseEnforceFlag(""))).toMatch(/separated by commas/);
  });
});

describe("numbers and bounds", () => {
  it("takes finite numbers only", () => {
    expect(value(numberRule("minimum", 1.5))).toBe(1.5);
    expect(Object.is(value(numberRule("minimum", -0)), 0)).toBe(true);
    expect(problemOf(numberRule("minimum", "1"))).toBe(
      '`minimum` must be a number, not the string "1".',
    );
    expect(problemOf(numberRule("maximum", null))).toBe("`maximum` must be a number, not null.");
    expect(problemOf(numberRule("maximum", [1]))).toBe("`maximum` must be a number, not an array.");
  });

  it.each<[Record<string, JsonValue>, "lower" | "upper", unknown]>([
    [{ minimum: 1 }, "lower", { limit: 1, exclusive: false, keyword: "minimum" }],
    [{ exclusiveMinimum: 1 }, "lower", { limit: 1, exclusive: true, keyword: "exclusiveMinimum" }],
    [
      { minimum: 1, exclusiveMinimum: 1 },
      "lower",
      { limit: 1, exclusive: true, keyword: "exclusiveMinimum" },
    ],
    [
      { minimum: 1, exclusiveMinimum: 0 },
      "lower",
      { limit: 1, exclusive: false, keyword: "minimum" },
    ],
    [
      { minimum: 1, exclusiveMinimum: 2 },
      "lower",
      { limit: 2, exclusive: true, keyword: "exclusiveMinimum" },
    ],
    [
      { maximum: 5, exclusiveMaximum: 5 },
      "upper",
      { limit: 5, exclusive: true, keyword: "exclusiveMaximum" },
    ],
    [
      { maximum: 5, exclusiveMaximum: 6 },
      "upper",
      { limit: 5, exclusive: false, keyword: "maximum" },
    ],
    [
      { maximum: 5, exclusiveMaximum: 4 },
      "upper",
      { limit: 4, exclusive: true, keyword: "exclusiveMaximum" },
    ],
    // draft-04 / OpenAPI 3.0: the boolean beside minimum.
    [
      { minimum: 0, exclusiveMinimum: true },
      "lower",
      { limit: 0, exclusive: true, keyword: "exclusiveMinimum" },
    ],
    [
      { minimum: 0, exclusiveMinimum: false },
      "lower",
      { limit: 0, exclusive: false, keyword: "minimum" },
    ],
    [
      { maximum: 9, exclusiveMaximum: true },
      "upper",
      { limit: 9, exclusive: true, keyword: "exclusiveMaximum" },
    ],
    [{}, "lower", undefined],
    [{ maximum: 3 }, "lower", undefined],
  ])("%j, %s bound: %j", (schema, side, expected) => {
    expect(value(boundRule(schema, side, all))).toEqual(expected);
  });

  it("reads only the enforced keywords, but the boolean form as one bound", () => {
    const schema = { minimum: 1, exclusiveMinimum: 2 };
    expect(value(boundRule(schema, "lower", only("minimum")))).toEqual({
      limit: 1,
      exclusive: false,
      keyword: "minimum",
    });
    expect(value(boundRule(schema, "lower", only("exclusiveMinimum")))).toEqual({
      limit: 2,
      exclusive: true,
      keyword: "exclusiveMinimum",
    });
    expect(value(boundRule(schema, "lower", only("maximum")))).toBeUndefined();
    const draft4 = { minimum: 1, exclusiveMinimum: true };
    for (const keyword of ["minimum", "exclusiveMinimum"] as const) {
      expect(value(boundRule(draft4, "lower", only(keyword)))).toEqual({
        limit: 1,
        exclusive: true,
        keyword: "exclusiveMinimum",
      });
    }
    // A malformed value of a keyword that is not enforced is not looked at.
    expect(value(boundRule({ minimum: "1" }, "lower", only("maximum")))).toBeUndefined();
  });

  it("rejects malformed bounds, located at the keyword", () => {
    expect(boundRule({ minimum: "1" }, "lower", all)).toEqual({
      ok: false,
      keyword: "minimum",
      problem: '`minimum` must be a number, not the string "1".',
    });
    expect(boundRule({ exclusiveMinimum: true }, "lower", all)).toEqual({
      ok: false,
      keyword: "exclusiveMinimum",
      problem:
        "`exclusiveMinimum: true` (the draft-04 / OpenAPI 3.0 form) needs `minimum` beside it; in draft 2020-12 `exclusiveMinimum` is the bound itself, a number.",
    });
    expect(problemOf(boundRule({ exclusiveMaximum: "5" }, "upper", all))).toBe(
      '`exclusiveMaximum` must be a number (or, in the draft-04 / OpenAPI 3.0 form, true or false beside `maximum`), not the string "5".',
    );
    expect(problemOf(boundRule({ maximum: {}, exclusiveMaximum: true }, "upper", all))).toBe(
      "`maximum` must be a number, not an empty object.",
    );
  });
});

describe("multipleOf", () => {
  it.each<[number, unknown]>([
    [0.01, { divisor: 0.01, digits: "1", mantissa: 1, exponent: -2 }],
    [1.5, { divisor: 1.5, digits: "15", mantissa: 15, exponent: -1 }],
    [5, { divisor: 5, digits: "5", mantissa: 5, exponent: 0 }],
    [2500, { divisor: 2500, digits: "25", mantissa: 25, exponent: 2 }],
    [1e-8, { divisor: 1e-8, digits: "1", mantissa: 1, exponent: -8 }],
    [1e308, { divisor: 1e308, digits: "1", mantissa: 1, exponent: 308 }],
    [
      1.2345678901234567,
      {
        divisor: 1.2345678901234567,
        digits: "12345678901234567",
        mantissa: undefined,
        exponent: -16,
      },
    ],
  ])("%d is split into %j", (divisor, expected) => {
    expect(value(multipleOfRule(divisor))).toEqual(expected);
  });

  it("must be a number greater than 0", () => {
    expect(problemOf(multipleOfRule(0))).toBe(
      "`multipleOf` must be a number greater than 0, not the number 0.",
    );
    expect(problemOf(multipleOfRule(-2))).toBe(
      "`multipleOf` must be a number greater than 0, not the number -2.",
    );
    expect(problemOf(multipleOfRule("0.1"))).toBe(
      '`multipleOf` must be a number greater than 0, not the string "0.1".',
    );
  });
});

describe("counts", () => {
  it("are non-negative integers", () => {
    expect(value(countRule("minLength", 2))).toBe(2);
    expect(value(countRule("minLength", 2.0))).toBe(2);
    expect(value(countRule("maxItems", 0))).toBe(0);
    expect(value(countRule("maxItems", 1e300))).toBe(1e300);
    expect(problemOf(countRule("minLength", -1))).toBe(
      "`minLength` must be a non-negative integer, not the number -1.",
    );
    expect(problemOf(countRule("maxLength", 2.5))).toBe(
      "`maxLength` must be a non-negative integer, not the number 2.5.",
    );
    expect(problemOf(countRule("minItems", "3"))).toBe(
      '`minItems` must be a non-negative integer, not the string "3".',
    );
    expect(problemOf(countRule("minProperties", true))).toBe(
      "`minProperties` must be a non-negative integer, not true.",
    );
  });
});

describe("pattern", () => {
  it("accepts a safe pattern that compiles with the u flag", () => {
    expect(value(patternRule("^C[0-9]{4}$"))).toEqual({ source: "^C[0-9]{4}$" });
    expect(value(patternRule("^\\p{Letter}+$"))).toEqual({ source: "^\\p{Letter}+$" });
  });

  it("rejects what does not compile and what costs too much to match", () => {
    expect(problemOf(patternRule(5))).toBe(
      "`pattern` must be a string (a regular expression), not the number 5.",
    );
    expect(problemOf(patternRule("["))).toBe(
      "`pattern` is not a valid regular expression with the `u` flag: Unterminated character class.",
    );
    // Valid without the u flag, not with it.
    expect(problemOf(patternRule("\\-{"))).toMatch(
      /^`pattern` is not a valid regular expression with the `u` flag: /,
    );
    expect(problemOf(patternRule("a{0,1000}a{0,1000}b"))).toBe(
      "`pattern` costs too much to match: up to 4002 states of its automaton can be active at one character of a text (at most 256), and each costs a step at every character; anchor it with `^`, make its counted repetitions smaller, or bound a length with `maxLength`.",
    );
    // What backtracking takes exponential time on, the automaton does not.
    expect(value(patternRule("^(a+)+$"))).toEqual({ source: "^(a+)+$" });
    const costly = patternRule("a.{0,5000}b");
    expect(!costly.ok && costly.redos).toBe(true);
    const malformed = patternRule("[");
    expect(!malformed.ok && malformed.redos).toBeUndefined();
  });

  it("returns what the automaton cannot match with the reason, for the caller to leave out", () => {
    expect(value(patternRule("^(?=.*\\d).+$"))).toEqual({
      source: "^(?=.*\\d).+$",
      unanalysable: "it uses a look-ahead, which no automaton matches in linear time",
    });
  });

  it("takes its check as a parameter", () => {
    expect(value(patternRule("x", () => ({ status: "safe", width: 2 })))).toEqual({ source: "x" });
    expect(value(patternRule("x", () => ({ status: "unknown", reason: "why" })))).toEqual({
      source: "x",
      unanalysable: "why",
    });
  });
});

describe("arrays", () => {
  it("uniqueItems is true or false", () => {
    expect(value(uniqueItemsRule(true))).toBe(true);
    expect(value(uniqueItemsRule(false))).toBe(false);
    expect(problemOf(uniqueItemsRule("true"))).toBe(
      '`uniqueItems` must be true or false, not the string "true".',
    );
  });

  it("reads prefixItems with items, and draft-07's array items with additionalItems", () => {
    expect(value(tupleRule({ prefixItems: [{ type: "string" }, true] }))).toEqual({
      prefix: [{ type: "string" }, true],
      rest: undefined,
      prefixKeyword: "prefixItems",
      restKeyword: undefined,
    });
    expect(value(tupleRule({ prefixItems: [true], items: false }))).toEqual({
      prefix: [true],
      rest: false,
      prefixKeyword: "prefixItems",
      restKeyword: "items",
    });
    expect(
      value(tupleRule({ items: [{ type: "integer" }], additionalItems: { type: "string" } })),
    ).toEqual({
      prefix: [{ type: "integer" }],
      rest: { type: "string" },
      prefixKeyword: "items",
      restKeyword: "additionalItems",
    });
    expect(value(tupleRule({ items: { type: "string" } }))).toBeUndefined();
    expect(value(tupleRule({}))).toBeUndefined();
  });

  it("warns where additionalItems does nothing", () => {
    expect(tupleRule({ additionalItems: false })).toEqual({
      ok: true,
      value: undefined,
      warnings: [
        {
          keyword: "additionalItems",
          message:
            "`additionalItems` has no effect without an array `items` beside it (draft-07); it is ignored.",
        },
      ],
    });
    const beside = tupleRule({ prefixItems: [true], additionalItems: false });
    expect(beside.ok && beside.warnings?.[0]?.keyword).toBe("additionalItems");
  });

  it("rejects malformed positional schemas", () => {
    expect(problemOf(tupleRule({ prefixItems: [] }))).toBe(
      "`prefixItems` must be a non-empty array of schemas, not an empty array.",
    );
    expect(problemOf(tupleRule({ prefixItems: {} }))).toBe(
      "`prefixItems` must be a non-empty array of schemas, not an empty object.",
    );
    expect(problemOf(tupleRule({ prefixItems: [true, 3] }))).toBe(
      "`prefixItems[1]` must be a schema (an object, true or false), not the number 3.",
    );
    expect(problemOf(tupleRule({ items: [] }))).toBe(
      "`items` must be a non-empty array of schemas, not an empty array.",
    );
    expect(problemOf(tupleRule({ prefixItems: [true], items: [true] }))).toMatch(
      /^`items` as an array is draft-07's form of `prefixItems`/,
    );
    expect(problemOf(tupleRule({ items: [true], additionalItems: 1 }))).toBe(
      "`additionalItems` must be a schema (an object, true or false), not the number 1.",
    );
  });
});

describe("objects", () => {
  it("reads dependentRequired, dropping what requires nothing", () => {
    expect(
      value(
        dependentRequiredRule({ bar: ["foo"], quux: ["foo", "bar"], none: [], self: ["self"] }),
      ),
    ).toEqual([
      ["bar", ["foo"]],
      ["quux", ["foo", "bar"]],
    ]);
    const twice = dependentRequiredRule({ a: ["b", "b"] });
    expect(twice).toEqual({
      ok: true,
      value: [["a", ["b"]]],
      warnings: [
        { keyword: "dependentRequired", message: '`dependentRequired.a` lists "b" twice.' },
      ],
    });
  });

  it("rejects malformed dependentRequired", () => {
    expect(problemOf(dependentRequiredRule(["a"]))).toBe(
      "`dependentRequired` must be an object whose values are arrays of key names, not an array.",
    );
    expect(problemOf(dependentRequiredRule({ a: "b" }))).toBe(
      '`dependentRequired.a` must be an array of key names (strings), not the string "b".',
    );
    expect(problemOf(dependentRequiredRule({ a: ["b", 1] }))).toBe(
      "`dependentRequired.a[1]` must be a key name (a string), not the number 1.",
    );
  });

  it("reads draft-07's dependencies when every value is an array", () => {
    expect(value(dependenciesRule({ bar: ["foo"] })!)).toEqual([["bar", ["foo"]]]);
    expect(dependenciesRule({ bar: ["foo"], baz: { required: ["x"] } })).toBeUndefined();
    expect(dependenciesRule([])).toBeUndefined();
    expect(problemOf(dependenciesRule({ a: [1] })!)).toBe(
      "`dependencies.a[0]` must be a key name (a string), not the number 1.",
    );
  });
});

describe("the text of every malformed value", () => {
  /** Each class of JSON value, and how a message must name it. */
  const VALUES: readonly (readonly [JsonValue, string])[] = [
    ["1", 'the string "1"'],
    ["", 'the string ""'],
    [-1, "the number -1"],
    [1.5, "the number 1.5"],
    [0, "the number 0"],
    [true, "true"],
    [false, "false"],
    [null, "null"],
    [[], "an empty array"],
    [[1], "an array"],
    [{}, "an empty object"],
    [{ a: 1 }, "an object"],
  ];

  /** Per keyword: the rule, whether a value is valid, and what a malformed one must be. */
  const KEYWORDS: readonly {
    keyword: string;
    rule: (value: JsonValue) => RuleResult<unknown>;
    valid: (value: JsonValue) => boolean;
    text: (value: JsonValue, named: string) => string;
  }[] = [
    ...["minimum", "maximum"].map((keyword) => ({
      keyword,
      rule: (v: JsonValue) =>
        boundRule({ [keyword]: v }, keyword === "minimum" ? "lower" : "upper", all),
      valid: (v: JsonValue) => typeof v === "number",
      text: (_: JsonValue, named: string) => `\`${keyword}\` must be a number, not ${named}.`,
    })),
    ...(["exclusiveMinimum", "exclusiveMaximum"] as const).map((keyword) => {
      const inclusive = keyword === "exclusiveMinimum" ? "minimum" : "maximum";
      return {
        keyword,
        rule: (v: JsonValue) =>
          boundRule({ [keyword]: v }, inclusive === "minimum" ? "lower" : "upper", all),
        valid: (v: JsonValue) => typeof v === "number",
        text: (v: JsonValue, named: string) =>
          typeof v === "boolean"
            ? `\`${keyword}: ${v}\` (the draft-04 / OpenAPI 3.0 form) needs \`${inclusive}\` beside it; in draft 2020-12 \`${keyword}\` is the bound itself, a number.`
            : `\`${keyword}\` must be a number (or, in the draft-04 / OpenAPI 3.0 form, true or false beside \`${inclusive}\`), not ${named}.`,
      };
    }),
    {
      keyword: "multipleOf",
      rule: multipleOfRule,
      valid: (v) => typeof v === "number" && v > 0,
      text: (_, named) => `\`multipleOf\` must be a number greater than 0, not ${named}.`,
    },
    ...["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"].map(
      (keyword) => ({
        keyword,
        rule: (v: JsonValue) => countRule(keyword, v),
        valid: (v: JsonValue) => typeof v === "number" && Number.isInteger(v) && v >= 0,
        text: (_: JsonValue, named: string) =>
          `\`${keyword}\` must be a non-negative integer, not ${named}.`,
      }),
    ),
    {
      keyword: "pattern",
      rule: (v) => patternRule(v, () => ({ status: "safe", width: 2 })),
      valid: (v) => typeof v === "string",
      text: (_, named) => `\`pattern\` must be a string (a regular expression), not ${named}.`,
    },
    {
      keyword: "uniqueItems",
      rule: uniqueItemsRule,
      valid: (v) => typeof v === "boolean",
      text: (_, named) => `\`uniqueItems\` must be true or false, not ${named}.`,
    },
    {
      keyword: "prefixItems",
      rule: (v) => tupleRule({ prefixItems: v }),
      valid: () => false,
      text: (v, named) =>
        Array.isArray(v) && v.length > 0
          ? "`prefixItems[0]` must be a schema (an object, true or false), not the number 1."
          : `\`prefixItems\` must be a non-empty array of schemas, not ${named}.`,
    },
    {
      keyword: "dependentRequired",
      rule: (v) => dependentRequiredRule(v),
      valid: (v) =>
        typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0,
      text: (v, named) =>
        typeof v === "object" && v !== null && !Array.isArray(v)
          ? "`dependentRequired.a` must be an array of key names (strings), not the number 1."
          : `\`dependentRequired\` must be an object whose values are arrays of key names, not ${named}.`,
    },
  ];

  it.each(KEYWORDS.map((k) => [k.keyword, k] as const))("%s", (_, { rule, valid, text }) => {
    for (const [json, named] of VALUES) {
      const result = rule(json);
      if (valid(json)) expect([json, result.ok]).toEqual([json, true]);
      else expect([json, problemOf(result)]).toEqual([json, text(json, named)]);
    }
  });

  it("names the elements and keys that are wrong", () => {
    expect(problemOf(tupleRule({ items: [true, "x"] }))).toBe(
      '`items[1]` must be a schema (an object, true or false), not the string "x".',
    );
    expect(problemOf(tupleRule({ items: [true], additionalItems: [] }))).toBe(
      "`additionalItems` must be a schema (an object, true or false), not an empty array.",
    );
    expect(problemOf(dependentRequiredRule({ a: ["b", 2] }))).toBe(
      "`dependentRequired.a[1]` must be a key name (a string), not the number 2.",
    );
  });
});
