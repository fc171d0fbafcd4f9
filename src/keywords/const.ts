import { Code, code, join, jsonValue, literal, propertyName } from "../code/code.js";
import type { JsonValue } from "../extract/values.js";
import { addIssue, keywordValue } from "./constraintReading.js";
import type { Emit, KeywordDefinition } from "./definition.js";
import { jsonHasType, type JsonType } from "./jsonTypes.js";
import { narrowedTypes } from "./type.js";

/**
 * `const` (opt-in): the value equals the constant (CONTRACT.md section 3.1): `===` for a
 * string, number, boolean or null, runtime.ts's `deepEqual` (the deep equality of `enum`) for
 * an array or object. Its argument type is the constant's literal type; its issue is
 * `invalid_const` with the constant.
 */
export const constKeyword: KeywordDefinition<Constant> = {
  keywords: ["const"],
  optIn: true,
  read(schema, reading) {
    // Any JSON value is a constant (the static reader has already made it one).
    const constant = keywordValue(schema, "const", reading);
    if (constant === undefined) return undefined;
    const types = reading.types;
    const matchable = !types || types.some((type) => jsonHasType(constant, type));
    return { value: constant, matchable };
  },
  collect: (ctx, constant, actual, path, types) =>
    code`if (!(${equals(ctx, constant, actual, types)})) {\n${addIssue(ctx, "invalid_const", path, {
      value: constantCode(ctx, constant.value),
    })}}\n`,
  // A constant its declared type never accepts: no value passes.
  literalType: ({ value, matchable }) => (matchable ? literalTypeOf(value) : Code.raw("never")),
  issues: [
    {
      code: "invalid_const",
      doc: "A value that differs from `const` (the constant in `value`).",
      fields: [{ name: "value", type: "unknown", shown: "json", recorded: false }],
      text: {
        root: "The input is invalid: expected {value}",
        at: "The parameter `{path}` is invalid: expected {value}",
      },
    },
  ],
};

export interface Constant {
  readonly value: JsonValue;
  /**
   * Whether the declared types accept the constant (true when none is declared). Comparing a
   * value the type check has narrowed with a constant of another type would not compile
   * (TS2367): the run-time helper compares it instead.
   */
  readonly matchable: boolean;
}

function isScalar(value: JsonValue): value is string | number | boolean | null {
  return value === null || typeof value !== "object";
}

/** A boolean expression: does `actual` equal the constant? */
function equals(
  ctx: Emit,
  { value }: Constant,
  actual: Code,
  types: readonly JsonType[] | undefined,
): Code {
  // Compared by `===` when the types tested accept the constant (those read may be wider: a
  // strict root is an object), through `unknown` where the type test narrowed the value: the
  // comparison must not narrow it for the keywords after it (an `enum` beside it would then
  // compare a literal type with its other members: TS2367). A value that is `unknown` already
  // is compared as it is (a host's linter rejects a needless assertion).
  const matchable = types === undefined || types.some((type) => jsonHasType(value, type));
  if (isScalar(value) && matchable)
    return narrowedTypes(types) !== undefined
      ? code`(${actual} as unknown) === ${literal(value)}`
      : code`${actual} === ${literal(value)}`;
  return code`${ctx.module.use("deepEqual")}(${actual}, ${constantCode(ctx, value)})`;
}

/** The constant as code: a literal, or a frozen module constant for an array or object. */
function constantCode(ctx: Emit, value: JsonValue): Code {
  if (isScalar(value)) return literal(value);
  return ctx.module.constant("e", jsonValue(value, "unknown"), "unknown");
}

/** The constant's literal type: `"function"`, `3`, `readonly ["a", 1]`, `{ readonly kind: "x" }`. */
function literalTypeOf(value: JsonValue): Code {
  if (isScalar(value)) return literal(value);
  if (Array.isArray(value)) return code`readonly [${join(value.map(literalTypeOf), ", ")}]`;
  const members = Object.entries(value).map(
    ([key, member]) => code`readonly ${propertyName(key)}: ${literalTypeOf(member)}`,
  );
  return members.length === 0
    ? Code.raw("Record<string, never>")
    : code`{ ${join(members, "; ")} }`;
}
