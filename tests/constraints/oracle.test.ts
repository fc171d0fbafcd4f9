// Property tests of every constraint keyword but multipleOf against ajv 8 (draft 2020-12, and
// draft 7 for the array form of `items`): random keyword values and random data, the reference
// evaluator (the run-time predicates and the build-time rules) and ajv must agree on every
// value. multipleOf is compared with exact decimal arithmetic instead (exact.test.ts): ajv's
// is floating-point (19.99 is not a multiple of 0.01 to it). Seeds: seed.ts.
import fc from "fast-check";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/extract/values.js";
import { isValid, type Draft } from "./reference.js";
import { params, printSeed } from "./seed.js";

printSeed("tests/constraints/oracle.test.ts");

const ajv2020 = new Ajv2020({ strict: false, allErrors: false });
const ajv7 = new Ajv({ strict: false, allErrors: false });
const compiledSchemas = new Map<string, ValidateFunction>();

function ajvValid(schema: JsonValue, data: unknown, draft: Draft): boolean {
  const key = `${draft} ${JSON.stringify(schema)}`;
  let validate = compiledSchemas.get(key);
  if (validate === undefined) {
    validate = (draft === "draft7" ? ajv7 : ajv2020).compile(schema as object);
    compiledSchemas.set(key, validate);
  }
  return validate(data) as boolean;
}

/** Object keys from a small set, so that keywords about keys see hits and misses. */
const KEYS = ["a", "b", "c", "d", "e"] as const;
const keyArb = fc.constantFrom(...KEYS);

/** JSON values, small, with strings that hold surrogate pairs and numbers near small bounds. */
const jsonArb: fc.Arbitrary<JsonValue> = fc.letrec<{ json: JsonValue }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<JsonValue>(null, true, false, 0, 1, -1, 2, 0.5, "", "a", "1"),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }),
    fc.integer({ min: -5, max: 5 }),
    fc.string({
      unit: fc.constantFrom("a", "b", "C", "0", "9", "_", "π", "\u{1F4A9}", "\ud83d", " "),
      maxLength: 8,
    }),
    fc.array(tie("json"), { maxLength: 5 }),
    fc
      .uniqueArray(fc.tuple(keyArb, tie("json")), { selector: ([key]) => key, maxLength: 5 })
      .map((entries) => Object.fromEntries(entries) as JsonValue),
  ),
})).json;

/** A copy of a JSON value with every object's keys in another order. */
function reordered(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, item]) => [key, reordered(item)]),
    );
  return value;
}

const boundArb = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }),
  fc.constantFrom(0, -0, 0.5, 1e-300, 9007199254740991),
);
const countArb = fc.nat(6);

/** Patterns the ReDoS check accepts, and strings made of the characters they look at. */
const PATTERNS = [
  "^a*$",
  "a+",
  "^\\p{Letter}+$",
  "^C[0-9]{4}$",
  "^[a-z_]+$",
  "\\d",
  "^.$",
  "^(?:a|b)C?$",
  "^[^π]*$",
  "\u{1F4A9}",
  "^\\S+$",
];

/** One keyword's random schemas, and the draft they are read in. */
const SCHEMAS: Record<string, fc.Arbitrary<JsonValue>> = {
  minimum: boundArb.map((n) => ({ minimum: n })),
  maximum: boundArb.map((n) => ({ maximum: n })),
  exclusiveMinimum: boundArb.map((n) => ({ exclusiveMinimum: n })),
  exclusiveMaximum: boundArb.map((n) => ({ exclusiveMaximum: n })),
  "minimum and exclusiveMinimum": fc
    .tuple(boundArb, boundArb)
    .map(([a, b]) => ({ minimum: a, exclusiveMinimum: b })),
  "maximum and exclusiveMaximum": fc
    .tuple(boundArb, boundArb)
    .map(([a, b]) => ({ maximum: a, exclusiveMaximum: b })),
  minLength: countArb.map((n) => ({ minLength: n })),
  maxLength: countArb.map((n) => ({ maxLength: n })),
  pattern: fc.constantFrom(...PATTERNS).map((source) => ({ pattern: source })),
  minItems: countArb.map((n) => ({ minItems: n })),
  maxItems: countArb.map((n) => ({ maxItems: n })),
  uniqueItems: fc.boolean().map((unique) => ({ uniqueItems: unique })),
  minProperties: countArb.map((n) => ({ minProperties: n })),
  maxProperties: countArb.map((n) => ({ maxProperties: n })),
  const: jsonArb.map((value) => ({ const: value })),
  dependentRequired: fc
    .dictionary(keyArb, fc.uniqueArray(keyArb, { maxLength: 3 }), { maxKeys: 3 })
    .map((map) => ({ dependentRequired: map })),
};

