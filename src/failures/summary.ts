import type { FailureRecord, RecordedIssue } from "../support/failures.js";
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
}

export interface ToolFailures {
  readonly tool: string;
  readonly calls: number;
  readonly issues: number;
  /** One row per path and issue code, most frequent first. */
  readonly paths: readonly PathFailures[];
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
}

export interface HintCount {
  readonly hint: string;
  readonly count: number;
}

export interface TypeCount {
  readonly expected: string;
  readonly received: string;
  readonly count: number;
  /** Strings that are JSON text of the expected type (`"20"` for a number). */
  readonly wouldParse: number;
}

export interface UnexpectedKey {
  readonly tool: string;
  readonly path: string;
  readonly count: number;
  readonly hints: readonly HintCount[];
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
  }[];
}

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
  readonly hints: Map<string, number>;
  /** By expected and received type. */
  readonly types: Map<
    string,
    { expected: string; received: string; count: number; wouldParse: number }
  >;
}

interface Tool {
  calls: number;
  issues: number;
  readonly rows: Map<string, Row>;
}

/** Records and bad lines in, a summary out; memory grows with distinct paths, not with lines. */
export class FailureTally {
  readonly #files: string[] = [];
  readonly #tools = new Map<string, Tool>();
  #calls = 0;
  #issues = 0;
  #from = Infinity;
  #to = -Infinity;
  #badCount = 0;
  readonly #badLines: BadLine[] = [];

  file(name: string): void {
    this.#files.push(name);
  }

  record(record: FailureRecord): void {
    this.#calls++;
    this.#issues += record.issues.length;
    const time = Date.parse(record.time);
    if (time < this.#from) this.#from = time;
    if (time > this.#to) this.#to = time;
    let tool = this.#tools.get(record.tool);
    if (tool === undefined) {
      tool = { calls: 0, issues: 0, rows: new Map() };
      this.#tools.set(record.tool, tool);
    }
    tool.calls++;
    tool.issues += record.issues.length;
    for (const issue of record.issues) {
      const path = pathText(issue.path);
      const key = `${issue.code}\u0000${path}`;
      let row = tool.rows.get(key);
      if (row === undefined) {
        row = { path, code: issue.code, count: 0, hints: new Map(), types: new Map() };
        tool.rows.set(key, row);
      }
      row.count++;
      switch (issue.code) {
        case "unexpected":
          if (issue.hint) increment(row.hints, issue.hint.key);
          break;
        case "invalid_enum":
          if (issue.hint) increment(row.hints, issue.hint.value);
          break;
        case "invalid_type": {
          const typeKey = `${issue.expected}\u0000${issue.received}`;
          let types = row.types.get(typeKey);
          if (types === undefined) {
            types = { expected: issue.expected, received: issue.received, count: 0, wouldParse: 0 };
            row.types.set(typeKey, types);
          }
          types.count++;
          if (issue.received === "string" && issue.hint?.kind === "json") types.wouldParse++;
          break;
        }
        case "missing":
          break;
      }
    }
  }

  badLine(bad: BadLine): void {
    this.#badCount++;
    if (this.#badLines.length < LISTED_BAD_LINES) this.#badLines.push(bad);
  }

  summary(): FailureSummary {
    const tools: ToolFailures[] = [...this.#tools]
      .map(([name, tool]) => ({
        tool: name,
        calls: tool.calls,
        issues: tool.issues,
        paths: [...tool.rows.values()].sort(byRow).map(pathFailures),
      }))
      .sort((a, b) => b.calls - a.calls || b.issues - a.issues || compare(a.tool, b.tool));

    const unexpectedKeys: UnexpectedKey[] = tools
      .flatMap(({ tool, paths }) =>
        paths
          .filter((row) => row.code === "unexpected")
          .map((row) => ({ tool, path: row.path, count: row.count, hints: row.hints ?? [] })),
      )
      .sort((a, b) => b.count - a.count || compare(a.tool, b.tool) || compare(a.path, b.path));

    let wrongTypes = 0;
    let strings = 0;
    let wouldParse = 0;
    const byExpected = new Map<string, { expected: string; strings: number; wouldParse: number }>();
    for (const { paths } of tools) {
      for (const row of paths) {
        for (const types of row.types ?? []) {
          wrongTypes += types.count;
          if (types.received !== "string") continue;
          strings += types.count;
          wouldParse += types.wouldParse;
          let entry = byExpected.get(types.expected);
          if (entry === undefined) {
            entry = { expected: types.expected, strings: 0, wouldParse: 0 };
            byExpected.set(types.expected, entry);
          }
          entry.strings += types.count;
          entry.wouldParse += types.wouldParse;
        }
      }
    }

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
        wrongTypes,
        strings,
        wouldParse,
        byExpected: [...byExpected.values()].sort(
          (a, b) => b.strings - a.strings || compare(a.expected, b.expected),
        ),
      },
      badLines: { count: this.#badCount, lines: [...this.#badLines] },
    };
  }
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function pathFailures(row: Row): PathFailures {
  const base = { path: row.path, code: row.code, count: row.count };
  switch (row.code) {
    case "unexpected":
    case "invalid_enum":
      return {
        ...base,
        hints: [...row.hints]
          .map(([hint, count]) => ({ hint, count }))
          .sort((a, b) => b.count - a.count || compare(a.hint, b.hint)),
      };
    case "invalid_type":
      return {
        ...base,
        types: [...row.types.values()]
          .map((types) => ({ ...types }))
          .sort(
            (a, b) =>
              b.count - a.count ||
              compare(a.expected, b.expected) ||
              compare(a.received, b.received),
          ),
      };
    case "missing":
      return base;
  }
}

const GROUP: Record<IssueCode, number> = {
  missing: 0,
  unexpected: 1,
  invalid_type: 2,
  invalid_enum: 3,
};

/** Most frequent first, then in the order of the error text's groups, then by path. */
function byRow(a: Row, b: Row): number {
  return b.count - a.count || GROUP[a.code] - GROUP[b.code] || compare(a.path, b.path);
}

/** Code-unit order: the same on every machine, whatever its locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
