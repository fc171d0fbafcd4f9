// CONTRACT.md section 3.1 (the opt-in constraints' build-time rules).
import { Code, code, join } from "../code/code.js";
import { pathCode, type PathPart } from "../code/context.js";
import { entryOf, toJson, type JsonValue, type StaticObject } from "../extract/values.js";
import type { Emit, IssueDefinition, SchemaReading } from "./definition.js";
import { joinKey } from "./reading.js";

/**
 * What the definitions of the opt-in constraint keywords share (CONTRACT.md section 3.1).
 * Each keyword's rule (its file's `...Rule`) says whether its value is valid by draft
 * 2020-12's meta-schema (with the older forms tool declarations still carry) and normalises it
 * for the emitter: a pure function of plain JSON values, returning `{ value }` or `{ problem,
 * keyword }`, the problem a sentence for a located diagnostic (the keyword says where: the key
 * whose value is wrong). Here: the values read as plain JSON, the rules' problems and warnings
 * reported where the keyword is, the counts' rule, and the statement that adds an issue.
 *
 * They are meant for enforced keywords only: without `enforce`, nothing here runs, and a
 * malformed value of a keyword that is not enforced stays what it is (not enforced, listed).
 */

export type RuleResult<T> =
  | { readonly ok: true; readonly value: T; readonly warnings?: readonly Located[] }
  | {
      readonly ok: false;
      readonly problem: string;
      readonly keyword: string;
      /** A pattern too costly to match in linear time (its own diagnostic); otherwise a malformed value. */
      readonly redos?: true;
    };

/** A sentence about one keyword's value. */
export interface Located {
  readonly keyword: string;
  readonly message: string;
}

/** A schema object as plain JSON. */
export type SchemaObject = { readonly [key: string]: JsonValue | undefined };

/** A rule's valid value, with its warnings. */
export function accepted<T>(value: T, warnings?: readonly Located[]): RuleResult<T> {
  return warnings === undefined || warnings.length === 0
    ? { ok: true, value }
    : { ok: true, value, warnings };
}

/** A rule's problem with the value of `keyword`. */
export function rejected(keyword: string, message: string): RuleResult<never> {
  return { ok: false, problem: message, keyword };
}

/**
 * A value as a message names it: `the string "1"`, `the number 0`, `an array`, `an empty
 * array`, `null`.
 */
export function describeJson(value: JsonValue): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "an empty array" : "an array";
  switch (typeof value) {
    case "string":
      return `the string ${cut(JSON.stringify(value))}`;
    case "number":
      return `the number ${value}`;
    case "boolean":
      return String(value);
    default:
      return Object.keys(value).length === 0 ? "an empty object" : "an object";
  }
}

function cut(text: string): string {
  return text.length <= 100 ? text : `${text.slice(0, 100)}...`;
}

/**
 * A count (`minLength`, `maxItems`, `minProperties`, ...): a non-negative integer (the
 * meta-schema's `nonNegativeInteger`: type integer, so 2.0 is 2, as JavaScript reads it anyway).
 */
export function countRule(keyword: string, value: JsonValue): RuleResult<number> {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    return rejected(
      keyword,
      `\`${keyword}\` must be a non-negative integer, not ${describeJson(value)}.`,
    );
  }
  return accepted(value === 0 ? 0 : value);
}

/** A count keyword's value: undefined when absent or malformed (reported). */
export function readCount(
  keyword: string,
  schema: StaticObject,
  reading: SchemaReading,
): number | undefined {
  const value = keywordValue(schema, keyword, reading);
  if (value === undefined) return undefined;
  return ruleValue(countRule(keyword, value), schema, reading);
}

/**
 * The JSON values of some keywords of a schema, those that are present and statically known
 * (one that is not is reported, and left out).
 */
export function keywordValues(
  schema: StaticObject,
  keywords: readonly string[],
  reading: SchemaReading,
): SchemaObject {
  const values: { [key: string]: JsonValue } = {};
  for (const keyword of keywords) {
    const entry = entryOf(schema, keyword);
    if (!entry) continue;
    const json = toJson(entry.value);
    if (json === undefined) {
      reading.requireStatic(entry.value, joinKey(reading.schemaPath, keyword));
      continue;
    }
    values[keyword] = json;
  }
  return values;
}

/** One keyword's JSON value: undefined when absent or not statically known (reported). */
export function keywordValue(
  schema: StaticObject,
  keyword: string,
  reading: SchemaReading,
): JsonValue | undefined {
  return keywordValues(schema, [keyword], reading)[keyword];
}

/**
 * A rule's result: its value, or undefined after reporting its problem (TV2013, at the
 * keyword whose value is wrong) unless `reports` says another definition reports it. Its
 * warnings are reported as TV2106.
 */
export function ruleValue<T>(
  result: RuleResult<T>,
  schema: StaticObject,
  reading: SchemaReading,
  reports: (keyword: string) => boolean = () => true,
): T | undefined {
  if (!result.ok) {
    if (reports(result.keyword))
      reading.report(
        result.redos ? "TV2014" : "TV2013",
        result.problem,
        locationOf(schema, result.keyword),
        joinKey(reading.schemaPath, result.keyword),
      );
    return undefined;
  }
  for (const warning of result.warnings ?? []) {
    if (reports(warning.keyword))
      reading.report(
        "TV2106",
        warning.message,
        locationOf(schema, warning.keyword),
        joinKey(reading.schemaPath, warning.keyword),
      );
  }
  return result.value;
}

/** Where a keyword's value is (the schema itself when the keyword is absent). */
export function locationOf(schema: StaticObject, keyword: string) {
  return entryOf(schema, keyword)?.value.location ?? schema.location;
}

/**
 * `c = issue(c, { code, path, ...fields });`: the issue of one constraint, at `path`. Field
 * names are the definitions' own; their values are code.
 */
export function addIssue(
  ctx: Emit,
  issueCode: string,
  path: readonly PathPart[],
  fields: Readonly<Record<string, Code>> = {},
): Code {
  const parts = [
    code`code: ${issueCode}`,
    code`path: ${pathCode(ctx.module, path)}`,
    ...Object.entries(fields).map(([name, value]) => code`${Code.raw(name)}: ${value}`),
  ];
  return code`c = ${ctx.module.use("issue")}(c, { ${join(parts, ", ")} });\n`;
}

/** A number as code (`-0` as `0`: the bounds and counts are read as JSON numbers). */
export function numberCode(value: number): Code {
  return Code.raw(JSON.stringify(value === 0 ? 0 : value));
}

/**
 * The issue of a count bound (`minItems`, `maxItems`, `minProperties`, `maxProperties`): its
 * `limit`, and `count`, how many elements or keys the value has.
 */
export function countIssue(
  issue: string,
  counted: "items" | "properties",
  bound: "at least" | "at most",
  keyword: string,
): IssueDefinition {
  const size = bound === "at least" ? "few" : "many";
  const than = bound === "at least" ? "fewer" : "more";
  const value = counted === "items" ? "An array" : "An object";
  const parts = counted === "items" ? "elements" : "keys";
  return {
    code: issue,
    doc: `${value} with ${than} ${parts} than \`${keyword}\` (\`limit\`); \`count\` is how many it has.`,
    fields: [
      { name: "limit", type: "number", shown: "number", recorded: true },
      { name: "count", type: "number", shown: "number", recorded: false },
    ],
    text: {
      root: `The input has too ${size} ${counted}: expected ${bound} {limit} but provided {count}`,
      at: `The parameter \`{path}\` has too ${size} ${counted}: expected ${bound} {limit} but provided {count}`,
    },
  };
}
