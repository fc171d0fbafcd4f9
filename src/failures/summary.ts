// CONTRACT.md section 9 (the report's bounded summary).
import type { FailureRecord, RecordedIssue } from "../support/failures.js";
import { ISSUE_RANKS } from "../support/issues.js";
import type { BadLine } from "./read.js";

export type IssueCode = RecordedIssue["code"];

/** What the validation logs say, merged: the JSON of `report --json`. */
export interface FailureSummary {
  /** The logs read, as they were named. */
  readonly files: readonly string[];
  /** Failed validations (one per record). */
  readonly calls: number;
  readonly issues: number;
  /** The first and the last record's time (ISO 8601), null when there is none. */
  readonly from: string | null;
  readonly to: string | null;
  /** Most failed calls first. */
  readonly tools: readonly ToolFailures[];
  /** Every unexpected key, most common first. */
  readonly unexpectedKeys: readonly UnexpectedKey[];
  /** The case for a coercion layer: strings sent where another type was expected. */
  readonly strings: StringsSummary;
  /** Lines that are not records: how many, and the first 20. */
  readonly badLines: { readonly count: number; readonly lines: readonly BadLine[] };
  /**
   * Present when the logs held more distinct tools, paths, hints and types than the report
   * keeps apart (`distinct`, so that its memory stays bounded): the later ones are counted
   * together in entries marked `other: true` (`(other tools)`, `(other paths)`, `(other)`,
   * `(other types)`). Every call, issue and string is still counted.
   */
  readonly limited?: { readonly distinct: number };
}

export interface ToolFailures {
  readonly tool: string;
  readonly calls: number;
  readonly issues: number;
  /** One row per path and issue code, most frequent first. */
  readonly paths: readonly PathFailures[];
  /** The tools past the limit, counted together as `(other tools)`. */
  readonly other?: true;
}

/**
 * How often one issue happened at one path: `questions[].options[].label` (every array index
 * is `[]`; the root is `""`).
 */
export interface PathFailures {
  readonly path: string;
  readonly code: IssueCode;
  readonly count: number;
  /**
   * The hints given, most common first: for `unexpected`, the declared key it was close to; for
   * `invalid_enum`, the member it equalled but for case and spaces.
   */
  readonly hints?: readonly HintCount[];
  /** For `invalid_type`: each declared and received type, and how many strings would parse. */
  readonly types?: readonly TypeCount[];
  /** The paths of this code past the limit, counted together as `(other paths)`. */
  readonly other?: true;
}

export interface HintCount {
  readonly hint: string;
  readonly count: number;
  /** The hints past the limit, counted together as `(other)`. */
  readonly other?: true;
}

export interface TypeCount {
  readonly expected: string;
  readonly received: string;
  readonly count: number;
  /** Strings that are JSON text of the expected type (`"20"` for a number). */
  readonly wouldParse: number;
  /** The pairs of types past the limit, counted together as `(other)` for `(other)`. */
  readonly other?: true;
}

export interface UnexpectedKey {
  readonly tool: string;
  readonly path: string;
  readonly count: number;
  readonly hints: readonly HintCount[];
  /** A tool's unexpected keys past the limit, counted together as `(other paths)`. */
  readonly other?: true;
}

export interface StringsSummary {
  /** Every `invalid_type` issue. */
  readonly wrongTypes: number;
  /** Of those, the strings. */
  readonly strings: number;
  /** Of those, the ones that would have parsed as the expected type. */
  readonly wouldParse: number;
  /** Per declared type, most strings first. */
  readonly byExpected: readonly {
    readonly expected: string;
    readonly strings: number;
    readonly wouldParse: number;
    /** The declared types past the limit, counted together as `(other types)`. */
    readonly other?: true;
  }[];
}

/**
 * How many distinct entries (tools, paths, hints, pairs of types, declared types) a report
 * keeps apart by default; a long name costs more than one (see `FailureTally`). About 50 MB.
 */
export const DISTINCT_ENTRIES = 100_000;

/** The names of the entries that count what came past the limit. */
const OTHER_TOOLS = "(other tools)";
const OTHER_PATHS = "(other paths)";
const OTHER = "(other)";
const OTHER_TYPES = "(other types)";

/** Lines that are not records listed in a summary (all of them are counted). */
export const LISTED_BAD_LINES = 20;

/** `questions[].options[].label`: keys joined with `.`, every array index `[]`. */
export function pathText(path: readonly (string | number)[]): string {
  let text = "";
  for (let i = 0; i < path.length; i++) {
    const part = path[i];
    text += typeof part === "number" ? "[]" : i === 0 ? part : `.${part}`;
  }
  return text;
}

interface Row {
  readonly path: string;
  readonly code: IssueCode;
  count: number;
  readonly other: boolean;
  readonly hints: Map<string, number>;
  /** Hints past the limit. */
  otherHints: number;
  /** By expected and received type; the pairs past the limit under OTHER_PAIR. */
  readonly types: Map<string, TypeTally>;
}

