import { plural } from "../diagnostics/counts.js";
import type { FailureSummary, HintCount, PathFailures } from "./summary.js";

/** Rows shown per tool, and unexpected keys shown in their table; `--json` has them all. */
const SHOWN_ROWS = 20;
const SHOWN_KEYS = 10;

/**
 * The report as text: a table per tool (path, issue, count, details), the most common
 * unexpected keys and what they were close to, the strings sent for another type (and how many
 * would have parsed as it), and the lines that are not records.
 */
export function summaryText(summary: FailureSummary): string {
  return [...summaryPieces(summary)].join("");
}

/** `summaryText` in pieces (a tool's table at a time), for writing a large report. */
export function* summaryPieces(summary: FailureSummary): Generator<string> {
  const logs = plural(summary.files.length, "log");
  if (summary.calls === 0) {
    yield `No failed validations in ${logs}.\n${badLinesText(summary)}`;
    return;
  }
  let out: string[] = [
    `${plural(summary.calls, "failed validation")} (${plural(summary.issues, "issue")}) in ${logs}, from ${summary.from} to ${summary.to}`,
  ];
  for (const tool of summary.tools) {
    yield `${out.join("\n")}\n`;
    out = toolLines(tool);
  }
  out.push(...unexpectedKeyLines(summary), ...wrongTypeLines(summary));
  if (summary.limited) {
    out.push(
      "",
      `Only the first ${summary.limited.distinct} distinct tools, paths, hints and types are kept apart; the rest are counted together as (other ...).`,
    );
  }
  yield `${out.join("\n")}\n${badLinesText(summary)}`;
}

/** A tool's table: its first rows, most frequent first. */
function toolLines(tool: FailureSummary["tools"][number]): string[] {
  const out = [
    "",
    `${shown(tool.tool)}: ${plural(tool.calls, "call")}, ${plural(tool.issues, "issue")}`,
  ];
  const rows = tool.paths
    .slice(0, SHOWN_ROWS)
    .map((row) => [
      row.path === "" ? "(input)" : shown(row.path),
      row.code,
      String(row.count),
      details(row),
    ]);
  out.push(...table(["path", "issue", "count", "details"], rows, [false, false, true, false]));
  const more = tool.paths.length - SHOWN_ROWS;
  if (more > 0) out.push(`  ...and ${plural(more, "more row")} (--json has them all)`);
  return out;
}

/** The most common unexpected keys and what they were close to. */
function unexpectedKeyLines(summary: FailureSummary): string[] {
  if (summary.unexpectedKeys.length === 0) return [];
  const out = ["", "Unexpected keys, most common first:"];
  const rows = summary.unexpectedKeys
    .slice(0, SHOWN_KEYS)
    .map((key) => [String(key.count), shown(key.tool), shown(key.path), hintList(key.hints)]);
  out.push(...table(["count", "tool", "key", "close to"], rows, [true, false, false, false]));
  const more = summary.unexpectedKeys.length - SHOWN_KEYS;
  if (more > 0) out.push(`  ...and ${plural(more, "more key")}`);
  return out;
}

/** The strings sent for another type, and how many would have parsed as it. */
function wrongTypeLines({ strings }: FailureSummary): string[] {
  if (strings.wrongTypes === 0) return [];
  const out = [
    "",
    `Wrong types: ${strings.wrongTypes}; strings: ${strings.strings}, of which ${strings.wouldParse} would have parsed as the expected type.`,
  ];
  if (strings.byExpected.length > 0) {
    const rows = strings.byExpected.map((entry) => [
      shown(entry.expected),
      String(entry.strings),
      String(entry.wouldParse),
    ]);
    out.push(...table(["expected", "strings", "would parse"], rows, [false, true, true]));
  }
  return out;
}

function details(row: PathFailures): string {
  if (row.hints !== undefined) return hintsText(row.hints, row.code === "invalid_enum");
  if (row.types !== undefined) {
    return row.types
      .map((types) => {
        const pair = `${shown(types.received)} for ${shown(types.expected)}`;
        return types.received === "string"
          ? `${pair} (${types.count}, ${types.wouldParse} would parse)`
          : `${pair} (${types.count})`;
      })
      .join("; ");
  }
  return "";
}

/** `close to taskId (2), task_id (1)`; enum members are quoted: `close to "completed" (1)`. */
function hintsText(hints: readonly HintCount[], quoted = false): string {
  return hints.length === 0 ? "" : `close to ${hintList(hints, quoted)}`;
}

/** `taskId (2), task_id (1)`. */
function hintList(hints: readonly HintCount[], quoted = false): string {
  return hints
    .map(({ hint, count }) => `${shown(quoted ? JSON.stringify(hint) : hint)} (${count})`)
    .join(", ");
}

function badLinesText(summary: FailureSummary): string {
  const { count, lines } = summary.badLines;
  if (count === 0) return "";
  const out = [
    "",
    `${count === 1 ? "1 line is" : `${count} lines are`} not a record, left out:`,
    ...lines.map((bad) => `  ${shown(bad.file)}:${bad.line}: ${bad.reason}`),
  ];
  if (count > lines.length) out.push(`  ...and ${count - lines.length} more`);
  return `${out.join("\n")}\n`;
}

/** Columns two spaces apart, two spaces in; numbers aligned right; no trailing spaces. */
function table(headers: readonly string[], rows: readonly string[][], right: readonly boolean[]) {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => row[i]!.length)),
  );
  return [headers, ...rows].map((cells) =>
    `  ${cells.map((cell, i) => (right[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join("  ")}`.trimEnd(),
  );
}

/** A name from a log, on one line and at most 200 characters (logs are not only ours). */
function shown(text: string): string {
  let cut = text;
  if (text.length > MAX_SHOWN) {
    const code = text.charCodeAt(MAX_SHOWN - 1);
    // Do not split a surrogate pair.
    cut = `${text.slice(0, code >= 0xd800 && code <= 0xdbff ? MAX_SHOWN - 1 : MAX_SHOWN)}...`;
  }
  return cut.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const MAX_SHOWN = 200;
/** Control characters and the two Unicode line breaks, as the characters outside the others. */
const CONTROL = /[^\u0020-\u007e\u0080-\u2027\u202a-\uffff]/g;
