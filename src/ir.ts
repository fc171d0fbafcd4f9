import type { JsonValue } from "./extract/values.js";

/**
 * The intermediate form between reading and emitting: only what the validators enforce, plus
 * descriptions for argument types. Everything else was reported as not enforced on the way.
 */

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

/** Whether a JSON value has one JSON type (`integer`: a number that is an integer). */
export function jsonHasType(value: JsonValue, type: JsonType): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "integer":
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

export interface SchemaNode {
  /** A `false` schema: every value is rejected. */
  readonly never?: true;
  /** Allowed types (`nullable` already merged in); undefined means any type. */
  readonly types?: readonly JsonType[];
  /** Allowed values, checked after the type. */
  readonly enumValues?: readonly JsonValue[];
  /** Rules for a value that is a plain object. */
  readonly object?: ObjectRules;
  /** The schema of every element of a value that is an array. */
  readonly items?: SchemaNode;
  readonly description?: string;
}

export interface ObjectRules {
  /** Declared properties in declaration order. */
  readonly properties: readonly PropertyRule[];
  /** Required keys that have no declared property (standard mode only). */
  readonly requiredOnly: readonly string[];
  /** What happens to a key that is not declared. */
  readonly unknownKeys: UnknownKeys;
}

export type UnknownKeys =
  | { readonly kind: "allow" }
  | { readonly kind: "reject" }
  | { readonly kind: "check"; readonly schema: SchemaNode };

export interface PropertyRule {
  readonly key: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
}

/** A keyword the validators read but do not enforce, and where. */
export interface NotEnforced {
  readonly keyword: string;
  /** Where in the arguments, e.g. `questions[].header`; empty for the top level. */
  readonly at: string;
  /** Why, when it is not simply an unenforced keyword. */
  readonly note?: string;
}

export type Mode = "strict" | "standard";

/** One tool, ready to emit. */
export interface ToolSchema {
  readonly name: string;
  readonly file: string;
  readonly exportName: string;
  readonly description?: string;
  readonly root: SchemaNode;
  readonly notEnforced: readonly NotEnforced[];
}

/** Whether a schema checks anything at all (an empty schema accepts every value). */
export function hasChecks(node: SchemaNode): boolean {
  return (
    node.never === true ||
    node.types !== undefined ||
    node.enumValues !== undefined ||
    (node.items !== undefined && hasChecks(node.items)) ||
    (node.object !== undefined && objectHasChecks(node.object))
  );
}

export function objectHasChecks(rules: ObjectRules): boolean {
  return (
    rules.requiredOnly.length > 0 ||
    rules.properties.some((p) => p.required || hasChecks(p.schema)) ||
    rules.unknownKeys.kind === "reject" ||
    (rules.unknownKeys.kind === "check" && hasChecks(rules.unknownKeys.schema))
  );
}
