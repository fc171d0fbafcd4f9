/**
 * `dependentRequired` at run time (CONTRACT.md section 3.1): whether a key is present, as
 * `required` reads it. Copied into an output folder only where a validator uses it;
 * no function here throws.
 */

import { objectMethods } from "./runtime.js";

const hasOwn = objectMethods.hasOwnProperty;
const hasOwnEnumerable = objectMethods.propertyIsEnumerable;

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
