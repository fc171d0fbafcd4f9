import { code, type Code } from "../code/code.js";
import { addIssue, numberCode, readCount } from "./constraintReading.js";
import type { Emit, IssueDefinition, KeywordDefinition } from "./definition.js";

/**
 * `minLength` and `maxLength` (opt-in): a string of at least / at most that many Unicode code
 * points, an emoji one (CONTRACT.md section 3.1). Most strings are decided by their `.length`
 * alone (a text of n UTF-16 units has between ceil(n / 2) and n code points); the others go to
 * src/support/stringLength.ts's `hasMinLength` / `hasMaxLength`, which never scan a string
 * too long by its `.length` alone. Their issues are `too_short` and `too_long` with the
 * length; the string is never shown.
 */

export const minLengthKeyword: KeywordDefinition<number> = {
  keywords: ["minLength"],
  optIn: true,
  appliesTo: "string",
  support: ["stringLength"],
  read: (schema, reading) => readCount("minLength", schema, reading),
  hasChecks: (limit) => limit > 0,
  collect: (ctx, limit, text, path) =>
    code`if (!${atLeast(ctx, limit, text)}) {\n${addIssue(ctx, "too_short", path, {
      limit: numberCode(limit),
      length: code`${ctx.module.use("codePointLength", "stringLength")}(${text})`,
    })}}\n`,
  issues: [lengthIssue("too_short", "short", "at least", "minLength")],
};

export const maxLengthKeyword: KeywordDefinition<number> = {
  keywords: ["maxLength"],
  optIn: true,
  appliesTo: "string",
  support: ["stringLength"],
  read: (schema, reading) => readCount("maxLength", schema, reading),
  collect: (ctx, limit, text, path) =>
    code`if (!${atMost(ctx, limit, text)}) {\n${addIssue(ctx, "too_long", path, {
      limit: numberCode(limit),
      length: code`${ctx.module.use("codePointLength", "stringLength")}(${text})`,
    })}}\n`,
  issues: [lengthIssue("too_long", "long", "at most", "maxLength")],
};

/** A boolean expression: does `text` have at least `limit` code points? */
function atLeast(ctx: Emit, limit: number, text: Code): Code {
  if (limit === 1) return code`(${text}.length !== 0)`;
  const decided = numberCode(2 * limit - 1);
  return code`(${text}.length >= ${decided} || ${ctx.module.use("hasMinLength", "stringLength")}(${text}, ${numberCode(limit)}))`;
}

/** A boolean expression: does `text` have at most `limit` code points? */
function atMost(ctx: Emit, limit: number, text: Code): Code {
  return code`(${text}.length <= ${numberCode(limit)} || ${ctx.module.use("hasMaxLength", "stringLength")}(${text}, ${numberCode(limit)}))`;
}

function lengthIssue(
  issue: string,
  size: "short" | "long",
  words: string,
  keyword: string,
): IssueDefinition {
  const than = size === "short" ? "shorter" : "longer";
  return {
    code: issue,
    doc: `A string ${than} than \`${keyword}\` (\`limit\`); \`length\` is its length in code points.`,
    fields: [
      { name: "limit", type: "number", shown: "count", unit: "character", recorded: true },
      { name: "length", type: "number", shown: "number", recorded: false },
    ],
    text: {
      root: `The input is too ${size}: expected ${words} {limit} but provided {length}`,
      at: `The parameter \`{path}\` is too ${size}: expected ${words} {limit} but provided {length}`,
    },
  };
}
