// JSON values for the property tests: objects are built with own keys only (a `__proto__` key
// assigned in a literal would set the prototype instead), as JSON.parse builds them.
import fc from "fast-check";
import { ownObject } from "../../bench/standardSchema.js";

/** An object whose keys are all own, enumerable data properties, `__proto__` included. */
export { ownObject };

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A fresh copy exactly as JSON.parse gives it (own keys, Object.prototype). */
export function viaJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** JSON text with object keys sorted: equal for deep-equal JSON values. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
    .join(",")}}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keys that trip generated code or naive validators: prototype names, quotes, comment ends, line breaks. */
export const HOSTILE_KEYS: readonly string[] = [
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "prototype",
  "length",
  'a"b',
  "it's",
  "back`tick",
  "${x}",
  "`${process.exit(1)}`",
  "*/",
  "/*",
  "line\nbreak",
  "\r\n",
  "\t",
  "nul\u0000",
  "\u2028",
  "\u2029",
  "",
  "0",
  "1",
  "-A",
  "a.b",
  "a b",
  "\\",
  "ünï",
  "😀",
  "\ud800",
];

export const PLAIN_KEYS: readonly string[] = ["a", "b", "c", "id", "name", "type", "items", "mode"];

/** A property key: plain, hostile or random. */
export const keyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PLAIN_KEYS) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
);

export const hostileStringArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_KEYS, "pending", "20", "null", "true"),
  fc.string({ maxLength: 6 }),
  fc.string({ maxLength: 4, unit: "binary" }),
);

export const numberArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0.5, -1.5, 1e21, 2 ** 53, -1e-7, 1e308),
);

export const integerArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.integer(),
  fc.constantFrom(1e21, 2 ** 53, -(2 ** 60)),
);

const leafArb: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  numberArb,
  hostileStringArb,
);

/** Objects of `value`s under keys from `key`, built with own keys only. */
export function objectOf<T>(
  key: fc.Arbitrary<string>,
  value: fc.Arbitrary<T>,
  maxKeys: number,
): fc.Arbitrary<Record<string, T>> {
  return fc
    .uniqueArray(fc.tuple(key, value), { selector: (entry) => entry[0], maxLength: maxKeys })
    .map((entries) => ownObject(entries));
}

const jsonByDepth: fc.Arbitrary<Json>[] = [leafArb];

/** Any JSON value nested at most `depth` levels. */
export function jsonArb(depth: number): fc.Arbitrary<Json> {
  for (let d = jsonByDepth.length; d <= depth; d++) {
    const inner = jsonByDepth[d - 1]!;
    jsonByDepth[d] = fc.oneof(
      { weight: 4, arbitrary: leafArb },
      { weight: 1, arbitrary: fc.array(inner, { maxLength: 3 }) },
      { weight: 1, arbitrary: objectOf(keyArb, inner, 3) },
    );
  }
  return jsonByDepth[depth]!;
}
