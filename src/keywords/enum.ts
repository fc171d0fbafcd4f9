import { Code, code, join, lengthSwitch, literal } from "../code/code.js";
import { pathCode, type ModuleContext } from "../code/context.js";
import { entryOf, toJson, type JsonValue, type StaticObject } from "../extract/values.js";
import type { KeywordDefinition, SchemaReading } from "./definition.js";
import { jsonHasType, type JsonType } from "./jsonTypes.js";
import { describeValue, joinKey } from "./reading.js";
import { narrowedTypes } from "./type.js";

/**
 * `enum`: the value must equal one member (`===` for primitives, deep equality for arrays and
 * objects), checked only after the type passed (CONTRACT.md section 3). Its issue is
 * `invalid_enum` with the members; when the value is a string equal to a member once case and
 * surrounding spaces are ignored, the runtime's `wrongValue` adds the hint "did you mean"
 * (CONTRACT.md section 4.1).
 */
export const enumKeyword: KeywordDefinition<EnumMembers> = {
  keywords: ["enum"],
  read: readEnum,
  collect(ctx, members, value, path, types) {
    const mismatch = memberMismatch(ctx.module, members, value, types);
    // Every value of the type is a member (`true` and `false` of a boolean): nothing to test.
    if (mismatch === undefined) return code``;
    const wrongValue = ctx.module.use("wrongValue");
    const list = ctx.module.valueList(members.values);
    return code`if (${mismatch}) {\nc = ${wrongValue}(c, ${pathCode(ctx.module, path)}, ${list}, ${value});\n}\n`;
  },
  literalType: (members) => enumType(members.matchable),
  issues: [
    {
      code: "invalid_enum",
      doc: "A value that is not one of the declared `enum` members (listed in `values`).",
      fields: [{ name: "values", type: "readonly unknown[]", shown: "values", recorded: false }],
      hints: ["value"],
      text: {
        root: "The input is invalid: expected one of {values}",
        at: "The parameter `{path}` is invalid: expected one of {values}",
      },
    },
  ],
  hints: [
    {
      kind: "value",
      typeName: "ValueHint",
      doc: "A declared enum member equal to the value sent once case and surrounding spaces are ignored.",
      fields: [{ name: "value", type: "string", shown: "json", recorded: true }],
      text: "Hint: did you mean {value} for {where}?",
    },
  ],
};

/** An enum's members, and those of them the declared types can accept. */
export interface EnumMembers {
  /** Every member, in order, duplicates dropped: what the issue lists. */
  readonly values: readonly JsonValue[];
  /**
   * The members whose type is declared (all when no type is): the only ones a value that
   * passed the type can equal. Comparing with the others would not compile once the type
   * check has narrowed the value (TS2367).
   */
  readonly matchable: readonly JsonValue[];
}

/** Reads `enum`: its members in order, duplicates dropped. */
function readEnum(schema: StaticObject, reading: SchemaReading): EnumMembers | undefined {
  const entry = entryOf(schema, "enum");
  if (!entry) return undefined;
  const path = joinKey(reading.schemaPath, "enum");
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
    const why = "`enum` is empty: no value could ever be accepted.";
    reading.report("TV2008", why, value.location, path);
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
    const text = JSON.stringify(json);
    if (seen.has(key)) {
      reading.report("TV2104", `The value ${text} is listed twice.`, element.location, path);
      continue;
    }
    seen.add(key);
    const types = reading.types;
    if (types && !types.some((type) => jsonHasType(json, type))) {
      const why = `The value ${text} can never be accepted: its type is not among ${types.join(", ")}.`;
      reading.report("TV2105", why, element.location, path);
    }
    members.push(json);
  }
  const types = reading.types;
  const matchable = types
    ? members.filter((member) => types.some((type) => jsonHasType(member, type)))
    : members;
  return { values: members, matchable };
}

/** JSON text with object keys sorted: equal for values the validators count as equal. */
export function canonical(value: JsonValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] ?? null)}`).join(",")}}`;
}

/** Up to this many primitive members are compared one by one. */
const INLINE_MEMBERS = 8;

