import { nearest } from "../support/similarity.js";

/** The keywords the validators enforce. */
export const ENFORCED_KEYWORDS = [
  "type",
  "nullable",
  "required",
  "properties",
  "additionalProperties",
  "enum",
  "items",
] as const;

/** Documentation only: read, kept for argument types, never listed as "not enforced". */
export const ANNOTATION_KEYWORDS = new Set([
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
 * Constraints the validators know but do not enforce: they never block a call and are
 * reported. The key-allowing keywords above are among them.
 */
export const NOT_ENFORCED_KEYWORDS: ReadonlySet<string> = new Set([
  "format",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "additionalItems",
  "prefixItems",
  "unevaluatedItems",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "dependentRequired",
  "const",
  "default",
  "not",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  "discriminator",
  ...KEY_ALLOWING_KEYWORDS,
]);

export function isEnforced(keyword: string): boolean {
  return (ENFORCED_KEYWORDS as readonly string[]).includes(keyword);
}

export function isAnnotation(keyword: string): boolean {
  return ANNOTATION_KEYWORDS.has(keyword) || keyword.startsWith("x-");
}

export type KeywordClass =
  | { kind: "enforced" | "annotation" | "not-enforced" }
  /** Close to an enforced keyword: a likely typo, an error. */
  | { kind: "typo"; suggestion: string }
  /** Not a keyword the validators know; `suggestion` when it is close to a known one. */
  | { kind: "unknown"; suggestion?: string };

const KNOWN_KEYWORDS = [...ENFORCED_KEYWORDS, ...NOT_ENFORCED_KEYWORDS, ...ANNOTATION_KEYWORDS];

export function classifyKeyword(keyword: string): KeywordClass {
  if (isEnforced(keyword)) return { kind: "enforced" };
  if (isAnnotation(keyword)) return { kind: "annotation" };
  if (NOT_ENFORCED_KEYWORDS.has(keyword)) return { kind: "not-enforced" };
  // Equal but for case or separators, or a typo; a keyword that merely starts or ends like a
  // known one (`typeName`) is a keyword of its own, not a misspelling.
  const suggestion = nearest(keyword, KNOWN_KEYWORDS, 2);
  if (suggestion && isEnforced(suggestion)) return { kind: "typo", suggestion };
  return suggestion ? { kind: "unknown", suggestion } : { kind: "unknown" };
}
