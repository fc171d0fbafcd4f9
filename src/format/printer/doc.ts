// The document IR and its printer: a port of prettier's (src/document, MIT licence), with the
// same builders, the same `fits` measure and the same group expansion, so that a doc built as
// prettier builds it prints to the same text.
import { Unsupported } from "./unsupported.js";
import { stringWidth } from "./width.js";

export type Doc = string | Doc[] | DocCommand;

export interface Group {
  type: "group";
  id: symbol | undefined;
  contents: Doc;
  break: boolean | "propagated";
  expandedStates: Doc[] | undefined;
  /** The propagateBreaks pass that last visited it (instead of prettier's Set of visited groups). */
  seen: number;
}
export interface Fill {
  type: "fill";
  parts: Doc[];
  printedLength?: number;
}
export interface Line {
  type: "line";
  hard?: boolean;
  soft?: boolean;
  literal?: boolean;
}
export type DocCommand =
  | Group
  | Fill
  | Line
  | { type: "indent"; contents: Doc }
  | { type: "align"; contents: Doc; n: number | string | { type: "root" } }
  | { type: "if-break"; breakContents: Doc; flatContents: Doc; groupId: symbol | undefined }
  | { type: "indent-if-break"; contents: Doc; groupId: symbol; negate: boolean }
  | { type: "line-suffix"; contents: Doc }
  | { type: "line-suffix-boundary" }
  | { type: "break-parent" }
  | { type: "trim" }
  | { type: "label"; label: unknown; contents: Doc };

export function indent(contents: Doc): Doc {
  return { type: "indent", contents };
}
export function align(n: number | string | { type: "root" }, contents: Doc): Doc {
  return { type: "align", contents, n };
}
export function group(
  contents: Doc,
  opts?: { shouldBreak?: boolean; id?: symbol; expandedStates?: Doc[] },
): Group {
  return {
    type: "group",
    id: opts?.id,
    contents,
    break: Boolean(opts?.shouldBreak),
    expandedStates: opts?.expandedStates,
    seen: 0,
  };
}
export function markAsRoot(contents: Doc): Doc {
  return align({ type: "root" }, contents);
}
export function dedent(contents: Doc): Doc {
  return align(-1, contents);
}
export function conditionalGroup(states: Doc[], opts: { shouldBreak?: boolean } = {}): Group {
  return group(states[0]!, { ...opts, expandedStates: states });
}
export function fill(parts: Doc[]): Fill {
  return { type: "fill", parts };
}
export function ifBreak(
  breakContents: Doc,
  flatContents: Doc = "",
  opts?: { groupId?: symbol },
): Doc {
  return { type: "if-break", breakContents, flatContents, groupId: opts?.groupId };
}
export function indentIfBreak(contents: Doc, opts: { groupId: symbol; negate?: boolean }): Doc {
  return { type: "indent-if-break", contents, groupId: opts.groupId, negate: Boolean(opts.negate) };
}
export function lineSuffix(contents: Doc): Doc {
  return { type: "line-suffix", contents };
}
export function label(labelValue: unknown, contents: Doc): Doc {
  return labelValue ? { type: "label", label: labelValue, contents } : contents;
}
export const lineSuffixBoundary: Doc = { type: "line-suffix-boundary" };
export const breakParent: Doc = { type: "break-parent" };
export const trim: Doc = { type: "trim" };
export const hardlineWithoutBreakParent: Line = { type: "line", hard: true };
export const literallineWithoutBreakParent: Line = { type: "line", hard: true, literal: true };
export const line: Line = { type: "line" };
export const softline: Line = { type: "line", soft: true };
export const hardline: Doc = [hardlineWithoutBreakParent, breakParent];
export const literalline: Doc = [literallineWithoutBreakParent, breakParent];

export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  const parts: Doc[] = [];
  for (let i = 0; i < docs.length; i++) {
    if (i !== 0) parts.push(separator);
    parts.push(docs[i]!);
  }
  return parts;
}

/** Replaces each "\n" of a text by a literal line (template literals, comments kept as is). */
export function replaceEndOfLine(text: string, replacement: Doc = literalline): Doc {
  return join(replacement, text.split("\n"));
}

// --- utilities ---------------------------------------------------------------------------

function isCommand(doc: Doc): doc is DocCommand {
  return typeof doc === "object" && !Array.isArray(doc);
}

