// A declaration rewritten into plain JSON Schema that means exactly what the generated validators
// enforce, for a standard validator to give the same answers (the benchmark's peers, and ajv as
// the property tests' oracle): keywords that are not enforced are dropped, `nullable` becomes
// `null` in `type`, the strict default for unknown keys is written out, and where a keyword could
// let keys in that the validators cannot see (the generator's KEY_ALLOWING_KEYWORDS), unknown
// keys are allowed.
import { KEY_ALLOWING_KEYWORDS } from "../src/keywords/table.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = boolean | { [key: string]: Json };

/** `strict`: unknown keys are rejected where the declaration does not say otherwise. */
export type Mode = "strict" | "standard";

export interface StandardOptions {
  /**
   * A key's name in the rewritten schema (property names, `required`): an oracle that mistreats
   * some keys can see them under stand-in names. The names as declared by default.
   */
  readonly key?: (key: string) => string;
  /** An `enum` member as the rewritten schema holds it; as declared by default. */
  readonly data?: (value: Json) => Json;
}

/** An object whose keys are all own, enumerable data properties, `__proto__` included. */
export function ownObject<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

export function standardSchema(schema: Schema, mode: Mode, options: StandardOptions = {}): Schema {
  return rewrite(schema, mode, options, true);
}

function rewrite(schema: Schema, mode: Mode, options: StandardOptions, root: boolean): Schema {
  if (typeof schema === "boolean") return schema;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    throw new Error(`not a schema: ${JSON.stringify(schema)}`);
  }
  const key = options.key ?? ((name: string) => name);
  const inner = (sub: Json) => rewrite(sub as Schema, mode, options, false) as Json;
  const has = (keyword: string) => Object.hasOwn(schema, keyword);
  const entries: [string, Json][] = [];

  const type = typeOf(schema, mode === "strict" && root);
  if (type !== undefined) entries.push(["type", type]);

  if (has("enum")) entries.push(["enum", options.data ? options.data(schema.enum!) : schema.enum!]);

  const hasProperties = has("properties");
  if (hasProperties) {
    const properties = schema.properties as { [key: string]: Json };
    entries.push([
      "properties",
      ownObject(Object.keys(properties).map((name) => [key(name), inner(properties[name]!)])),
    ]);
  }
  if (has("required"))
    entries.push(["required", [...new Set((schema.required as string[]).map(key))]]);

  const objectRules = hasProperties || has("required") || has("additionalProperties");
  const keyAllowing = KEY_ALLOWING_KEYWORDS.some(has);
  if (objectRules && !keyAllowing) {
    if (has("additionalProperties")) {
      entries.push(["additionalProperties", inner(schema.additionalProperties!)]);
    } else if (mode === "strict" && hasProperties) {
      entries.push(["additionalProperties", false]);
    }
  }

  // `items` as one schema is enforced; the tuple form and `items` after `prefixItems` are not.
  if (has("items") && !Array.isArray(schema.items) && !has("prefixItems")) {
    entries.push(["items", inner(schema.items!)]);
  }
  return ownObject(entries);
}

/**
 * The `type` the rewritten schema declares: `null` added for `nullable: true`, each type once, one
 * type as a string. Tool arguments are an object: in strict mode the root is `object` whatever
 * else it allows.
 */
function typeOf(schema: { [key: string]: Json }, strictRoot: boolean): Json | undefined {
  if (strictRoot) return "object";
  if (!Object.hasOwn(schema, "type")) return undefined;
  const declared = schema.type;
  const types = [
    ...new Set(Array.isArray(declared) ? (declared as string[]) : [declared as string]),
  ];
  if (schema.nullable === true && !types.includes("null")) types.push("null");
  return types.length === 1 ? types[0]! : types;
}
