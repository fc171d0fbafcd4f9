// The built-in tools' parameter schemas as plain JSON, and their strict equivalents for the
// peer validators (ajv, schemasafe, typebox, zod, cfworker).
import { KEY_ALLOWING_KEYWORDS } from "../src/keywords/table.js";
import { builtinTools } from "../example/tools/index.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface BenchTool {
  /** The tool name, as the model calls it. */
  readonly name: string;
  /** `config.function.parameters`, as declared. */
  readonly schema: JsonObject;
  /** The same rules in standard JSON Schema, with strict mode spelled out. */
  readonly strict: JsonObject;
}

/** Every built-in tool that declares parameters, in registration order. */
export function loadTools(): BenchTool[] {
  const tools: BenchTool[] = [];
  for (const tool of builtinTools) {
    const parameters = tool.config.function.parameters as unknown;
    if (parameters === undefined) continue;
    // A JSON round trip: the declaration as the model sees it, detached from the tool object.
    const schema = JSON.parse(JSON.stringify(parameters)) as JsonObject;
    tools.push({
      name: tool.config.function.name,
      schema,
      strict: strictSchema(schema) as JsonObject,
    });
  }
  return tools;
}

/**
 * The schema a standard JSON Schema validator needs to give the same answers as the generated
 * validators in strict mode:
 *  - an object schema that declares `properties` and no `additionalProperties` gets
 *    `additionalProperties: false`;
 *  - where a keyword that may allow undeclared keys is present (anyOf, patternProperties...:
 *    the generator's KEY_ALLOWING_KEYWORDS), undeclared keys are allowed, as the validators do;
 *  - `nullable: true` becomes a `"null"` member of `type`;
 *  - every keyword that is not enforced (minItems, maxLength, format, default, description...)
 *    is dropped, so that no peer rejects what the generated validators accept.
 */
export function strictSchema(schema: Json): Json {
  if (typeof schema === "boolean") return schema;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    throw new Error(`not a schema object: ${JSON.stringify(schema)}`);
  }
  const allowsKeys = KEY_ALLOWING_KEYWORDS.some((keyword) => keyword in schema);
  const out: JsonObject = {};
  let type = schema.type;
  if (schema.nullable === true && type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    type = types.includes("null") ? types : [...types, "null"];
  }
  if (type !== undefined) out.type = type;
  if (schema.enum !== undefined) out.enum = schema.enum;
  if (schema.properties !== undefined) {
    const properties: JsonObject = {};
    for (const [key, value] of Object.entries(schema.properties as JsonObject)) {
      properties[key] = strictSchema(value);
    }
    out.properties = properties;
  }
  if (schema.required !== undefined) out.required = schema.required;
  const additional = schema.additionalProperties;
  if (allowsKeys) {
    // Unknown keys are allowed: no additionalProperties at all.
  } else if (additional === undefined) {
    if (schema.properties !== undefined) out.additionalProperties = false;
  } else {
    out.additionalProperties =
      typeof additional === "boolean" ? additional : strictSchema(additional);
  }
  if (schema.items !== undefined) out.items = strictSchema(schema.items);
  return out;
}

/**
 * What the generated argument types can say of a strict schema, as JSON Schema: TypeScript has
 * no integer, so `integer` becomes `number` (and keywords no type can carry, should strict schemas
 * keep any, are dropped: there are none today). A validator generated from the types, such as
 * typia's, answers as this schema does; where it answers differently from the strict schema on a
 * call, typia's semantics and ours differ on that call.
 */
export function typeLevelSchema(schema: Json): Json {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (UNTYPED_KEYWORDS.has(key)) continue;
    if (key === "type") {
      const types = (Array.isArray(value) ? value : [value]).map((t) =>
        t === "integer" ? "number" : t,
      );
      const unique = [...new Set(types)];
      out.type = unique.length === 1 ? unique[0]! : unique;
    } else if (key === "properties") {
      const properties: JsonObject = {};
      for (const [name, sub] of Object.entries(value as JsonObject)) {
        properties[name] = typeLevelSchema(sub);
      }
      out.properties = properties;
    } else if (key === "items" || key === "additionalProperties") {
      out[key] = typeLevelSchema(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Keywords whose rule a TypeScript type cannot carry (without typia's tags). */
const UNTYPED_KEYWORDS: ReadonlySet<string> = new Set([
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
]);

/** Whether a JSON value holds a number that is not finite (JSON.parse("1e400") is Infinity). */
export function hasNonFiniteNumber(value: unknown): boolean {
  if (typeof value === "number") return !Number.isFinite(value);
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some(hasNonFiniteNumber);
}
