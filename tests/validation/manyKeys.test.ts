// A call with more unexpected keys than a list keeps (CONTRACT.md 4.2): the first 100 issues
// the walk finds, declared keys anywhere among hundreds of stray ones. Checked against the
// property tests' reference validator, and by hand for the reads that count (non-enumerable,
// inherited and undefined values, getters that throw) and for the text's last line. The random
// calls come from a seed, random unless MANY_KEYS_SEED sets it; a failure says the seed:
//   MANY_KEYS_SEED=<seed> npx vitest run tests/validation/manyKeys.test.ts
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileSchemas, type CompiledSchemas } from "../helpers/compile.js";
import { integerFromEnv } from "../helpers/env.js";
import { referenceValidate } from "../properties/reference.js";

const SEED = integerFromEnv("MANY_KEYS_SEED", (Date.now() ^ (Math.random() * 0x100000000)) | 0);

const FEW = {
  type: "object",
  properties: {
    command: { type: "string" },
    timeout: { type: "number" },
    mode: { enum: ["fast", "slow"] },
    nested: {
      type: "object",
      properties: { depth: { type: "integer" } },
      required: ["depth"],
    },
  },
  required: ["command"],
};

/** More declared keys than the emitter keeps in locals (their values go into an array). */
const MANY_DECLARED = {
  type: "object",
  properties: Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [`key${i}`, { type: i % 2 === 0 ? "string" : "number" }]),
  ),
  required: ["key0", "key39"],
};

let compiled: CompiledSchemas;
beforeAll(async () => {
  compiled = await compileSchemas(
    [
      { name: "Few", schema: FEW },
      { name: "Many", schema: MANY_DECLARED },
    ],
    "strict",
  );
});
afterAll(() => compiled.cleanup());

/** An object with the entries in this order, built the way JSON.parse builds one. */
const inOrder = (entries: readonly (readonly [string, unknown])[]) =>
  JSON.parse(JSON.stringify(Object.fromEntries(entries))) as Record<string, unknown>;

const strays = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => [`stray_${from + i}`, i % 3 === 0 ? null : i] as const);

const valueArb = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("fast", "slow", "FAST"),
  fc.record({ depth: fc.oneof(fc.integer(), fc.string({ maxLength: 2 })) }, { requiredKeys: [] }),
);

/** Declared keys with random values, placed at random among many stray keys. */
function callArb(declaredKeys: readonly string[]) {
  return fc
    .tuple(
      fc.subarray([...declaredKeys]),
      fc.integer({ min: 95, max: 260 }),
      fc.array(valueArb, { minLength: declaredKeys.length, maxLength: declaredKeys.length }),
      fc.array(fc.nat(), { minLength: declaredKeys.length, maxLength: declaredKeys.length }),
    )
    .map(([present, strayCount, values, positions]) => {
      const entries: (readonly [string, unknown])[] = [...strays(strayCount)];
      present.forEach((key, i) => {
        const at = (positions[i] ?? 0) % (entries.length + 1);
        entries.splice(at, 0, [key, values[i]]);
      });
      return inOrder(entries);
    });
}

describe("a call of hundreds of unexpected keys", () => {
  it("gets the issues of a walk over every key, declared keys anywhere among them", () => {
    fc.assert(
      fc.property(callArb(Object.keys(FEW.properties)), (args) => {
        expect(compiled.validateToolArgs("Few", args)).toEqual(
          referenceValidate(FEW, args, "strict"),
        );
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("the same with more declared keys than locals hold", () => {
    fc.assert(
      fc.property(callArb(Object.keys(MANY_DECLARED.properties)), (args) => {
        expect(compiled.validateToolArgs("Many", args)).toEqual(
          referenceValidate(MANY_DECLARED, args, "strict"),
        );
      }),
      { seed: SEED + 1, numRuns: 100 },
    );
  });

  it("declared keys after the 100th stray key: a wrong type is kept, a missing key reported", () => {
    const args = inOrder([...strays(150), ["timeout", "soon"], ["nested", {}]]);
    const issues = compiled.validateToolArgs("Few", args)!;
    expect(issues).toHaveLength(100);
    expect(issues.slice(0, 3)).toEqual([
      { code: "missing", path: ["command"] },
      { code: "missing", path: ["nested", "depth"] },
      { code: "unexpected", path: ["stray_0"] },
    ]);
    expect(issues.at(-1)).toEqual({
      code: "invalid_type",
      path: ["timeout"],
      expected: "number",
      received: "string",
    });
    expect(issues.filter((issue) => issue.code === "unexpected")).toHaveLength(97);
    expect(issues).toEqual(referenceValidate(FEW, args, "strict"));
  });

  it("past the 100th stray key, only own, enumerable, defined keys count", () => {
    const base = inOrder([...strays(120)]);
    const hidden = Object.defineProperty({ ...base }, "command", {
      value: "ls",
      enumerable: false,
    });
    const inherited = Object.assign(Object.create({ command: "ls" }) as object, base);
    const undefinedValue = { ...base, command: undefined };
    for (const args of [hidden, inherited, undefinedValue]) {
      const issues = compiled.validateToolArgs("Few", args)!;
      expect(issues[0]).toEqual({ code: "missing", path: ["command"] });
      expect(issues).toHaveLength(100);
    }
    const present = { ...base, command: "ls" };
    expect(compiled.validateToolArgs("Few", present)![0]).toEqual({
      code: "unexpected",
      path: ["stray_0"],
    });
  });

  it("a getter that throws, past the 100th stray key, makes its key unreadable", () => {
    const args = inOrder([...strays(130)]);
    Object.defineProperty(args, "command", {
      enumerable: true,
      get() {
        throw new Error("no");
      },
    });
    const issues = compiled.validateToolArgs("Few", args)!;
    // Grouped by code: the unexpected keys (the first 99 the walk found after it) come first.
    expect(issues.at(-1)).toEqual({
      code: "invalid_type",
      path: ["command"],
      expected: "string",
      received: "unreadable",
    });
    expect(issues.filter((issue) => issue.code === "unexpected")).toHaveLength(99);
  });

  it("exactly 100 stray keys and one more issue: the list is full and says so", () => {
    const args = inOrder([["timeout", "x"], ...strays(100)]);
    const issues = compiled.validateToolArgs("Few", args)!;
    expect(issues).toHaveLength(100);
    expect(issues).toEqual(referenceValidate(FEW, args, "strict"));
    const text = (compiled.index.formatValidationError as (n: string, i: unknown) => string)(
      "Few",
      issues,
    );
    expect(text.split("\n").at(-1)).toBe("...and more issues");
  });
});
