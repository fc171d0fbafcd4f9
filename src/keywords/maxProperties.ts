import { code } from "../code/code.js";
import { readCount } from "./count.js";
import { addIssue, numberCode } from "./constraintReading.js";
import type { KeywordDefinition } from "./definition.js";

/**
 * `maxProperties` (opt-in): an object of at most that many keys, counted as `required` reads
 * them (CONTRACT.md section 3.1): constraints.ts's `hasMaxProperties`. Its issue is
 * `too_many_properties` with the count.
 */
export const maxPropertiesKeyword: KeywordDefinition<number> = {
  keywords: ["maxProperties"],
  optIn: true,
  appliesTo: "object",
  support: ["constraints"],
  read: (schema, reading) => readCount("maxProperties", schema, reading),
  collect: (ctx, limit, record, path) =>
    code`if (!${ctx.module.use("hasMaxProperties", "constraints")}(${record}, ${numberCode(limit)})) {\n${addIssue(
      ctx,
      "too_many_properties",
      path,
      {
        limit: numberCode(limit),
        count: code`${ctx.module.use("propertyCount", "constraints")}(${record})`,
      },
    )}}\n`,
  issues: [
    {
      code: "too_many_properties",
      rank: 16,
      doc: "An object with more keys than `maxProperties` (`limit`); `count` is how many it has.",
      fields: [
        { name: "limit", type: "number", shown: "number", recorded: true },
        { name: "count", type: "number", shown: "number", recorded: false },
      ],
      text: {
        root: "The input has too many properties: expected at most {limit} but provided {count}",
        at: "The parameter `{path}` has too many properties: expected at most {limit} but provided {count}",
      },
    },
  ],
};
