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

/**
 * What in a value read as a tool's parameters cannot be carried exactly into a schema, whatever
 * keyword it sits under: numbers JSON cannot hold, nesting past MAX_VALUE_DEPTH, and parts a
 * limit of the reading stopped at. The walk uses its own stack: values may be deep.
 */
export function readingErrors(value: StaticValue, schemaPath = "parameters"): ReadingError[] {
  const errors: ReadingError[] = [];
  let stoppedByLimit = false;
  // Each part knows its parent and key; a path is only spelled out for an error.
  interface Part {
    readonly value: StaticValue;
    readonly depth: number;
    readonly parent?: Part;
    readonly key?: string | number;
  }
  const pathOf = (part: Part): string => {
    const keys: (string | number)[] = [];
    for (let p: Part | undefined = part; p?.key !== undefined; p = p.parent) keys.push(p.key);
    return keys.reduceRight<string>(
      (path, key) => (typeof key === "number" ? `${path}[${key}]` : joinKey(path, key)),
      schemaPath,
    );
  };
  const pending: Part[] = [{ value, depth: 1 }];
  for (let part = pending.pop(); part; part = pending.pop()) {
    const current = part.value;
    switch (current.kind) {
      case "primitive":
        if (typeof current.value === "number" && !Number.isFinite(current.value)) {
          errors.push({
            code: "TV1007",
            message: `This number is ${current.value} in JavaScript, which JSON cannot carry: a schema holds only finite numbers.`,
            location: current.location,
            schemaPath: pathOf(part),
          });
        }
        break;
      case "unknown":
        // One limit error says enough: past a limit, every later part stops there too.
        if (current.error && !stoppedByLimit) {
          stoppedByLimit = true;
          errors.push({
            code: current.error,
            message: `${capitalize(current.reason)}.`,
            location: current.location,
            schemaPath: pathOf(part),
          });
        }
        break;
      case "array":
      case "object": {
        if (part.depth > MAX_VALUE_DEPTH) {
          if (!stoppedByLimit) {
            stoppedByLimit = true;
            errors.push({
              code: "TV1009",
              message: `${capitalize(tooDeepReason())}.`,
              location: current.location,
              schemaPath: pathOf(part),
            });
          }
          break;
        }
        const depth = part.depth + 1;
        if (current.kind === "array") {
          for (let i = current.elements.length - 1; i >= 0; i--)
            pending.push({ value: current.elements[i]!, depth, parent: part, key: i });
        } else {
          for (let i = current.entries.length - 1; i >= 0; i--) {
            const entry = current.entries[i]!;
            pending.push({ value: entry.value, depth, parent: part, key: entry.key });
          }
        }
        break;
      }
    }
  }
  return errors;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
