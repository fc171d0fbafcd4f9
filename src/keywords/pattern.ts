import { code, literal, type Code } from "../code/code.js";
import { addIssue, keywordValue, locationOf, ruleValue } from "./constraintReading.js";
import { patternRule, type Pattern } from "./constraintRules.js";
import type { Emit, KeywordDefinition } from "./definition.js";
import { joinKey } from "./reading.js";

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
      rank: 11,
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
