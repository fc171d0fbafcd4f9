/**
 * `pattern` (CONTRACT.md section 3.1): whether a text contains a match of a regular expression
 * (ECMA-262 with the `u` flag, not anchored), decided in time linear in the text's length
 * whatever the pattern. This file is copied into a host's output folder only when a validator
 * there enforces `pattern`; it imports nothing, uses nothing beyond ES2020, and nothing here
 * throws on a pattern the generator accepted or on any text.
 *
 * A backtracking engine (the RegExp of JavaScript) can take seconds on a short pattern and a
 * text of a few thousand characters (`a{0,1000}a{0,1000}b`, `(a+)+$`). Here the pattern is
 * compiled into a Thompson automaton (one state per character, class, split or assertion, the
 * counted repetitions written out) and the text is read once, every state that can be active
 * kept in a set: each character costs at most one visit of each state, so a text of n
 * characters costs at most (n + 1) * 2 * size visits, and the generator refuses a pattern
 * whose states can be too many at once (src/keywords/redos.ts). Only whether a match exists is decided, which does not
 * depend on greedy or lazy quantifiers, nor on captures.
 *
 * A character class, `.` and an escape are matched by the JavaScript engine itself (a sticky
 * RegExp of that one atom, which costs one character), so their meaning is the engine's to the
 * letter; a table answers for ASCII characters. Look-arounds and back-references cannot be
 * read so (no automaton matches a back-reference): `compilePattern` names them, and the
 * generator leaves such a pattern not enforced, with a warning.
 */

/** A compiled pattern, as `pattern(source)` gives it to a tool module. */
export interface CompiledPattern {
  /** The state where a match starts. */
  readonly start: number;
  /** Per state: its kind (CHAR, ATOM, SPLIT, JUMP, ASSERT, MATCH). */
  readonly kind: Int32Array;
  /** Per state: the state after it (the first of a SPLIT's two). */
  readonly next: Int32Array;
  /** Per state: a CHAR's code point, an ATOM's index, a SPLIT's second state, an ASSERT's kind. */
  readonly arg: Int32Array;
  readonly atoms: readonly Atom[];
  /** The lists and marks of a search, made once (a search never runs inside another). */
  readonly scratch: Scratch;
}

interface Scratch {
  readonly lists: [Int32Array, Int32Array];
  readonly stack: Int32Array;
  /** Per state, the position (plus `base`) it was last reached at. */
  readonly seen: Int32Array;
  base: number;
}

/** A class, `.` or an escape, matched as the JavaScript engine matches it. */
interface Atom {
  readonly sticky: RegExp;
  /** Whether each ASCII character matches (1) or not (0). */
  readonly ascii: Uint8Array;
}

/** The result of `compilePattern`. */
export type PatternCompilation =
  | { readonly ok: true; readonly pattern: CompiledPattern }
  | { readonly ok: false; readonly unsupported: string }
  | { readonly ok: false; readonly size: number };

// The kinds of state, and of assertion (exported for the generator's check of a pattern).
export const CHAR = 0;
export const ATOM = 1;
export const SPLIT = 2;
export const JUMP = 3;
export const ASSERT = 4;
export const MATCH = 5;

export const AT_START = 0;
export const AT_END = 1;
const AT_BOUNDARY = 2;
const NOT_AT_BOUNDARY = 3;

/** A pattern as parsed: what the automaton is built from. */
type Node =
  | { readonly type: "char"; readonly code: number }
  | { readonly type: "atom"; readonly source: string }
  | { readonly type: "assert"; readonly kind: number }
  | { readonly type: "seq" | "alt"; readonly items: readonly Node[] }
  | { readonly type: "repeat"; readonly item: Node; readonly min: number; readonly max: number };

/** What a pattern uses that the automaton cannot match (thrown while parsing). */
class Unsupported extends Error {
  constructor(readonly feature: string) {
    super(feature);
  }
}

/**
 * A pattern the generator accepted (see `compilePattern`), compiled. Should the engine that
 * runs it reject what the generator's accepted (a class its older Unicode tables lack), the
 * compiled pattern matches nothing: the validator fails closed.
 */
export function pattern(source: string): CompiledPattern {
  const compiled = compilePattern(source);
  return compiled.ok ? compiled.pattern : NOTHING;
}

const NOTHING: CompiledPattern = {
  start: 0,
  kind: new Int32Array([CHAR]),
  next: new Int32Array([0]),
  arg: new Int32Array([-1]),
  atoms: [],
  scratch: scratchOf(1),
};

