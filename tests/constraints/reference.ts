// A small reference evaluator of JSON Schema for the constraint keywords, built on the
// run-time predicates (src/support/constraints.ts) and the build-time rules
// (src/keywords/constraintRules.ts) with every constraint keyword enforced: a stand-in for the
// generated validators until the emitter enforces these keywords. It knows the keywords
// below and nothing else; `unsupportedKeywords` says which keywords of a schema it does not
// know, so that a test can skip (and list) what it cannot decide.
import type { JsonValue } from "../../src/extract/values.js";
import {
  boundRule,
  constRule,
  countRule,
  dependenciesRule,
  dependentRequiredRule,
  multipleOfRule,
  patternRule,
  tupleRule,
  uniqueItemsRule,
  type RuleResult,
  type SchemaObject,
} from "../../src/keywords/constraintRules.js";
import { deepEqual } from "../../src/support/runtime.js";
import {
  duplicateItems,
  hasMaxLength,
  hasMaxProperties,
  hasMinLength,
  hasMinProperties,
  isMultipleOf,
  isMultipleOfDigits,
  isPresent,
  matchesPattern,
  missingDependents,
} from "../../src/support/constraints.js";

export type Draft = "draft2020-12" | "draft7";

const KNOWN = new Set([
  // annotations
  "$schema",
  "$comment",
  "description",
  "title",
  "default",
  "examples",
  // the default subset
  "type",
  "properties",
  "required",
  "additionalProperties",
  "enum",
  "items",
  // the constraint keywords
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "const",
  "prefixItems",
  "dependentRequired",
  "additionalItems",
  "dependencies",
]);

/** The keywords of a schema (at any depth) this evaluator does not know, or reads only in part. */
export function unsupportedKeywords(schema: JsonValue, draft: Draft): string[] {
  const found = new Set<string>();
  walk(schema);
  return [...found].sort();

  function walk(value: JsonValue | undefined): void {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (!KNOWN.has(key)) found.add(key);
      else if (key === "prefixItems" && draft === "draft7") found.add(key);
      else if (key === "dependentRequired" && draft === "draft7") found.add(key);
      else if (key === "additionalItems" && draft === "draft2020-12") found.add(key);
      else if (
        key === "dependencies" &&
        (draft !== "draft7" || dependenciesRule(child) === undefined)
      )
        found.add(`${key} (with schemas)`);
    }
    const record = value as SchemaObject;
    for (const key of ["properties"] as const) {
      const properties = record[key];
      if (typeof properties === "object" && properties !== null && !Array.isArray(properties))
        for (const child of Object.values(properties)) walk(child);
    }
    for (const key of ["items", "prefixItems"] as const) {
      const items = record[key];
      if (Array.isArray(items)) items.forEach(walk);
      else walk(items);
    }
    walk(record["additionalProperties"]);
    walk(record["additionalItems"]);
  }
}

/** Thrown for a schema a build would reject (a rule's problem): the test reports it. */
export class RejectedSchema extends Error {}

function read<T>(result: RuleResult<T>): T {
  if (!result.ok) throw new RejectedSchema(`${result.keyword}: ${result.problem}`);
  return result.value;
}

const all = (): boolean => true;

