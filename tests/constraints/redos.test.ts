// The build-time check of patterns (src/keywords/redos.ts): a pattern is enforced when its
// automaton keeps at most PATTERN_WIDTH_LIMIT states active at one position of any text.
import { describe, expect, it } from "vitest";
import { checkPattern, PATTERN_WIDTH_LIMIT, patternWidth } from "../../src/keywords/redos.js";
import { compilePattern } from "../../src/support/patterns.js";

function width(source: string): number {
  const compiled = compilePattern(source);
  if (!compiled.ok) throw new Error(`${source} does not compile`);
  return patternWidth(compiled.pattern);
}

describe("checkPattern", () => {
  it.each([
    // Back-to-back bounded repetitions of overlapping classes, and chains of `.{0,n}`: each
    // of their states can be active at once on an unanchored text.
    ["a{0,1000}a{0,1000}b", 4002],
    ["a.{0,5000}b.{0,5000}c", 20004],
    ["\\d{0,3000}\\d{0,3000}x", 12002],
    ["(?:a{0,200}|b{0,200})c", 803],
    ["[a-z]{0,300}@", 602],
    ["(\\w{0,100}){0,100}x", 20102],
  ])("%s is too wide (%i states at once)", (source, states) => {
    expect(checkPattern(source)).toMatchObject({ status: "too wide", width: states });
  });

  it.each([
    // Backtracking takes seconds or more on these; the automaton does not.
    ["x{0,30}x{0,30}x{0,30}y", 182],
    ["^(a+)+$", 6],
    ["(a|a)*b", 6],
    ["^(a|aa){1,50}$", 128],
    ["^(a{1,10}){1,10}$", 167],
    ["\\s+$", 4],
    ["^.*a.*a.*$", 11],
    ["^\\S+@\\S+$", 8],
    // Anchored bounded repetitions: one count is active at a time, whatever the bound.
    ["^[a-z0-9_-]{1,64}$", 5],
    ["^[a-zA-Z\\d][a-zA-Z\\d._+()-]{0,254}$", 5],
    ["^C[0-9]{4}$", 3],
    ["^\\d{4}-\\d{2}-\\d{2}$", 3],
    ["^(?:\\d{1,3}\\.){3}\\d{1,3}$", 14],
    ["^\\p{Letter}+$", 5],
    ["^[\\u{1F600}-\\u{1F64F}]+$", 5],
    ["[a-z]{0,64}@", 130],
    ["\\bword\\b", 7],
    ["", 2],
  ])("%s is enforced (%i states at once)", (source, states) => {
    expect(checkPattern(source)).toEqual({ status: "safe", width: states });
    expect(states).toBeLessThanOrEqual(PATTERN_WIDTH_LIMIT);
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

  it.each([
    ["^(?=.*\\d).+$", "a look-ahead"],
    ["a(?!b)", "a look-ahead"],
    ["(?<=a)b", "a look-behind"],
    ["(?<!a)b", "a look-behind"],
    ["(a*)*\\1", "a back-reference"],
    ["(?<x>a)\\k<x>", "a back-reference"],
  ])("%s is not enforced: it uses %s", (source, feature) => {
    expect(checkPattern(source)).toEqual({
      status: "unknown",
      reason: `it uses ${feature}, which no automaton matches in linear time`,
    });
  });
});

describe("patternWidth", () => {
  it("counts from the start once where every path from it passes ^", () => {
    expect(width("^a{0,100}$")).toBe(5);
    expect(width("a{0,100}$")).toBe(202);
    // Per path: the alternative behind ^ is followed from position 0 only.
    expect(width("^a{0,100}|b")).toBe(6);
    expect(width("a{0,100}|^b")).toBe(203);
  });

  it("is the whole automaton where following the positions would cost too much", () => {
    const compiled = compilePattern("(?:a{0,9}b{0,9}c{0,9}d{0,9}){0,40}e");
    if (!compiled.ok) throw new Error("does not compile");
    expect(patternWidth(compiled.pattern)).toBeLessThanOrEqual(compiled.pattern.kind.length);
  });
});
