// CONTRACT.md section 9 (validation logs streamed, each file once).
import fs from "node:fs/promises";
import { throwIfStopped } from "../output/errors.js";
import { RECORDED_FIELDS } from "../support/issues.js";
import type { FailureRecord, RecordedIssue } from "../support/failures.js";
import { isObject } from "../json.js";

/** A line longer than this is not a record (one has at most 100 short issues); it is skipped unread. */
export const MAX_LINE_BYTES = 1 << 20;

/** A line of a log that is not a record, and why (`file` as it was named on the command line). */
export interface BadLine {
  readonly file: string;
  /** 1 for the first line. */
  readonly line: number;
  readonly reason: string;
}

/**
 * Reads a log line by line without holding more than one line (at most `MAX_LINE_BYTES`) and
 * a read buffer: each record goes to `onRecord`, each other line that is not blank to
 * `onBadLine`. Rejects only on a read error of the file itself, or with `Interrupted` when
 * `signal` aborts.
 */
export async function readLog(
  file: string,
  display: string,
  onRecord: (record: FailureRecord) => void,
  onBadLine: (bad: BadLine) => void,
  signal?: AbortSignal,
): Promise<void> {
  const handle = await fs.open(file, "r");
  try {
    let parts: Buffer[] = [];
    let size = 0;
    let tooLong = false;
    let line = 0;
    const endOfLine = () => {
      line++;
      if (tooLong) {
        onBadLine({ file: display, line, reason: `longer than ${MAX_LINE_BYTES} bytes` });
      } else {
        let text = (parts.length === 1 ? parts[0]! : Buffer.concat(parts, size)).toString("utf8");
        // A file may start with a BOM (an editor that saved it): its first record is kept.
        if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        const parsed = size === 0 ? undefined : parseRecord(text);
        if (typeof parsed === "string") onBadLine({ file: display, line, reason: parsed });
        else if (parsed !== undefined) onRecord(parsed);
      }
      parts = [];
      size = 0;
      tooLong = false;
    };
    for await (const chunk of handle.createReadStream({
      autoClose: false,
    }) as AsyncIterable<Buffer>) {
      // A signal stops the reading between two chunks (`report /dev/zero` never ends).
      throwIfStopped(signal);
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(0x0a, start);
        const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
        if (!tooLong && piece.length > 0) {
          if (size + piece.length > MAX_LINE_BYTES) {
            tooLong = true;
            parts = [];
            size = 0;
          } else {
            parts.push(piece);
            size += piece.length;
          }
        }
        if (newline === -1) break;
        endOfLine();
        start = newline + 1;
      }
    }
    // The last line, when the file does not end with a line break (often a cut write).
    if (size > 0 || tooLong) endOfLine();
  } finally {
    await handle.close();
  }
}

/**
 * The record a line holds, undefined for a blank line, or why it is not a record. Fields this
 * version does not know are ignored.
 */
export function parseRecord(text: string): FailureRecord | string | undefined {
  if (BLANK.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  if (!isObject(value)) return "not a validation failure record";
  if (value.v !== 1) {
    return typeof value.v === "number"
      ? `a record of version ${value.v}, which this report does not read`
      : "not a validation failure record";
  }
  if (
    typeof value.tool !== "string" ||
    typeof value.time !== "string" ||
    Number.isNaN(Date.parse(value.time)) ||
    !Array.isArray(value.issues) ||
    !value.issues.every(isRecordedIssue)
  ) {
    return "not a validation failure record";
  }
  return value as unknown as FailureRecord;
}

const BLANK = /^\s*$/;

function isRecordedIssue(value: unknown): value is RecordedIssue {
  if (!isObject(value) || !isPath(value.path)) return false;
  if (value.hint !== undefined && !isObject(value.hint)) return false;
  const hint = value.hint as Record<string, unknown> | undefined;
  switch (value.code) {
    case "missing":
      return hint === undefined;
    case "unexpected":
      return hint === undefined || (hint.kind === "key" && typeof hint.key === "string");
    case "invalid_type":
      return (
        typeof value.expected === "string" &&
        typeof value.received === "string" &&
        (hint === undefined || (hint.kind === "json" && JSON_TYPES.has(hint.type)))
      );
    case "invalid_enum":
      return hint === undefined || (hint.kind === "value" && typeof hint.value === "string");
    default:
      return isConstraintIssue(value);
  }
}

/** An opt-in constraint's issue (CONTRACT.md section 3.1): its code, and its bound as a number. */
function isConstraintIssue(value: Record<string, unknown>): boolean {
  const code = value.code;
  if (typeof code !== "string" || !Object.prototype.hasOwnProperty.call(RECORDED_FIELDS, code))
    return false;
  const fields = RECORDED_FIELDS[code as RecordedIssue["code"]];
  return value.hint === undefined && fields.every((name) => typeof value[name] === "number");
}

const JSON_TYPES = new Set<unknown>(["array", "object", "number", "boolean"]);

function isPath(value: unknown): value is (string | number)[] {
  return (
    Array.isArray(value) &&
    value.every(
      (part) => typeof part === "string" || (Number.isSafeInteger(part) && (part as number) >= 0),
    )
  );
}
