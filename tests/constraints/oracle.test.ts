// Property tests of every constraint keyword through GENERATED validators with enforce "all"
// (standard mode): random keyword values (sampled from the seed, all generated in one run of
// the generator) and random data; the validator, the type guard and ajv 8 (draft 2020-12, and
// draft 7 for the array form of `items` with `additionalItems`) must agree on every value.
// multipleOf is compared with exact decimal arithmetic instead (decimals.ts): ajv's is
// floating-point (19.99 is not a multiple of 0.01 to it). Seeds: seed.ts.
import fc from "fast-check";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/extract/values.js";
import { OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { compileSchemas } from "../helpers/compile.js";
import { divisorArb, exactMultiple, valueArb } from "./decimals.js";
import { params, printSeed, SCALE, SEED } from "./seed.js";

printSeed("tests/constraints/oracle.test.ts");

type Draft = "draft2020-12" | "draft7";

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

/** How many schemas of each kind are sampled and generated (times CONSTRAINT_SCALE). */
const SCHEMAS_PER_KIND = 30;

interface Kind {
  readonly name: string;
  readonly draft: Draft;
  readonly schemas: readonly JsonValue[];
}

/** A list of schemas from an arbitrary, the same for a seed. */
function sampled(arb: fc.Arbitrary<JsonValue>, salt: number): JsonValue[] {
  return fc.sample(arb, { seed: SEED + salt, numRuns: SCHEMAS_PER_KIND * SCALE });
}

const combinedArb = fc
  .tuple(...Object.values(SCHEMAS).map((arb) => fc.option(arb, { nil: undefined })))
  .map((parts) => Object.assign({}, ...parts.filter((part) => part !== undefined)) as JsonValue);

const KINDS: Kind[] = [
  ...Object.entries(SCHEMAS).map(([name, arb], i) => ({
    name,
    draft: "draft2020-12" as const,
    schemas: sampled(arb, i),
  })),
  ...Object.entries(TUPLES).map(([name, { draft, schema }], i) => ({
    name,
    draft,
    schemas: sampled(schema, 100 + i),
  })),
  { name: "all of them in one schema", draft: "draft2020-12", schemas: sampled(combinedArb, 200) },
];

/** The divisors a user writes, and a value of each that is a multiple and one that is not. */
const USUAL_DIVISORS: [divisor: number, multiple: number, not: number][] = [
  [0.01, 19.99, 19.995],
  [0.1, 0.3, 0.35],
  [0.05, 4.35, 4.36],
  [1e-8, 12391239123, 1e-9],
  [1e-308, 1e308, 1e-309],
  [0.123456789, 0.246913578, 1e308],
  [3, 9007199254740990, 9007199254740991],
];

/** multipleOf's schemas: the divisors of decimals.ts, with and without a type. */
const MULTIPLE_OF: JsonValue[] = fc
  .sample(fc.tuple(divisorArb, fc.boolean()), {
    seed: SEED + 300,
    numRuns: SCHEMAS_PER_KIND * 2 * SCALE,
  })
  .map(([divisor, typed]) =>
    typed ? { type: "number", multipleOf: divisor } : ({ multipleOf: divisor } as JsonValue),
  );

const toolName = (kind: string, i: number) => `${kind} ${i}`;
const compiled = await compileSchemas(
  [
    ...KINDS.flatMap((kind) =>
      kind.schemas.map((schema, i) => ({ name: toolName(kind.name, i), schema })),
    ),
    ...MULTIPLE_OF.map((schema, i) => ({ name: toolName("multipleOf", i), schema })),
    ...USUAL_DIVISORS.map(([divisor], i) => ({
      name: toolName("usual multipleOf", i),
      schema: { type: "number", multipleOf: divisor },
    })),
  ],
  "standard",
  { enforce: OPT_IN_KEYWORDS },
);
afterAll(() => compiled.cleanup());

let comparisons = 0;
afterAll(() => {
  console.log(
    `tests/constraints/oracle.test.ts: ${comparisons} values compared (validator and guard against ajv, or multipleOf against exact arithmetic) on ${KINDS.reduce((n, kind) => n + kind.schemas.length, 0) + MULTIPLE_OF.length} generated validators`,
  );
});

/** The generated validator's and guard's verdicts, which must agree with each other. */
function ours(name: string, value: unknown): boolean {
  const issues = compiled.validateToolArgs(name, value);
  const accepted = compiled.guard(name)(value);
  expect(accepted, `the guard and the validator of ${name} on ${JSON.stringify(value)}`).toBe(
    issues === undefined,
  );
  return accepted;
}

describe("the constraint keywords through generated validators, against ajv", () => {
  it.each(KINDS.map((kind) => kind.name))("%s", (name) => {
    const kind = KINDS.find((k) => k.name === name)!;
    const withData = fc
      .nat(kind.schemas.length - 1)
      .chain((i) =>
        fc.tuple(
          fc.constant(i),
          fc.array(dataFor(kind.schemas[i]!), { minLength: 1, maxLength: 20 }),
        ),
      );
    fc.assert(
      fc.property(withData, ([i, data]) => {
        const schema = kind.schemas[i]!;
        for (const value of data) {
          comparisons++;
          expect(ours(toolName(name, i), value), JSON.stringify({ schema, value })).toBe(
            ajvValid(schema, value, kind.draft),
          );
        }
      }),
      params(300),
    );
  });
});

describe("multipleOf through generated validators, against exact decimal arithmetic", () => {
  it("agrees with BigInt arithmetic on the decimals JSON writes", () => {
    fc.assert(
      fc.property(
        fc.nat(MULTIPLE_OF.length - 1),
        fc.boolean(),
        valueArb,
        (i, negative, magnitude) => {
          const schema = MULTIPLE_OF[i] as { multipleOf: number };
          const value = negative ? -magnitude : magnitude;
          comparisons++;
          expect(ours(toolName("multipleOf", i), value), JSON.stringify({ schema, value })).toBe(
            exactMultiple(value, schema.multipleOf),
          );
        },
      ),
      params(5_000),
    );
  });

  it.each(USUAL_DIVISORS)("%d: %d is a multiple, %d is not", (divisor, multiple, not) => {
    const i = USUAL_DIVISORS.findIndex(([d]) => d === divisor);
    expect(exactMultiple(multiple, divisor) && !exactMultiple(not, divisor)).toBe(true);
    expect(ours(toolName("usual multipleOf", i), multiple)).toBe(true);
    expect(ours(toolName("usual multipleOf", i), not)).toBe(false);
  });
});
