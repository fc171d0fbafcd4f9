import { code, type Code } from "../code/code.js";
import { readCount } from "./count.js";
import { addIssue, numberCode } from "./constraintReading.js";
import type { Emit, KeywordDefinition } from "./definition.js";

/**
 * `maxLength` (opt-in): a string of at most that many Unicode code points (CONTRACT.md
 * section 3.1): constraints.ts's `hasMaxLength`, which never scans a string too long by its
 * `.length` alone. Its issue is `too_long` with the length; the string is never shown.
 */
export const maxLengthKeyword: KeywordDefinition<number> = {
  keywords: ["maxLength"],
  optIn: true,
  appliesTo: "string",
  support: ["constraints"],
  read: (schema, reading) => readCount("maxLength", schema, reading),
  collect: (ctx, limit, text, path) =>
    code`if (!${lengthTest(ctx, limit, text)}) {\n${addIssue(ctx, "too_long", path, {
      limit: numberCode(limit),
      length: code`${ctx.module.use("codePointLength", "constraints")}(${text})`,
    })}}\n`,
  issues: [
    {
      code: "too_long",
      rank: 10,
      doc: "A string longer than `maxLength` (`limit`); `length` is its length in code points.",
      fields: [
        { name: "limit", type: "number", shown: "count", unit: "character", recorded: true },
        { name: "length", type: "number", shown: "number", recorded: false },
      ],
      text: {
        root: "The input is too long: expected at most {limit} but provided {length}",
        at: "The parameter `{path}` is too long: expected at most {limit} but provided {length}",
      },
    },
  ],
};

/**
 * A boolean expression: does `text` have at most `limit` code points? A text of at most
 * `limit` UTF-16 units does, without a call; longer ones go to constraints.ts's `hasMaxLength`
 * (which never scans a text too long by its `.length` alone).
 */
function lengthTest(ctx: Emit, limit: number, text: Code): Code {
  return code`(${text}.length <= ${numberCode(limit)} || ${ctx.module.use("hasMaxLength", "constraints")}(${text}, ${numberCode(limit)}))`;
}
