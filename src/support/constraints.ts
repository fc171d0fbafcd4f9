/**
 * The run-time predicates of the constraint keywords a host can ask to enforce (`enforce`,
 * CONTRACT.md section 3.1), with JSON Schema's meaning (draft 2020-12). This file is copied into a
 * host's output folder only when a validator there uses one of them: it imports only
 * runtime.ts beside it, uses nothing beyond ES2020, and no function here throws, whatever a
 * JavaScript caller passes.
 *
 * What is a one-liner in the generated code has no helper here:
 *
 * - `minimum` / `maximum`: `value >= bound` / `value <= bound`; `exclusiveMinimum` /
 *   `exclusiveMaximum`: `value > bound` / `value < bound` (the generator resolves the draft-04
 *   form `exclusiveMinimum: true` beside `minimum` into an exclusive bound). They apply to
 *   finite numbers only, after the type check.
 * - `minItems` / `maxItems`: `array.length >= n` / `array.length <= n`.
 * - `pattern`: patterns.ts, an automaton that matches in linear time.
 * - `const`: `===` for a string, number, boolean or null; runtime.ts's `deepEqual` (enum's) for
 *   an array or an object.
 */

import { deepEqual, objectMethods } from "./runtime.js";

// ---------------------------------------------------------------------------------------------
// Strings: lengths in code points

/**
 * The length of a text in Unicode code points, as `minLength` and `maxLength` count it: a
 * surrogate pair (an emoji such as U+1F4A9) is one, a lone surrogate is one, every other
 * UTF-16 unit is one. Equals `[...text].length`, without making the array.
 */
export function codePointLength(text: string): number {
  const units = text.length;
  let pairs = 0;
  for (let i = 0; i < units; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < units) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return units - pairs;
}

/**
 * `minLength`: whether the text has at least `min` code points. A text of `n` UTF-16 units has
 * between `ceil(n / 2)` and `n` code points, so most texts are decided by their `.length`
 * alone, and only those in between are counted.
 */
export function hasMinLength(text: string, min: number): boolean {
  const units = text.length;
  if (units < min) return false;
  if (units >= 2 * min - 1) return true;
  return codePointLength(text) >= min;
}

/**
 * `maxLength`: whether the text has at most `max` code points (by `.length` alone when it can
 * be decided so: a huge text is never scanned).
 */
export function hasMaxLength(text: string, max: number): boolean {
  const units = text.length;
  if (units <= max) return true;
  if (units > 2 * max) return false;
  return codePointLength(text) <= max;
}

// ---------------------------------------------------------------------------------------------
// Numbers: multipleOf, exact in decimal

/**
 * The powers of ten that a double holds exactly (10^0 to 10^22).
 */
const POW10: readonly number[] = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
  1e18, 1e19, 1e20, 1e21, 1e22,
];

/** 2^51: below it, `Math.round` of a scaled value finds the integer it approximates. */
const TWO_51 = 2251799813685248;
/** 2^52: every double at or above it is an integer. */
const TWO_52 = 4503599627370496;
/** The largest mantissa whose remainder arithmetic (`r * 10 + 9`) stays exact in a double. */
const MAX_NUMBER_MODULUS = 900719925474099;

/**
 * A finite number as the decimal JSON writes it (the shortest text that reads back as the
 * same double, `String(value)`), as `digits * 10^exponent`: `digits` without a sign, without
 * leading or trailing zeros (`""` for zero). 19.99 is `{ digits: "1999", exponent: -2 }`, 1e21
 * is `{ digits: "1", exponent: 21 }`, 1200 is `{ digits: "12", exponent: 2 }`. Not for NaN or
 * the infinities.
 */
export interface Decimal {
  readonly digits: string;
  readonly exponent: number;
}