/** Sub-schemas for the positional keywords. */
const itemSchemaArb = fc.constantFrom<JsonValue>(
  true,
  false,
  { type: "string" },
  { type: "number" },
  { minimum: 1 },
  { const: 1 },
  { maxLength: 1 },
  { type: "array", uniqueItems: true },
);

const TUPLES: Record<string, { draft: Draft; schema: fc.Arbitrary<JsonValue> }> = {
  prefixItems: {
    draft: "draft2020-12",
    schema: fc
      .tuple(
        fc.array(itemSchemaArb, { minLength: 1, maxLength: 3 }),
        fc.option(itemSchemaArb, { nil: undefined }),
      )
      .map(
        ([prefix, rest]) =>
          (rest === undefined
            ? { prefixItems: prefix }
            : { prefixItems: prefix, items: rest }) as JsonValue,
      ),
  },
  "draft-07 items array and additionalItems": {
    draft: "draft7",
    schema: fc
      .tuple(
        fc.array(itemSchemaArb, { minLength: 1, maxLength: 3 }),
        fc.option(itemSchemaArb, { nil: undefined }),
      )
      .map(
        ([prefix, rest]) =>
          (rest === undefined
            ? { items: prefix }
            : { items: prefix, additionalItems: rest }) as JsonValue,
      ),
  },
};

/** Data for one schema: random JSON, near misses of a const, and arrays with repeats. */
function dataFor(schema: JsonValue): fc.Arbitrary<unknown> {
  const record = schema as Record<string, JsonValue>;
  const around: fc.Arbitrary<unknown>[] = [jsonArb];
  for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
    const bound = record[key];
    if (typeof bound === "number")
      around.push(fc.constantFrom(bound, bound + 1e-9, bound - 1e-9, bound + 1, bound - 1));
  }
  if ("const" in record) {
    const value = record["const"]!;
    around.push(fc.constant(value), fc.constant(reordered(value)), fc.constant([value]));
  }
  around.push(
    fc.array(
      fc.constantFrom<JsonValue>(1, 1.0, "1", [1], { a: 1 }, { a: 1, b: 2 }, { b: 2, a: 1 }, null),
      {
        maxLength: 6,
      },
    ),
  );
  return fc.oneof(...around);
}

function agree(draft: Draft) {
  return (schema: JsonValue, data: unknown[]) => {
    for (const value of data) {
      const ours = isValid(schema, value, draft);
      const theirs = ajvValid(schema, value, draft);
      expect(ours, JSON.stringify({ schema, value })).toBe(theirs);
    }
  };
}

const withData = (schemaArb: fc.Arbitrary<JsonValue>) =>
  schemaArb.chain((schema) =>
    fc.tuple(fc.constant(schema), fc.array(dataFor(schema), { minLength: 1, maxLength: 20 })),
  );

describe("the constraint keywords against ajv", () => {
  it.each(Object.keys(SCHEMAS))("%s", (keyword) => {
    fc.assert(
      fc.property(withData(SCHEMAS[keyword]!), ([schema, data]) =>
        agree("draft2020-12")(schema, data),
      ),
      params(300),
    );
  });

  it.each(Object.keys(TUPLES))("%s", (name) => {
    const { draft, schema } = TUPLES[name]!;
    fc.assert(
      fc.property(withData(schema), ([s, data]) => agree(draft)(s, data)),
      params(300),
    );
  });

  it("all of them in one schema", () => {
    const combined = fc
      .tuple(...Object.values(SCHEMAS).map((arb) => fc.option(arb, { nil: undefined })))
      .map(
        (parts) => Object.assign({}, ...parts.filter((part) => part !== undefined)) as JsonValue,
      );
    fc.assert(
      fc.property(withData(combined), ([schema, data]) => agree("draft2020-12")(schema, data)),
      params(300),
    );
  });
});
