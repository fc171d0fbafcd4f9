// `pattern` at run time (src/support/patterns.ts): the automaton's time per character against
// V8's RegExp, on patterns of tool declarations with the texts a call sends, and on the
// patterns that take seconds with backtracking. `node --import tsx bench/patterns.ts`; the
// figures are summarised in CONTRACT.md section 3.1. V8 is timed only where it takes no seconds.
import { checkPattern } from "../src/keywords/redos.js";
import { compilePattern, matchesPattern, patternVisits } from "../src/support/patterns.js";

interface Case {
  readonly pattern: string;
  readonly text: string;
  /** Whether V8's backtracking is timed too (false where it takes seconds). */
  readonly engine: boolean;
}

const id = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";
const CASES: readonly Case[] = [
  { pattern: "^[a-zA-Z0-9_-]{1,64}$", text: "read_file", engine: true },
  {
    pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
    text: id,
    engine: true,
  },
  { pattern: "^\\d{4}-\\d{2}-\\d{2}$", text: "2026-12-03", engine: true },
  { pattern: "^0x[a-fA-F0-9]{40}$", text: `0x${"ab".repeat(20)}`, engine: true },
  { pattern: "^[a-zA-Z0-9_-]{1,64}$", text: "a".repeat(100_000), engine: true },
  {
    pattern: "^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\\.[A-Za-z]{2,}$",
    text: "a".repeat(100_000),
    engine: true,
  },
  { pattern: "^\\p{L}+$", text: "\u03c0".repeat(100_000), engine: true },
  { pattern: "\\s+$", text: `${" ".repeat(100_000)}x`, engine: false },
  { pattern: "[a-z]+@", text: "a".repeat(100_000), engine: false },
  { pattern: "^(a+)+$", text: `${"a".repeat(100_000)}!`, engine: false },
  { pattern: "^(a|aa){1,50}$", text: `${"a".repeat(100_000)}!`, engine: false },
  { pattern: "x{0,30}x{0,30}x{0,30}y", text: "x".repeat(100_000), engine: false },
  { pattern: "[a-z]{0,64}@", text: "a".repeat(100_000), engine: false },
  { pattern: "(?:\\w{0,20}|\\d{0,20}){0,3}!", text: "1".repeat(100_000), engine: false },
];

/** Median milliseconds of `f` over rounds of at least 50 ms. */
function time(f: () => unknown): number {
  const rounds: number[] = [];
  for (let round = 0; round < 7; round++) {
    let n = 0;
    const start = performance.now();
    do {
      f();
      n++;
    } while (performance.now() - start < 50);
    rounds.push((performance.now() - start) / n);
  }
  return rounds.sort((a, b) => a - b)[3]!;
}

const rows = [
  "| pattern | text | width | visits / char | ours ns / char | V8 ns / char |",
  "| :-- | :-- | --: | --: | --: | --: |",
];
for (const { pattern, text, engine } of CASES) {
  const verdict = checkPattern(pattern);
  const compiled = compilePattern(pattern);
  if (!compiled.ok || verdict.status !== "safe") throw new Error(`${pattern} is not enforced`);
  const p = compiled.pattern;
  const ours = time(() => matchesPattern(p, text));
  const regexp = new RegExp(pattern, "u");
  const v8 = engine ? time(() => regexp.test(text)) : undefined;
  const perChar = (ms: number) => ((ms * 1e6) / text.length).toFixed(1);
  const shown =
    text.length > 40
      ? `${JSON.stringify(text.slice(0, 3)).slice(1, -1)}... (${text.length.toLocaleString("en")})`
      : text;
  rows.push(
    `| \`${pattern.replace(/\|/g, "\\|")}\` | ${shown} | ${verdict.width} | ${(patternVisits(p, text) / text.length).toFixed(1)} | ${perChar(ours)} | ${v8 === undefined ? "seconds or more" : perChar(v8)} |`,
  );
}
console.log(rows.join("\n"));
