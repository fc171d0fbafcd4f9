// What a pool of random schemas exercises: a guard against properties that pass because the
// generators stopped producing the interesting cases.
import { HOSTILE_KEYS, isRecord } from "./json.js";
import { KEYWORDS } from "../../src/keywords/registry.js";
import { KEY_ALLOWING, type Schema } from "./schemas.js";

export type Feature =
  | "hostile property key"
  | "__proto__ property"
  | "type list"
  | "integer"
  | "nullable"
  | "enum of primitives"
  | "enum with array/object"
  | "required"
  | "required, not declared"
  | "additionalProperties false"
  | "additionalProperties true"
  | "additionalProperties schema"
  | "strict default (properties, no additionalProperties)"
  | "free object"
  | "empty schema"
  | "false subschema"
  | "true subschema"
  | "items"
  | "items not enforced (tuple, prefixItems)"
  | "key-allowing keyword"
  | "other keyword not enforced"
  | "nested 3 levels";

/** The keywords enforced by default: the registry's that are not opt-in. */
const ENFORCED = new Set(KEYWORDS.filter((keyword) => !keyword.optIn).flatMap((k) => k.keywords));

/** How many schemas of `pool` show each feature (at least once anywhere inside). */
export function featureCounts(pool: readonly Schema[]): Map<Feature, number> {
  const counts = new Map<Feature, number>();
  for (const schema of pool) {
    const seen = new Set<Feature>();
    visit(schema, 0, seen);
    for (const feature of seen) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  }
  return counts;
}

function visit(schema: Schema, depth: number, seen: Set<Feature>): void {
  if (schema === true) return void seen.add("true subschema");
  if (schema === false) return void seen.add("false subschema");
  const has = (keyword: string) => Object.hasOwn(schema, keyword);
  const keywords = Object.keys(schema);
  if (depth >= 3) seen.add("nested 3 levels");
  if (keywords.length === 0) seen.add("empty schema");
  if (Array.isArray(schema.type)) seen.add("type list");
  if ([schema.type].flat().includes("integer")) seen.add("integer");
  if (schema.nullable === true) seen.add("nullable");
  if (Array.isArray(schema.enum)) {
    const compound = schema.enum.some((member) => typeof member === "object" && member !== null);
    seen.add(compound ? "enum with array/object" : "enum of primitives");
  }
  if (Array.isArray(schema.required)) {
    seen.add("required");
    const declared = isRecord(schema.properties) ? Object.keys(schema.properties) : [];
    if (schema.required.some((key) => !declared.includes(key as string)))
      seen.add("required, not declared");
  }
  if (schema.additionalProperties === false) seen.add("additionalProperties false");
  if (schema.additionalProperties === true) seen.add("additionalProperties true");
  if (isRecord(schema.additionalProperties)) seen.add("additionalProperties schema");
  if (has("properties") && !has("additionalProperties"))
    seen.add("strict default (properties, no additionalProperties)");
  if (schema.type === "object" && !has("properties") && !has("additionalProperties"))
    seen.add("free object");
  if (KEY_ALLOWING.some(has)) seen.add("key-allowing keyword");
  if (keywords.some((k) => !ENFORCED.has(k) && !(KEY_ALLOWING as readonly string[]).includes(k)))
    seen.add("other keyword not enforced");
  if (Array.isArray(schema.items) || (has("items") && has("prefixItems")))
    seen.add("items not enforced (tuple, prefixItems)");
  else if (has("items")) {
    seen.add("items");
    visit(schema.items as Schema, depth + 1, seen);
  }
  if (isRecord(schema.properties)) {
    for (const key of Object.keys(schema.properties)) {
      if (HOSTILE_KEYS.includes(key)) seen.add("hostile property key");
      if (key === "__proto__") seen.add("__proto__ property");
      visit(schema.properties[key] as Schema, depth + 1, seen);
    }
  }
  if (isRecord(schema.additionalProperties))
    visit(schema.additionalProperties as Schema, depth + 1, seen);
}
