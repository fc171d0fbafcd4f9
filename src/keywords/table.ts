import { nearest } from "../support/similarity.js";

/**
 * The keywords the generator knows besides those of the registry (registry.ts): documentation,
 * and constraints it does not enforce (CONTRACT.md section 3). A keyword of an opt-in
 * definition that a run does not enforce is not enforced too; `classifyKeyword` is told which
 * keywords are enforced.
 */

/** Documentation only: read, kept for argument types, never listed as "not enforced". */
const ANNOTATION_KEYWORDS = new Set([
  "description",
  "title",
  "$comment",
  "examples",
  "example",
  "$schema",
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
  "$vocabulary",
  "$defs",
  "definitions",
  "readOnly",
  "writeOnly",
  "deprecated",
]);

/**
 * Keywords that can allow object keys the validators do not see (a key declared in an `allOf`
 * branch, matched by a pattern, ...). Where one is present, unknown keys are not rejected:
 * rejecting them could block a call the declaration allows.
 */
export const KEY_ALLOWING_KEYWORDS = [
  "patternProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "if",
  "then",
  "else",
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
  "dependencies",
  "dependentSchemas",
  "unevaluatedProperties",
] as const;

/**
 * Constraints the validators know and no keyword of the registry reads: they never block a
 * call and are listed as not enforced. The key-allowing keywords above are among them
 * (`dependencies` is read by dependentRequired.ts too, where its values are all arrays).
 */
export const OTHER_KNOWN_KEYWORDS: readonly string[] = [
  "format",
  "contains",
  "minContains",
  "maxContains",
  "unevaluatedItems",
  "propertyNames",
  "default",
  "not",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  "discriminator",
  ...KEY_ALLOWING_KEYWORDS,
];

function isAnnotation(keyword: string): boolean {
  return ANNOTATION_KEYWORDS.has(keyword) || keyword.startsWith("x-");
}

export type KeywordClass =
  | { kind: "enforced" | "annotation" | "not-enforced" }
  /** Close to an enforced keyword: a likely typo, an error. */
  | { kind: "typo"; suggestion: string }
  /** Not a keyword the validators know; `suggestion` when it is close to a known one. */
  | { kind: "unknown"; suggestion?: string };

/** The keywords a run enforces, and every keyword it knows. */
export interface KeywordSets {
  readonly enforced: ReadonlySet<string>;
  /** Known and not enforced (other constraints, and opt-in keywords not enforced). */
  readonly notEnforced: ReadonlySet<string>;
}

/**
 * What a keyword in a schema is. A keyword that is not known and is one edit from an enforced
 * keyword, whatever its length (`tpe`, `enm`), or close to one by the rule of the hints
 * (`requried`), is a typo: an error, because a misspelt enforced keyword silently drops a
 * check (CONTRACT.md section 3). A keyword that merely starts or ends like a known one
 * (`typeName`) is a keyword of its own.
 */
export function classifyKeyword(keyword: string, sets: KeywordSets): KeywordClass {
  if (sets.enforced.has(keyword)) return { kind: "enforced" };
  if (isAnnotation(keyword)) return { kind: "annotation" };
  if (sets.notEnforced.has(keyword)) return { kind: "not-enforced" };
  const known = [...sets.enforced, ...sets.notEnforced, ...ANNOTATION_KEYWORDS];
  const suggestion = nearest(keyword, known, 2);
  if (suggestion && sets.enforced.has(suggestion)) return { kind: "typo", suggestion };
  if (suggestion) return { kind: "unknown", suggestion };
  const oneEdit = [...sets.enforced].find((enforced) => oneEditApart(keyword, enforced));
  if (oneEdit) return { kind: "typo", suggestion: oneEdit };
  return { kind: "unknown" };
}

/**
 * Whether two names of 3 or more characters differ by one edit: a character inserted,
 * deleted or replaced, or two neighbours swapped (case counts).
 */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.min(a.length, b.length) < 3 || Math.abs(a.length - b.length) > 1)
    return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const restA = a.slice(start, endA);
  const restB = b.slice(start, endB);
  if (restA.length <= 1 && restB.length <= 1) return true;
  // Two neighbours swapped: `tpye` / `type`.
  return restA.length === 2 && restB.length === 2 && restA[0] === restB[1] && restA[1] === restB[0];
}
