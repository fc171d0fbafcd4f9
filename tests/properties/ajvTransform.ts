// A declaration rewritten into plain JSON Schema that means exactly what the validators enforce,
// for ajv as the oracle: the benchmark's rewrite (bench/standardSchema.ts), with some keys
// renamed.
//
// Some keys ajv does not treat as plain data: it skips a declared `__proto__` property (its
// `properties` and `additionalProperties` leave that key out on purpose), and its deep equality
// for `enum` (fast-deep-equal) calls an object's `toString`/`valueOf` and compares its
// `constructor`, own keys or not. So the oracle sees those keys under stand-in names, in the
// schema (property names, `required`, enum members) and in the data alike: a renaming, not a
// change of meaning.
import { standardSchema, type Mode } from "../../bench/standardSchema.js";
import { ownObject, type Json } from "./json.js";
import type { Schema } from "./schemas.js";

export type { Mode };

const RENAMED = new Set(["__proto__", "constructor", "toString", "valueOf"]);

/** The name a renamed key goes by for ajv; no generated key contains a NUL. */
export function standIn(key: string): string {
  return `${key}\u0000stand-in`;
}

function rename(key: string): string {
  return RENAMED.has(key) ? standIn(key) : key;
}

/** A JSON value with the keys ajv mistreats renamed to their stand-ins. */
export function toAjvData(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(toAjvData);
  const record = value as Record<string, unknown>;
  return ownObject(Object.keys(record).map((key) => [rename(key), toAjvData(record[key])]));
}

export function toAjvSchema(schema: Schema, mode: Mode): Schema {
  return standardSchema(schema, mode, { key: rename, data: (value) => toAjvData(value) as Json });
}