/** Whether `data` is valid against `schema` (throws RejectedSchema for a rejected schema). */
export function isValid(schema: JsonValue, data: unknown, draft: Draft = "draft2020-12"): boolean {
  if (schema === true) return true;
  if (schema === false) return false;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    throw new RejectedSchema("not a schema");
  const s = schema as SchemaObject;

  if (s["type"] !== undefined && !hasType(s["type"], data)) return false;
  if (s["enum"] !== undefined && !(s["enum"] as JsonValue[]).some((m) => deepEqual(data, m)))
    return false;
  if (s["const"] !== undefined && !deepEqual(data, read(constRule(s["const"])))) return false;

  if (typeof data === "number") {
    const lower = read(boundRule(s, "lower", all));
    if (lower && (lower.exclusive ? !(data > lower.limit) : !(data >= lower.limit))) return false;
    const upper = read(boundRule(s, "upper", all));
    if (upper && (upper.exclusive ? !(data < upper.limit) : !(data <= upper.limit))) return false;
    if (s["multipleOf"] !== undefined) {
      const d = read(multipleOfRule(s["multipleOf"]));
      const multiple =
        d.mantissa === undefined
          ? isMultipleOfDigits(data, d.digits, d.exponent)
          : isMultipleOf(data, d.mantissa, d.exponent);
      if (!multiple) return false;
    }
  }

  if (typeof data === "string") {
    if (
      s["minLength"] !== undefined &&
      !hasMinLength(data, read(countRule("minLength", s["minLength"])))
    )
      return false;
    if (
      s["maxLength"] !== undefined &&
      !hasMaxLength(data, read(countRule("maxLength", s["maxLength"])))
    )
      return false;
    if (s["pattern"] !== undefined) {
      const { source } = read(patternRule(s["pattern"]));
      if (!matchesPattern(compiled(source), data)) return false;
    }
  }

  if (Array.isArray(data)) {
    if (s["minItems"] !== undefined && data.length < read(countRule("minItems", s["minItems"])))
      return false;
    if (s["maxItems"] !== undefined && data.length > read(countRule("maxItems", s["maxItems"])))
      return false;
    if (s["uniqueItems"] !== undefined && read(uniqueItemsRule(s["uniqueItems"])))
      if (duplicateItems(data) !== undefined) return false;
    const tuple = read(tupleRule(draft === "draft7" ? withoutPrefixItems(s) : s));
    if (tuple !== undefined) {
      for (let i = 0; i < data.length; i++) {
        const itemSchema = i < tuple.prefix.length ? tuple.prefix[i] : tuple.rest;
        if (itemSchema !== undefined && !isValid(itemSchema, data[i], draft)) return false;
      }
    } else if (s["items"] !== undefined) {
      for (const item of data) if (!isValid(s["items"], item, draft)) return false;
    }
  }

  if (typeof data === "object" && data !== null && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    if (
      s["minProperties"] !== undefined &&
      !hasMinProperties(record, read(countRule("minProperties", s["minProperties"])))
    )
      return false;
    if (
      s["maxProperties"] !== undefined &&
      !hasMaxProperties(record, read(countRule("maxProperties", s["maxProperties"])))
    )
      return false;
    const dependents =
      s["dependentRequired"] !== undefined
        ? read(dependentRequiredRule(s["dependentRequired"]))
        : s["dependencies"] !== undefined
          ? read(dependenciesRule(s["dependencies"])!)
          : [];
    for (const [key, requires] of dependents)
      if (missingDependents(record, key, requires) !== undefined) return false;
    if (s["required"] !== undefined)
      for (const key of s["required"] as string[]) if (!isPresent(record, key)) return false;
    const properties = (s["properties"] ?? {}) as SchemaObject;
    for (const key of Object.keys(record)) {
      if (record[key] === undefined) continue;
      if (Object.prototype.hasOwnProperty.call(properties, key)) {
        if (!isValid(properties[key]!, record[key], draft)) return false;
      } else if (s["additionalProperties"] !== undefined) {
        if (!isValid(s["additionalProperties"], record[key], draft)) return false;
      }
    }
  }
  return true;
}

/** draft-07 has no `prefixItems`: it is an unknown keyword there. */
function withoutPrefixItems(schema: SchemaObject): SchemaObject {
  if (schema["prefixItems"] === undefined) return schema;
  const { prefixItems: _, ...rest } = schema;
  return rest;
}

function hasType(type: JsonValue, data: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => {
    switch (t) {
      case "null":
        return data === null;
      case "boolean":
        return typeof data === "boolean";
      case "string":
        return typeof data === "string";
      case "number":
        return typeof data === "number" && Number.isFinite(data);
      case "integer":
        return Number.isInteger(data);
      case "array":
        return Array.isArray(data);
      case "object":
        return typeof data === "object" && data !== null && !Array.isArray(data);
      default:
        throw new RejectedSchema(`unknown type ${JSON.stringify(t)}`);
    }
  });
}

const patterns = new Map<string, RegExp>();

function compiled(source: string): RegExp {
  let pattern = patterns.get(source);
  if (pattern === undefined) {
    pattern = new RegExp(source, "u");
    patterns.set(source, pattern);
  }
  return pattern;
}
