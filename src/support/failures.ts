import { HINT_FIELDS, RECORDED_FIELDS } from "./issues.js";
import type { IssuePath, RecordedIssue, ValidationHint, ValidationIssue } from "./types.js";

export type { RecordedIssue } from "./types.js";

/**
 * One failed validation as a validation log stores it, one JSON line per failed call:
 *
 *     {"v":1,"time":"2025-05-01T10:00:00.000Z","tool":"Read","issues":[{"code":"invalid_type","path":["offset"],"expected":"number","received":"string","hint":{"kind":"json","type":"number"}}]}
 *
 * It never holds an argument value (arguments can hold file contents and secrets): only the
 * tool, and per issue its code, its path (the keys the call sent, each cut to 100 characters,
 * and array indices), the declared and the received type, and its hint. A `json` hint on a
 * string where another type was expected says that the string would have parsed as that type
 * (`"20"` for a number); a wrong-type string without it would not have.
 */
export interface FailureRecord {
  /** The version of this format. */
  readonly v: 1;
  /** When the validation failed: ISO 8601, UTC. */
  readonly time: string;
  readonly tool: string;
  readonly issues: readonly RecordedIssue[];
}

/** Keys in a recorded path longer than this are cut to it and `...`. */
export const MAX_RECORDED_KEY = 100;

/**
 * The record of one failed validation, for a validation log (`JSON.stringify` it and add a line
 * break). Every field is copied by name from the issues, so nothing else they carry is kept.
 * `time` must be a valid date.
 */
export function failureRecord(
  toolName: string,
  issues: readonly ValidationIssue[],
  time: Date,
): FailureRecord {
  const recorded: RecordedIssue[] = [];
  for (const issue of issues) recorded.push(recordedIssue(issue));
  return { v: 1, time: time.toISOString(), tool: toolName, issues: recorded };
}

/** The issue's code, path, the fields issues.ts lists for its code, and its hint. */
function recordedIssue(issue: ValidationIssue): RecordedIssue {
  const record: Record<string, unknown> = { code: issue.code, path: recordedPath(issue.path) };
  const fields = issue as unknown as Readonly<Record<string, unknown>>;
  for (const name of RECORDED_FIELDS[issue.code]) record[name] = recordedValue(fields[name]);
  const hint = "hint" in issue ? issue.hint : undefined;
  if (hint !== undefined) record["hint"] = recordedHint(hint);
  return record as unknown as RecordedIssue;
}

function recordedHint(hint: ValidationHint): ValidationHint {
  const record: Record<string, unknown> = { kind: hint.kind };
  const fields = hint as unknown as Readonly<Record<string, unknown>>;
  for (const name of HINT_FIELDS[hint.kind]) record[name] = recordedValue(fields[name]);
  return record as unknown as ValidationHint;
}

/** Numbers and booleans as they are, anything else as text. */
function recordedValue(value: unknown): unknown {
  return typeof value === "number" || typeof value === "boolean" ? value : String(value);
}

function recordedPath(path: IssuePath): IssuePath {
  const recorded: (string | number)[] = [];
  for (const part of path) recorded.push(typeof part === "number" ? part : cutKey(part));
  return recorded;
}

function cutKey(key: string): string {
  if (key.length <= MAX_RECORDED_KEY) return key;
  // Do not split a surrogate pair.
  const code = key.charCodeAt(MAX_RECORDED_KEY - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? MAX_RECORDED_KEY - 1 : MAX_RECORDED_KEY;
  return `${key.slice(0, end)}...`;
}
