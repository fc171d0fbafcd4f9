/**
 * `minProperties` and `maxProperties` at run time (CONTRACT.md section 3.1): keys counted
 * as `required` reads them. Copied into an output folder only where a validator uses it;
 * no function here throws.
 */

import { objectMethods } from "./runtime.js";

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
