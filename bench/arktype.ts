// arktype 2 as a peer: a Type per tool, built from the same strict JSON Schema the other peers
// get (bench/schemas.ts), with undeclared keys rejected ("+": "reject") wherever the schema
// closes an object. Only the keywords strict schemas keep are translated (type, enum,
// properties, required, additionalProperties, items); anything else stops the run, so that no
// rule is silently dropped.
import { type, type Type } from "arktype";
import type { Json, JsonObject } from "./schemas.js";

export type ArkType = Type<unknown>;

/** Whether a result of calling an arktype Type is its failure (an ArkErrors array). */
export const arkErrors = type.errors;

const KEYWORDS: Readonly<Record<string, string>> = {
  string: "string",
  number: "number",
  // arktype can say what TypeScript types cannot.
  integer: "number.integer",
  boolean: "boolean",
  null: "null",
};

/** The arktype Type for a strict schema (its root). */
export function arktypeFor(schema: JsonObject): ArkType {
  return fromSchema(schema, "#") as ArkType;
}

function fromSchema(schema: Json, at: string): ArkType {
  if (schema === true) return type("unknown") as ArkType;
  if (schema === false) return type("never") as ArkType;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    throw new Error(`arktype: not a schema at ${at}: ${JSON.stringify(schema)}`);
  }
  const known = new Set([
    "type",
    "enum",
    "properties",
    "required",
    "additionalProperties",
    "items",
  ]);
  const unknown = Object.keys(schema).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new Error(`arktype: keywords ${unknown.join(", ")} at ${at} are not translated`);
  }
  const types =
    schema.type === undefined ? undefined : ([] as Json[]).concat(schema.type).map(String);
  if (schema.enum !== undefined) {
    const values = schema.enum as Json[];
    if (values.some((value) => typeof value === "object" && value !== null)) {
      throw new Error(`arktype: an enum of objects or arrays at ${at} is not translated`);
    }
    // An enum with a type: the values of that type only, as JSON Schema applies both.
    const allowed =
      types === undefined ? values : values.filter((value) => types.some((t) => has(value, t)));
    return type.enumerated(...allowed) as ArkType;
  }
  if (types === undefined) {
    if (Object.keys(schema).length > 0) {
      throw new Error(`arktype: a schema without type at ${at} is not translated`);
    }
    return type("unknown") as ArkType;
  }
  const members = types.map((name) => member(schema, name, at));
  return members.reduce((union, next) => union.or(next) as ArkType);
}

function member(schema: JsonObject, name: string, at: string): ArkType {
  if (name === "object") return objectType(schema, at);
  if (name === "array") {
    return schema.items === undefined
      ? (type("unknown[]") as ArkType)
      : (fromSchema(schema.items, `${at}/items`).array() as unknown as ArkType);
  }
  const keyword = KEYWORDS[name];
  if (keyword === undefined) throw new Error(`arktype: type ${name} at ${at} is not translated`);
  return type(keyword as "string") as ArkType;
}

/**
 * An object level. arktype's object types also accept arrays; a required key keeps them out (a
 * JSON array has no own keys but its indices), so a level that requires no key is narrowed to
 * values that are not arrays, as JSON Schema's `type: "object"` says.
 */
function objectType(schema: JsonObject, at: string): ArkType {
  const properties = (schema.properties ?? {}) as JsonObject;
  const required = new Set((schema.required ?? []) as string[]);
  const additional = schema.additionalProperties;
  const definition: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    definition[escapeKey(key, at) + (required.has(key) ? "" : "?")] = fromSchema(
      value,
      `${at}/properties/${key}`,
    );
  }
  for (const key of required) {
    if (!(key in properties)) definition[escapeKey(key, at)] = type("unknown");
  }
  if (additional === false) {
    definition["+"] = "reject";
  } else if (additional !== undefined && additional !== true) {
    if (Object.keys(properties).length > 0) {
      // arktype's index signature would apply to the declared keys too.
      throw new Error(`arktype: properties with an additionalProperties schema at ${at}`);
    }
    definition["[string]"] = fromSchema(additional, `${at}/additionalProperties`);
  }
  const object = type(definition as never) as ArkType;
  const arraysPass = [...required].every(
    (key) => /^(0|[1-9][0-9]*)$/.test(key) || key === "length",
  );
  return (arraysPass ? object.narrow((value) => !Array.isArray(value)) : object) as ArkType;
}

/** A key as arktype's object definitions spell it: a literal trailing "?" is escaped. */
function escapeKey(key: string, at: string): string {
  if (key === "+" || key === "..." || /^\[.*\]$/.test(key) || key.startsWith("\\")) {
    throw new Error(`arktype: the key ${JSON.stringify(key)} at ${at} is not translated`);
  }
  return key.endsWith("?") ? `${key.slice(0, -1)}\\?` : key;
}

function has(value: Json, typeName: string): boolean {
  switch (typeName) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    default:
      return false;
  }
}
