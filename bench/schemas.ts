// The built-in tools' parameter schemas as plain JSON, and their strict equivalents for the
// peer validators (ajv, schemasafe, typebox, zod, cfworker).
import { builtinTools } from "../example/tools/index.js";
import { standardSchema } from "./standardSchema.js";

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
 * validators in strict mode (standardSchema.ts): undeclared keys rejected where the validators
 * reject them, `nullable: true` as a `"null"` member of `type`, and every keyword that is not
 * enforced (minItems, maxLength, format, default, description...) dropped, so that no peer
 * rejects what the generated validators accept.
 */
export function strictSchema(schema: Json): Json {
  if (
    typeof schema !== "boolean" &&
    (typeof schema !== "object" || schema === null || Array.isArray(schema))
  ) {
    throw new Error(`not a schema object: ${JSON.stringify(schema)}`);
  }
  return standardSchema(schema, "strict");
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
