// Compares what the generator read (a StaticValue) with the value JavaScript gives the same
// declaration, exactly: key order, -0 (Object.is), own keys and plain prototypes.
import type { StaticValue } from "../../src/extract/values.js";

/** The first difference as `path: what`, or undefined when the reading is exact. */
export function difference(read: StaticValue, actual: unknown, path = "value"): string | undefined {
  switch (read.kind) {
    case "unknown":
      return `${path}: not read (${read.reason}); JavaScript gives ${show(actual)}`;
    case "primitive":
      return Object.is(read.value, actual)
        ? undefined
        : `${path}: read ${show(read.value)}, JavaScript gives ${show(actual)}`;
    case "array": {
      if (!Array.isArray(actual)) return `${path}: read an array, JavaScript gives ${show(actual)}`;
      if (actual.length !== read.elements.length)
        return `${path}: read ${read.elements.length} elements, JavaScript gives ${actual.length}`;
      for (let i = 0; i < actual.length; i++) {
        if (!(i in actual)) return `${path}[${i}]: JavaScript gives a hole`;
        const found = difference(read.elements[i]!, actual[i], `${path}[${i}]`);
        if (found) return found;
      }
      return undefined;
    }
    case "object": {
      if (typeof actual !== "object" || actual === null || Array.isArray(actual))
        return `${path}: read an object, JavaScript gives ${show(actual)}`;
      if (read.problems.length > 0)
        return `${path}: read with problems: ${read.problems.map((p) => p.reason).join("; ")}`;
      if (Object.getPrototypeOf(actual) !== Object.prototype)
        return `${path}: JavaScript gives an object whose prototype is not Object.prototype`;
      const keys = Reflect.ownKeys(actual);
      const readKeys = read.entries.map((entry) => entry.key);
      if (JSON.stringify(keys) !== JSON.stringify(readKeys))
        return `${path}: read keys ${JSON.stringify(readKeys)}, JavaScript gives ${JSON.stringify(keys.map(String))}`;
      for (const entry of read.entries) {
        const descriptor = Object.getOwnPropertyDescriptor(actual, entry.key)!;
        if (!("value" in descriptor) || !descriptor.enumerable)
          return `${path}.${entry.key}: JavaScript gives an accessor or a hidden key`;
        const found = difference(
          entry.value,
          descriptor.value,
          `${path}[${JSON.stringify(entry.key)}]`,
        );
        if (found) return found;
      }
      return undefined;
    }
  }
}

function show(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (value === undefined) return "undefined";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
