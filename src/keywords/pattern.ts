import { code, literal, type Code } from "../code/code.js";
import type { JsonValue } from "../extract/values.js";
import {
  accepted,
  addIssue,
  describeJson,
  keywordValue,
  locationOf,
  rejected,
  ruleValue,
  type RuleResult,
} from "./constraintReading.js";
import type { Emit, KeywordDefinition } from "./definition.js";
import { joinKey } from "./reading.js";
import { checkPattern, PATTERN_WIDTH_LIMIT, type PatternVerdict } from "./redos.js";

/**
 * `pattern` (opt-in): the string contains a match of the regular expression, ECMA-262 with
 * the `u` flag, not anchored (CONTRACT.md section 3.1), decided by the linear-time automaton
 * of src/support/patterns.ts, never by a backtracking RegExp. At build time the pattern must
 * compile and keep few enough states active at once (redos.ts); one with a look-around or a
 * back-reference is a warning and is not enforced. The generated module compiles the pattern
 * once, when it loads; `matchesPattern` never throws. Its issue is `pattern_mismatch` with
 * the pattern; the string is never shown.
 */
export const patternKeyword: KeywordDefinition<Pattern> = {
  keywords: ["pattern"],
  optIn: true,
  appliesTo: "string",
  support: ["patterns"],
  read(schema, reading) {
    const value = keywordValue(schema, "pattern", reading);
    if (value === undefined) return undefined;
    const pattern = ruleValue(patternRule(value), schema, reading);
    if (pattern?.unanalysable === undefined) return pattern;
    const why = `\`pattern\` is not enforced: ${pattern.unanalysable}.`;
    reading.report(
      "TV2107",
      why,
      locationOf(schema, "pattern"),
      joinKey(reading.schemaPath, "pattern"),
    );
    const note = "not matched in linear time";
    reading.notEnforced({ keyword: "pattern", at: reading.at, note });
    return undefined;
  },
  collect: (ctx, pattern, text, path) =>
    code`if (!${matches(ctx, pattern, text)}) {\n${addIssue(ctx, "pattern_mismatch", path, {
      pattern: literal(pattern.source),
    })}}\n`,
  issues: [
    {
      code: "pattern_mismatch",
      doc: "A string with no match of `pattern` (its source in `pattern`).",
      fields: [{ name: "pattern", type: "string", shown: "text", recorded: false }],
      text: {
        root: "The input does not match the pattern `{pattern}`",
        at: "The parameter `{path}` does not match the pattern `{pattern}`",
      },
    },
  ],
};

/** `matchesPattern(P, text)`, P a module constant compiled once per pattern. */
function matches(ctx: Emit, pattern: Pattern, text: Code): Code {
  const compiled = ctx.module.shared(
    `pattern:${pattern.source}`,
    "e",
    (name) =>
      code`const ${name} = ${ctx.module.use("pattern", "patterns")}(${literal(pattern.source)});\n`,
  );
  return code`${ctx.module.use("matchesPattern", "patterns")}(${compiled}, ${text})`;
}

export interface Pattern {
  /** The source, compiled by the validators with src/support/patterns.ts's `pattern`. */
  readonly source: string;
  /**
   * Why it cannot be matched in linear time (it uses a look-ahead, a back-reference): then it
   * is not enforced, and the caller warns and lists it. Undefined: enforced.
   */
  readonly unanalysable?: string;
}

/**
 * `pattern`: a string that compiles as a regular expression with the `u` flag and whose
 * automaton keeps few enough states active at once (redos.ts). One that does not compile, or
 * that is too costly, is a problem; one with a look-around or a back-reference is returned
 * with the reason, for the caller to leave it out (a pattern the validators run on every call
 * must run in linear time).
 */
export function patternRule(
  value: JsonValue,
  check: (source: string) => PatternVerdict = checkPattern,
): RuleResult<Pattern> {
  if (typeof value !== "string") {
    return rejected(
      "pattern",
      `\`pattern\` must be a string (a regular expression), not ${describeJson(value)}.`,
    );
  }
  const verdict = check(value);
  switch (verdict.status) {
    case "safe":
      return accepted({ source: value });
    case "invalid":
      return rejected(
        "pattern",
        `\`pattern\` is not a valid regular expression with the \`u\` flag: ${verdict.message}.`,
      );
    case "too wide":
      return {
        ok: false,
        keyword: "pattern",
        redos: true,
        problem: `\`pattern\` costs too much to match: up to ${verdict.width} states of its automaton can be active at one character of a text (at most ${PATTERN_WIDTH_LIMIT}), and each costs a step at every character; anchor it with \`^\`, make its counted repetitions smaller, or bound a length with \`maxLength\`.`,
      };
    case "unknown":
      return accepted({ source: value, unanalysable: verdict.reason });
  }
}
