import { Code, code, join } from "../code/code.js";
import { pathCode, type PathPart } from "../code/context.js";
import { entryOf, type StaticValue } from "../extract/values.js";
import { nearest } from "../support/similarity.js";
import type { Emit, KeywordFacts, SchemaReading, ValueKind } from "./definition.js";
import { JSON_TYPES, type JsonType } from "./jsonTypes.js";
import { describeValue, joinKey } from "./reading.js";

/**
 * `type` (and `nullable`, which adds "null"): one of the JSON types or a list of them;
 * `number` and `integer` take finite numbers only (CONTRACT.md section 3). A value of the wrong
 * type gets no further checks: the type is the guard of every other keyword, so schema.ts
 * applies it around them rather than beside them. Its issue is `invalid_type`; when the value
 * is a string holding JSON text of an expected type, the runtime's `wrongType` adds the hint
 * "JSON text inside a string" (CONTRACT.md section 4.1).
 */
export const typeKeyword: KeywordFacts = {
  keywords: ["type", "nullable"],
  issues: [
    {
      code: "invalid_type",
      doc: "A value of the wrong type: `expected` is the declared type (`string | null`), `received` what came (`unreadable` for a value whose reading threw).",
      fields: [
        { name: "expected", type: "string", shown: "text", recorded: true },
        { name: "received", type: "string", shown: "text", recorded: true },
      ],
      hints: ["json"],
      text: {
        root: "The input type is expected as `{expected}` but provided as `{received}`",
        at: "The parameter `{path}` type is expected as `{expected}` but provided as `{received}`",
      },
    },
  ],
  hints: [
    {
      kind: "json",
      typeName: "JsonTextHint",
      doc: 'A string that is JSON text of the expected type (an array sent as `"[1, 2]"`).',
      fields: [
        {
          name: "type",
          type: '"array" | "object" | "number" | "boolean"',
          shown: "text",
          recorded: true,
        },
      ],
      text: "Hint: {where} is JSON text inside a string; send the {type} itself",
    },
  ],
};

/** Reads `type` and `nullable`; undefined when the schema declares no type. */
export function readType(
  schema: StaticValue,
  schemaPath: string,
  reading: Pick<SchemaReading, "report">,
): JsonType[] | undefined {
  const typeEntry = entryOf(schema, "type");
  const nullableEntry = entryOf(schema, "nullable");
  let nullable = false;
  if (nullableEntry) {
    const value = nullableEntry.value;
    if (value.kind === "primitive" && typeof value.value === "boolean") nullable = value.value;
    else
      reading.report(
        "TV2005",
        "`nullable` must be true or false.",
        value.location,
        joinKey(schemaPath, "nullable"),
      );
  }
  if (!typeEntry) return undefined;
  const path = joinKey(schemaPath, "type");
  const value = typeEntry.value;
  const names = value.kind === "array" ? value.elements : [value];
  if (value.kind === "array" && names.length === 0) {
    reading.report("TV2004", "`type` must name at least one type.", value.location, path);
    return undefined;
  }
  const types: JsonType[] = [];
  for (const name of names) {
    if (name.kind !== "primitive" || typeof name.value !== "string") {
      reading.report(
        "TV2004",
        `\`type\` must be a type name or an array of type names, not ${describeValue(name)}.`,
        name.location,
        path,
      );
      return undefined;
    }
    if (!(JSON_TYPES as readonly string[]).includes(name.value)) {
      const suggestion = suggestType(name.value);
      const hint = suggestion
        ? ` Did you mean "${suggestion}"?`
        : ` Known types: ${JSON_TYPES.join(", ")}.`;
      reading.report("TV2003", `Unknown type "${name.value}".${hint}`, name.location, path);
      return undefined;
    }
    if (types.includes(name.value as JsonType)) {
      reading.report("TV2104", `The type "${name.value}" is listed twice.`, name.location, path);
      continue;
    }
    types.push(name.value as JsonType);
  }
  if (nullable && !types.includes("null")) types.push("null");
  return types;
}