/**
 * A boolean expression: does `value` equal no member? Undefined when every value of its type is
 * one. Written for what TypeScript knows of the value (a host's linter rejects a comparison it
 * finds needless): a boolean is tested as one (`!v`, not `v !== true`), and a boolean that may
 * be null is compared with `true` or `false` before `null`
 * (no-unnecessary-boolean-literal-compare).
 */
function memberMismatch(
  module: ModuleContext,
  members: EnumMembers,
  value: Code,
  types: readonly JsonType[] | undefined,
): Code | undefined {
  const narrowed = narrowedTypes(types);
  // The members of the types the value passed (the types tested may be narrower than those
  // read: a strict root is an object); booleans first, the rest in their order.
  const isBoolean = (member: JsonValue) => typeof member === "boolean";
  const accepted = members.matchable.filter(
    (member) => types === undefined || types.some((type) => jsonHasType(member, type)),
  );
  const values = narrowed?.includes("boolean")
    ? accepted.sort((a, b) => Number(isBoolean(b)) - Number(isBoolean(a)))
    : accepted;
  if (narrowed?.every((type) => type === "boolean" || type === "null")) {
    const has = (member: boolean | null) => values.includes(member);
    const all = narrowed.every((type) => (type === "null" ? has(null) : has(true) && has(false)));
    if (all) return undefined;
    if (narrowed.length === 1 && values.length === 1) return has(true) ? code`!${value}` : value;
  }
  return code`!(${memberCondition(module, { ...members, matchable: values }, value)})`;
}

/** A boolean expression: does `value` equal one member? */
function memberCondition(module: ModuleContext, members: EnumMembers, value: Code): Code {
  const values = members.matchable;
  const primitive = values.every((member) => member === null || typeof member !== "object");
  // No member can match (their types are not declared): the run-time helper says so, without
  // a comparison the compiler would reject.
  if (!primitive || values.length === 0)
    return code`${module.use("isMember")}(${module.valueList(members.values)}, ${value})`;
  if (values.length > INLINE_MEMBERS && values.length <= SWITCHED_MEMBERS) {
    if (values.every((member) => typeof member === "string"))
      return code`${memberTest(module, values as string[])}(${value})`;
  }
  if (values.length > INLINE_MEMBERS) return code`${memberSet(module, values)}.has(${value})`;
  return join(
    values.map(
      (member) => code`${value} === ${literal(member as string | number | boolean | null)}`,
    ),
    " || ",
  );
}

/**
 * Up to this many string members are told apart by their length first, then compared (the
 * LSP tool's 9 operations: about 5 ns a call less than a Set's lookup, which hashes the text);
 * more go through a Set, whose lookup does not grow with the members.
 */
const SWITCHED_MEMBERS = 64;

/** A module function: is the value one of these strings? A switch on its length, then `===`. */
function memberTest(module: ModuleContext, members: readonly string[]): Code {
  const tests = lengthSwitch(
    Code.raw("v"),
    members,
    (member) => member,
    (group) =>
      code`return ${join(
        group.map((member) => code`v === ${member}`),
        " || ",
      )};\n`,
  );
  return module.shared(
    `test:${JSON.stringify(members)}`,
    "e",
    (name) =>
      code`function ${name}(v: unknown): boolean {\nif (typeof v !== "string") return false;\n${tests}return false;\n}\n`,
  );
}

/** A module Set of an enum's primitive members, for enums too long to compare one by one. */
function memberSet(module: ModuleContext, values: readonly JsonValue[]): Code {
  const list = module.valueList(values);
  return module.shared(
    `set:${list}`,
    "e",
    (name) => code`const ${name}: ReadonlySet<unknown> = new Set(${list});\n`,
  );
}

/** Up to this many members the argument type is their literal union; beyond, the declared type. */
const MAX_LITERAL_UNION = 256;

/** The argument type: a union of the members' literal types, or undefined when too many. */
function enumType(values: readonly JsonValue[]): Code | undefined {
  if (values.length === 0) return Code.raw("never");
  if (values.length > MAX_LITERAL_UNION) return undefined;
  const members = values.map((value) =>
    value === null || typeof value !== "object"
      ? literal(value)
      : Code.raw(Array.isArray(value) ? "Array<unknown>" : "Record<string, unknown>"),
  );
  return Code.raw([...new Set(members.map(String))].join(" | "));
}
