import type { DiagnosticCode } from "../diagnostics/codes.js";
import { isIdentifier } from "../code/code.js";
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import type { StaticValue } from "../extract/values.js";
import type { Mode, NotEnforced, SchemaNode } from "../ir.js";

/** What a keyword's reader needs from the schema reader (normalize/normalize.ts) driving it. */
export interface SchemaReading {
  readonly mode: Mode;
  report(code: DiagnosticCode, message: string, location: SourceLocation, schemaPath: string): void;
  /** Reads a nested schema found at `schemaPath`, which checks the arguments at `at`. */
  read(value: StaticValue, schemaPath: string, at: string): SchemaNode;
  /** Reports the first part of `value` that is not statically known, if any. */
  requireStatic(value: StaticValue, schemaPath: string): void;
  notEnforced(item: NotEnforced): void;
}

/** Appends a key to a dotted schema path (`a.b`, `a["-A"]`). */
export function joinKey(base: string, key: string): string {
  if (isIdentifier(key)) return base === "" ? key : `${base}.${key}`;
  return `${base}[${JSON.stringify(key)}]`;
}

/** A problem's reason as a sentence. */
export function sentence(reason: string): string {
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}

/** A few words for a static value in a message: `the string "x"`, `an array`. */
export function describeValue(value: StaticValue): string {
  switch (value.kind) {
    case "primitive":
      return value.value === null
        ? "null"
        : `the ${typeof value.value} ${JSON.stringify(value.value)}`;
    case "array":
      return "an array";
    case "object":
      return "an object";
    case "unknown":
      return "a value that is not statically known";
  }
}

/** `describeValue`, with why a value is not statically known (follows "not": "not a value ..."). */
export function describeFound(value: StaticValue): string {
  return value.kind === "unknown"
    ? `a value that is not statically known (${value.reason})`
    : describeValue(value);
}
