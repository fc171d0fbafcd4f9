// Heavily wrong calls, made from a tool's declaration: what a confused model sends. Each call
// starts as a valid call for the declaration and gets one to three mistakes, each of which
// breaks the declaration on its own (so the call is invalid by construction, and the agreement
// check can catch a validator that misses one): wrong types, JSON text in a string where an
// array, object, number or boolean belongs, near-miss key names, enum values in another case or
// with spaces, missing required keys, extra keys, wrong roots; at any depth, arrays of objects
// included. Two large calls per tool: hundreds of unexpected keys, a long array of wrong
// elements. A fixed seed per tool: every run builds the same calls. Every call goes through
// JSON.parse of JSON text, as a model's arguments do.
import { jsonHasType, type JsonType } from "../../src/ir.js";
import type { Json, JsonObject } from "../schemas.js";

/** Ordinary wrong calls per tool (the two large ones come on top). */
export const CALLS = 40;
/** Unexpected keys in the first large call; elements in the second. */
export const MANY_KEYS = 300;
export const LONG_ARRAY = 200;
const SEED = 0x9e3779b9;

/** xorshift32: small, seeded, the same sequence on every machine. */
class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0 || 1;
  }
  next(): number {
    let s = this.#state;
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    this.#state = s >>> 0;
    return this.#state / 2 ** 32;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const WORDS = ["src/app.ts", "TODO", "main", "build the project", "report.pdf", "a", "42", ""];
const EXTRA_KEYS = ["verbose", "force", "dry_run", "recursive", "timeout_ms", "encoding", "cwd"];
const ANY_VALUES: readonly Json[] = ["yes", 1, true, null, [1, 2], { a: "b" }, "some text", 0.5];
/** Values of every JSON type, for wrong types: one the schema rejects is picked. */
const TYPE_SAMPLES: readonly Json[] = ["20", 20, 2.5, true, null, ["x"], { value: "x" }];

export function wrongCalls(toolName: string, schema: JsonObject): unknown[] {
  const random = new Random(SEED ^ hash(toolName));
  const calls: Json[] = [];
  for (let i = 0; i < CALLS; i++) calls.push(wrongCall(schema, random));
  calls.push(withManyKeys(schema, random), withLongArray(schema, random));
  return calls.map((call) => JSON.parse(JSON.stringify(call)) as unknown);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function typesOf(schema: JsonObject): readonly string[] | undefined {
  const type = schema.type;
  if (type === undefined) return undefined;
  return (Array.isArray(type) ? type : [type]) as string[];
}

/** Whether the value passes the schema's `type` (enum and nested keys aside). */
function typeAllows(schema: JsonObject, value: Json): boolean {
  const types = typesOf(schema);
  if (types === undefined) return true;
  return types.some((type) => jsonHasType(value, type as JsonType));
}

function isRecord(value: Json): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function propertiesOf(schema: JsonObject): JsonObject {
  return isRecord(schema.properties ?? null) ? (schema.properties as JsonObject) : {};
}

/** Undeclared keys are an issue here (the strict schema spells that out). */
function closed(schema: JsonObject): boolean {
  return schema.additionalProperties === false;
}

/** A valid value for the schema, of the given type when one is asked for. */
function validValue(schema: JsonObject, random: Random, type?: string): Json {
  if (Array.isArray(schema.enum) && type === undefined) return random.pick(schema.enum);
  const types = typesOf(schema)?.filter((t) => t !== "null") ?? ["string"];
  switch (type ?? (types.length > 0 ? random.pick(types) : "null")) {
    case "null":
      return null;
    case "boolean":
      return random.chance(0.5);
    case "integer":
    case "number":
      return random.int(500);
    case "array": {
      const items = isRecord(schema.items ?? null) ? (schema.items as JsonObject) : {};
      return Array.from({ length: 1 + random.int(3) }, () => validValue(items, random));
    }
    case "object":
      return validObject(schema, random);
    default:
      return random.pick(WORDS);
  }
}

function validObject(schema: JsonObject, random: Random): JsonObject {
  const properties = propertiesOf(schema);
  const required = (schema.required as string[] | undefined) ?? [];
  const out: JsonObject = {};
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (required.includes(key) || random.chance(0.5)) {
      out[key] = validValue(propertySchema as JsonObject, random);
    }
  }
  const additional = schema.additionalProperties;
  if (isRecord(additional ?? null)) out.note = validValue(additional as JsonObject, random);
  if (schema.properties === undefined && additional === undefined) out.note = "free";
  return out;
}

/** An object inside the call and the schema it must follow. */
interface Site {
  readonly object: JsonObject;
  readonly schema: JsonObject;
}

/** Every object in the value that its schema says something about, at any depth. */
function sites(value: Json, schema: JsonObject, out: Site[] = []): Site[] {
  if (Array.isArray(value)) {
    const items = schema.items;
    if (isRecord(items ?? null)) for (const item of value) sites(item, items as JsonObject, out);
  } else if (isRecord(value)) {
    if (schema.properties === undefined && !isRecord(schema.additionalProperties ?? null)) {
      return out;
    }
    out.push({ object: value, schema });
    for (const [key, child] of Object.entries(value)) {
      const childSchema = schemaOfKey(schema, key);
      if (childSchema) sites(child, childSchema, out);
    }
  }
  return out;
}

function schemaOfKey(schema: JsonObject, key: string): JsonObject | undefined {
  const properties = propertiesOf(schema);
  if (Object.hasOwn(properties, key)) return properties[key] as JsonObject;
  const additional = schema.additionalProperties;
  return isRecord(additional ?? null) ? (additional as JsonObject) : undefined;
}

/** One mistake at a site; false when this kind of mistake has no place there. */
type Mistake = (site: Site, random: Random) => boolean;

const MISTAKES: readonly Mistake[] = [
  // A value of another type: "20" for a number, null for a string, an object for an array.
  (site, random) => {
    const keys = Object.keys(site.object).filter((key) => {
      const schema = schemaOfKey(site.schema, key);
      return schema !== undefined && typesOf(schema) !== undefined;
    });
    if (keys.length === 0) return false;
    const key = random.pick(keys);
    const wrong = TYPE_SAMPLES.filter(
      (value) => !typeAllows(schemaOfKey(site.schema, key)!, value),
    );
    if (wrong.length === 0) return false;
    site.object[key] = random.pick(wrong);
    return true;
  },
  // JSON text in a string: "[\"a\"]" for an array, "{...}" for an object, "5" for a number.
  (site, random) => {
    const candidates = Object.entries(propertiesOf(site.schema)).filter(([, schema]) => {
      const types = typesOf(schema as JsonObject);
      return types !== undefined && !types.includes("string") && textTypes(types).length > 0;
    });
    if (candidates.length === 0) return false;
    const [key, schema] = random.pick(candidates);
    const type = random.pick(textTypes(typesOf(schema as JsonObject)!));
    site.object[key] = JSON.stringify(validValue(schema as JsonObject, random, type));
    return true;
  },
  // A near-miss key (`outputMode` for `output_mode`, `pageId` for `id`), renamed or added.
  (site, random) => {
    if (!closed(site.schema)) return false;
    const declared = Object.keys(propertiesOf(site.schema));
    if (declared.length === 0) return false;
    const key = random.pick(declared);
    const misses = nearMisses(key, random).filter(
      (miss) => !declared.includes(miss) && !Object.hasOwn(site.object, miss),
    );
    if (misses.length === 0) return false;
    const value = Object.hasOwn(site.object, key)
      ? site.object[key]!
      : validValue(propertiesOf(site.schema)[key] as JsonObject, random);
    delete site.object[key];
    site.object[random.pick(misses)] = value;
    return true;
  },
  // An enum value in another case or with spaces: "Completed", " completed", "in progress".
  (site, random) => {
    const candidates = Object.entries(propertiesOf(site.schema)).filter(([, schema]) => {
      const members = (schema as JsonObject).enum;
      return Array.isArray(members) && members.every((member) => typeof member === "string");
    });
    if (candidates.length === 0) return false;
    const [key, schema] = random.pick(candidates);
    const members = (schema as JsonObject).enum as Json[];
    const member = String(random.pick(members));
    const variants = [
      member.toUpperCase(),
      member[0]!.toUpperCase() + member.slice(1),
      ` ${member}`,
      `${member} `,
      member.replace(/_/g, " "),
    ].filter((variant) => !members.includes(variant));
    if (variants.length === 0) return false;
    site.object[key] = random.pick(variants);
    return true;
  },
  // A required key left out.
  (site, random) => {
    const present = ((site.schema.required as string[] | undefined) ?? []).filter((key) =>
      Object.hasOwn(site.object, key),
    );
    if (present.length === 0) return false;
    delete site.object[random.pick(present)];
    return true;
  },
  // Keys the declaration does not have.
  (site, random) => {
    if (!closed(site.schema)) return false;
    const count = 1 + random.int(3);
    for (let i = 0; i < count; i++) addUnexpectedKey(site, random.pick(EXTRA_KEYS), random);
    return true;
  },
];

function textTypes(types: readonly string[]): string[] {
  return types.filter((type) => ["array", "object", "number", "integer", "boolean"].includes(type));
}

function addUnexpectedKey(site: Site, name: string, random: Random): void {
  let key = name;
  for (let n = 2; Object.hasOwn(propertiesOf(site.schema), key); n++) key = `${name}${n}`;
  site.object[key] = random.pick(ANY_VALUES);
}

/** Names a model confuses with `key`: other spellings, shorter and longer forms, typos. */
function nearMisses(key: string, random: Random): string[] {
  const words = key
    .split(/[_\-\s]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  if (words.length === 0) return [];
  const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  const camel = words[0]! + words.slice(1).map(capital).join("");
  const at = 1 + random.int(Math.max(1, key.length - 1));
  const misses = [
    words.join("_"),
    words.join("-"),
    camel,
    capital(camel),
    key.toUpperCase(),
    `${key}s`,
    words.length > 1 ? words.at(-1)! : `${random.pick(["page", "task", "file"])}${capital(camel)}`,
    words.length > 1 ? words[0]! : `${random.pick(["page", "task", "file"])}_${words[0]}`,
    key.slice(0, at - 1) + key.slice(at),
    key.slice(0, at) + key[at - 1] + key.slice(at),
  ];
  return [...new Set(misses)].filter((miss) => miss !== key && miss !== "" && miss !== "__proto__");
}

function wrongCall(schema: JsonObject, random: Random): Json {
  const call = validObject(schema, random);
  if (random.chance(0.08)) return wrongRoot(call, random);
  const wanted = 1 + random.int(3);
  let made = 0;
  for (let attempt = 0; made < wanted && attempt < 30; attempt++) {
    const site = random.pick(sites(call, schema));
    if (random.pick(MISTAKES)(site, random)) made++;
  }
  return made > 0 ? call : wrongRoot(call, random);
}

/** The call itself in the wrong place: wrapped in an array, as JSON text, null, a number. */
function wrongRoot(call: JsonObject, random: Random): Json {
  return random.pick<Json>([[call], JSON.stringify(call), null, 1, "run"]);
}

/** Hundreds of keys the declaration does not have, beside valid ones. */
function withManyKeys(schema: JsonObject, random: Random): Json {
  const call = validObject(schema, random);
  const site = { object: call, schema };
  if (!closed(schema)) return wrongRoot(call, random);
  for (let i = 0; i < MANY_KEYS; i++)
    addUnexpectedKey(site, `${random.pick(EXTRA_KEYS)}_${i}`, random);
  return call;
}

/**
 * A long array of wrong elements: the first array the declaration has (objects with mistakes
 * of their own, or values of the wrong type); without one, a long array where a declared
 * value of another type belongs.
 */
function withLongArray(schema: JsonObject, random: Random): Json {
  const call = validObject(schema, random);
  const found = findArray(schema, call, random);
  if (found) {
    const { holder, key, items } = found;
    holder[key] = Array.from({ length: LONG_ARRAY }, () => wrongElement(items, random));
    return call;
  }
  const typed = Object.entries(propertiesOf(schema)).find(
    ([, property]) => !typeAllows(property as JsonObject, []),
  );
  if (!typed) return Array.from({ length: LONG_ARRAY }, () => call);
  call[typed[0]] = Array.from({ length: LONG_ARRAY }, (_, i) => i);
  return call;
}

/** The first array property (depth first) and the object in the call that holds it. */
function findArray(
  schema: JsonObject,
  object: JsonObject,
  random: Random,
): { holder: JsonObject; key: string; items: JsonObject } | undefined {
  for (const [key, property] of Object.entries(propertiesOf(schema))) {
    const propertySchema = property as JsonObject;
    const items = propertySchema.items;
    if (typesOf(propertySchema)?.includes("array") && isRecord(items ?? null)) {
      if (typesOf(items as JsonObject) === undefined) continue;
      return { holder: object, key, items: items as JsonObject };
    }
    if (typesOf(propertySchema)?.includes("object") && propertySchema.properties) {
      const child = isRecord(object[key] ?? null)
        ? (object[key] as JsonObject)
        : validObject(propertySchema, random);
      object[key] = child;
      const found = findArray(propertySchema, child, random);
      if (found) return found;
    }
  }
  return undefined;
}

function wrongElement(items: JsonObject, random: Random): Json {
  if (typesOf(items)?.includes("object")) {
    const element = validObject(items, random);
    const elementSites = sites(element, items);
    for (let attempt = 0; attempt < 30; attempt++) {
      if (random.pick(MISTAKES)(random.pick(elementSites), random)) return element;
    }
  }
  return random.pick(TYPE_SAMPLES.filter((value) => !typeAllows(items, value)));
}
