import { hintText, ISSUE_RANKS, issueText, type Shown } from "./issues.js";
import { append, MAX_ISSUES } from "./runtime.js";
import type { IssuePath, ValidationHint, ValidationIssue } from "./types.js";

/**
 * The text a model reads when its call failed validation, in Claude Code's wording (CONTRACT.md
 * sections 4, 4.1 and 4.2):
 *
 *     TaskUpdate failed due to the following issues:
 *     The required parameter `taskId` is missing
 *     An unexpected parameter `id` was provided
 *     Hint: did you mean `taskId` instead of `id`?
 *
 * One line per issue (missing keys, unexpected keys, wrong types, wrong enum values; depth-first
 * inside each group), then one `Hint: ` line per issue that has a hint. However many issues, the
 * text stays small: at most 20 issue lines and a line `...and N more issues` (`...and more
 * issues` for a list of MAX_ISSUES, where the validator stopped counting); any key, path or
 * value longer than 100 characters is cut to its first 100 and `...`; at most 8 KB in all.
 */
export function formatValidationError(
  toolName: string,
  issues: readonly ValidationIssue[],
  options: FormatOptions = {},
): string {
  const ordered = inTextOrder(issues);
  const count = ordered.length;
  const hinting = options.hints !== false;
  let text = heading(toolName, count === 1);
  let lines = 0;
  // The hint lines of the issue lines shown, in their order: each issue's path is made once.
  let hints: string[] | undefined;
  for (const issue of ordered) {
    if (lines >= MAX_LINES) break;
    const path = pathOf(issue);
    const line = issueText(issue, path, SHOWN);
    // Room is kept for the "...and N more issues" line.
    if (!fits(text, line, MAX_BYTES - MORE_LINE_BYTES)) break;
    text += "\n" + line;
    lines++;
    const hint = hinting ? hintOf(issue) : undefined;
    if (hint !== undefined) hints = append(hints, hintAt(hint, issue, path));
  }
  const more = count - lines;
  // A validator that kept MAX_ISSUES stopped looking: how many more there are is not known
  // (CONTRACT.md 4.2).
  if (more > 0 && count >= MAX_ISSUES) text += "\n...and more issues";
  else if (more > 0) text += `\n...and ${String(more)} more ${more === 1 ? "issue" : "issues"}`;
  if (hints === undefined) return text;
  for (const hint of hints) {
    if (!fits(text, hint, MAX_BYTES)) break;
    text += "\n" + hint;
  }
  return text;
}

/**
 * The text's first line up to "issue" or "issues": the tool name as shown is the same for
 * every failed call of one tool, so the last one is kept.
 */
let headingName: string | undefined;
let headingOne = "";
let headingMany = "";

function heading(toolName: string, one: boolean): string {
  if (toolName !== headingName) {
    const name = shown(toolName);
    headingOne = `${name} failed due to the following issue:`;
    headingMany = `${name} failed due to the following issues:`;
    headingName = toolName;
  }
  return one ? headingOne : headingMany;
}

/** Whether `text`, a line break and `line` take at most `limit` bytes in UTF-8. */
function fits(text: string, line: string, limit: number): boolean {
  const units = text.length + 1 + line.length;
  // A UTF-16 unit is at most 3 bytes in UTF-8: most texts need no counting.
  if (units * 3 <= limit) return true;
  return utf8Length(text) + 1 + utf8Length(line) <= limit;
}

export interface FormatOptions {
  /** `Hint: ` lines after the issue lines (default true); false gives Claude Code's text exactly. */
  readonly hints?: boolean;
}

const MAX_LINES = 20;
const MAX_SHOWN = 100;
const MAX_BYTES = 8192;
const MORE_LINE_BYTES = 40;
/** An enum's allowed values are listed up to about this many characters. */
const MAX_VALUES_TEXT = 400;

/** One issue as a sentence (its line comes from issues.ts, the parts shown here). */
export function issueLine(issue: ValidationIssue): string {
  return issueText(issue, pathOf(issue), SHOWN);
}

/** The hint of an issue as a line, or undefined when it has none. */
export function hintLine(issue: ValidationIssue): string | undefined {
  const hint = hintOf(issue);
  return hint === undefined ? undefined : hintAt(hint, issue, pathOf(issue));
}

/** The issue's path as its lines show it, undefined at the root of the arguments. */
function pathOf(issue: ValidationIssue): string | undefined {
  return issue.path.length === 0 ? undefined : shownPath(issue.path);
}

/** A hint's line, given its issue's path as shown (`pathOf`). */
function hintAt(hint: ValidationHint, issue: ValidationIssue, path: string | undefined): string {
  const where = path === undefined ? "the input" : `\`${path}\``;
  return hintText(hint, issue, path ?? "", where, SHOWN);
}

/** The issue's hint: a property read, cheaper than `"hint" in issue` across issue shapes. */
function hintOf(issue: ValidationIssue): ValidationHint | undefined {
  return (issue as { readonly hint?: ValidationHint }).hint;
}

/** How the lines show keys, values and paths: cut, escaped, bounded (CONTRACT.md section 4.2). */
const SHOWN: Shown = {
  text: (value) => (isTypeName(value) ? value : shown(value)),
  values: (values) => allowedValues(values),
  json: (value) => shown(jsonText(value)),
  sibling: (path, key) => shownPathTo(path, path.length - 1, key),
};