export function willBreak(doc: Doc): boolean {
  if (typeof doc === "string") return false;
  if (Array.isArray(doc)) {
    for (const d of doc) if (willBreak(d)) return true;
    return false;
  }
  switch (doc.type) {
    case "group":
      if (doc.break) return true;
      return willBreak(doc.contents);
    case "line":
      return Boolean(doc.hard);
    case "break-parent":
      return true;
    case "fill":
      for (const d of doc.parts) if (willBreak(d)) return true;
      return false;
    case "if-break":
      return willBreak(doc.breakContents) || willBreak(doc.flatContents);
    case "align":
    case "indent":
    case "indent-if-break":
    case "label":
    case "line-suffix":
      return willBreak(doc.contents);
    default:
      return false;
  }
}

export function canBreak(doc: Doc): boolean {
  if (typeof doc === "string") return false;
  if (Array.isArray(doc)) {
    for (const d of doc) if (canBreak(d)) return true;
    return false;
  }
  switch (doc.type) {
    case "line":
      return true;
    case "group":
    case "align":
    case "indent":
    case "indent-if-break":
    case "label":
    case "line-suffix":
      return canBreak(doc.contents);
    case "fill":
      for (const d of doc.parts) if (canBreak(d)) return true;
      return false;
    case "if-break":
      return canBreak(doc.breakContents) || canBreak(doc.flatContents);
    default:
      return false;
  }
}

let propagation = 0;

/**
 * prettier's propagateBreaks: a group breaks when it holds a break-parent or a broken group
 * (conditional groups excepted). Each group's contents are visited once per pass.
 */
export function propagateBreaks(doc: Doc): void {
  const pass = ++propagation;
  const groupStack: Group[] = [];
  const breakParentGroup = () => {
    const parent = groupStack[groupStack.length - 1];
    if (parent && !parent.expandedStates && !parent.break) parent.break = "propagated";
  };
  const visit = (d: Doc): void => {
    if (typeof d === "string") return;
    if (Array.isArray(d)) {
      for (let i = 0; i < d.length; i++) visit(d[i]!);
      return;
    }
    switch (d.type) {
      case "break-parent":
        breakParentGroup();
        return;
      case "group":
        groupStack.push(d);
        if (d.seen !== pass) {
          d.seen = pass;
          if (d.expandedStates) for (const state of d.expandedStates) visit(state);
          else visit(d.contents);
        }
        groupStack.pop();
        if (d.break) breakParentGroup();
        return;
      case "fill":
        for (let i = 0; i < d.parts.length; i++) visit(d.parts[i]!);
        return;
      case "if-break":
        visit(d.breakContents);
        visit(d.flatContents);
        return;
      case "align":
      case "indent":
      case "indent-if-break":
      case "label":
      case "line-suffix":
        visit(d.contents);
        return;
      default:
        return;
    }
  };
  visit(doc);
}

/** Prettier's removeLines: lines become spaces (or nothing), groups lose their breaks. */
export function removeLines(doc: Doc): Doc {
  return mapDoc(doc, (d) => {
    if (isCommand(d)) {
      if (d.type === "line" && !d.hard) return d.soft ? "" : " ";
      if (d.type === "if-break") return d.flatContents;
    }
    return d;
  });
}

export function mapDoc(doc: Doc, cb: (doc: Doc) => Doc): Doc {
  const cache = new Map<Doc, Doc>();
  const rec = (d: Doc): Doc => {
    const cached = cache.get(d);
    if (cached !== undefined) return cached;
    const result = process(d);
    cache.set(d, result);
    return result;
  };
  const process = (d: Doc): Doc => {
    if (Array.isArray(d)) return cb(d.map(rec));
    if (typeof d === "string") return cb(d);
    switch (d.type) {
      case "fill":
        return cb({ ...d, parts: d.parts.map(rec) });
      case "if-break":
        return cb({ ...d, breakContents: rec(d.breakContents), flatContents: rec(d.flatContents) });
      case "group": {
        if (d.expandedStates) {
          const expandedStates = d.expandedStates.map(rec);
          return cb({ ...d, contents: expandedStates[0]!, expandedStates });
        }
        return cb({ ...d, contents: rec(d.contents) });
      }
      case "align":
      case "indent":
      case "indent-if-break":
      case "label":
      case "line-suffix":
        return cb({ ...d, contents: rec(d.contents) } as Doc);
      default:
        return cb(d);
    }
  };
  return rec(doc);
}

export function inheritLabel(doc: Doc, fn: (doc: Doc) => Doc): Doc {
  return isCommand(doc) && doc.type === "label" ? { ...doc, contents: fn(doc.contents) } : fn(doc);
}

