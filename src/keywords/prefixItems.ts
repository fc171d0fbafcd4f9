import { Code, code, join } from "../code/code.js";
import { readInto, type PathPart } from "../code/context.js";
import { entryOf, type JsonValue, type StaticObject, type StaticValue } from "../extract/values.js";
import {
  accepted,
  countRule,
  describeJson,
  rejected,
  ruleValue,
  type Located,
  type RuleResult,
  type SchemaObject,
} from "./constraintReading.js";
import {
  hasChecks,
  type ArgsTypes,
  type Emit,
  type KeywordDefinition,
  type SchemaNode,
  type SchemaReading,
} from "./definition.js";
import { joinKey } from "./reading.js";

/**
 * `prefixItems` (opt-in): element `i` of an array is checked against schema `i`, and the
 * elements after them against `items` (CONTRACT.md section 3.1); an array shorter than the
 * prefix is valid. draft-07's array `items` is read as `prefixItems`, and `additionalItems`
 * beside it as 2020-12's `items` (the same meaning). With it enforced, `items` beside
 * `prefixItems` is read here (items.ts leaves it). Issues are those of the element schemas
 * (`unexpected` for an element a `false` schema forbids). Its argument type is a tuple with
 * a rest: `[A?, B?, ...R[]]`, the first `minItems` elements required when that is enforced.
 */
export const prefixItemsKeyword: KeywordDefinition<Positional> = {
  keywords: ["prefixItems", "additionalItems"],
  optIn: true,
  appliesTo: "array",
  read: readPositional,
  children: ({ prefix, rest }) => (rest === undefined ? prefix : [...prefix, rest]),
  hasChecks: ({ prefix, rest }) =>
    prefix.some((item) => hasChecks(item)) || (rest !== undefined && hasChecks(rest)),
  weight: ({ prefix }) => prefix.length + 1,
  collect: collectPositional,
  kindType: tupleType,
};

export interface Positional {
  /** The schemas of the first elements. */
  readonly prefix: readonly SchemaNode[];
  /** The schema of every element after them; undefined: any. */
  readonly rest: SchemaNode | undefined;
  /** How many elements the argument type requires (an enforced `minItems`). */
  readonly required: number;
}

function readPositional(schema: StaticObject, reading: SchemaReading): Positional | undefined {
  const items = entryOf(schema, "items")?.value;
  if (
    !entryOf(schema, "prefixItems") &&
    items?.kind !== "array" &&
    !entryOf(schema, "additionalItems")
  )
    return undefined;
  const values: { [key: string]: JsonValue } = {};
  for (const keyword of ["prefixItems", "items", "additionalItems"]) {
    const value = entryOf(schema, keyword)?.value;
    if (value?.kind === "unknown") {
      reading.requireStatic(value, joinKey(reading.schemaPath, keyword));
      return undefined;
    }
    if (value !== undefined) values[keyword] = outline(value);
  }
  const tuple = ruleValue(tupleRule(values), schema, reading);
  if (tuple === undefined) return undefined;
  const prefixEntry = entryOf(schema, tuple.prefixKeyword)!;
  const path = joinKey(reading.schemaPath, tuple.prefixKeyword);
  const elements = (prefixEntry.value as StaticValue & { kind: "array" }).elements;
  const prefix = elements.map((element, i) =>
    reading.read(element, `${path}[${i}]`, `${reading.at}[${i}]`),
  );
  const restEntry =
    tuple.restKeyword === undefined ? undefined : entryOf(schema, tuple.restKeyword);
  const rest =
    restEntry === undefined
      ? undefined
      : reading.read(
          restEntry.value,
          joinKey(reading.schemaPath, tuple.restKeyword!),
          `${reading.at}[]`,
        );
  return { prefix, rest, required: requiredElements(schema, reading, prefix.length) };
}

/**
 * What the rules look at of a positional keyword's value, without its schemas' contents (which
 * are read, and checked, as schemas: a description there need not be statically known): an
 * array of schemas as an array of `{}` and booleans, a schema as `{}`. A value that is not
 * statically known is read as a schema, which reports it.
 */
function outline(value: StaticValue): JsonValue {
  switch (value.kind) {
    case "primitive":
      return value.value;
    case "array":
      return value.elements.map((element) =>
        element.kind === "primitive" ? element.value : element.kind === "array" ? [] : {},
      );
    default:
      return {};
  }
}

/** The first elements an enforced, well-formed `minItems` requires (for the argument type). */
function requiredElements(schema: StaticObject, reading: SchemaReading, length: number): number {
  if (!reading.isEnforced("minItems")) return 0;
  const entry = entryOf(schema, "minItems");
  if (entry?.value.kind !== "primitive") return 0;
  const count = countRule("minItems", entry.value.value);
  return count.ok ? Math.min(count.value, length) : 0;
}

/** The element at a known index, as a path part. */
function indexPart(index: number): PathPart {
  return { local: Code.raw(String(index)), type: "number" };
}

