import type { StaticObject } from "../extract/values.js";
import { keywordValue, ruleValue } from "./constraintReading.js";
import { countRule } from "./constraintRules.js";
import type { SchemaReading } from "./definition.js";

/**
 * A count keyword's value (`minLength`, `maxItems`, `minProperties`, ...): a non-negative
 * integer, or undefined when absent or malformed (reported).
 */
export function readCount(
  keyword: string,
  schema: StaticObject,
  reading: SchemaReading,
): number | undefined {
  const value = keywordValue(schema, keyword, reading);
  if (value === undefined) return undefined;
  return ruleValue(countRule(keyword, value), schema, reading);
}
