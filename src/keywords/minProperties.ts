import { code } from "../code/code.js";
import { readCount } from "./count.js";
import { addIssue, numberCode } from "./constraintReading.js";
import type { KeywordDefinition } from "./definition.js";

/**
 * `minProperties` (opt-in): an object of at least that many keys, counted as `required` reads
 * them: own enumerable keys whose value is not undefined (CONTRACT.md section 3.1):
 * constraints.ts's `hasMinProperties`. Its issue is `too_few_properties` with the count.
 */
export const minPropertiesKeyword: KeywordDefinition<number> = {
  keywords: ["minProperties"],
  optIn: true,
  appliesTo: "object",
  support: ["constraints"],
  read: (schema, reading) => readCount("minProperties", schema, reading),
  hasChecks: (limit) => limit > 0,
  collect: (ctx, limit, record, path) =>
    code`if (!${ctx.module.use("hasMinProperties", "constraints")}(${record}, ${numberCode(limit)})) {\n${addIssue(
      ctx,
      "too_few_properties",
      path,
      {
        limit: numberCode(limit),
        count: code`${ctx.module.use("propertyCount", "constraints")}(${record})`,
      },
    )}}\n`,
  issues: [
    {
      code: "too_few_properties",
      rank: 15,
      doc: "An object with fewer keys than `minProperties` (`limit`); `count` is how many it has.",
      fields: [
        { name: "limit", type: "number", shown: "number", recorded: true },
        { name: "count", type: "number", shown: "number", recorded: false },
      ],
      text: {
        root: "The input has too few properties: expected at least {limit} but provided {count}",
        at: "The parameter `{path}` has too few properties: expected at least {limit} but provided {count}",
      },
    },
  ],
};