export function decimalOf(value: number): Decimal {
  const text = String(value);
  let digits = "";
  let exponent = 0;
  let fraction = false;
  let i = 0;
  if (text.charCodeAt(0) === 0x2d /* - */) i = 1;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e /* . */) fraction = true;
    else if (code === 0x65 /* e */) {
      exponent += Number(text.slice(i + 1));
      break;
    } else {
      if (fraction) exponent--;
      // Leading zeros are dropped as they come ("0.0075" is 75e-4).
      if (code !== 0x30 || digits !== "") digits += text.charAt(i);
    }
  }
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 0x30) end--;
  exponent += digits.length - end;
  return end === 0 ? { digits: "", exponent: 0 } : { digits: digits.slice(0, end), exponent };
}

/**
 * `multipleOf`, exact in decimal: whether the value, read as the decimal JSON writes it
 * (`String(value)`: 19.99 is 19.99, not the binary fraction closest to it), is an integer
 * multiple of the divisor `mantissa * 10^exponent`. The generator splits the declared divisor
 * with `decimalOf` once (0.01 is mantissa 1, exponent -2; 1.5 is 15, -1; 5 is 5, 0): `mantissa`
 * must be a positive safe integer with no trailing zero digit, `exponent` an integer. For a
 * divisor whose mantissa is not a safe integer (16 or 17 digits), call `isMultipleOfDigits`.
 *
 * So 19.99 and 0.3 are multiples of 0.01 and 0.1, 0 is a multiple of everything, 1e308 is a
 * multiple of 1e-308, and any integer is a multiple of 1e-8. Integers above 2^53 are read as
 * JSON writes them too: 2^60 is 1152921504606847000. NaN and the infinities are multiples of
 * nothing.
 *
 * The usual calls (a safe integer by an integer, a value by a divisor with at most 22 decimal
 * places) cost a few arithmetic operations; only values beyond those ranges are written out as
 * text.
 */
export function isMultipleOf(value: number, mantissa: number, exponent: number): boolean {
  if (value === 0) return true;
  if (value - value !== 0) return false; // NaN and the infinities
  if (exponent >= 0) {
    if (Number.isSafeInteger(value)) {
      if (exponent < POW10.length) {
        const divisor = mantissa * (POW10[exponent] ?? Infinity);
        if (divisor <= Number.MAX_SAFE_INTEGER) return value % divisor === 0;
      }
    } else if (value < TWO_52 && value > -TWO_52) {
      // A fraction: its decimal is not an integer.
      return false;
    }
  } else if (-exponent < POW10.length) {
    // The value times 10^places is an integer r exactly when the decimal r * 10^-places reads
    // back as the value; then it is the value's shortest decimal (below 2^51 / 10^places two
    // such decimals are further apart than the doubles around the value), and the value is a
    // multiple when r is a multiple of the mantissa.
    const scale = POW10[-exponent] ?? Number.NaN;
    const scaled = value * scale;
    if (scaled < TWO_51 && scaled > -TWO_51) {
      const r = Math.round(scaled);
      return r / scale === value && r % mantissa === 0;
    }
  }
  return decimalMultiple(decimalOf(value), mantissa, String(mantissa), exponent);
}

/**
 * `isMultipleOf` for a divisor given as its digits (`digits * 10^exponent`, digits without a
 * sign, leading or trailing zeros): for the divisors whose mantissa is too long for a safe
 * integer. It uses BigInt arithmetic when the mantissa needs it.
 */
export function isMultipleOfDigits(value: number, digits: string, exponent: number): boolean {
  if (value === 0) return true;
  if (value - value !== 0) return false;
  const mantissa = Number(digits);
  if (Number.isSafeInteger(mantissa) && mantissa <= MAX_NUMBER_MODULUS)
    return isMultipleOf(value, mantissa, exponent);
  return decimalMultiple(decimalOf(value), Number.NaN, digits, exponent);
}

/**
 * Whether `value.digits * 10^value.exponent` is a multiple of `mantissa * 10^exponent` (the
 * mantissa as a number when it is at most MAX_NUMBER_MODULUS, else NaN and its digits used).
 */