/** Names other schema dialects and languages use for the JSON types. */
const TYPE_ALIASES = new Map<string, JsonType>([
  ["str", "string"],
  ["text", "string"],
  ["int", "integer"],
  ["float", "number"],
  ["double", "number"],
  ["bool", "boolean"],
  ["dict", "object"],
  ["map", "object"],
  ["record", "object"],
  ["list", "array"],
  ["none", "null"],
]);

/** The type an unknown type name most likely meant (`strng` -> `string`, `int` -> `integer`). */
function suggestType(name: string): JsonType | undefined {
  return (
    TYPE_ALIASES.get(name.toLowerCase()) ?? (nearest(name, JSON_TYPES, 2) as JsonType | undefined)
  );
}

/** A boolean expression: does `value` have one of `types`? */
function typeCondition(types: readonly JsonType[], value: Code): Code {
  const tested = testedTypes(types);
  // One object test is the whole condition: not grouped (`if (typeof v === "object" && ...)`).
  if (tested.length === 1 && tested[0] === "object") return plainObjectTest(value);
  return join(
    tested.map((type) => singleTypeTest(type, value)),
    " || ",
  );
}

/** The types a value is tested for: `integer` beside `number` adds nothing. */
function testedTypes(types: readonly JsonType[]): JsonType[] {
  return types.filter((type) => !(type === "integer" && types.includes("number")));
}

/** A boolean expression: does `value` have none of `types`? Written as a reader would. */
function typeMismatch(types: readonly JsonType[], value: Code): Code {
  const kept = testedTypes(types);
  if (kept.length !== 1) return code`!(${typeCondition(types, value)})`;
  switch (kept[0]!) {
    case "string":
      return code`typeof ${value} !== "string"`;
    case "boolean":
      return code`typeof ${value} !== "boolean"`;
    case "null":
      return code`${value} !== null`;
    default:
      // A call (`!Number.isFinite(v)`) or a parenthesised test (`!(typeof v === "object" ...)`).
      return code`!${singleTypeTest(kept[0]!, value)}`;
  }
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

/** An object that is not an array (and not null), grouped to stand beside other tests. */
function isPlainObject(value: Code): Code {
  return code`(${plainObjectTest(value)})`;
}

/** An object that is not an array (and not null), as a whole condition. */
export function plainObjectTest(value: Code): Code {
  return code`typeof ${value} === "object" && ${value} !== null && !Array.isArray(${value})`;
}

/** Whether the declared types already ensure the value is of this kind (no guard needed). */
export function typesEnsure(types: readonly JsonType[] | undefined, kind: ValueKind): boolean {
  if (types === undefined || types.length === 0) return false;
  if (kind === "number") return types.every((type) => type === "number" || type === "integer");
  return types.length === 1 && types[0] === kind;
}

/**
 * The types a value is known to have, to TypeScript, once the type test passed: `typeof`,
 * `Array.isArray` and `=== null` narrow it, `Number.isFinite` does not (it takes `unknown`), so
 * with a number type among them the value stays `unknown` (undefined here), as it is where no
 * type is declared. What the keywords compare such a value with must not be a comparison a
 * host's linter finds always true or needless (no-unnecessary-condition).
 */
export function narrowedTypes(
  types: readonly JsonType[] | undefined,
): readonly JsonType[] | undefined {
  if (types === undefined || types.some((type) => type === "number" || type === "integer"))
    return undefined;
  return types;
}

/** The `expected` text of a type issue: `string`, `string | null`. */
function expectedText(types: readonly JsonType[]): string {
  return types.join(" | ");
}

/** The issue path: `then` runs only when the type matched; otherwise an `invalid_type` issue. */
export function collectType(
  ctx: Emit,
  types: readonly JsonType[],
  value: Code,
  path: readonly PathPart[],
  then: Code,
): Code {
  const wrongType = ctx.module.use("wrongType");
  const issue = code`c = ${wrongType}(c, ${pathCode(ctx.module, path)}, ${expectedText(types)}, ${value});\n`;
  if (then.toString() === "") return code`if (${typeMismatch(types, value)}) {\n${issue}}\n`;
  return code`if (${typeCondition(types, value)}) {\n${then}} else {\n${issue}}\n`;
}

/** The argument type of a value of one JSON type without object or array rules. */
export function primitiveType(type: Exclude<JsonType, "object" | "array">): Code {
  return Code.raw(type === "integer" ? "number" : type);
}
