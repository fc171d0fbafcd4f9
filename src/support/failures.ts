import type { IssuePath, JsonTextHint, KeyHint, ValidationIssue, ValueHint } from "./types.js";

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

/** An issue as a log records it: its `values` (the declared enum) are left out. */
export type RecordedIssue =
  | { readonly code: "missing"; readonly path: IssuePath }
  | { readonly code: "unexpected"; readonly path: IssuePath; readonly hint?: KeyHint }
  | {
      readonly code: "invalid_type";
      readonly path: IssuePath;
      readonly expected: string;
      readonly received: string;
      readonly hint?: JsonTextHint;
    }
  | { readonly code: "invalid_enum"; readonly path: IssuePath; readonly hint?: ValueHint };

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
  for (const issue of issues) {
    const path = recordedPath(issue.path);
    switch (issue.code) {
      case "missing":
        recorded.push({ code: "missing", path });
        break;
      case "unexpected":
        recorded.push(
          issue.hint === undefined
            ? { code: "unexpected", path }
            : { code: "unexpected", path, hint: { kind: "key", key: String(issue.hint.key) } },
        );
        break;
      case "invalid_type": {
        const expected = String(issue.expected);
        const received = String(issue.received);
        recorded.push(
          issue.hint === undefined
            ? { code: "invalid_type", path, expected, received }
            : {
                code: "invalid_type",
                path,
                expected,
                received,
                hint: { kind: "json", type: issue.hint.type },
              },
        );
        break;
      }
      case "invalid_enum":
        recorded.push(
          issue.hint === undefined
            ? { code: "invalid_enum", path }
            : {
                code: "invalid_enum",
                path,
                hint: { kind: "value", value: String(issue.hint.value) },
              },
        );
        break;
    }
  }
  return { v: 1, time: time.toISOString(), tool: String(toolName), issues: recorded };
}

function recordedPath(path: IssuePath): IssuePath {
  const recorded: (string | number)[] = [];
  for (const part of path) recorded.push(typeof part === "number" ? part : cutKey(String(part)));
  return recorded;
}

function cutKey(key: string): string {
  if (key.length <= MAX_RECORDED_KEY) return key;
  // Do not split a surrogate pair.
  const code = key.charCodeAt(MAX_RECORDED_KEY - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? MAX_RECORDED_KEY - 1 : MAX_RECORDED_KEY;
  return `${key.slice(0, end)}...`;
}