/**
 * `questions[0].options[1].label`: keys joined with `.`, indices as `[i]`. Keys are shown as
 * they are, empty ones included (`["", "x"]` is `.x`).
 */
export function formatPath(path: IssuePath): string {
  let text = "";
  let first = true;
  for (const part of path) {
    if (typeof part === "number") text += `[${String(part)}]`;
    else text += first ? part : `.${part}`;
    first = false;
  }
  return text;
}

function shownPath(path: IssuePath): string {
  if (path.length === 1) {
    const part = path[0] ?? "";
    return typeof part === "number" ? `[${String(part)}]` : shown(part);
  }
  return shownPathTo(path, path.length, undefined);
}

/**
 * The first `end` parts of the path, then `last` when it is given, as shown. A path made of
 * long keys is cut without building all of it.
 */
function shownPathTo(path: IssuePath, end: number, last: string | undefined): string {
  if (end <= 0 && last !== undefined) return shown(last);
  let text = "";
  // Each key is checked on its own (a flat string); the joined text needs escaping only when
  // one of them does.
  let escaping = false;
  // `last` is the part after the first `end` (here `end` >= 1 when it is given).
  const count = last === undefined ? end : end + 1;
  for (let i = 0; i < count && text.length <= MAX_SHOWN; i++) {
    const part = i < end ? (path[i] ?? "") : (last ?? "");
    if (typeof part === "number") text += `[${String(part)}]`;
    else {
      const key = cut(part);
      if (!escaping && !plain(key)) escaping = true;
      text += i === 0 ? key : `.${key}`;
    }
  }
  return escaping ? shown(text) : cut(text);
}

/**
 * The names of types an issue gives as expected or received (`typeName`): plain text, shown
 * as it is without testing it.
 */
function isTypeName(text: string): boolean {
  switch (text) {
    case "string":
    case "number":
    case "integer":
    case "boolean":
    case "object":
    case "array":
    case "null":
      return true;
  }
  return false;
}

/** Cut to 100 characters with `...`, line breaks and other control characters escaped. */
function shown(text: string): string {
  return text.length <= MAX_SHOWN && plain(text) ? text : escapeControls(cut(text));
}

/**
 * Whether the text has no character that `escapeControls` escapes. A regular expression:
 * formatting the benchmark's failed calls alone measured twice as fast with it as with a loop
 * over the characters (within noise in the benchmark's call-site harness). Given flat
 * strings: one made by concatenation would be copied first.
 */
function plain(text: string): boolean {
  return !CONTROL.test(text);
}

/**
 * The characters escaped: control characters (U+0000 to U+001F, U+007F) and the two Unicode
 * line breaks, written as the characters outside the others (a pattern with control
 * characters in it is what hosts' linters reject: no-control-regex).
 */
const CONTROL = /[^\u0020-\u007e\u0080-\u2027\u202a-\uffff]/;

function cut(text: string): string {
  if (text.length <= MAX_SHOWN) return text;
  // Do not split a surrogate pair.
  const end = isHighSurrogate(text.charCodeAt(MAX_SHOWN - 1)) ? MAX_SHOWN - 1 : MAX_SHOWN;
  return `${text.slice(0, end)}...`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function escapeControls(text: string): string {
  let escaped = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Control characters and the two Unicode line breaks would break the one-line-per-issue form.
    if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) {
      escaped += `${text.slice(from, i)}\\u${code.toString(16).padStart(4, "0")}`;
      from = i + 1;
    }
  }
  return from === 0 ? text : escaped + text.slice(from);
}

/** Issues grouped in the text's order, keeping the order inside each group. */
function inTextOrder(issues: readonly ValidationIssue[]): readonly ValidationIssue[] {
  if (issues.length < 2) return issues;
  // A validator's list is in order already: each run of one code costs one rank read.
  let previousCode: ValidationIssue["code"] = "missing";
  let previous = ISSUE_RANKS[previousCode];
  for (const { code } of issues) {
    if (code === previousCode) continue;
    const rank = ISSUE_RANKS[code];
    if (rank < previous) {
      const sorted = issues.slice();
      sorted.sort((a, b) => ISSUE_RANKS[a.code] - ISSUE_RANKS[b.code]);
      return sorted;
    }
    previous = rank;
    previousCode = code;
  }
  return issues;
}

/** `"a"|"b"|3`: each generated enum list is one frozen array, so its text is made once. */
const valuesText = new WeakMap<readonly unknown[], string>();

function allowedValues(values: readonly unknown[]): string {
  let text = valuesText.get(values);
  if (text === undefined) {
    text = "";
    for (let i = 0; i < values.length; i++) {
      if (text.length > MAX_VALUES_TEXT) {
        text += `|... (${String(values.length - i)} more)`;
        break;
      }
      text += (i === 0 ? "" : "|") + shown(jsonText(values[i]));
    }
    if (Object.isFrozen(values)) valuesText.set(values, text);
  }
  return text;
}

/** A value as JSON text; `String` of what JSON cannot write (undefined, a function, a symbol). */
function jsonText(value: unknown): string {
  const json = JSON.stringify(value) as string | undefined;
  return json ?? String(value);
}

/** The length of a text in UTF-8 bytes. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) bytes += code >= 0x800 && !isSurrogate(code) ? 2 : 1;
  }
  return bytes;
}

function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}
