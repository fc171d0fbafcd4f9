import type { DiagnosticCode } from "../diagnostics/codes.js";
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import { joinKey } from "../diagnostics/schemaPath.js";
import { MAX_VALUE_DEPTH, tooDeepReason, type StaticValue } from "./values.js";

interface ReadingError {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly location: SourceLocation;
  /** Where in the declaration, e.g. `parameters.properties.n.enum[1]`. */
  readonly schemaPath: string;
}

/** A part of the value being walked: it knows its parent and key, so a path is spelled out only for an error. */
interface Part {
  readonly value: StaticValue;
  readonly depth: number;
  readonly parent?: Part;
  readonly key?: string | number;
}

/**
 * What in a value read as a tool's parameters cannot be carried exactly into a schema, whatever
 * keyword it sits under: numbers JSON cannot hold, nesting past MAX_VALUE_DEPTH, and parts a
 * limit of the reading stopped at. The walk uses its own stack: values may be deep. One limit
 * error says enough: past a limit, every later part stops there too.
 */
export function readingErrors(value: StaticValue, schemaPath = "parameters"): ReadingError[] {
  const errors: ReadingError[] = [];
  let stoppedByLimit = false;
  const report = (part: Part, code: DiagnosticCode, message: string) =>
    errors.push({
      code,
      message,
      location: part.value.location,
      schemaPath: pathOf(part, schemaPath),
    });
  const pending: Part[] = [{ value, depth: 1 }];
  for (let part = pending.pop(); part; part = pending.pop()) {
    const current = part.value;
    if (current.kind === "primitive") {
      if (typeof current.value === "number" && !Number.isFinite(current.value))
        report(
          part,
          "TV1007",
          `This number is ${current.value} in JavaScript, which JSON cannot carry: a schema holds only finite numbers.`,
        );
    } else if (current.kind === "unknown") {
      if (current.error && !stoppedByLimit) {
        stoppedByLimit = true;
        report(part, current.error, `${capitalize(current.reason)}.`);
      }
    } else if (part.depth > MAX_VALUE_DEPTH) {
      if (!stoppedByLimit) report(part, "TV1009", `${capitalize(tooDeepReason())}.`);
      stoppedByLimit = true;
    } else for (const child of childrenOf(part)) pending.push(child);
  }
  return errors;
}

/** The parts inside an array or object, last first (the stack takes them in order). */
function childrenOf(part: Part): Part[] {
  const current = part.value;
  const depth = part.depth + 1;
  const children: Part[] = [];
  if (current.kind === "array") {
    for (let i = current.elements.length - 1; i >= 0; i--)
      children.push({ value: current.elements[i]!, depth, parent: part, key: i });
  } else if (current.kind === "object") {
    for (let i = current.entries.length - 1; i >= 0; i--) {
      const entry = current.entries[i]!;
      children.push({ value: entry.value, depth, parent: part, key: entry.key });
    }
  }
  return children;
}

function pathOf(part: Part, root: string): string {
  const keys: (string | number)[] = [];
  for (let p: Part | undefined = part; p?.key !== undefined; p = p.parent) keys.push(p.key);
  return keys.reduceRight<string>(
    (path, key) => (typeof key === "number" ? `${path}[${key}]` : joinKey(path, key)),
    root,
  );
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The value with each part `readingErrors` reports (or would report after its first limit)
 * replaced by an unknown value carrying that error: what the schema checks read of a tool
 * whose reading errors are already reported, so that they report every other error of its
 * schema without reporting those parts again (they skip an unknown value with an error).
 */
export function withReadingErrorsMarked(value: StaticValue, depth = 1): StaticValue {
  if (value.kind === "primitive") {
    if (typeof value.value !== "number" || Number.isFinite(value.value)) return value;
    return {
      kind: "unknown",
      reason: `${value.value} is not a JSON number`,
      location: value.location,
      error: "TV1007",
    };
  }
  if (value.kind === "unknown") return value;
  if (depth > MAX_VALUE_DEPTH)
    return { kind: "unknown", reason: tooDeepReason(), location: value.location, error: "TV1009" };
  if (value.kind === "array")
    return {
      ...value,
      elements: value.elements.map((element) => withReadingErrorsMarked(element, depth + 1)),
    };
  return {
    ...value,
    entries: value.entries.map((entry) => ({
      ...entry,
      value: withReadingErrorsMarked(entry.value, depth + 1),
    })),
  };
}
