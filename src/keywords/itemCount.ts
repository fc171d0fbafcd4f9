import { code } from "../code/code.js";
import { addIssue, countIssue, numberCode, readCount } from "./constraintReading.js";
import type { KeywordDefinition } from "./definition.js";

/**
 * `minItems` and `maxItems` (opt-in): an array of at least / at most that many elements
 * (CONTRACT.md section 3.1), a comparison of its `.length` in the generated code (no support
 * module). Their issues are `too_few_items` and `too_many_items` with the count.
 */

export const minItemsKeyword: KeywordDefinition<number> = {
  keywords: ["minItems"],
  optIn: true,
  appliesTo: "array",
  read: (schema, reading) => readCount("minItems", schema, reading),
  hasChecks: (limit) => limit > 0,
  collect: (ctx, limit, array, path) =>
    code`if (${array}.length < ${numberCode(limit)}) {\n${addIssue(ctx, "too_few_items", path, {
      limit: numberCode(limit),
      count: code`${array}.length`,
    })}}\n`,
  issues: [countIssue("too_few_items", "items", "at least", "minItems")],
};

export const maxItemsKeyword: KeywordDefinition<number> = {
  keywords: ["maxItems"],
  optIn: true,
  appliesTo: "array",
  read: (schema, reading) => readCount("maxItems", schema, reading),
  collect: (ctx, limit, array, path) =>
    code`if (${array}.length > ${numberCode(limit)}) {\n${addIssue(ctx, "too_many_items", path, {
      limit: numberCode(limit),
      count: code`${array}.length`,
    })}}\n`,
  issues: [countIssue("too_many_items", "items", "at most", "maxItems")],
};
