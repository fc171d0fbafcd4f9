// Copies of a declaration (CONTRACT.md section 2): an object that spreads a tool's declaration
// and changes only its description is the same tool, with one validator.
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import type { ExtractedTool } from "../extract/discover.js";
import type { StaticValue } from "../extract/values.js";

/** A declaration equal to one read before it: its name and its schema. */
export interface ToolCopy {
  readonly name: string;
  readonly declaredAs: string;
  readonly location: SourceLocation;
  /** Where the first declaration is. */
  readonly of: { readonly declaredAs: string; readonly file: string };
}

/**
 * Whether two declarations of one name declare the same schema: equal but for the order of keys
 * and the descriptions (documentation, often built at run time in such a copy).
 */
export function sameSchema(a: ExtractedTool, b: ExtractedTool): boolean {
  if (a.parameters === undefined || b.parameters === undefined)
    return a.parameters === b.parameters;
  const left = schemaText(a.parameters);
  return left !== undefined && left === schemaText(b.parameters);
}

/**
 * Why a declaration's schema cannot be compared with another's: the first value in it (outside
 * descriptions) that is not statically known, when there is one.
 */
export function notComparable(tool: ExtractedTool): string | undefined {
  return tool.parameters && firstUnknown(tool.parameters, "schema");
}

function firstUnknown(value: StaticValue, position: Position): string | undefined {
  if (value.kind === "unknown") return value.reason;
  if (value.kind === "array") {
    const inner: Position = position === "list" ? "schema" : "value";
    for (const element of value.elements) {
      const found = firstUnknown(element, inner);
      if (found) return found;
    }
  }
  if (value.kind !== "object") return undefined;
  for (const entry of value.entries) {
    if (position === "schema" && entry.key === "description") continue;
    const found = firstUnknown(entry.value, positionOf(position, entry.key));
    if (found) return found;
  }
  return undefined;
}

/** Keywords whose value is a map of names to schemas, or a schema, or a list of schemas. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions"]);
const SCHEMA_VALUES = new Set(["items", "additionalProperties", "additionalItems", "not"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);

type Position = "schema" | "map" | "list" | "value";

/**
 * A schema as canonical text: keys sorted, `description` left out where it is a keyword;
 * undefined when a part other than a description is not statically known.
 */
function schemaText(value: StaticValue, position: Position = "schema"): string | undefined {
  if (value.kind === "unknown") return undefined;
  if (value.kind === "primitive") return JSON.stringify(value.value);
  const inner: Position = position === "list" ? "schema" : "value";
  if (value.kind === "array") {
    const texts = value.elements.map((element) => schemaText(element, inner));
    return texts.includes(undefined) ? undefined : `[${texts.join(",")}]`;
  }
  if (value.problems.length > 0) return undefined;
  const entries = [...new Map(value.entries.map((entry) => [entry.key, entry.value])).entries()]
    .filter(([key]) => !(position === "schema" && key === "description"))
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  const texts = entries.map(([key, member]) => {
    const text = schemaText(member, positionOf(position, key));
    return text === undefined ? undefined : `${JSON.stringify(key)}:${text}`;
  });
  return texts.includes(undefined) ? undefined : `{${texts.join(",")}}`;
}

function positionOf(parent: Position, key: string): Position {
  if (parent === "map") return "schema";
  if (parent !== "schema") return "value";
  if (SCHEMA_MAPS.has(key)) return "map";
  if (SCHEMA_LISTS.has(key)) return "list";
  return SCHEMA_VALUES.has(key) ? "schema" : "value";
}
