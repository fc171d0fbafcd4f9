import { code, literal, type Code } from "../code/code.js";
import { addIssue, keywordValue, locationOf, ruleValue } from "./constraintReading.js";
import { patternRule, type Pattern } from "./constraintRules.js";
import type { Emit, KeywordDefinition } from "./definition.js";
import { joinKey } from "./reading.js";

/**
 * `pattern` (opt-in): the string contains a match of the regular expression, ECMA-262 with
 * the `u` flag, not anchored (CONTRACT.md section 3.1). At build time the pattern must compile
 * and the ReDoS check (redos.ts) must find it safe; one the check cannot analyse (a
 * look-ahead) is a warning and is not enforced. The generated module makes the RegExp once,
 * when it loads; constraints.ts's `matchesPattern` never throws. Its issue is
 * `pattern_mismatch` with the pattern; the string is never shown.
 */
export const patternKeyword: KeywordDefinition<Pattern> = {
  keywords: ["pattern"],
  optIn: true,
  appliesTo: "string",
  support: ["constraints"],
  read(schema, reading) {
    const value = keywordValue(schema, "pattern", reading);
    if (value === undefined) return undefined;
    const pattern = ruleValue(patternRule(value), schema, reading);
    if (pattern?.unanalysable === undefined) return pattern;
    const why = `The ReDoS check cannot analyse \`pattern\` (${pattern.unanalysable}): it is not enforced.`;
    reading.report(
      "TV2107",
      why,
      locationOf(schema, "pattern"),
      joinKey(reading.schemaPath, "pattern"),
    );
    const note = "the ReDoS check cannot analyse it";
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

/** `matchesPattern(R, text)`, R a module constant made once per pattern. */
function matches(ctx: Emit, pattern: Pattern, text: Code): Code {
  const regexp = ctx.module.shared(
    `pattern:${pattern.source}`,
    "e",
    (name) => code`const ${name} = new RegExp(${literal(pattern.source)}, "u");\n`,
  );
  return code`${ctx.module.use("matchesPattern", "constraints")}(${regexp}, ${text})`;
}
