import { createRequire } from "node:module";

/**
 * The build-time check of a `pattern`: it must compile as ECMA-262 with the `u` flag (as the
 * validators compile it), and a maintained ReDoS checker (recheck, makenowjust-labs/recheck)
 * must find it safe.
 *
 * How recheck is run, and why:
 *
 * - Its pure JavaScript build, in this process (`RECHECK_SYNC_BACKEND=pure` for the duration
 *   of the call): no Java, no native binary, no worker, no network. The optional native and
 *   Java packages npm installs beside it are never used.
 * - Its automaton checker only, which decides from the pattern's structure: the same answer on
 *   every machine, in milliseconds. Its fuzz checker (which recheck's `auto` mode picks for
 *   look-aheads, back-references and large bounded repetitions) measures matching steps under
 *   time limits: its answers changed between two runs with the same seed, it took 0.5 to 3 s
 *   per pattern, and without time limits it did not finish.
 * - On the pattern with its nested bounded repetitions read as unbounded (`{n,m}` as `{n,}`
 *   where it repeats a group or sits in a repeated group): the automaton checker calls
 *   `^(a{1,50}){1,50}$` and `^(a|aa){1,50}$` safe (their languages are finite), yet V8 takes
 *   seconds on 30 characters and minutes on 40; read as `^(a{1,}){1,}$` and `^(a|aa){1,}$`
 *   they are exponential. A bounded repetition of a character or class that nothing repeats
 *   stays bounded: `^[a-z]{2,64}[a-z0-9]{0,10}$` (at most 64 × 11 steps per start) is safe.
 *
 * A pattern the automaton checker cannot analyse (a look-ahead, some back-references) or
 * cannot finish within the time limit is "unknown": the caller decides (the `pattern`
 * definition warns and does not enforce it: it cannot be shown safe).
 */

export type PatternVerdict =
  | { readonly status: "safe" }
  | { readonly status: "invalid"; readonly message: string }
  | {
      readonly status: "vulnerable";
      /** `exponential`, or `2nd degree polynomial` and the like (recheck's summary). */
      readonly complexity: string;
      /** recheck's attack string as a JavaScript expression (`'a'.repeat(31) + '\x00'`). */
      readonly attack: string | undefined;
      /** Whether bounded repetitions were read as unbounded to find it. */
      readonly widened: boolean;
    }
  | { readonly status: "unknown"; readonly reason: string };

/** The longest a check may run before it is "unknown" (a safety net: checks take ms). */
export const REDOS_TIMEOUT_MS = 10_000;

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
  const widened = widenedPattern(source);
  const result = runRecheck(widened);
  switch (result.status) {
    case "safe":
      return { status: "safe" };
    case "vulnerable":
      return {
        status: "vulnerable",
        complexity: result.complexity.summary,
        attack: result.attack.pattern,
        widened: widened !== source,
      };
    case "unknown": {
      const error = result.error;
      const reason =
        error.kind === "timeout"
          ? `the check did not finish within ${REDOS_TIMEOUT_MS / 1000} s`
          : error.kind === "cancel"
            ? "the check was cancelled"
            : `${error.kind === "unsupported" ? "the checker does not support it" : "the checker cannot read it"}: ${error.message}`;
      return { status: "unknown", reason };
    }
  }
}

