import { Code, code, join, literal } from "../code/code.js";
import { pathCode, type EmitContext, type ModuleContext, type PathPart } from "../code/context.js";
import { entryOf, toJson, type JsonValue, type StaticValue } from "../extract/values.js";
import { jsonHasType, type JsonType } from "../ir.js";
import { describeValue, joinKey, type SchemaReading } from "./reading.js";

/**
 * `enum`: the value must equal one member (`===` for primitives, deep equality for arrays and
 * objects), checked only after the type passed. Its issue is `invalid_enum` with the members;
 * when the value is a string equal to a member once case and surrounding spaces are ignored,
 * the runtime's `wrongValue` adds the hint "did you mean".
 */

/** Reads `enum`: its members in order, duplicates dropped. */
export function readEnum(
  schema: StaticValue,
  types: readonly JsonType[] | undefined,
  schemaPath: string,
  reading: SchemaReading,
): JsonValue[] | undefined {
  const entry = entryOf(schema, "enum");
  if (!entry) return undefined;
  const path = joinKey(schemaPath, "enum");
  const value = entry.value;
  if (value.kind !== "array") {
    reading.report(
      "TV2007",
      `\`enum\` must be an array of allowed values, not ${describeValue(value)}.`,
      value.location,
      path,
    );
    return undefined;
  }
  if (value.elements.length === 0) {
    reading.report(
      "TV2008",
      "`enum` is empty: no value could ever be accepted.",
      value.location,
      path,
    );
    return undefined;
  }
  const members: JsonValue[] = [];
  // Deep equality by canonical text: one pass however many members.
  const seen = new Set<string>();
  for (const element of value.elements) {
    const json = toJson(element);
    if (json === undefined) {
      reading.requireStatic(element, path);
      return undefined;
    }
    const key = canonical(json);
    if (seen.has(key)) {
      reading.report(
        "TV2104",
        `The value ${JSON.stringify(json)} is listed twice.`,
        element.location,
        path,
      );
      continue;
    }
    seen.add(key);
    if (types && !types.some((type) => jsonHasType(json, type))) {
      reading.report(
        "TV2105",
        `The value ${JSON.stringify(json)} can never be accepted: its type is not among ${types.join(", ")}.`,
        element.location,
        path,
      );
    }
    members.push(json);
  }
  return members;
}

/** JSON text with object keys sorted: equal for values the validators count as equal. */
function canonical(value: JsonValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] ?? null)}`).join(",")}}`;
}

/** Up to this many primitive members are compared one by one; more go through a Set. */
const INLINE_MEMBERS = 8;

/** A boolean expression: does `value` equal one member? */
function memberCondition(module: ModuleContext, values: readonly JsonValue[], value: Code): Code {
  const primitive = values.every((member) => member === null || typeof member !== "object");
  if (!primitive) return code`${module.use("isMember")}(${module.enumList(values)}, ${value})`;
  if (values.length > INLINE_MEMBERS) return code`${module.enumSet(values)}.has(${value})`;
  return join(
    values.map(
      (member) => code`${value} === ${literal(member as string | number | boolean | null)}`,
    ),
    " || ",
  );
}

/** The fast path: rejects a value outside the enum. */
export function acceptEnum(ctx: EmitContext, values: readonly JsonValue[], value: Code): Code {
  return code`if (!(${memberCondition(ctx.module, values, value)})) return false;\n`;
}

/** The issue path: an `invalid_enum` issue for a value outside the enum. */
export function collectEnum(
  ctx: EmitContext,
  values: readonly JsonValue[],
  value: Code,
  path: readonly PathPart[],
): Code {
  const wrongValue = ctx.module.use("wrongValue");
  const list = ctx.module.enumList(values);
  return code`if (!(${memberCondition(ctx.module, values, value)})) {\nc = ${wrongValue}(c, ${pathCode(ctx.module, path)}, ${list}, ${value});\n}\n`;
}

/** Up to this many members the argument type is their literal union; beyond, the declared type. */
const MAX_LITERAL_UNION = 256;

/** The argument type: a union of the members' literal types, or undefined when too many. */
export function enumType(values: readonly JsonValue[]): Code | undefined {
  if (values.length > MAX_LITERAL_UNION) return undefined;
  const members = values.map((value) =>
    value === null || typeof value !== "object"
      ? literal(value)
      : Code.raw(Array.isArray(value) ? "unknown[]" : "Record<string, unknown>"),
  );
  return Code.raw([...new Set(members.map(String))].join(" | "));
}