/** prettier's cleanDoc, enough for the docs built here (flattens and drops empty parts). */
export function cleanDoc(doc: Doc): Doc {
  return mapDoc(doc, (d) => {
    if (Array.isArray(d)) {
      const parts: Doc[] = [];
      for (const part of d) {
        if (!part) continue;
        const flat = Array.isArray(part) ? part : [part];
        for (const p of flat) {
          if (typeof p === "string" && typeof parts.at(-1) === "string")
            parts[parts.length - 1] = (parts.at(-1) as string) + p;
          else parts.push(p);
        }
      }
      if (parts.length === 0) return "";
      if (parts.length === 1) return parts[0]!;
      return parts;
    }
    if (typeof d === "string") return d;
    switch (d.type) {
      case "fill":
        if (d.parts.every((p) => p === "")) return "";
        return d;
      case "group":
        if (!d.contents && !d.id && !d.break && !d.expandedStates) return "";
        if (
          isCommand(d.contents) &&
          d.contents.type === "group" &&
          d.contents.id === d.id &&
          d.contents.break === d.break &&
          d.contents.expandedStates === d.expandedStates
        )
          return d.contents;
        return d;
      case "align":
      case "indent":
      case "indent-if-break":
      case "line-suffix":
        if (!d.contents) return "";
        return d;
      case "if-break":
        if (!d.flatContents && !d.breakContents) return "";
        return d;
      default:
        return d;
    }
  });
}

// --- the printer ---------------------------------------------------------------------------

const MODE_BREAK = 1;
const MODE_FLAT = 2;
type Mode = typeof MODE_BREAK | typeof MODE_FLAT;

interface Indentation {
  value: string;
  length: number;
  queue: IndentPart[];
  root: Indentation | undefined;
  /** The indentation one `indent` deeper, made once. */
  indented?: Indentation;
  /** The indentations `align(n)` makes from this one, made once each. */
  aligned?: Map<number | string, Indentation>;
}
type IndentPart =
  { type: "indent" } | { type: "width"; width: number } | { type: "string"; string: string };

export interface PrintOptions {
  printWidth: number;
  tabWidth: number;
  useTabs: boolean;
  newLine: string;
}

function generateIndent(
  ind: Indentation,
  part: IndentPart | "dedent",
  options: PrintOptions,
): Indentation {
  const queue = part === "dedent" ? ind.queue.slice(0, -1) : [...ind.queue, part];
  let value = "";
  let length = 0;
  let lastTabs = 0;
  let lastSpaces = 0;
  const addTabs = (count: number) => {
    value += "\t".repeat(count);
    length += options.tabWidth * count;
  };
  const addSpaces = (count: number) => {
    value += " ".repeat(count);
    length += count;
  };
  const resetLast = () => {
    lastTabs = 0;
    lastSpaces = 0;
  };
  const flushTabs = () => {
    if (lastTabs > 0) addTabs(lastTabs);
    resetLast();
  };
  const flushSpaces = () => {
    if (lastSpaces > 0) addSpaces(lastSpaces);
    resetLast();
  };
  const flush = () => (options.useTabs ? flushTabs() : flushSpaces());
  for (const p of queue) {
    switch (p.type) {
      case "indent":
        flush();
        if (options.useTabs) addTabs(1);
        else addSpaces(options.tabWidth);
        break;
      case "string":
        flush();
        value += p.string;
        length += p.string.length;
        break;
      case "width":
        lastTabs += 1;
        lastSpaces += p.width;
        break;
    }
  }
  flushSpaces();
  return { value, length, queue, root: ind.root };
}

function makeIndent(ind: Indentation, options: PrintOptions): Indentation {
  return (ind.indented ??= generateIndent(ind, { type: "indent" }, options));
}

function makeAlign(
  ind: Indentation,
  n: number | string | { type: "root" },
  options: PrintOptions,
  rootIndent: Indentation,
): Indentation {
  if (typeof n === "object")
    return { value: ind.value, length: ind.length, queue: ind.queue, root: ind };
  if (n === Number.NEGATIVE_INFINITY) return ind.root ?? rootIndent;
  if (n === 0 || n === "") return ind;
  ind.aligned ??= new Map();
  let result = ind.aligned.get(n);
  if (!result) {
    result =
      typeof n === "number"
        ? n < 0
          ? generateIndent(ind, "dedent", options)
          : generateIndent(ind, { type: "width", width: n }, options)
        : generateIndent(ind, { type: "string", string: n }, options);
    ind.aligned.set(n, result);
  }
  return result;
}

