// The ReDoS check of patterns (src/keywords/redos.ts): recheck's pure JavaScript build, its
// automaton checker, bounded repetitions read as unbounded.
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
    // Bounded repetitions hide the blow-up from the checker until they are read as unbounded.
    ["^(a{1,10}){1,10}$", "exponential"],
    ["^(a{1,50}){1,50}$", "exponential"],
  ])("%s is vulnerable (%s)", (source, complexity) => {
    expect(checkPattern(source)).toMatchObject({ status: "vulnerable", complexity });
  });

  it.each([
    "^C[0-9]{4}$",
    "^[a-z_]+$",
    "^[a-z0-9-]{1,64}$",
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
    ["a{1,3}", "a{1,}"],
    ["a{0,3}?", "a{0,}?"],
    ["a{2}", "a{2}"],
    ["a{2,2}", "a{2,2}"],
    ["a{2,}", "a{2,}"],
    ["(a{1,10}){1,10}", "(a{1,}){1,}"],
    ["[{}]{1,2}", "[{}]{1,}"],
    ["[\\]{]{1,2}", "[\\]{]{1,}"],
    ["\\{a\\}{1,2}", "\\{a\\}{1,}"],
    ["\\u{1F600}{1,3}", "\\u{1F600}{1,}"],
    ["\\p{L}{0,2}\\P{L}{3,4}", "\\p{L}{0,}\\P{L}{3,}"],
    ["(?<year>\\d{4})-\\k<year>", "(?<year>\\d{4})-\\k<year>"],
    ["^C[0-9]{4}$", "^C[0-9]{4}$"],
  ])("%s reads as %s", (source, widened) => {
    expect(widenedPattern(source)).toBe(widened);
    expect(() => new RegExp(widened, "u")).not.toThrow();
  });
});