interface TypeTally {
  readonly expected: string;
  readonly received: string;
  count: number;
  wouldParse: number;
  readonly other: boolean;
}

interface Tool {
  calls: number;
  issues: number;
  readonly rows: Map<string, Row>;
  /** Per code, the paths past the limit. */
  readonly otherRows: Map<IssueCode, Row>;
}

interface ExpectedTally {
  readonly expected: string;
  strings: number;
  wouldParse: number;
  readonly other: boolean;
}

const OTHER_PAIR = "\u0000other";

export interface TallyOptions {
  /** How many distinct entries are kept apart (default DISTINCT_ENTRIES); for tests. */
  readonly distinct?: number;
}

/**
 * Records and bad lines in, a summary out. Memory is bounded: the first `distinct` distinct
 * entries (tools, paths, hints, pairs of types, declared types; a name costs one more for each
 * 256 characters) are kept apart, and every later one is counted in its parent's `other`
 * entry, however many lines and distinct keys the logs hold. Every call and issue is counted
 * (CONTRACT.md 9).
 */
export class FailureTally {
  readonly #files: string[] = [];
  readonly #tools = new Map<string, Tool>();
  #otherTool: Tool | undefined;
  #calls = 0;
  #issues = 0;
  #from = Infinity;
  #to = -Infinity;
  #badCount = 0;
  readonly #badLines: BadLine[] = [];
  readonly #distinct: number;
  #room: number;
  #limited = false;
  #wrongTypes = 0;
  #strings = 0;
  #wouldParse = 0;
  readonly #byExpected = new Map<string, ExpectedTally>();
  #otherExpected: ExpectedTally | undefined;

  constructor(options: TallyOptions = {}) {
    this.#distinct = options.distinct ?? DISTINCT_ENTRIES;
    this.#room = this.#distinct;
  }

  file(name: string): void {
    this.#files.push(name);
  }

