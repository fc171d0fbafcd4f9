/**
 * `uniqueItems` at run time (CONTRACT.md section 3.1), by the deep equality of `enum` and
 * `const` (runtime.ts's `deepEqual`). Copied into an output folder only where a validator uses it;
 * no function here throws.
 */

import { deepEqual } from "./runtime.js";

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
