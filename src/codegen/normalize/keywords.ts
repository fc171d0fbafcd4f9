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

/** Constraints the validators know but do not enforce: they never block a call and are reported. */
export const NOT_ENFORCED_KEYWORDS = new Set([
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
  "patternProperties",
  "dependencies",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedProperties",
  "const",
  "default",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  "discriminator",
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

export const JSON_TYPES = [
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
] as const;
export type JsonType = (typeof JSON_TYPES)[number];

const TYPE_ALIASES: Record<string, JsonType> = {
  str: "string",
  text: "string",
  int: "integer",
  float: "number",
  double: "number",
  bool: "boolean",
  dict: "object",
  map: "object",
  record: "object",
  list: "array",
  none: "null",
};

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

export function classifyKeyword(keyword: string): KeywordClass {
  if (isEnforced(keyword)) return { kind: "enforced" };
  if (isAnnotation(keyword)) return { kind: "annotation" };
  if (NOT_ENFORCED_KEYWORDS.has(keyword)) return { kind: "not-enforced" };
  const nearest = nearestKeyword(keyword);
  if (nearest && isEnforced(nearest)) return { kind: "typo", suggestion: nearest };
  return nearest ? { kind: "unknown", suggestion: nearest } : { kind: "unknown" };
}

/** The known keyword a misspelling most likely meant, if any is close enough. */
function nearestKeyword(word: string): string | undefined {
  const candidates = [...ENFORCED_KEYWORDS, ...NOT_ENFORCED_KEYWORDS, ...ANNOTATION_KEYWORDS];
  return nearest(word, candidates);
}

/** The suggested type for an unknown type name (`strng` -> `string`, `int` -> `integer`). */
export function suggestType(name: string): JsonType | undefined {
  const alias = TYPE_ALIASES[name.toLowerCase()];
  if (alias) return alias;
  return nearest(name, JSON_TYPES) as JsonType | undefined;
}

function nearest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance =
      candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= allowedDistance(best) ? best : undefined;
}

function allowedDistance(keyword: string): number {
  if (keyword.length <= 5) return 1;
  if (keyword.length <= 10) return 2;
  return 3;
}

/** Edit distance counting an adjacent transposition as one edit (`tpye` is one edit from `type`). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}
