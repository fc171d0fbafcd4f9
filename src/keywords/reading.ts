import type { StaticValue } from "../extract/values.js";

export { joinKey } from "../diagnostics/schemaPath.js";

/** A problem's reason as a sentence. */
export function sentence(reason: string): string {
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}

/**
 * A few words for a static value in a message, after "not": `the string "x"`, `an array`, or
 * why the generator cannot read it.
 */
export function describeValue(value: StaticValue): string {
  switch (value.kind) {
    case "primitive":
      return value.value === null
        ? "null"
        : `the ${typeof value.value} ${JSON.stringify(value.value)}`;
    case "array":
      return "an array";
    case "object":
      return "an object";
    case "unknown":
      return `a value the generator cannot read (${value.reason})`;
  }
}
