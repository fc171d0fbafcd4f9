// A declaration rewritten into plain JSON Schema that means exactly what the validators enforce,
// for ajv as the oracle: keywords that are not enforced are dropped, `nullable` becomes `null`
// in `type`, the strict default for unknown keys is written out, and where a keyword could let
// keys in that the validators cannot see, unknown keys are allowed.
//
// Some keys ajv does not treat as plain data: it skips a declared `__proto__` property (its
// `properties` and `additionalProperties` leave that key out on purpose), and its deep equality
// for `enum` (fast-deep-equal) calls an object's `toString`/`valueOf` and compares its
// `constructor`, own keys or not. So the oracle sees those keys under stand-in names, in the
// schema (property names, `required`, enum members) and in the data alike: a renaming, not a
// change of meaning.
import { ownObject, type Json } from "./json.js";
import { KEY_ALLOWING, type Schema } from "./schemas.js";

export type Mode = "strict" | "standard";

const RENAMED = new Set(["__proto__", "constructor", "toString", "valueOf"]);

/** The name a renamed key goes by for ajv; no generated key contains a NUL. */
export function standIn(key: string): string {
  return `${key}\u0000stand-in`;
}

function rename(key: string): string {
  return RENAMED.has(key) ? standIn(key) : key;
}

/** A JSON value with the keys ajv mistreats renamed to their stand-ins. */
export function toAjvData(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(toAjvData);
  const record = value as Record<string, unknown>;
  return ownObject(Object.keys(record).map((key) => [rename(key), toAjvData(record[key])]));
}

export function toAjvSchema(schema: Schema, mode: Mode): Schema {
  return transform(schema, mode, true);
}

function transform(schema: Schema, mode: Mode, root: boolean): Schema {
  if (typeof schema === "boolean") return schema;
  const has = (keyword: string) => Object.hasOwn(schema, keyword);
  const entries: [string, Json][] = [];

  let types: string[] | undefined;
  if (has("type")) {
    const declared = schema.type;
    types = [...new Set(Array.isArray(declared) ? (declared as string[]) : [declared as string])];
    if (schema.nullable === true && !types.includes("null")) types.push("null");
  }
  // Tool arguments are an object: in strict mode the root is `object` whatever else it allows.
  if (root && mode === "strict") types = ["object"];
  if (types) entries.push(["type", types]);

  if (has("enum")) entries.push(["enum", toAjvData(schema.enum) as Json]);

  const hasProperties = has("properties");
  if (hasProperties) {
    const properties = schema.properties as Record<string, Json>;
    entries.push([
      "properties",
      ownObject(
        Object.keys(properties).map((key): [string, Json] => [
          rename(key),
          transform(properties[key] as Schema, mode, false) as Json,
        ]),
      ),
    ]);
  }
  if (has("required"))
    entries.push(["required", [...new Set((schema.required as string[]).map(rename))]]);

  const objectRules = hasProperties || has("required") || has("additionalProperties");
  const keyAllowing = KEY_ALLOWING.some(has);
  if (objectRules && !keyAllowing) {
    if (has("additionalProperties")) {
      entries.push([
        "additionalProperties",
        transform(schema.additionalProperties as Schema, mode, false) as Json,
      ]);
    } else if (mode === "strict" && hasProperties) {
      entries.push(["additionalProperties", false]);
    }
  }

  // `items` as one schema is enforced; the tuple form and `items` after `prefixItems` are not.
  if (has("items") && !Array.isArray(schema.items) && !has("prefixItems")) {
    entries.push(["items", transform(schema.items as Schema, mode, false) as Json]);
  }
  return ownObject(entries);
}
