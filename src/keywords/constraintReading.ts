import { Code, code, join } from "../code/code.js";
import { pathCode, type PathPart } from "../code/context.js";
import { entryOf, toJson, type JsonValue, type StaticObject } from "../extract/values.js";
import type { RuleResult, SchemaObject } from "./constraintRules.js";
import type { Emit, SchemaReading } from "./definition.js";
import { joinKey } from "./reading.js";

/**
 * What the definitions of the opt-in constraint keywords share (CONTRACT.md section 3.1):
 * their values read as plain JSON for the rules of constraintRules.ts, the rules' problems and
 * warnings reported where the keyword is, and the statement that adds an issue.
 */

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
