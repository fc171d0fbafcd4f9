/**
 * The two fixed files every output folder holds beside the validators: the issue type and the
 * few helpers the validators call on failure. Their text does not depend on any declaration.
 */
export const TYPES_FILE_BODY = `/** Where in the arguments an issue is: keys and array indices, e.g. ["questions", 0, "label"]. */
export type IssuePath = readonly (string | number)[];

/** One problem with a tool call's arguments. */
export type ValidationIssue =
  /** A required key is absent (or its value is \`undefined\`). */
  | { code: "missing"; path: IssuePath }
  /** A key the declaration does not allow. */
  | { code: "unexpected"; path: IssuePath }
  /** A value of the wrong type; \`expected\` is the declared type (\`string | null\`), \`received\` what came. */
  | { code: "invalid_type"; path: IssuePath; expected: string; received: string }
  /** A value that is not one of the declared \`enum\` members (listed in \`values\`). */
  | { code: "invalid_enum"; path: IssuePath; values: readonly unknown[] };

/** A generated validator: \`undefined\` for a valid call, otherwise every issue in it. */
export type Validator = (args: unknown) => ValidationIssue[] | undefined;
`;

export const RUNTIME_FILE_BODY = `import type { ValidationIssue } from "./types.js";


/** The name of a value's type in an issue: JSON's names, and NaN, Infinity, bigint... for what JSON cannot carry. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isFinite(value)) {
    return Number.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
  }
  return typeof value;
}

/** Deep equality for enum members that are arrays or objects (own enumerable keys only). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(a, key)) return false;
    if (!deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** Appends an issue to a group; an empty group becomes a one-element array (not a 17-slot one, as \`push\` on \`[]\` makes). */
export function addIssue(group: ValidationIssue[] | undefined, issue: ValidationIssue): ValidationIssue[] {
  if (group === undefined) return [issue];
  group.push(issue);
  return group;
}

/**
 * The issue groups joined in the spec's order: missing, unexpected, wrong types, wrong values.
 * Appends to the first group rather than calling \`concat\`, which costs more than the whole
 * validation of a call.
 */
export function joinIssues(
  missing: ValidationIssue[] | undefined,
  unexpected: ValidationIssue[] | undefined,
  wrongType: ValidationIssue[] | undefined,
  wrongValue: ValidationIssue[] | undefined,
): ValidationIssue[] | undefined {
  let issues = missing;
  issues = append(issues, unexpected);
  issues = append(issues, wrongType);
  return append(issues, wrongValue);
}

function append(
  issues: ValidationIssue[] | undefined,
  group: ValidationIssue[] | undefined,
): ValidationIssue[] | undefined {
  if (issues === undefined) return group;
  if (group !== undefined) for (let i = 0; i < group.length; i++) issues.push(group[i]!);
  return issues;
}
`;
