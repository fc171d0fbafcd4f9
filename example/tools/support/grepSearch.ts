/** What a regular-expression search found in one file's text. */
export interface TextMatches {
  /** The file's lines, without line endings. */
  lines: string[];
  /** 0-based indices of the lines that hold (part of) a match, ascending. */
  matchedLines: number[];
}

/** One line of search output; `group` tells which lines belong together, for "--" separators. */
export interface OutputEntry {
  text: string;
  group?: string;
}

const BINARY_SNIFF_BYTES = 8000;
const MAX_SHOWN_LINE_LENGTH = 1000;

/** A file is treated as binary when its start holds a NUL byte (text files practically never do). */
export function looksBinary(buffer: Uint8Array): boolean {
  return buffer.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/**
 * Searches a text with a global regular expression. Line by line, unless `multiline`: then the
 * whole text at once, so a match may cover several lines (every one of them counts as matched).
 */
export function searchText(text: string, regex: RegExp, multiline: boolean): TextMatches {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].endsWith("\r")) lines[i] = lines[i].slice(0, -1);
  }
  if (!multiline) {
    const matchedLines: number[] = [];
    lines.forEach((line, index) => {
      regex.lastIndex = 0;
      if (regex.test(line)) matchedLines.push(index);
    });
    return { lines, matchedLines };
  }
  const lineStarts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) {
    lineStarts.push(at + 1);
  }
  const marked = new Set<number>();
  forEachMatch(regex, text, (start, end) => {
    const first = lineAt(lineStarts, start);
    // The last character of the match decides its last line (an empty match stays on its line).
    const last = lineAt(lineStarts, end > start ? end - 1 : start);
    for (let line = first; line <= last && line < lines.length; line++) marked.add(line);
  });
  return { lines, matchedLines: [...marked].sort((a, b) => a - b) };
}

/**
 * The content-mode output of one file: matched lines (`file:12:text`) and their context lines
 * (`file-11-text`), grouped in blocks of adjacent lines.
 */
export function contentEntries(
  file: string,
  found: TextMatches,
  before: number,
  after: number,
  lineNumbers: boolean,
): OutputEntry[] {
  const matched = new Set(found.matchedLines);
  const entries: OutputEntry[] = [];
  let block = 0;
  let lastShown = -2;
  for (const index of found.matchedLines) {
    const from = Math.max(0, index - before, lastShown + 1);
    const to = Math.min(found.lines.length - 1, index + after);
    if (from > lastShown + 1) block++;
    for (let line = from; line <= to; line++) {
      const mark = matched.has(line) ? ":" : "-";
      const number = lineNumbers ? `${line + 1}${mark}` : "";
      entries.push({
        text: `${file}${mark}${number}${shorten(found.lines[line])}`,
        group: `${file}#${block}`,
      });
    }
    lastShown = Math.max(lastShown, to);
  }
  return entries;
}

/** Joins entries into lines, with "--" between groups when asked (as when context is shown). */
export function renderEntries(entries: readonly OutputEntry[], separateGroups: boolean): string {
  const out: string[] = [];
  let previous: string | undefined;
  for (const entry of entries) {
    if (separateGroups && previous !== undefined && entry.group !== previous) out.push("--");
    out.push(entry.text);
    previous = entry.group;
  }
  return out.join("\n");
}

function shorten(line: string): string {
  return line.length > MAX_SHOWN_LINE_LENGTH
    ? `${line.slice(0, MAX_SHOWN_LINE_LENGTH)}... (line cut)`
    : line;
}

/** Reports each match of a global regex in a text as its [start, end). */
function forEachMatch(
  regex: RegExp,
  text: string,
  onMatch: (start: number, end: number) => void,
): void {
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    onMatch(match.index, match.index + match[0].length);
    // An empty match does not move lastIndex; step over it or the loop never ends.
    if (match[0] === "") regex.lastIndex++;
    if (regex.lastIndex > text.length) break;
  }
}

/** The 0-based line holding a character offset (binary search over the line starts). */
function lineAt(lineStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lineStarts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}