/** The stacks of the fits measure, reused from call to call (fits does not nest). */
const fitModes: Mode[] = [];
const fitDocs: Doc[] = [];

/** Pushes `parts` from the last down to `end` onto the fits stacks in `mode`; the new top. */
function pushFitParts(parts: readonly Doc[], end: number, mode: Mode, top: number): number {
  for (let i = parts.length - 1; i >= end; i--) {
    fitModes[top] = mode;
    fitDocs[top] = parts[i]!;
    top++;
  }
  return top;
}

/** Pushes the contents of a group as fits measures it (`mode`, the enclosing one); the new top. */
function pushFitGroup(d: Group, mode: Mode, top: number): number {
  const groupMode = d.break ? MODE_BREAK : mode;
  fitModes[top] = groupMode;
  fitDocs[top] =
    d.expandedStates && groupMode === MODE_BREAK ? d.expandedStates.at(-1)! : d.contents;
  return top + 1;
}

/**
 * Pushes what fits measures of a command other than a group, line or line suffix (the contents
 * of a fill, indent, align, label or if-break); the new top.
 */
function pushFitContents(
  d: DocCommand,
  mode: Mode,
  top: number,
  groupModeMap: Map<symbol, Mode>,
): number {
  switch (d.type) {
    case "fill":
      return pushFitParts(d.parts, d.printedLength ?? 0, mode, top);
    case "indent":
    case "align":
    case "indent-if-break":
    case "label":
      fitModes[top] = mode;
      fitDocs[top] = d.contents;
      return top + 1;
    case "trim":
      throw new Unsupported("trim");
    case "if-break": {
      const groupMode = d.groupId ? (groupModeMap.get(d.groupId) ?? MODE_FLAT) : mode;
      const contents = groupMode === MODE_BREAK ? d.breakContents : d.flatContents;
      if (!contents) return top;
      fitModes[top] = mode;
      fitDocs[top] = contents;
      return top + 1;
    }
    default:
      return top;
  }
}

/**
 * prettier's fits: whether `doc` (in `mode`), then the rest of the commands (`restModes` and
 * `restDocs` up to `restCount`, the top last), print within `width` before the next line break.
 */
function fits(
  mode: Mode,
  doc: Doc,
  restModes: readonly Mode[],
  restDocs: readonly Doc[],
  restCount: number,
  width: number,
  hasLineSuffix: boolean,
  groupModeMap: Map<symbol, Mode>,
  mustBeFlat = false,
): boolean {
  if (width === Number.POSITIVE_INFINITY) return true;
  let restIdx = restCount;
  let hasPendingSpace = false;
  fitModes[0] = mode;
  fitDocs[0] = doc;
  let top = 1;
  try {
    while (width >= 0) {
      if (top === 0) {
        if (restIdx === 0) return true;
        restIdx--;
        fitModes[0] = restModes[restIdx]!;
        fitDocs[0] = restDocs[restIdx]!;
        top = 1;
        continue;
      }
      top--;
      const m = fitModes[top]!;
      const d = fitDocs[top]!;
      if (typeof d === "string") {
        if (d) {
          if (hasPendingSpace) {
            width -= 1;
            hasPendingSpace = false;
          }
          width -= stringWidth(d);
        }
      } else if (Array.isArray(d)) {
        top = pushFitParts(d, 0, m, top);
      } else if (d.type === "group") {
        if (mustBeFlat && d.break) return false;
        top = pushFitGroup(d, m, top);
      } else if (d.type === "line") {
        if (m === MODE_BREAK || d.hard) return true;
        if (!d.soft) hasPendingSpace = true;
      } else if (d.type === "line-suffix") {
        hasLineSuffix = true;
      } else if (d.type === "line-suffix-boundary") {
        if (hasLineSuffix) return false;
      } else {
        top = pushFitContents(d, m, top, groupModeMap);
      }
    }
    return false;
  } finally {
    // Drop the references, so that the docs can be collected.
    for (let i = 0; i < top; i++) fitDocs[i] = "";
  }
}

/** How many spaces and tabs end the text. */
function trailingSpaces(text: string): number {
  let count = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09) count++;
    else break;
  }
  return count;
}

export function printDocToString(doc: Doc, options: PrintOptions): string {
  propagateBreaks(doc);
  return new DocPrinter(doc, options).print();
}

