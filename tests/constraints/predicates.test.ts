// Unit tests of the run-time predicates (the keywords' modules in src/support, and the deep equality in
// src/support/runtime.ts that enum, const and uniqueItems share) against exact expectations.
import { describe, expect, it } from "vitest";
import { isPresent } from "../../src/support/dependentRequired.js";
import { decimalOf, isMultipleOf, isMultipleOfDigits } from "../../src/support/multipleOf.js";
import {
  hasMaxProperties,
  hasMinProperties,
  propertyCount,
} from "../../src/support/propertyCount.js";
import { codePointLength, hasMaxLength, hasMinLength } from "../../src/support/stringLength.js";
import { duplicateItems } from "../../src/support/uniqueItems.js";
import { deepEqual, isMember } from "../../src/support/runtime.js";
import { multipleOfRule } from "../../src/keywords/multipleOf.js";

/** `value multipleOf divisor` through the divisor's build-time split, as the emitter will call it. */
function multiple(value: number, divisor: number): boolean {
  const rule = multipleOfRule(divisor);
  if (!rule.ok) throw new Error(rule.problem);
  const d = rule.value;
  return d.mantissa === undefined
    ? isMultipleOfDigits(value, d.digits, d.exponent)
    : isMultipleOf(value, d.mantissa, d.exponent);
}

describe("codePointLength", () => {
  it.each([
    ["", 0],
    ["abc", 3],
    ["é", 1],
    ["e\u0301", 2], // a combining accent is a code point of its own
    ["\u{1F4A9}", 1],
    ["a\u{1F4A9}b", 3],
    ["\u{1F468}\u200D\u{1F469}", 3], // a ZWJ sequence: three code points
    ["\ud83d", 1], // a lone high surrogate
    ["\udca9", 1], // a lone low surrogate
    ["\udca9\ud83d", 2], // low then high: not a pair
    ["\ud83d\ud83d\udca9", 2],
    ["x".repeat(1000), 1000],
  ])("%j has %i code points", (text, length) => {
    expect(codePointLength(text)).toBe(length);
    expect(codePointLength(text)).toBe([...text].length);
  });

  it("bounds by code points, not UTF-16 units", () => {
    const poo = "\u{1F4A9}";
    expect(hasMinLength(poo, 2)).toBe(false);
    expect(hasMinLength(poo + poo, 2)).toBe(true);
    expect(hasMaxLength(poo + poo, 2)).toBe(true);
    expect(hasMaxLength(poo + poo + poo, 2)).toBe(false);
    expect(hasMinLength("", 0)).toBe(true);
    expect(hasMaxLength("", 0)).toBe(true);
    expect(hasMaxLength("a", 0)).toBe(false);
    expect(hasMinLength("ab", 3)).toBe(false);
    // A huge text against a small maximum is decided by its length.
    expect(hasMaxLength("x".repeat(1_000_000), 100)).toBe(false);
    expect(hasMinLength("x".repeat(1_000_000), 100)).toBe(true);
  });
});

describe("decimalOf", () => {
  it.each([
    [0, "", 0],
    [-0, "", 0],
    [1, "1", 0],
    [1200, "12", 2],
    [19.99, "1999", -2],
    [-0.0075, "75", -4],
    [1.5e-7, "15", -8],
    [1e21, "1", 21],
    [123e300, "123", 300],
    [5e-324, "5", -324],
    [2 ** 60, "1152921504606847", 3],
    [Number.MAX_VALUE, "17976931348623157", 292],
  ])("%d is %s * 10^%d", (value, digits, exponent) => {
    expect(decimalOf(value)).toEqual({ digits, exponent });
  });
});