  /** Whether one more distinct entry named `name` is kept apart; once one is not, none is. */
  #keep(name: string): boolean {
    const cost = 1 + (name.length >> 8);
    if (!this.#limited && cost <= this.#room) {
      this.#room -= cost;
      return true;
    }
    this.#limited = true;
    return false;
  }

  record(record: FailureRecord): void {
    this.#calls++;
    this.#issues += record.issues.length;
    const time = Date.parse(record.time);
    if (time < this.#from) this.#from = time;
    if (time > this.#to) this.#to = time;
    const tool = this.#tool(record.tool);
    tool.calls++;
    tool.issues += record.issues.length;
    for (const issue of record.issues) {
      const row = this.#row(tool, issue.code, pathText(issue.path));
      row.count++;
      switch (issue.code) {
        case "unexpected":
          if (issue.hint) this.#hint(row, issue.hint.key);
          break;
        case "invalid_enum":
          if (issue.hint) this.#hint(row, issue.hint.value);
          break;
        case "invalid_type": {
          const wouldParse = issue.received === "string" && issue.hint?.kind === "json";
          const types = this.#types(row, issue.expected, issue.received);
          types.count++;
          if (wouldParse) types.wouldParse++;
          this.#wrongTypes++;
          if (issue.received === "string") {
            const expected = this.#expected(issue.expected);
            expected.strings++;
            this.#strings++;
            if (wouldParse) {
              expected.wouldParse++;
              this.#wouldParse++;
            }
          }
          break;
        }
        case "missing":
          break;
      }
    }
  }

  #tool(name: string): Tool {
    let tool = this.#tools.get(name);
    if (tool !== undefined) return tool;
    const made: Tool = { calls: 0, issues: 0, rows: new Map(), otherRows: new Map() };
    if (this.#keep(name)) {
      this.#tools.set(name, made);
      return made;
    }
    tool = this.#otherTool ??= made;
    return tool;
  }

  #row(tool: Tool, code: IssueCode, path: string): Row {
    const key = `${code}\u0000${path}`;
    let row = tool.rows.get(key);
    if (row !== undefined) return row;
    if (this.#keep(path)) {
      row = newRow(path, code, false);
      tool.rows.set(key, row);
      return row;
    }
    row = tool.otherRows.get(code);
    if (row === undefined) {
      row = newRow(OTHER_PATHS, code, true);
      tool.otherRows.set(code, row);
    }
    return row;
  }

  #hint(row: Row, hint: string): void {
    const count = row.hints.get(hint);
    if (count !== undefined) row.hints.set(hint, count + 1);
    else if (this.#keep(hint)) row.hints.set(hint, 1);
    else row.otherHints++;
  }

  #types(row: Row, expected: string, received: string): TypeTally {
    const key = `${expected}\u0000${received}`;
    let types = row.types.get(key);
    if (types !== undefined) return types;
    if (this.#keep(key)) {
      types = { expected, received, count: 0, wouldParse: 0, other: false };
      row.types.set(key, types);
      return types;
    }
    types = row.types.get(OTHER_PAIR);
    if (types === undefined) {
      types = { expected: OTHER, received: OTHER, count: 0, wouldParse: 0, other: true };
      row.types.set(OTHER_PAIR, types);
    }
    return types;
  }

  #expected(expected: string): ExpectedTally {
    let entry = this.#byExpected.get(expected);
    if (entry !== undefined) return entry;
    if (this.#keep(expected)) {
      entry = { expected, strings: 0, wouldParse: 0, other: false };
      this.#byExpected.set(expected, entry);
      return entry;
    }
    return (this.#otherExpected ??= {
      expected: OTHER_TYPES,
      strings: 0,
      wouldParse: 0,
      other: true,
    });
  }

  badLine(bad: BadLine): void {
    this.#badCount++;
    if (this.#badLines.length < LISTED_BAD_LINES) this.#badLines.push(bad);
  }

  summary(): FailureSummary {
    const named = [...this.#tools].map(([name, tool]) => toolFailures(name, tool, false));
    if (this.#otherTool) named.push(toolFailures(OTHER_TOOLS, this.#otherTool, true));
    const tools = named.sort(
      (a, b) => b.calls - a.calls || b.issues - a.issues || compare(a.tool, b.tool),
    );

    const unexpectedKeys: UnexpectedKey[] = tools
      .flatMap(({ tool, paths }) =>
        paths
          .filter((row) => row.code === "unexpected")
          .map((row) => ({
            tool,
            path: row.path,
            count: row.count,
            hints: row.hints ?? [],
            ...(row.other ? { other: true as const } : {}),
          })),
      )
      .sort((a, b) => b.count - a.count || compare(a.tool, b.tool) || compare(a.path, b.path));

    const byExpected = [...this.#byExpected.values()];
    if (this.#otherExpected) byExpected.push(this.#otherExpected);

    const timed = this.#calls > 0;
    return {
      files: [...this.#files],
      calls: this.#calls,
      issues: this.#issues,
      from: timed ? new Date(this.#from).toISOString() : null,
      to: timed ? new Date(this.#to).toISOString() : null,
      tools,
      unexpectedKeys,
      strings: {
        wrongTypes: this.#wrongTypes,
        strings: this.#strings,
        wouldParse: this.#wouldParse,
        byExpected: byExpected
          .filter((entry) => entry.strings > 0)
          .map(({ expected, strings, wouldParse, other }) => ({
            expected,
            strings,
            wouldParse,
            ...(other ? { other: true as const } : {}),
          }))
          .sort((a, b) => b.strings - a.strings || compare(a.expected, b.expected)),
      },
      badLines: { count: this.#badCount, lines: [...this.#badLines] },
      ...(this.#limited ? { limited: { distinct: this.#distinct } } : {}),
    };
  }
}

function newRow(path: string, code: IssueCode, other: boolean): Row {
  return { path, code, count: 0, other, hints: new Map(), otherHints: 0, types: new Map() };
}

function toolFailures(name: string, tool: Tool, other: boolean): ToolFailures {
  const rows = [...tool.rows.values(), ...tool.otherRows.values()];
  return {
    tool: name,
    calls: tool.calls,
    issues: tool.issues,
    paths: rows.sort(byRow).map(pathFailures),
    ...(other ? { other: true as const } : {}),
  };
}

function compareHints(a: HintCount, b: HintCount): number {
  return b.count - a.count || compare(a.hint, b.hint);
}

function pathFailures(row: Row): PathFailures {
  const base = { path: row.path, code: row.code, count: row.count };
  const other = row.other ? { other: true as const } : {};
  switch (row.code) {
    case "unexpected":
    case "invalid_enum": {
      const hints: HintCount[] = [...row.hints].map(([hint, count]) => ({ hint, count }));
      if (row.otherHints > 0) hints.push({ hint: OTHER, count: row.otherHints, other: true });
      return { ...base, hints: hints.sort(compareHints), ...other };
    }
    case "invalid_type":
      return {
        ...base,
        types: [...row.types.values()]
          .map(({ expected, received, count, wouldParse, other: isOther }) => ({
            expected,
            received,
            count,
            wouldParse,
            ...(isOther ? { other: true as const } : {}),
          }))
          .sort(
            (a, b) =>
              b.count - a.count ||
              compare(a.expected, b.expected) ||
              compare(a.received, b.received),
          ),
        ...other,
      };
    default:
      return { ...base, ...other };
  }
}

/** Most frequent first, then in the order of the error text's groups, then by path. */
function byRow(a: Row, b: Row): number {
  return b.count - a.count || ISSUE_RANKS[a.code] - ISSUE_RANKS[b.code] || compare(a.path, b.path);
}

/** Code-unit order: the same on every machine, whatever its locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
