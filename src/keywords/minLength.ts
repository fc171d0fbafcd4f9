import { code, type Code } from "../code/code.js";
import { readCount } from "./count.js";
import { addIssue, numberCode } from "./constraintReading.js";
import type { Emit, KeywordDefinition } from "./definition.js";

/**
 * `minLength` (opt-in): a string of at least that many Unicode code points (an emoji is one)
 * (CONTRACT.md section 3.1): constraints.ts's `hasMinLength`, which decides most strings by
 * their `.length`. Its issue is `too_short` with the length; the string is never shown.
 */
export const minLengthKeyword: KeywordDefinition<number> = {
  keywords: ["minLength"],
  optIn: true,
  appliesTo: "string",
  support: ["constraints"],
  read: (schema, reading) => readCount("minLength", schema, reading),
  hasChecks: (limit) => limit > 0,
  collect: (ctx, limit, text, path) =>
    code`if (!${lengthTest(ctx, limit, text)}) {\n${addIssue(ctx, "too_short", path, {
      limit: numberCode(limit),
      length: code`${ctx.module.use("codePointLength", "constraints")}(${text})`,
    })}}\n`,
  issues: [
    {
      code: "too_short",
      rank: 9,
      doc: "A string shorter than `minLength` (`limit`); `length` is its length in code points.",
      fields: [
        { name: "limit", type: "number", shown: "count", unit: "character", recorded: true },
        { name: "length", type: "number", shown: "number", recorded: false },
      ],
      text: {
        root: "The input is too short: expected at least {limit} but provided {length}",
        at: "The parameter `{path}` is too short: expected at least {limit} but provided {length}",
      },
    },
  ],
};

/**
 * A boolean expression: does `text` have at least `limit` code points? A text of n UTF-16 units
 * has at least ceil(n / 2) of them, so `.length` decides most texts here, without a call; only
 * those in between are counted (constraints.ts's `hasMinLength`).
 */
function lengthTest(ctx: Emit, limit: number, text: Code): Code {
  if (limit === 1) return code`(${text}.length !== 0)`;
  const decided = numberCode(2 * limit - 1);
  return code`(${text}.length >= ${decided} || ${ctx.module.use("hasMinLength", "constraints")}(${text}, ${numberCode(limit)}))`;
}
