import { code, type Code } from "../code/code.js";
import type { PathPart } from "../code/context.js";
import { addIssue, countIssue, numberCode, readCount } from "./constraintReading.js";
import type { Emit, KeywordDefinition } from "./definition.js";

/**
 * `minProperties` and `maxProperties` (opt-in): an object of at least / at most that many
 * keys, counted as `required` reads them: own enumerable keys whose value is not undefined
 * (CONTRACT.md section 3.1): src/support/propertyCount.ts's `hasMinProperties` /
 * `hasMaxProperties`, which stop counting once decided. Their issues are `too_few_properties`
 * and `too_many_properties` with the count.
 */

export const minPropertiesKeyword: KeywordDefinition<number> = {
  keywords: ["minProperties"],
  optIn: true,
  appliesTo: "object",
  support: ["propertyCount"],
  read: (schema, reading) => readCount("minProperties", schema, reading),
  hasChecks: (limit) => limit > 0,
  collect: (ctx, limit, record, path) =>
    collectCount(ctx, "hasMinProperties", "too_few_properties", limit, record, path),
  issues: [countIssue("too_few_properties", "properties", "at least", "minProperties")],
};

export const maxPropertiesKeyword: KeywordDefinition<number> = {
  keywords: ["maxProperties"],
  optIn: true,
  appliesTo: "object",
  support: ["propertyCount"],
  read: (schema, reading) => readCount("maxProperties", schema, reading),
  collect: (ctx, limit, record, path) =>
    collectCount(ctx, "hasMaxProperties", "too_many_properties", limit, record, path),
  issues: [countIssue("too_many_properties", "properties", "at most", "maxProperties")],
};

function collectCount(
  ctx: Emit,
  test: "hasMinProperties" | "hasMaxProperties",
  issue: string,
  limit: number,
  record: Code,
  path: readonly PathPart[],
): Code {
  return code`if (!${ctx.module.use(test, "propertyCount")}(${record}, ${numberCode(limit)})) {\n${addIssue(
    ctx,
    issue,
    path,
    {
      limit: numberCode(limit),
      count: code`${ctx.module.use("propertyCount", "propertyCount")}(${record})`,
    },
  )}}\n`;
}