/** One run of prettier's printDocToString: the commands' stacks, the output, the line suffixes. */
class DocPrinter {
  readonly #options: PrintOptions;
  readonly #width: number;
  readonly #groupModeMap = new Map<symbol, Mode>();
  #pos = 0;
  // Made per call: indentations remember the ones made from them, which depend on the options.
  readonly #rootIndent: Indentation = { value: "", length: 0, queue: [], root: undefined };
  // The commands, as three stacks: indentation, mode and doc of each.
  readonly #inds: Indentation[];
  readonly #modes: Mode[] = [MODE_BREAK];
  readonly #docs: Doc[];
  #top = 1;
  // The output as its pieces, joined once at the end (a string grown piece by piece is a rope
  // that reading its end would flatten at every line). `unsettled` counts the spaces and tabs
  // that end what was written since the last trim: prettier trims only those.
  readonly #out: string[] = [];
  #unsettled = 0;
  #shouldRemeasure = false;
  readonly #suffixInds: Indentation[] = [];
  readonly #suffixModes: Mode[] = [];
  readonly #suffixDocs: Doc[] = [];

  constructor(doc: Doc, options: PrintOptions) {
    this.#options = options;
    this.#width = options.printWidth;
    this.#inds = [this.#rootIndent];
    this.#docs = [doc];
  }

  print(): string {
    const newLine = this.#options.newLine;
    while (this.#top > 0) {
      const top = --this.#top;
      const ind = this.#inds[top]!;
      const mode = this.#modes[top]!;
      const d = this.#docs[top]!;
      if (typeof d === "string") {
        const formatted = newLine !== "\n" ? d.replaceAll("\n", newLine) : d;
        if (formatted) {
          this.#write(formatted);
          if (top > 0) this.#pos += stringWidth(formatted);
        }
      } else if (Array.isArray(d)) {
        for (let i = d.length - 1; i >= 0; i--) this.#push(ind, mode, d[i]!);
      } else {
        this.#command(ind, mode, d);
      }
      if (this.#top === 0 && this.#suffixDocs.length > 0) this.#flushSuffixes();
    }
    return this.#out.join("");
  }

  #command(ind: Indentation, mode: Mode, d: DocCommand): void {
    switch (d.type) {
      case "indent":
        this.#push(makeIndent(ind, this.#options), mode, d.contents);
        break;
      case "align":
        this.#push(makeAlign(ind, d.n, this.#options, this.#rootIndent), mode, d.contents);
        break;
      case "trim":
        throw new Unsupported("trim");
      case "group":
        this.#group(ind, mode, d);
        break;
      case "fill":
        this.#fill(ind, mode, d);
        break;
      case "if-break":
      case "indent-if-break": {
        const groupMode = d.groupId ? this.#groupModeMap.get(d.groupId) : mode;
        if (groupMode === MODE_BREAK) {
          const contents =
            d.type === "if-break" ? d.breakContents : d.negate ? d.contents : indent(d.contents);
          if (contents) this.#push(ind, mode, contents);
        }
        if (groupMode === MODE_FLAT) {
          const contents =
            d.type === "if-break" ? d.flatContents : d.negate ? indent(d.contents) : d.contents;
          if (contents) this.#push(ind, mode, contents);
        }
        break;
      }
      case "line-suffix":
        this.#suffixInds.push(ind);
        this.#suffixModes.push(mode);
        this.#suffixDocs.push(d.contents);
        break;
      case "line-suffix-boundary":
        if (this.#suffixDocs.length > 0) this.#push(ind, mode, hardlineWithoutBreakParent);
        break;
      case "line":
        this.#line(ind, mode, d);
        break;
      case "label":
        this.#push(ind, mode, d.contents);
        break;
      case "break-parent":
        break;
      default:
        throw new Unsupported("unknown doc");
    }
  }

  #push(ind: Indentation, mode: Mode, d: Doc): void {
    const top = this.#top++;
    this.#inds[top] = ind;
    this.#modes[top] = mode;
    this.#docs[top] = d;
  }

