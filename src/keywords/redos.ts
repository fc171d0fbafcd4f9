import {
  ASSERT,
  AT_START,
  ATOM,
  CHAR,
  compilePattern,
  JUMP,
  SPLIT,
  type CompiledPattern,
} from "../support/patterns.js";

/**
 * The build-time check of a `pattern` (CONTRACT.md section 3.1). The validators do not run a
 * pattern with JavaScript's backtracking RegExp, which can take seconds on a short pattern and
 * a text of a few thousand characters (`a{0,1000}a{0,1000}b`, `(a+)+$`), but with the
 * automaton of src/support/patterns.ts, which reads the text once: at each character it visits
 * at most the states that can be active there, twice. So a pattern is enforced when
 *
 * - it compiles as ECMA-262 with the `u` flag (else "invalid": TV2013);
 * - it uses nothing the automaton cannot match: a look-around or a back-reference makes it
 *   "unknown" (TV2107: not enforced, listed);
 * - at most `PATTERN_WIDTH_LIMIT` states can be active at one position, whatever the text
 *   (else "too wide": TV2014). That width is counted on the automaton's graph with every
 *   character read as any character (so it bounds every text), from the start at position 0
 *   and again at every position where a match can start (none after the first where every
 *   path from the start passes `^`): `^[a-z0-9_-]{1,64}$` has width 5 whatever its size, the
 *   unanchored `[a-z]{0,64}@` width 130.
 *
 * A validator's time on a text of n characters is then at most 2 * width * (n + 1) state
 * visits per enforced pattern, each a few array reads or one character matched by a sticky
 * RegExp of one atom.
 */

/** The most states that may be active at one position of the text (a build error beyond). */
export const PATTERN_WIDTH_LIMIT = 256;

/** The most states a pattern may compile to (the memory a validator keeps for it). */
const PATTERN_SIZE_LIMIT = 50_000;

export type PatternVerdict =
  | { readonly status: "safe"; readonly width: number }
  | { readonly status: "invalid"; readonly message: string }
  | { readonly status: "too wide"; readonly width: number; readonly size: number }
  | { readonly status: "unknown"; readonly reason: string };

const verdicts = new Map<string, PatternVerdict>();

/** The verdict on a pattern's source (memoised for the life of the process). */
export function checkPattern(source: string): PatternVerdict {
  let verdict = verdicts.get(source);
  if (verdict === undefined) {
    verdict = decide(source);
    verdicts.set(source, verdict);
  }
  return verdict;
}

function decide(source: string): PatternVerdict {
  try {
    new RegExp(source, "u");
  } catch (error) {
    return { status: "invalid", message: syntaxMessage(error, source) };
  }
  const compiled = compilePattern(source, PATTERN_SIZE_LIMIT);
  if (!compiled.ok) {
    if ("unsupported" in compiled)
      return {
        status: "unknown",
        reason: `it uses ${compiled.unsupported}, which no automaton matches in linear time`,
      };
    return { status: "too wide", width: compiled.size, size: compiled.size };
  }
  const width = patternWidth(compiled.pattern);
  return width > PATTERN_WIDTH_LIMIT
    ? { status: "too wide", width, size: compiled.pattern.kind.length }
    : { status: "safe", width };
}

/** V8's message without its `Invalid regular expression: /.../u: ` prefix. */
function syntaxMessage(error: unknown, source: string): string {
  const text = error instanceof Error ? error.message : String(error);
  const prefix = `Invalid regular expression: /${source}/u: `;
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

/** The most states the width is counted over before it is taken as the whole size. */
const WIDTH_WORK = 1_000_000;

/**
 * The most states reachable at one position of any text (see above): the positions followed
 * one after the other, each a set of states that depends only on the set before it (every
 * character read as any), until a set comes again; the size of the automaton when that counts
 * more than WIDTH_WORK states in all.
 */
export function patternWidth(p: CompiledPattern): number {
  const size = p.kind.length;
  const seen = new Map<string, true>();
  let reading = reach(p, [], 0);
  let width = reading.width;
  let work = width;
  for (let step = 1; !seen.has(reading.key); step++) {
    if (work > WIDTH_WORK) return size;
    seen.set(reading.key, true);
    reading = reach(
      p,
      reading.readers.map((state) => p.next[state]!),
      step,
    );
    width = Math.max(width, reading.width);
    work += reading.width;
  }
  return width;
}

/**
 * The states reached at a position without reading, from `from` and from the start: how many
 * (the width there), and those that read a character, with their key. Assertions: `^` holds
 * at position 0 only; `$`, `\b` and `\B` anywhere (`$` at the end, where nothing more is
 * read, but where its states are visited all the same).
 */
function reach(
  p: CompiledPattern,
  from: readonly number[],
  position: number,
): { width: number; readers: number[]; key: string } {
  const reached = new Set<number>();
  const stack = [...from, p.start];
  const readers: number[] = [];
  while (stack.length > 0) {
    const state = stack.pop()!;
    if (reached.has(state)) continue;
    reached.add(state);
    const kind = p.kind[state]!;
    if (kind === CHAR || kind === ATOM) readers.push(state);
    else if (kind === SPLIT) stack.push(p.next[state]!, p.arg[state]!);
    else if (kind === JUMP) stack.push(p.next[state]!);
    else if (kind === ASSERT && (p.arg[state] !== AT_START || position === 0))
      stack.push(p.next[state]!);
  }
  readers.sort((a, b) => a - b);
  return { width: reached.size, readers, key: readers.join(",") };
}
