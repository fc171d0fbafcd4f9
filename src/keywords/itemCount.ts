import { code } from "../code/code.js";
import { addIssue, numberCode, readCount } from "./constraintReading.js";
import type { IssueDefinition, KeywordDefinition } from "./definition.js";

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
  issues: [countIssue("too_few_items", "few", "fewer", "at least", "minItems")],
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
  issues: [countIssue("too_many_items", "many", "more", "at most", "maxItems")],
};

function countIssue(
  issue: string,
  size: "few" | "many",
  than: "fewer" | "more",
  words: string,
  keyword: string,
): IssueDefinition {
  return {
    code: issue,
    doc: `An array with ${than} elements than \`${keyword}\` (\`limit\`); \`count\` is how many it has.`,
    fields: [
      { name: "limit", type: "number", shown: "number", recorded: true },
      { name: "count", type: "number", shown: "number", recorded: false },
    ],
    text: {
      root: `The input has too ${size} items: expected ${words} {limit} but provided {count}`,
      at: `The parameter \`{path}\` has too ${size} items: expected ${words} {limit} but provided {count}`,
    },
  };
}
