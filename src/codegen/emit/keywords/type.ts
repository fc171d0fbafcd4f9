import type { JsonType } from "../../normalize/keywords.js";
import { code, join, type Code } from "../code.js";
import { pathLiteral, pushIssue, type EmitContext, type PathPart } from "../context.js";

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

/** The `expected` text of a type issue: `string`, `string | null`. */
export function expectedText(types: readonly JsonType[]): string {
  return types.join(" | ");
}

/** Checks the type; `then` runs only when it passed (a value of the wrong type gets no further checks). */
export function emitType(
  ctx: EmitContext,
  types: readonly JsonType[],
  value: Code,
  path: readonly PathPart[],
  then: Code,
): Code {
  ctx.helpers.add("typeName");
  const issue = pushIssue(
    code`code: "invalid_type", path: ${pathLiteral(path)}, expected: ${expectedText(types)}, received: typeName(${value})`,
  );
  if (then.toString() === "") return code`if (!(${typeCondition(types, value)})) {\n${issue}}\n`;
  return code`if (${typeCondition(types, value)}) {\n${then}} else {\n${issue}}\n`;
}