/** V8's message without its `Invalid regular expression: /.../u: ` prefix. */
function syntaxMessage(error: unknown, source: string): string {
  const text = error instanceof Error ? error.message : String(error);
  const prefix = `Invalid regular expression: /${source}/u: `;
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

type Recheck = typeof import("recheck");
type Diagnostics = ReturnType<Recheck["checkSync"]>;

let recheck: Recheck | undefined;

function runRecheck(source: string): Diagnostics {
  // Loaded on first use: about 3 MB of JavaScript, 0.4 s, paid only when a pattern is checked.
  recheck ??= createRequire(import.meta.url)("recheck") as Recheck;
  const previous = process.env["RECHECK_SYNC_BACKEND"];
  process.env["RECHECK_SYNC_BACKEND"] = "pure";
  try {
    return recheck.checkSync(source, "u", { checker: "automaton", timeout: REDOS_TIMEOUT_MS });
  } finally {
    if (previous === undefined) delete process.env["RECHECK_SYNC_BACKEND"];
    else process.env["RECHECK_SYNC_BACKEND"] = previous;
  }
}

/**
 * The pattern with its nested bounded repetitions `{n,m}` (m > n, lazy or greedy) written
 * `{n,}`: those that repeat a group, and those inside a group that is itself repeated (`*`,
 * `+`, `{n,m}` or `{n}` with a count above 1). A bounded repetition of a character or a class
 * that no other repetition encloses stays as it is: `^[a-z]{2,64}[a-z0-9]{0,10}$` costs at most
 * 64 × 11 steps per start as written, and read as unbounded it would be a false alarm
 * (quadratic). `{n}` and everything else stays as it is too. The source must compile with the
 * `u` flag, where a `{` outside a class and not escaped always starts a quantifier.
 */
export function widenedPattern(source: string): string {
  const { repeated, ranges } = repetitions(source);
  let out = "";
  let from = 0;
  for (const range of ranges) {
    if (!range.group && !range.enclosing.some((group) => repeated[group])) continue;
    out += `${source.slice(from, range.start)}{${range.min},}`;
    from = range.end;
  }
  return from === 0 ? source : out + source.slice(from);
}

/** A bounded repetition `{n,m}` of a pattern: where, its minimum, what it repeats and what encloses it. */
interface BoundedRepetition {
  readonly start: number;
  readonly end: number;
  readonly min: string;
  /** Whether it repeats a group. */
  readonly group: boolean;
  /** The groups around it, by the order they open. */
  readonly enclosing: number[];
}

/**
 * One pass over a pattern: per group (by the order it opens), whether a quantifier with a count
 * above 1 follows it; and the bounded repetitions.
 */
function repetitions(source: string): { repeated: boolean[]; ranges: BoundedRepetition[] } {
  const repeated: boolean[] = [];
  const open: number[] = [];
  const ranges: BoundedRepetition[] = [];
  /** What the next quantifier applies to: a group (its number), another atom, or nothing. */
  let atom: number | "other" | undefined;
  const n = source.length;
  let i = 0;
  while (i < n) {
    const c = source[i];
    if (c === "\\") {
      i = escapeEnd(source, i);
      atom = "other";
    } else if (c === "[") {
      i++;
      while (i < n && source[i] !== "]") i = source[i] === "\\" ? escapeEnd(source, i) : i + 1;
      i++;
      atom = "other";
    } else if (c === "(") {
      open.push(repeated.length);
      repeated.push(false);
      i = groupBodyStart(source, i);
      atom = undefined;
    } else if (c === ")") {
      atom = open.pop();
      i++;
    } else if (c === "|") {
      atom = undefined;
      i++;
    } else if (c === "*" || c === "+" || c === "?") {
      if (typeof atom === "number" && c !== "?") repeated[atom] = true;
      i = source[i + 1] === "?" ? i + 2 : i + 1;
      atom = undefined;
    } else if (c === "{") {
      const { close, min, max, bounded } = braceQuantifier(source, i);
      if (typeof atom === "number" && max > 1) repeated[atom] = true;
      // Decided once every group is closed: an enclosing group's quantifier comes later.
      if (bounded)
        ranges.push({
          start: i,
          end: close + 1,
          min,
          group: typeof atom === "number",
          enclosing: [...open],
        });
      i = close + 1;
      if (source[i] === "?") i++;
      atom = undefined;
    } else {
      i++;
      atom = "other";
    }
  }
  return { repeated, ranges };
}

/**
 * The quantifier `{n}`, `{n,}` or `{n,m}` at `i`: where it closes, its counts, and whether it is
 * a bounded repetition `{n,m}` with m > n.
 */
function braceQuantifier(
  source: string,
  i: number,
): { close: number; min: string; max: number; bounded: boolean } {
  const close = source.indexOf("}", i);
  const body = source.slice(i + 1, close);
  const comma = body.indexOf(",");
  const min = comma < 0 ? body : body.slice(0, comma);
  const max =
    comma < 0 ? Number(body) : comma === body.length - 1 ? Infinity : Number(body.slice(comma + 1));
  return { close, min, max, bounded: comma >= 0 && max !== Infinity && max !== Number(min) };
}

/** The index after a group's opening: `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`. */
function groupBodyStart(source: string, i: number): number {
  if (source[i + 1] !== "?") return i + 1;
  const kind = source[i + 2];
  if (kind === ":" || kind === "=" || kind === "!") return i + 3;
  if (kind === "<" && (source[i + 3] === "=" || source[i + 3] === "!")) return i + 4;
  const close = source.indexOf(">", i);
  return close < 0 ? i + 1 : close + 1;
}

/** The index after the escape starting at `i` (`\u{...}`, `\p{...}` and `\P{...}` whole). */
function escapeEnd(source: string, i: number): number {
  const next = source[i + 1];
  if ((next === "u" || next === "p" || next === "P") && source[i + 2] === "{") {
    const close = source.indexOf("}", i + 3);
    return close < 0 ? source.length : close + 1;
  }
  return i + 2;
}
