// Property tests of the predicates that ajv cannot judge, against exact arithmetic and
// independent definitions: multipleOf against BigInt arithmetic on the decimals JSON writes,
// code-point lengths against the string iterator, uniqueItems' first pair against a pairwise
// search on canonical JSON text. Seeds: seed.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { multipleOfRule } from "../../src/keywords/multipleOf.js";
import { isMultipleOf, isMultipleOfDigits } from "../../src/support/multipleOf.js";
import { codePointLength, hasMaxLength, hasMinLength } from "../../src/support/stringLength.js";
import { duplicateItems } from "../../src/support/uniqueItems.js";
import { divisorArb, exactMultiple, valueArb } from "./decimals.js";
import { params, printSeed } from "./seed.js";

printSeed("tests/constraints/exact.test.ts");

/** The divisor's build-time split and the run-time call, as a generated validator makes it. */
function multiple(value: number, divisor: number): boolean {
  const rule = multipleOfRule(divisor);
  if (!rule.ok) throw new Error(rule.problem);
  const d = rule.value;
  return d.mantissa === undefined
    ? isMultipleOfDigits(value, d.digits, d.exponent)
    : isMultipleOf(value, d.mantissa, d.exponent);
}

describe("multipleOf against exact decimal arithmetic", () => {
  it("agrees with BigInt arithmetic on the decimals JSON writes, for any value and divisor", () => {
    fc.assert(
      fc.property(fc.boolean(), valueArb, divisorArb, (negative, value, divisor) => {
        const v = negative ? -value : value;
        expect(multiple(v, divisor)).toBe(exactMultiple(v, divisor));
      }),
      params(20_000),
    );
  });

  it("accepts every k * divisor a user writes (up to 14 significant digits) and rejects one digit off", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 999_999n }),
        fc.integer({ min: -40, max: 20 }),
        (k, m, e) => {
          const product = k * m;
          fc.pre((product < 0n ? -product : product) < 10n ** 14n);
          const divisor = Number(`${m}e${e}`);
          const value = Number(`${product}e${e}`);
          expect(multiple(value, divisor)).toBe(true);
          // One unit in the next decimal place is never a multiple.
          const off = Number(`${product * 10n + 1n}e${e - 1}`);
          expect(multiple(off, divisor)).toBe(false);
        },
      ),
      params(10_000),
    );
  });
});

/** Strings of single UTF-16 units around the surrogate ranges, pairs and lone halves mixed. */
const surrogateHeavy = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    fc.constantFrom("a", "é", "\u{1F4A9}", "\u{10FFFF}", "\u200D"),
  ),
  maxLength: 30,
});

describe("code-point lengths", () => {
  it("equal the string iterator's count, and bound as it counts", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), surrogateHeavy),
        fc.nat(45),
        (text, n) => {
          const length = [...text].length;
          expect(codePointLength(text)).toBe(length);
          expect(hasMinLength(text, n)).toBe(length >= n);
          expect(hasMaxLength(text, n)).toBe(length <= n);
        },
      ),
      params(10_000),
    );
  });
});

/** JSON text with object keys sorted and undefined-valued keys left out (JSON.stringify's rule). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value === 0 ? 0 : value);
}

/** Small values, so that equal ones are frequent; objects with keys in random order. */
const itemArb: fc.Arbitrary<unknown> = fc.letrec<{ item: unknown }>((tie) => ({
  item: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(0, -0, 1, 1.5, "a", "b", "1", "", true, false, null),
    fc.array(tie("item"), { maxLength: 3 }),
    fc
      .uniqueArray(
        fc.tuple(fc.constantFrom("a", "b", "c"), fc.oneof(tie("item"), fc.constant(undefined))),
        { selector: ([key]) => key, maxLength: 3 },
      )
      .map((entries) => Object.fromEntries(entries)),
  ),
})).item;

describe("uniqueItems", () => {
  it("finds the first equal pair a pairwise search on canonical JSON finds, short arrays and long", () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 60 }), (items) => {
        const texts = items.map(canonical);
        let expected: [number, number] | undefined;
        for (let j = 1; j < texts.length && expected === undefined; j++) {
          const i = texts.indexOf(texts[j]!);
          if (i < j) expected = [i, j];
        }
        expect(duplicateItems(items)).toEqual(expected);
      }),
      params(10_000),
    );
  });
});
