import type { JsonValue } from "../extract/values.js";

/** The type names of JSON Schema's `type` keyword. */
export const JSON_TYPES = [
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** Whether a JSON value has one JSON type (`integer`: a number that is an integer). */
export function jsonHasType(value: JsonValue, type: JsonType): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "integer":
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}