function scratchOf(size: number): Scratch {
  const lists: [Int32Array, Int32Array] = [new Int32Array(size), new Int32Array(size)];
  return { lists, stack: new Int32Array(size), seen: new Int32Array(size).fill(-1), base: 0 };
}

/**
 * A pattern that compiles as a RegExp with the `u` flag, compiled for `matchesPattern`: or
 * what it uses that cannot be compiled (`a look-ahead`), or its size when it is over `limit`.
 */
export function compilePattern(source: string, limit = Infinity): PatternCompilation {
  let tree: Node;
  try {
    tree = new Parser(source).parse();
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, unsupported: error.feature };
    return { ok: false, unsupported: "syntax this matcher does not read" };
  }
  const size = sizeOf(tree) + 1;
  if (size > limit) return { ok: false, size };
  try {
    return { ok: true, pattern: new Builder(size).build(tree) };
  } catch {
    return { ok: false, unsupported: "a class this JavaScript engine does not know" };
  }
}

/** The states a node compiles to (a JUMP for an empty sequence). */
function sizeOf(node: Node): number {
  switch (node.type) {
    case "char":
    case "atom":
    case "assert":
      return 1;
    case "seq":
    case "alt": {
      let size = node.type === "alt" ? node.items.length - 1 : node.items.length === 0 ? 1 : 0;
      for (const item of node.items) size += sizeOf(item);
      return size;
    }
    case "repeat": {
      const copies = node.max === Infinity ? Math.max(node.min, 1) : node.max;
      const splits = node.max === Infinity ? 1 : node.max - node.min;
      return copies * sizeOf(node.item) + splits;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Matching

/**
 * Whether the text contains a match of the pattern. Never throws: a text the engine cannot
 * read does not match.
 */
export function matchesPattern(compiled: CompiledPattern, text: string): boolean {
  try {
    return search(compiled, text) < 0;
  } catch {
    return false;
  }
}

/**
 * The number of state visits `matchesPattern` makes on a text (each state taken from a list
 * or reached without reading a character): at most `(n + 1) * 2 * size` for a text of n code
 * units, whatever the text. For tests and measurements.
 */
export function patternVisits(compiled: CompiledPattern, text: string): number {
  const visits = search(compiled, text);
  return visits < 0 ? -visits - 1 : visits;
}

/**
 * The text read once from its start, every state that can be active at a position kept in a
 * list, each state at most once per position (`seen` holds the position it was last reached
 * at): the number of visits when no match was found, `-visits - 1` at the first match.
 */
function search(p: CompiledPattern, text: string): number {
  const { kind, next, arg, atoms, scratch } = p;
  const { stack, seen } = scratch;
  let [current, following] = scratch.lists;
  const n = text.length;
  // Marks of this search are base + position: none of an earlier search can equal one.
  if (scratch.base > 0x3fffffff - n) {
    seen.fill(-1);
    scratch.base = 0;
  }
  const base = scratch.base;
  scratch.base += n + 2;
  let count = 0;
  let visits = 0;
  for (let i = 0; ;) {
    // The states reachable at i without reading: from those that read the character before
    // (stacked below), and from the start (a match may start anywhere).
    const mark = base + i;
    let top = 0;
    for (let k = 0; k < count; k++) stack[top++] = current[k] ?? 0;
    if (seen[p.start] !== mark) {
      seen[p.start] = mark;
      stack[top++] = p.start;
    }
    count = 0;
    while (top > 0) {
      const state = stack[--top] ?? 0;
      visits++;
      const type = kind[state] ?? MATCH;
      if (type <= ATOM) following[count++] = state;
      else if (type === MATCH) return -visits - 1;
      else {
        if (type === SPLIT) {
          const other = arg[state] ?? 0;
          if (seen[other] !== mark) {
            seen[other] = mark;
            stack[top++] = other;
          }
        } else if (type === ASSERT && !holds(arg[state] ?? AT_START, text, i)) continue;
        const to = next[state] ?? 0;
        if (seen[to] !== mark) {
          seen[to] = mark;
          stack[top++] = to;
        }
      }
    }
    if (i >= n) return visits;
    // The states that read the character at i, and where each goes.
    const code = text.codePointAt(i) ?? 0;
    const after = i + (code > 0xffff ? 2 : 1);
    const swap = current;
    current = following;
    following = swap;
    let moved = 0;
    for (let k = 0; k < count; k++) {
      const state = current[k] ?? 0;
      visits++;
      const a = arg[state] ?? 0;
      let ok: boolean;
      if (kind[state] === CHAR) ok = code === a;
      else if (code < 128) ok = (atoms[a] ?? NO_ATOM).ascii[code] === 1;
      else {
        const sticky = (atoms[a] ?? NO_ATOM).sticky;
        sticky.lastIndex = i;
        ok = sticky.test(text);
      }
      const to = next[state] ?? 0;
      if (ok && seen[to] !== base + after) {
        seen[to] = base + after;
        current[moved++] = to;
      }
    }
    count = moved;
    i = after;
  }
}

/** An atom that matches nothing: what a state's index names when it names none. */
const NO_ATOM: Atom = { sticky: /(?!)/uy, ascii: new Uint8Array(128) };

/** Whether an assertion holds at a position of the text (no `m` flag: `^` and `$` are its ends). */
function holds(assertion: number, text: string, at: number): boolean {
  if (assertion === AT_START) return at === 0;
  if (assertion === AT_END) return at === text.length;
  const boundary = isWordAt(text, at - 1) !== isWordAt(text, at);
  return assertion === AT_BOUNDARY ? boundary : !boundary;
}

/** `\w` without the `i` flag: ASCII letters, digits and `_` (a surrogate is none of them). */
function isWordAt(text: string, index: number): boolean {
  const c = text.charCodeAt(index); // NaN outside the text
  return (
    (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f
  );
}

// ---------------------------------------------------------------------------------------------
// Compiling

/** Builds the automaton of a parsed pattern, each node compiled before what follows it. */
class Builder {
  private readonly kind: Int32Array;
  private readonly next: Int32Array;
  private readonly arg: Int32Array;
  private readonly atoms: Atom[] = [];
  private readonly atomIndex = new Map<string, number>();
  private count = 0;

  constructor(size: number) {
    this.kind = new Int32Array(size);
    this.next = new Int32Array(size);
    this.arg = new Int32Array(size);
  }

  build(tree: Node): CompiledPattern {
    const match = this.add(MATCH, -1, 0);
    const start = this.node(tree, match);
    const { kind, next, arg, atoms } = this;
    return { start, kind, next, arg, atoms, scratch: scratchOf(kind.length) };
  }

  private add(kind: number, next: number, arg: number): number {
    const state = this.count++;
    if (state >= this.kind.length) throw new Error("more states than counted");
    this.kind[state] = kind;
    this.next[state] = next;
    this.arg[state] = arg;
    return state;
  }

  /** The node compiled to continue at `next`: its first state. */
  private node(node: Node, next: number): number {
    switch (node.type) {
      case "char":
        return this.add(CHAR, next, node.code);
      case "atom":
        return this.add(ATOM, next, this.atom(node.source));
      case "assert":
        return this.add(ASSERT, next, node.kind);
      case "seq": {
        const first = node.items.reduceRight((after, item) => this.node(item, after), next);
        return first === next ? this.add(JUMP, next, 0) : first;
      }
      case "alt":
        // The last alternative first, then each earlier one behind a SPLIT (2 or more).
        return node.items.reduceRight((after, item) => {
          const start = this.node(item, next);
          return after < 0 ? start : this.add(SPLIT, start, after);
        }, -1);
      case "repeat":
        return this.repeat(node.item, node.min, node.max, next);
    }
  }

  /** `item{min,max}`: `min` copies, then a loop (max infinite) or `max - min` optional copies. */
  private repeat(item: Node, min: number, max: number, next: number): number {
    let first = next;
    let copies = min;
    if (max === Infinity) {
      const loop = this.add(SPLIT, -1, next);
      const body = this.node(item, loop);
      this.next[loop] = body;
      first = min === 0 ? loop : body;
      copies = Math.max(min - 1, 0);
    } else {
      for (let i = min; i < max; i++) first = this.add(SPLIT, this.node(item, first), next);
    }
    for (let i = 0; i < copies; i++) first = this.node(item, first);
    return first;
  }

  private atom(source: string): number {
    let index = this.atomIndex.get(source);
    if (index === undefined) {
      const sticky = new RegExp(source, "uy");
      const ascii = new Uint8Array(128);
      for (let c = 0; c < 128; c++) {
        sticky.lastIndex = 0;
        ascii[c] = sticky.test(String.fromCharCode(c)) ? 1 : 0;
      }
      index = this.atoms.length;
      this.atoms.push({ sticky, ascii });
      this.atomIndex.set(source, index);
    }
    return index;
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing

/**
 * A recursive-descent reading of a pattern that compiles with the `u` flag (ECMA-262's grammar
 * without Annex B: every `{` outside a class starts a quantifier, every escape is defined).
 */
class Parser {
  private at = 0;

  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.disjunction();
    if (this.at < this.source.length) throw new Unsupported("an unbalanced `)`");
    return node;
  }

  private disjunction(): Node {
    const items = [this.alternative()];
    while (this.source[this.at] === "|") {
      this.at++;
      items.push(this.alternative());
    }
    return (items.length === 1 ? items[0] : undefined) ?? { type: "alt", items };
  }

  private alternative(): Node {
    const items: Node[] = [];
    while (this.at < this.source.length) {
      const c = this.source.charAt(this.at);
      if (c === "|" || c === ")") break;
      items.push(this.quantified(this.term(c)));
    }
    return (items.length === 1 ? items[0] : undefined) ?? { type: "seq", items };
  }

  /** The term that starts with the character `c` here. */
  private term(c: string): Node {
    const s = this.source;
    if (c === "^" || c === "$") {
      this.at++;
      return { type: "assert", kind: c === "^" ? AT_START : AT_END };
    }
    if (c === "(") return this.group();
    if (c === "[") return this.span(this.classEnd());
    if (c === ".") return this.span(this.at + 1);
    if (c === "\\") return this.escape();
    const code = s.codePointAt(this.at) ?? 0;
    this.at += code > 0xffff ? 2 : 1;
    return { type: "char", code };
  }

  private group(): Node {
    const s = this.source;
    let body = this.at + 1;
    if (s[body] === "?") {
      const kind = s.slice(body + 1, body + 3);
      if (kind[0] === "=" || kind[0] === "!") throw new Unsupported("a look-ahead");
      if (kind === "<=" || kind === "<!") throw new Unsupported("a look-behind");
      if (kind[0] === ":") body += 2;
      else if (kind[0] === "<") body = s.indexOf(">", body) + 1;
      else throw new Unsupported("a group of a kind this matcher does not read");
    }
    this.at = body;
    const node = this.disjunction();
    if (s[this.at] !== ")") throw new Unsupported("an unterminated group");
    this.at++;
    return node;
  }

  /** The index after the class starting here (its first unescaped `]`). */
  private classEnd(): number {
    const s = this.source;
    let i = this.at + 1;
    while (i < s.length && s[i] !== "]") i += s[i] === "\\" ? 2 : 1;
    return i + 1;
  }

  private escape(): Node {
    const s = this.source;
    const c = s.charAt(this.at + 1);
    if (c === "b" || c === "B") {
      this.at += 2;
      return { type: "assert", kind: c === "b" ? AT_BOUNDARY : NOT_AT_BOUNDARY };
    }
    if (c === "k" || (c >= "1" && c <= "9")) throw new Unsupported("a back-reference");
    if (c === "u" && s[this.at + 2] === "{") return this.span(s.indexOf("}", this.at) + 1);
    if (c === "p" || c === "P") return this.span(s.indexOf("}", this.at) + 1);
    if (c === "u") {
      const end = this.at + 6;
      const lead = parseInt(s.slice(this.at + 2, end), 16);
      const trail = s.startsWith("\\u", end) ? parseInt(s.slice(end + 2, end + 6), 16) : NaN;
      const pair = lead >= 0xd800 && lead <= 0xdbff && trail >= 0xdc00 && trail <= 0xdfff;
      return this.span(pair ? end + 6 : end);
    }
    if (c === "x") return this.span(this.at + 4);
    if (c === "c") return this.span(this.at + 3);
    return this.span(this.at + 2);
  }

  /** The atom from here to `end`, matched by the engine. */
  private span(end: number): Node {
    const source = this.source.slice(this.at, end);
    this.at = end;
    return { type: "atom", source };
  }

  private quantified(item: Node): Node {
    const s = this.source;
    const c = s[this.at];
    let min: number;
    let max: number;
    if (c === "*" || c === "+" || c === "?") {
      this.at++;
      min = c === "+" ? 1 : 0;
      max = c === "?" ? 1 : Infinity;
    } else if (c === "{") {
      const close = s.indexOf("}", this.at);
      const comma = s.indexOf(",", this.at);
      const bounded = comma < 0 || comma > close;
      min = Number(s.slice(this.at + 1, bounded ? close : comma));
      max = bounded ? min : comma + 1 === close ? Infinity : Number(s.slice(comma + 1, close));
      this.at = close + 1;
    } else {
      return item;
    }
    if (s[this.at] === "?") this.at++;
    return { type: "repeat", item, min, max };
  }
}
