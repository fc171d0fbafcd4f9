import { Code, code, join, jsonValue, literal, propertyName } from "../code/code.js";
import type { JsonValue } from "../extract/values.js";
import { addIssue, keywordValue } from "./constraintReading.js";
import { constRule } from "./constraintRules.js";
import type { Emit, KeywordDefinition } from "./definition.js";
import { ruleValue } from "./constraintReading.js";

/**
 * `const` (opt-in): the value equals the constant (CONTRACT.md section 3.1): `===` for a
 * string, number, boolean or null, runtime.ts's `deepEqual` (the deep equality of `enum`) for
 * an array or object. Its argument type is the constant's literal type; its issue is
 * `invalid_const` with the constant.
 */
export const constKeyword: KeywordDefinition<{ readonly value: JsonValue }> = {
  keywords: ["const"],
  optIn: true,
  read(schema, reading) {
    const value = keywordValue(schema, "const", reading);
    if (value === undefined) return undefined;
    const constant = ruleValue(constRule(value), schema, reading);
    return constant === undefined ? undefined : { value: constant };
  },
  accept: (ctx, { value }, actual) => code`if (!(${equals(ctx, value, actual)})) return false;\n`,
  collect: (ctx, { value }, actual, path) =>
    code`if (!(${equals(ctx, value, actual)})) {\n${addIssue(ctx, "invalid_const", path, {
      value: constantCode(ctx, value),
    })}}\n`,
  literalType: ({ value }) => literalTypeOf(value),
  issues: [
    {
      code: "invalid_const",
      rank: 18,
      doc: "A value that differs from `const` (the constant in `value`).",
      fields: [{ name: "value", type: "unknown", shown: "json", recorded: false }],
      text: {
        root: "The input is invalid: expected {value}",
        at: "The parameter `{path}` is invalid: expected {value}",
      },
    },
  ],
};

function isScalar(value: JsonValue): value is string | number | boolean | null {
  return value === null || typeof value !== "object";
}

/** A boolean expression: does `actual` equal the constant? */
function equals(ctx: Emit, value: JsonValue, actual: Code): Code {
  if (isScalar(value)) return code`${actual} === ${literal(value)}`;
  return code`${ctx.module.use("deepEqual")}(${actual}, ${constantCode(ctx, value)})`;
}

/** The constant as code: a literal, or a frozen module constant for an array or object. */
function constantCode(ctx: Emit, value: JsonValue): Code {
  if (isScalar(value)) return literal(value);
  return ctx.module.constant("e", jsonValue(value), "unknown");
}

/** The constant's literal type: `"function"`, `3`, `readonly ["a", 1]`, `{ readonly kind: "x" }`. */
export function literalTypeOf(value: JsonValue): Code {
  if (isScalar(value)) return literal(value);
  if (Array.isArray(value)) return code`readonly [${join(value.map(literalTypeOf), ", ")}]`;
  const members = Object.entries(value).map(
    ([key, member]) => code`readonly ${propertyName(key)}: ${literalTypeOf(member)}`,
  );
  return members.length === 0
    ? Code.raw("Record<string, never>")
    : code`{ ${join(members, "; ")} }`;
}