describe("isMultipleOf: exact in decimal", () => {
  it.each([
    // [value, divisor, multiple]
    [19.99, 0.01, true],
    [19.995, 0.01, false],
    [0.3, 0.1, true],
    [0.7, 0.1, true],
    [1.1, 0.1, true],
    [0.30000000000000004, 0.1, false],
    [0, 0.01, true],
    [-0, 7, true],
    [4.5, 1.5, true],
    [-4.5, 1.5, true],
    [35, 1.5, false],
    [10, 2, true],
    [7, 2, false],
    [0.0075, 0.0001, true],
    [0.00751, 0.0001, false],
    [1e308, 0.123456789, false],
    [12391239123, 1e-8, true],
    [1e308, 1e-308, true],
    [1e-308, 1e308, false],
    [1e308, 1e308, true],
    [1.7976931348623157e308, 1e-323, true],
    [2 ** 60, 1000, true], // 2^60 is written 1152921504606847000
    [2 ** 60, 3, false], // 1+1+5+2+9+2+1+5+0+4+6+0+6+8+4+7 = 61
    [2 ** 53, 2, true],
    [2 ** 53 + 2, 2, true],
    [9007199254740993, 1, true], // reads as 2^53, an integer
    [1e21, 7, false],
    [7e21, 7, true],
    [1e22, 1e21, true],
    [1e23, 1e22, true], // 1e23 is written 1e+23
    [0.1, 1, false],
    [1.5, 1, false],
    [4503599627370495.5, 0.5, true],
    [4503599627370495.5, 1, false],
    [123.456, 0.001, true],
    [123.456, 0.01, false],
    [1.23e-10, 1e-12, true],
    [1.23e-10, 1e-11, false],
    [1.2e-10, 1e-11, true],
    [1.2e-10, 1e-10, false],
    [0.1, 1e-30, true],
    [1e-30, 1e-31, true],
    [3e-31, 2e-31, false],
    [6e-31, 2e-31, true],
    [1.2345678901234567, 1.2345678901234567, true], // a 17-digit divisor (BigInt)
    [2.4691357802469134, 1.2345678901234567, true],
    [2.469135780246913, 1.2345678901234567, false],
    [1e308, 1.2345678901234567e-300, false],
    [123456789012345670000, 1.2345678901234567, true],
    [123456789012345680000, 1.2345678901234567, false],
    [Number.MAX_SAFE_INTEGER, 9007199254740991, true],
    [Number.MAX_SAFE_INTEGER - 1, 9007199254740991, false],
  ])("%d multipleOf %d is %s", (value, divisor, expected) => {
    expect(multiple(value, divisor)).toBe(expected);
  });

  it("is false for NaN and the infinities, and never throws", () => {
    for (const value of [Number.NaN, Infinity, -Infinity]) {
      expect(isMultipleOf(value, 1, 0)).toBe(false);
      expect(isMultipleOf(value, 1, -2)).toBe(false);
      expect(isMultipleOfDigits(value, "12345678901234567", -16)).toBe(false);
    }
  });
});

