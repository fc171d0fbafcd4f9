import { code } from "../code/code.js";
import { readCount } from "./count.js";
import { addIssue, numberCode } from "./constraintReading.js";
import type { KeywordDefinition } from "./definition.js";

/**
 * `maxItems` (opt-in): an array of at most that many elements (CONTRACT.md section 3.1). Its
 * issue is `too_many_items` with the count.
 */
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
  issues: [
    {
      code: "too_many_items",
      rank: 13,
      doc: "An array with more elements than `maxItems` (`limit`); `count` is how many it has.",
      fields: [
        { name: "limit", type: "number", shown: "number", recorded: true },
        { name: "count", type: "number", shown: "number", recorded: false },
      ],
      text: {
        root: "The input has too many items: expected at most {limit} but provided {count}",
        at: "The parameter `{path}` has too many items: expected at most {limit} but provided {count}",
      },
    },
  ],
};
