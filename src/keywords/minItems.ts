import { code } from "../code/code.js";
import { readCount } from "./count.js";
import { addIssue, numberCode } from "./constraintReading.js";
import type { KeywordDefinition } from "./definition.js";

/**
 * `minItems` (opt-in): an array of at least that many elements (CONTRACT.md section 3.1). Its
 * issue is `too_few_items` with the count.
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
  issues: [
    {
      code: "too_few_items",
      rank: 12,
      doc: "An array with fewer elements than `minItems` (`limit`); `count` is how many it has.",
      fields: [
        { name: "limit", type: "number", shown: "number", recorded: true },
        { name: "count", type: "number", shown: "number", recorded: false },
      ],
      text: {
        root: "The input has too few items: expected at least {limit} but provided {count}",
        at: "The parameter `{path}` has too few items: expected at least {limit} but provided {count}",
      },
    },
  ],
};