describe("deepEqual", () => {
  it.each([
    [1, 1, true],
    [0, -0, true],
    [Number.NaN, Number.NaN, false],
    ["a", "a", true],
    ["1", 1, false],
    [null, null, true],
    [null, {}, false],
    [false, 0, false],
    [[], [], true],
    [[], {}, false],
    [{}, [], false],
    [[1, [2, { a: 3 }]], [1, [2, { a: 3 }]], true],
    [[1, 2], [2, 1], false],
    [[1], [1, 1], false],
    [{ a: 1, b: 2 }, { b: 2, a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1, b: 2 }, { a: 1 }, false],
    [{ a: false }, { a: 0 }, false],
    [{ a: [] }, { a: {} }, false],
    // A key whose value is undefined counts as absent, on either side.
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [{ a: 1 }, { a: 1, b: undefined }, true],
    [{ b: undefined }, {}, true],
    [{ a: undefined }, { b: undefined }, true],
    [{ a: undefined, c: 1 }, { b: undefined, c: 2 }, false],
  ])("%j and %j: %s", (a, b, expected) => {
    expect(deepEqual(a, b)).toBe(expected);
    expect(deepEqual(b, a)).toBe(expected);
  });

  it("counts own enumerable string keys only", () => {
    const hidden = { a: 1 };
    Object.defineProperty(hidden, "b", { value: 2, enumerable: false });
    expect(deepEqual(hidden, { a: 1 })).toBe(true);
    expect(deepEqual(hidden, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual({ a: 1, b: 2 }, hidden)).toBe(false);
    const inherited = Object.create({ b: 2 }) as Record<string, unknown>;
    inherited["a"] = 1;
    expect(deepEqual(inherited, { a: 1 })).toBe(true);
    expect(deepEqual(inherited, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual({ a: 1, [Symbol("s")]: 2 }, { a: 1 })).toBe(true);
    // A JSON.parse `__proto__` key is an ordinary key.
    expect(deepEqual(JSON.parse('{"__proto__": 1}'), {})).toBe(false);
    expect(deepEqual(JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": 1}'))).toBe(true);
  });

  it("makes values whose reading throws unequal, and never throws", () => {
    const throwing = {
      get a(): never {
        throw new Error("getter");
      },
    };
    expect(deepEqual(throwing, { a: 1 })).toBe(false);
    expect(deepEqual({ a: 1 }, throwing)).toBe(false);
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    expect(deepEqual(revocable.proxy, {})).toBe(false);
    const cycle: Record<string, unknown> = {};
    cycle["self"] = cycle;
    const other: Record<string, unknown> = {};
    other["self"] = other;
    expect(deepEqual(cycle, other)).toBe(false);
    expect(deepEqual(cycle, cycle)).toBe(true);
  });
});

describe("isMember (enum's test, runtime.ts)", () => {
  it("uses the same deep equality: undefined-valued and non-enumerable keys never count", () => {
    const members = [{ a: 1 }, [1, { b: 2 }], "x"];
    expect(isMember(members, { a: 1, b: undefined })).toBe(true);
    const hidden = { a: 1 };
    Object.defineProperty(hidden, "b", { value: 2, enumerable: false });
    expect(isMember(members, hidden)).toBe(true);
    expect(isMember([{ a: 1, b: 2 }], hidden)).toBe(false);
    expect(isMember(members, [1, { b: 2, c: undefined }])).toBe(true);
    expect(isMember(members, { a: 2 })).toBe(false);
    expect(isMember(members, "x")).toBe(true);
  });

  it("is false for a value whose reading throws, and never throws", () => {
    const throwing = {
      get a(): never {
        throw new Error("getter");
      },
    };
    expect(isMember([{ a: 1 }], throwing)).toBe(false);
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    expect(isMember([{}], revocable.proxy)).toBe(false);
  });
});

describe("duplicateItems", () => {
  it.each([
    [[], undefined],
    [[1], undefined],
    [[1, 2, 3], undefined],
    [
      [1, 2, 1],
      [0, 2],
    ],
    [
      [1, 2, 2, 1],
      [1, 2],
    ],
    [
      [1.0, 1.0, 1],
      [0, 1],
    ],
    [
      [0, -0],
      [0, 1],
    ],
    [[Number.NaN, Number.NaN], undefined],
    [["1", 1], undefined],
    [[false, 0, null, ""], undefined],
    [
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [0, 1],
    ],
    [[{ a: false }, { a: 0 }], undefined],
    [[[1], [true]], undefined],
    [
      [{ a: 1 }, { a: 1, b: undefined }],
      [0, 1],
    ],
    [
      [
        [1, [2]],
        [1, [2]],
      ],
      [0, 1],
    ],
    [[{}, []], undefined],
  ])("%j: %j", (items, expected) => {
    expect(duplicateItems(items)).toEqual(expected);
  });

  it("finds the same pair in long arrays (hashed) as a pairwise search", () => {
    const items: unknown[] = [];
    for (let i = 0; i < 200; i++)
      items.push({ id: i, tags: [`t${i}`], nested: { deep: [i, { x: i }] } });
    expect(duplicateItems(items)).toBeUndefined();
    items.push({ nested: { deep: [57, { x: 57 }] }, tags: ["t57"], id: 57 });
    expect(duplicateItems(items)).toEqual([57, 200]);
    const numbers = Array.from({ length: 1000 }, (_, i) => i * 0.5);
    expect(duplicateItems(numbers)).toBeUndefined();
    numbers.push(250);
    expect(duplicateItems(numbers)).toEqual([500, 1000]);
    const strings = Array.from({ length: 100 }, (_, i) => `${"x".repeat(100)}${i}`);
    expect(duplicateItems(strings)).toBeUndefined();
    expect(duplicateItems([...strings, strings[42]])).toEqual([42, 100]);
  });

  it("takes an element whose reading throws as distinct, and never throws", () => {
    const throwing = {
      get a(): never {
        throw new Error("getter");
      },
    };
    expect(duplicateItems([throwing, throwing])).toEqual([0, 1]); // the same object
    expect(duplicateItems([throwing, { a: 1 }])).toBeUndefined();
    const many = Array.from({ length: 20 }, () => ({ ...{} }));
    many[3] = throwing;
    expect(duplicateItems(many)).toEqual([0, 1]);
  });
});

describe("object keys", () => {
  it("counts own enumerable keys whose value is not undefined", () => {
    const record: Record<string, unknown> = { a: 1, b: undefined, c: null };
    Object.defineProperty(record, "d", { value: 1, enumerable: false });
    expect(propertyCount(record)).toBe(2);
    expect(hasMinProperties(record, 2)).toBe(true);
    expect(hasMinProperties(record, 3)).toBe(false);
    expect(hasMaxProperties(record, 2)).toBe(true);
    expect(hasMaxProperties(record, 1)).toBe(false);
    expect(hasMinProperties({}, 0)).toBe(true);
    expect(hasMaxProperties({}, 0)).toBe(true);
    expect(propertyCount(Object.create({ inherited: 1 }))).toBe(0);
    expect(propertyCount(JSON.parse('{"__proto__": 1}'))).toBe(1);
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    expect(propertyCount(revocable.proxy)).toBe(0);
  });

  it("reads presence as `required` does", () => {
    const record: Record<string, unknown> = { a: 1, b: undefined, c: null };
    Object.defineProperty(record, "d", { value: 1, enumerable: false });
    expect(isPresent(record, "a")).toBe(true);
    expect(isPresent(record, "b")).toBe(false);
    expect(isPresent(record, "c")).toBe(true);
    expect(isPresent(record, "d")).toBe(false);
    expect(isPresent(record, "toString")).toBe(false);
    const throwing = {
      get a(): never {
        throw new Error("getter");
      },
    };
    expect(isPresent(throwing, "a")).toBe(true);
    // Inherited keys never count, whatever their getters do.
    const child = Object.create(throwing) as object;
    expect(isPresent(child, "a")).toBe(false);
    expect(isPresent({}, "__proto__")).toBe(false);
    expect(isPresent(JSON.parse('{"__proto__": 1}') as object, "__proto__")).toBe(true);
  });
});