  #write(text: string): void {
    this.#out.push(text);
    const spaces = trailingSpaces(text);
    this.#unsettled = spaces === text.length ? this.#unsettled + spaces : spaces;
  }

  /** Moves the line suffixes onto the commands, the first on top. */
  #flushSuffixes(): void {
    const suffixDocs = this.#suffixDocs;
    for (let i = suffixDocs.length - 1; i >= 0; i--)
      this.#push(this.#suffixInds[i]!, this.#suffixModes[i]!, suffixDocs[i]!);
    this.#suffixInds.length = 0;
    this.#suffixModes.length = 0;
    suffixDocs.length = 0;
  }

  /** Removes the spaces and tabs that end the output since the last trim. */
  #trimOutput(): void {
    const out = this.#out;
    let left = this.#unsettled;
    while (left > 0) {
      const last = out[out.length - 1]!;
      if (last.length <= left) {
        out.pop();
        left -= last.length;
      } else {
        out[out.length - 1] = last.slice(0, last.length - left);
        left = 0;
      }
    }
    this.#unsettled = 0;
  }

  /** Whether `d` in flat mode, then the commands below the top, fit in what is left of the line. */
  #fits(d: Doc, rem: number): boolean {
    const hasLineSuffix = this.#suffixDocs.length > 0;
    return fits(
      MODE_FLAT,
      d,
      this.#modes,
      this.#docs,
      this.#top,
      rem,
      hasLineSuffix,
      this.#groupModeMap,
    );
  }

  #group(ind: Indentation, mode: Mode, d: Group): void {
    let groupMode: Mode;
    let contents: Doc;
    if (mode === MODE_FLAT && !this.#shouldRemeasure) {
      groupMode = d.break ? MODE_BREAK : MODE_FLAT;
      contents = d.contents;
    } else {
      this.#shouldRemeasure = false;
      const rem = this.#width - this.#pos;
      if (!d.break && this.#fits(d.contents, rem)) {
        groupMode = MODE_FLAT;
        contents = d.contents;
      } else if (!d.expandedStates) {
        groupMode = MODE_BREAK;
        contents = d.contents;
      } else {
        groupMode = MODE_BREAK;
        contents = d.expandedStates.at(-1)!;
        if (!d.break) {
          for (let i = 1; i < d.expandedStates.length - 1; i++) {
            const state = d.expandedStates[i]!;
            if (this.#fits(state, rem)) {
              groupMode = MODE_FLAT;
              contents = state;
              break;
            }
          }
        }
      }
    }
    this.#push(ind, groupMode, contents);
    if (d.id) this.#groupModeMap.set(d.id, groupMode);
  }

  #fill(ind: Indentation, mode: Mode, d: Fill): void {
    const rem = this.#width - this.#pos;
    const offset = d.printedLength ?? 0;
    const { parts } = d;
    const length = parts.length - offset;
    if (length === 0) return;
    const content = parts[offset]!;
    const hasLineSuffix = this.#suffixDocs.length > 0;
    const flat = (part: Doc) =>
      fits(MODE_FLAT, part, [], [], 0, rem, hasLineSuffix, this.#groupModeMap, true);
    const contentFits = flat(content);
    if (length === 1) {
      this.#push(ind, contentFits ? MODE_FLAT : MODE_BREAK, content);
      return;
    }
    const whitespace = parts[offset + 1]!;
    if (length === 2) {
      const partMode = contentFits ? MODE_FLAT : MODE_BREAK;
      this.#push(ind, partMode, whitespace);
      this.#push(ind, partMode, content);
      return;
    }
    const second = parts[offset + 2]!;
    const bothFit = flat([content, whitespace, second]);
    this.#push(ind, mode, { ...d, printedLength: offset + 2 });
    this.#push(ind, bothFit ? MODE_FLAT : MODE_BREAK, whitespace);
    this.#push(ind, bothFit || contentFits ? MODE_FLAT : MODE_BREAK, content);
  }

  #line(ind: Indentation, mode: Mode, d: Line): void {
    if (mode === MODE_FLAT) {
      if (!d.hard) {
        if (!d.soft) {
          this.#write(" ");
          this.#pos += 1;
        }
        return;
      }
      this.#shouldRemeasure = true;
    }
    // A line in break mode, or a hard line.
    if (this.#suffixDocs.length > 0) {
      this.#push(ind, mode, d);
      this.#flushSuffixes();
      return;
    }
    const newLine = this.#options.newLine;
    if (d.literal) {
      this.#write(newLine);
      this.#pos = 0;
      if (ind.root) {
        if (ind.root.value) this.#write(ind.root.value);
        this.#pos = ind.root.length;
      }
    } else {
      this.#trimOutput();
      this.#write(newLine);
      if (ind.value) this.#write(ind.value);
      this.#pos = ind.length;
    }
  }
}
