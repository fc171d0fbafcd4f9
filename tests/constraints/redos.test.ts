// The ReDoS check of patterns (src/keywords/redos.ts): recheck's pure JavaScript build, its
// automaton checker, nested bounded repetitions read as unbounded.
import { describe, expect, it } from "vitest";
import { checkPattern, widenedPattern } from "../../src/keywords/redos.js";

describe("checkPattern", () => {
  it.each([
    ["^(a+)+$", "exponential"],
    ["(a|a)*b", "exponential"],
    ["^(\\d+)*$", "exponential"],
    ["(x+x+)+y", "exponential"],
    ["(\\w+\\s?)*$", "exponential"],
    ["^\\w+([.-]?\\w+)*@\\w+([.-]?\\w+)*(\\.\\w{2,3})+$", "exponential"],
    ["^.*a.*a.*$", "3rd degree polynomial"],
    ["^\\S+@\\S+$", "2nd degree polynomial"],
    ["a+b", "2nd degree polynomial"], // unanchored: every start position scans the run of a
    ["\\s+$", "2nd degree polynomial"],
    // Nested bounded repetitions hide the blow-up from the checker until they are read as
    // unbounded (V8 takes minutes on `^(a|aa){1,50}$` against 40 `a` and a `!`).
    ["^(a{1,10}){1,10}$", "exponential"],
    ["^(a{1,50}){1,50}$", "exponential"],
    ["^(a|aa){1,50}$", "exponential"],
    ["^(?:a{1,50}b?){1,50}$", "exponential"],
    ["^(a{1,50}){3}$", "3rd degree polynomial"],
  ])("%s is vulnerable (%s)", (source, complexity) => {
    expect(checkPattern(source)).toMatchObject({ status: "vulnerable", complexity });
  });

  it.each([
    "^C[0-9]{4}$",
    "^[a-z_]+$",
    "^[a-z0-9-]{1,64}$",
    // Bounded repetitions side by side that nothing repeats: at most 64 x 11 steps per start
    // as written (read as unbounded, this would be a quadratic false alarm).
    "^[a-z]{2,64}[a-z0-9]{0,10}$",
    "^[A-Z]{1,3}[0-9]{1,6}[a-z]{0,4}$",
    "^\\d{4}-\\d{2}-\\d{2}$",
    "^(?:\\d{1,3}\\.){3}\\d{1,3}$",
    "^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\\.[A-Za-z]{2,}$",
    "^\\p{Letter}+$",
    "^[\\u{1F600}-\\u{1F64F}]+$",
    "^(a|b)*$",
    "(a+)+", // unanchored: a match is found at once
    "^a+b",
    "a*",
    "",
    "(?<=a)b",
  ])("%s is safe", (source) => {
    expect(checkPattern(source)).toEqual({ status: "safe" });
  });

  it("names what does not compile with the u flag", () => {
    expect(checkPattern("[")).toEqual({
      status: "invalid",
      message: "Unterminated character class",
    });
    expect(checkPattern("(")).toEqual({ status: "invalid", message: "Unterminated group" });
    expect(checkPattern("a{")).toEqual({ status: "invalid", message: "Incomplete quantifier" });
    expect(checkPattern("\\-")).toEqual({ status: "invalid", message: "Invalid escape" });
    expect(checkPattern("\\p{Nope}")).toEqual({
      status: "invalid",
      message: "Invalid property name",
    });
  });

  it("says what the automaton checker cannot analyse", () => {
    expect(checkPattern("^(?=.*\\d).+$")).toEqual({
      status: "unknown",
      reason: "the checker does not support it: look-ahead assertion",
    });
    expect(checkPattern("(a*)*\\1")).toMatchObject({ status: "unknown" });
  });

  it("gives an attack string and whether the pattern was widened", () => {
    expect(checkPattern("^(a+)+$")).toEqual({
      status: "vulnerable",
      complexity: "exponential",
      attack: "'a' + 'a'.repeat(31) + '\\x00'",
      widened: false,
    });
    expect(checkPattern("^(a{1,10}){1,10}$")).toMatchObject({ widened: true });
  });

  it("leaves the process environment as it found it", () => {
    const before = process.env["RECHECK_SYNC_BACKEND"];
    checkPattern("^[a-c]+x$");
    expect(process.env["RECHECK_SYNC_BACKEND"]).toBe(before);
  });
});

describe("widenedPattern", () => {
  it.each([
    // Nothing repeats them: as they are.
    ["a{1,3}", "a{1,3}"],
    ["a{0,3}?", "a{0,3}?"],
    ["^[a-z]{2,64}[a-z0-9]{0,10}$", "^[a-z]{2,64}[a-z0-9]{0,10}$"],
    ["[{}]{1,2}", "[{}]{1,2}"],
    ["(a{1,3})", "(a{1,3})"],
    ["(a{1,3})?", "(a{1,3})?"],
    ["(a{1,3}){1}", "(a{1,3}){1}"],
    ["(?=a{1,3})b", "(?=a{1,3})b"],
    // Exact and unbounded repetitions never change.
    ["a{2}", "a{2}"],
    ["a{2,2}", "a{2,2}"],
    ["a{2,}", "a{2,}"],
    ["^C[0-9]{4}$", "^C[0-9]{4}$"],
    ["(?<year>\\d{4})-\\k<year>", "(?<year>\\d{4})-\\k<year>"],
    // Nested: a bounded repetition of a group, or inside a repeated group.
    ["(a{1,10}){1,10}", "(a{1,}){1,}"],
    ["(a|aa){1,50}", "(a|aa){1,}"],
    ["(?:ab){0,3}?", "(?:ab){0,}?"],
    ["(a{1,5}){3}", "(a{1,}){3}"],
    ["(?:\\d{1,3}\\.){3}\\d{1,3}", "(?:\\d{1,}\\.){3}\\d{1,3}"],
    ["((x{1,2})y)+z{1,2}", "((x{1,})y)+z{1,2}"],
    ["(?<n>x{1,2})*", "(?<n>x{1,})*"],
    ["(?<!a)(b{1,2})+", "(?<!a)(b{1,})+"],
    // Braces and parentheses that are not quantifiers or groups.
    ["([{}]{1,2})+", "([{}]{1,})+"],
    ["([\\]{(]{1,2})+", "([\\]{(]{1,})+"],
    ["(\\{a\\}{1,2})*", "(\\{a\\}{1,})*"],
    ["\\({1,2}\\)", "\\({1,2}\\)"],
    ["(\\u{1F600}{1,3})+", "(\\u{1F600}{1,})+"],
    ["(\\p{L}{0,2}\\P{L}{3,4})+", "(\\p{L}{0,}\\P{L}{3,})+"],
  ])("%s reads as %s", (source, widened) => {
    expect(widenedPattern(source)).toBe(widened);
    expect(() => new RegExp(widened, "u")).not.toThrow();
  });
});
