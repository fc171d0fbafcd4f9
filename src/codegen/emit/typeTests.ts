import type { JsonType } from "../normalize/keywords.js";
import { code, join, type Code } from "./code.js";

/** A boolean expression: does `value` have one of `types`? (`number` and `integer` are finite.) */
export function typeCondition(types: readonly JsonType[], value: Code): Code {
  const tests = types
    .filter((type) => !(type === "integer" && types.includes("number")))
    .map((type) => singleTypeTest(type, value));
  return join(tests, " || ");
}

function singleTypeTest(type: JsonType, value: Code): Code {
  switch (type) {
    case "string":
      return code`typeof ${value} === "string"`;
    case "number":
      return code`Number.isFinite(${value})`;
    case "integer":
      return code`Number.isInteger(${value})`;
    case "boolean":
      return code`typeof ${value} === "boolean"`;
    case "null":
      return code`${value} === null`;
    case "array":
      return code`Array.isArray(${value})`;
    case "object":
      return isPlainObject(value);
  }
}

/** An object that is not an array (and not null). */
export function isPlainObject(value: Code): Code {
  return code`(typeof ${value} === "object" && ${value} !== null && !Array.isArray(${value}))`;
}

/** Whether the declared types already ensure the value is of this kind (so no guard is needed). */
export function typesEnsure(
  types: readonly JsonType[] | undefined,
  kind: "object" | "array",
): boolean {
  return types !== undefined && types.length === 1 && types[0] === kind;
}

/**
 * Inside `for (key in record)`: skip inherited enumerable keys. Written out as
 * `Object.prototype.hasOwnProperty.call` because V8 recognises that call on a for-in key and
 * drops it when the object's own keys are being enumerated (measured on the built-in tools:
 * about as fast as no check at all, where `Object.hasOwn` made whole validators up to twice
 * as slow, and a shared helper function was slower on some tools).
 */
export function ownKeyGuard(record: Code, key: Code): Code {
  return code`if (!Object.prototype.hasOwnProperty.call(${record}, ${key})) continue;\n`;
}