function decimalMultiple(
  value: Decimal,
  mantissa: number,
  mantissaDigits: string,
  exponent: number,
): boolean {
  if (value.digits === "") return true;
  // The value's digits end in a non-zero digit: with fewer decimal places than the divisor's
  // it cannot be a multiple.
  if (value.exponent < exponent) return false;
  const shift = value.exponent - exponent;
  if (mantissa <= MAX_NUMBER_MODULUS) {
    if (mantissa === 1) return true;
    let r = 0;
    for (let i = 0; i < value.digits.length; i++) {
      r = (r * 10 + (value.digits.charCodeAt(i) - 0x30)) % mantissa;
    }
    for (let k = 0; k < shift && r !== 0; k++) r = (r * 10) % mantissa;
    return r === 0;
  }
  try {
    return (
      (BigInt(value.digits) * BigInt(10) ** BigInt(shift)) % BigInt(mantissaDigits) === BigInt(0)
    );
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// uniqueItems: the deep equality of enum and const (runtime.ts's `deepEqual`)

const hasOwnEnumerable = objectMethods.propertyIsEnumerable;

/**
 * `uniqueItems`: the first pair of equal elements (`deepEqual`) as their indices `[i, j]`,
 * `i < j`, for the smallest `j` that repeats an earlier element and the first element it
 * repeats; undefined when all elements are distinct. Short arrays are compared pairwise; longer
 * ones by a structural hash, so that the cost grows with the size of the array, not its square.
 * An element whose reading throws is taken as distinct from every other.
 */
export function duplicateItems(items: readonly unknown[]): [number, number] | undefined {
  try {
    const n = items.length;
    if (n < 2) return undefined;
    if (n <= PAIRWISE_ITEMS) {
      for (let j = 1; j < n; j++) {
        const item = items[j];
        for (let i = 0; i < j; i++) if (sameItem(items[i], item)) return [i, j];
      }
      return undefined;
    }
    const firstIndex = new Map<unknown, number>();
    let buckets: Map<number, number[]> | undefined;
    for (let j = 0; j < n; j++) {
      const item = items[j];
      if (typeof item !== "object" || item === null) {
        // NaN equals nothing (SameValueZero would make two NaN the same key).
        if (Number.isNaN(item)) continue;
        const i = firstIndex.get(item);
        if (i !== undefined) return [i, j];
        firstIndex.set(item, j);
        continue;
      }
      let hash: number;
      try {
        hash = hashOf(item, 0);
      } catch {
        continue;
      }
      if (buckets === undefined) buckets = new Map();
      const bucket = buckets.get(hash);
      if (bucket === undefined) {
        buckets.set(hash, [j]);
        continue;
      }
      for (const i of bucket) if (sameItem(items[i], item)) return [i, j];
      bucket.push(j);
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** Arrays up to this length are compared pairwise (no Map, no hash). */
const PAIRWISE_ITEMS = 16;

function sameItem(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object") return false;
  return deepEqual(a, b);
}

/**
 * A structural hash that deepEqual respects: equal values hash alike (object keys in any
 * order, keys whose value is undefined left out). Strings are hashed on their length and at
 * most their first 64 units, nested values to a depth of 8: cheap, and still equal for equal
 * values.
 */
function hashOf(value: unknown, depth: number): number {
  switch (typeof value) {
    case "string":
      return stringHash(value);
    case "number":
      // 0 and -0 alike; the integer part and the fraction mixed.
      return value === 0 ? 0 : Math.imul(value | 0, 0x9e3779b1) ^ ((value % 1) * 0x7fffffff);
    case "boolean":
      return value ? 0x51ed27 : 0x2b1c3;
    case "object": {
      if (value === null) return 0x6b43a9;
      if (depth >= 8) return 0x1f;
      if (Array.isArray(value)) {
        let hash = 0x3c6ef372 ^ value.length;
        for (let i = 0; i < value.length; i++) {
          hash = (Math.imul(hash, 31) + hashOf(value[i], depth + 1)) | 0;
        }
        return hash;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      let hash = 0x7f4a7c15;
      for (const key of keys) {
        const field = record[key];
        if (field === undefined) continue;
        // A sum: the same for any order of keys.
        hash = (hash + Math.imul(stringHash(key) ^ 0x5bd1e995, hashOf(field, depth + 1) | 1)) | 0;
      }
      return hash;
    }
    default:
      return 0;
  }
}

function stringHash(text: string): number {
  let hash = 0x811c9dc5 ^ text.length;
  const end = Math.min(text.length, 64);
  for (let i = 0; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

// ---------------------------------------------------------------------------------------------
// Objects: minProperties, maxProperties, dependentRequired

/**
 * Whether a key is present: an own enumerable property whose value is not `undefined`, as
 * `required` reads it. A key whose reading throws counts as present (its value is not
 * undefined). `hasOwnProperty` first: an absent key (the usual case) costs no more, and
 * `propertyIsEnumerable` (slow in V8) runs only for a key that has a value.
 */
export function isPresent(record: object, key: string): boolean {
  try {
    return (
      hasOwn.call(record, key) &&
      (record as Record<string, unknown>)[key] !== undefined &&
      hasOwnEnumerable.call(record, key)
    );
  } catch {
    return true;
  }
}

const hasOwn = objectMethods.hasOwnProperty;

/**
 * The number of keys an object has for `minProperties` and `maxProperties`: its own enumerable
 * string keys whose value is not `undefined` (a key whose reading throws counts). An object
 * that cannot be walked at all (a revoked proxy) has none.
 */
export function propertyCount(record: object): number {
  let keys: string[];
  try {
    keys = Object.keys(record);
  } catch {
    return 0;
  }
  let count = 0;
  for (const key of keys) {
    let value: unknown;
    try {
      value = (record as Record<string, unknown>)[key];
    } catch {
      value = null;
    }
    if (value !== undefined) count++;
  }
  return count;
}

/**
 * `minProperties`: at least `min` keys (`propertyCount`'s), counted in one pass that stops at
 * `min` and allocates nothing. An object that cannot be walked has none.
 */
export function hasMinProperties(record: object, min: number): boolean {
  if (min <= 0) return true;
  try {
    let count = 0;
    for (const key in record) {
      if (hasOwn.call(record, key) && definedValue(record, key) && ++count >= min) return true;
    }
    return false;
  } catch {
    return false;
  }
}

/**
 * `maxProperties`: at most `max` keys (`propertyCount`'s), counted in one pass that stops past
 * `max` and allocates nothing. An object that cannot be walked has none.
 */
export function hasMaxProperties(record: object, max: number): boolean {
  try {
    let count = 0;
    for (const key in record) {
      if (hasOwn.call(record, key) && definedValue(record, key) && ++count > max) return false;
    }
    return true;
  } catch {
    return true;
  }
}

/** Whether an own key's value is not undefined (a value whose reading throws counts). */
function definedValue(record: object, key: string): boolean {
  try {
    return (record as Record<string, unknown>)[key] !== undefined;
  } catch {
    return true;
  }
}

/**
 * `dependentRequired` for one key: when `key` is present (`isPresent`), the keys of `dependents`
 * that are not, in their declared order; undefined when `key` is absent or nothing is missing.
 */
export function missingDependents(
  record: object,
  key: string,
  dependents: readonly string[],
): string[] | undefined {
  if (!isPresent(record, key)) return undefined;
  let missing: string[] | undefined;
  for (const dependent of dependents) {
    if (isPresent(record, dependent)) continue;
    if (missing === undefined) missing = [dependent];
    else missing.push(dependent);
  }
  return missing;
}
