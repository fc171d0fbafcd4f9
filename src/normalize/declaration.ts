import { toJson, type JsonValue, type StaticValue } from "../extract/values.js";

/**
 * A tool's declaration as JSON, as declared: what its Standard JSON Schema gives (CONTRACT.md
 * section 5.1). Of a declaration read without an error, only a documentation keyword can hold a
 * value that is not statically known (TV2103, "left out"): such a keyword is left out here too.
 * Undefined when the value itself is not known.
 */
export function declaredJson(value: StaticValue): JsonValue | undefined {
  const whole = toJson(value);
  if (whole !== undefined || value.kind !== "object") return whole;
  const entries: [string, JsonValue][] = [];
  for (const entry of value.entries) {
    const json = declaredJson(entry.value);
    if (json !== undefined) entries.push([entry.key, json]);
  }
  // Object.fromEntries defines own properties: a `__proto__` key stays a key.
  return Object.fromEntries(entries);
}