function collectPositional(
  ctx: Emit,
  { prefix, rest }: Positional,
  array: Code,
  path: readonly PathPart[],
): Code {
  const checks: Code[] = [];
  prefix.forEach((item, i) => {
    if (!hasChecks(item)) return;
    const at = Code.raw(String(i));
    const value = ctx.names.next("v");
    const nested = ctx.collect(item, value, [...path, indexPart(i)]);
    // A `false` schema rejects the element without reading it.
    const read = item.never ? code`` : readInto(ctx.module, value, array, at);
    checks.push(code`if (${array}.length > ${at}) {\n${read}${nested}}\n`);
  });
  if (rest !== undefined && hasChecks(rest)) {
    const index = ctx.names.next("i");
    const length = ctx.names.next("n");
    const value = ctx.names.next("v");
    const nested = ctx.collect(rest, value, [...path, { local: index, type: "number" }]);
    const read = rest.never ? code`` : readInto(ctx.module, value, array, index);
    checks.push(
      code`for (let ${index} = ${Code.raw(String(prefix.length))}, ${length} = ${array}.length; ${index} < ${length}; ${index}++) {\n${read}${nested}}\n`,
    );
  }
  return join(checks, "");
}

/** `[A?, B?, ...R[]]`: the first `required` elements required, the rest's type after them. */
function tupleType({ prefix, rest, required }: Positional, types: ArgsTypes): Code {
  const elements = prefix.map((item, i) => {
    const type = types.typeOf(item);
    if (i < required) return type;
    // `string | null?` is not a type: an optional element of a union is `(string | null)?`.
    return /^\w+$/.test(String(type)) ? code`${type}?` : code`(${type})?`;
  });
  if (rest === undefined) elements.push(Code.raw("...unknown[]"));
  else if (!rest.never) elements.push(code`...Array<${types.typeOf(rest)}>`);
  return code`[${join(elements, ", ")}]`;
}

/**
 * An array's positional schemas: `prefix[i]` checks element `i`; `rest` (undefined: anything)
 * checks every element after the prefix, from the keyword named in `restKeyword`.
 */
export interface Tuple {
  readonly prefix: readonly JsonValue[];
  readonly rest: JsonValue | undefined;
  readonly prefixKeyword: "prefixItems" | "items";
  readonly restKeyword: "items" | "additionalItems" | undefined;
}

/**
 * The positional form of a schema, undefined when it has none:
 *
 * - 2020-12: `prefixItems` (a non-empty array of schemas), with `items` (one schema) for the
 *   elements after them.
 * - draft-07: `items` as an array of schemas reads as `prefixItems`, and `additionalItems`
 *   beside it as 2020-12's `items` (the same meaning: the elements after the prefix).
 *   `additionalItems` without an array `items` does nothing (as in draft-07): a warning.
 * - Both forms in one schema (`prefixItems` and an array `items`) is an error: one of them
 *   would be ignored.
 *
 * The schemas themselves are checked where every schema is; here only that each is an object
 * or a boolean.
 */
export function tupleRule(schema: SchemaObject): RuleResult<Tuple | undefined> {
  const prefixItems = schema["prefixItems"];
  const items = schema["items"];
  const additionalItems = schema["additionalItems"];
  const warnings: Located[] = [];

  if (prefixItems !== undefined) {
    const prefix = schemaArray("prefixItems", prefixItems);
    if (!prefix.ok) return prefix;
    if (Array.isArray(items)) {
      return rejected(
        "items",
        "`items` as an array is draft-07's form of `prefixItems`; beside `prefixItems` it must be one schema (the elements after them).",
      );
    }
    if (additionalItems !== undefined) {
      warnings.push({
        keyword: "additionalItems",
        message:
          "`additionalItems` has no effect beside `prefixItems` (draft 2020-12 removed it): write the schema of the elements after them as `items`.",
      });
    }
    return accepted(
      {
        prefix: prefix.value,
        rest: items,
        prefixKeyword: "prefixItems",
        restKeyword: items === undefined ? undefined : "items",
      },
      warnings,
    );
  }

  if (Array.isArray(items)) {
    const prefix = schemaArray("items", items);
    if (!prefix.ok) return prefix;
    if (additionalItems !== undefined && !isSchema(additionalItems)) {
      return rejected(
        "additionalItems",
        `\`additionalItems\` must be a schema (an object, true or false), not ${describeJson(additionalItems)}.`,
      );
    }
    return accepted({
      prefix: prefix.value,
      rest: additionalItems,
      prefixKeyword: "items",
      restKeyword: additionalItems === undefined ? undefined : "additionalItems",
    });
  }

  if (additionalItems !== undefined) {
    warnings.push({
      keyword: "additionalItems",
      message:
        "`additionalItems` has no effect without an array `items` beside it (draft-07); it is ignored.",
    });
  }
  return accepted(undefined, warnings);
}

function schemaArray(keyword: string, value: JsonValue): RuleResult<readonly JsonValue[]> {
  if (!Array.isArray(value) || value.length === 0) {
    return rejected(
      keyword,
      `\`${keyword}\` must be a non-empty array of schemas, not ${describeJson(value)}.`,
    );
  }
  for (let i = 0; i < value.length; i++) {
    if (!isSchema(value[i]!)) {
      return rejected(
        keyword,
        `\`${keyword}[${i}]\` must be a schema (an object, true or false), not ${describeJson(value[i]!)}.`,
      );
    }
  }
  return accepted(value);
}

function isSchema(value: JsonValue): boolean {
  return (
    typeof value === "boolean" ||
    (typeof value === "object" && value !== null && !Array.isArray(value))
  );
}
