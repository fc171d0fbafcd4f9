// Random tool-parameter schemas: the enforced subset (type, nullable, required, properties,
// additionalProperties, enum, items, boolean subschemas), with keywords that are not enforced
// mixed in and hostile property keys. Every schema built here is one the generator accepts in
// both modes (no required key that no call could satisfy, no empty enum).
import fc from "fast-check";
import { keyAllowingKeywords } from "../helpers/contract.js";
import {
  objectOf,
  hostileStringArb,
  integerArb,
  jsonArb,
  keyArb,
  numberArb,
  ownObject,
  type Json,
} from "./json.js";

export type Schema = boolean | { [key: string]: Json };

/** Keywords that may let keys in that a validator cannot see: where present, unknown keys pass. */
export const KEY_ALLOWING: readonly string[] = keyAllowingKeywords();

const PRIMITIVE_TYPES = ["string", "number", "integer", "boolean", "null"] as const;

/** A leaf schema for the insides of keywords that are not enforced (their content is never read). */
const innerSchemaArb: fc.Arbitrary<Json> = fc.oneof<fc.Arbitrary<Json>[]>(
  fc.boolean(),
  fc.constant({}),
  fc.constantFrom(...PRIMITIVE_TYPES, "object", "array").map((type) => ({ type })),
  fc.constant<Json>({ properties: { x: { type: "string" } }, required: ["x"] }),
);

/** Keywords that are not enforced (and annotations), each with a plausible value. */
const NOISE: Record<string, fc.Arbitrary<Json>> = {
  minLength: fc.nat(5),
  maxLength: fc.nat(5),
  minItems: fc.nat(3),
  maxItems: fc.nat(3),
  minProperties: fc.nat(3),
  maxProperties: fc.nat(3),
  uniqueItems: fc.boolean(),
  minimum: numberArb,
  maximum: numberArb,
  exclusiveMinimum: numberArb,
  exclusiveMaximum: numberArb,
  multipleOf: fc.constantFrom(1, 2, 0.5),
  format: fc.constantFrom("email", "uri", "date-time", "uuid", "no-such-format"),
  pattern: fc.constantFrom("^a", "[0-9]+", "^$", "("),
  default: jsonArb(2),
  const: jsonArb(1),
  examples: fc.array(jsonArb(1), { maxLength: 2 }),
  description: hostileStringArb,
  title: hostileStringArb,
  $comment: hostileStringArb,
  "x-internal": jsonArb(1),
  deprecated: fc.boolean(),
  readOnly: fc.boolean(),
  oneOf: fc.array(innerSchemaArb, { minLength: 1, maxLength: 2 }),
  anyOf: fc.array(innerSchemaArb, { minLength: 1, maxLength: 2 }),
  allOf: fc.array(innerSchemaArb, { minLength: 1, maxLength: 2 }),
  not: innerSchemaArb,
  if: innerSchemaArb,
  then: innerSchemaArb,
  else: innerSchemaArb,
  $ref: fc.constantFrom("#/definitions/x", "#", "other.json#/a"),
  $defs: fc.constant({ x: { type: "string" } }),
  definitions: fc.constant({ x: { type: "number" } }),
  patternProperties: fc.constant({ "^x": { type: "string" } }),
  propertyNames: fc.constant({ maxLength: 3 }),
  dependencies: fc.constant({ a: ["b"] }),
  dependentRequired: fc.constant({ a: ["b"] }),
  dependentSchemas: fc.constant({ a: { required: ["b"] } }),
  unevaluatedProperties: fc.boolean(),
  contains: innerSchemaArb,
  additionalItems: fc.boolean(),
  unevaluatedItems: fc.boolean(),
  contentEncoding: fc.constant("base64"),
  contentMediaType: fc.constant("application/json"),
  discriminator: fc.constant({ propertyName: "kind" }),
};
export const NOISE_KEYWORDS = Object.keys(NOISE);

/** Zero to three keywords that are not enforced; usually none. */
const noiseArb: fc.Arbitrary<[string, Json][]> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<[string, Json][]>([]) },
  {
    weight: 2,
    arbitrary: fc
      .uniqueArray(fc.constantFrom(...NOISE_KEYWORDS), { minLength: 1, maxLength: 3 })
      .chain((keywords) =>
        fc.tuple(
          ...keywords.map((keyword) =>
            NOISE[keyword]!.map((value): [string, Json] => [keyword, value]),
          ),
        ),
      ),
  },
);

/** `type` as written: a single name, or an array of names. */
function typeValue(types: readonly string[], asArray: boolean): Json {
  return types.length === 1 && !asArray ? types[0]! : [...types];
}

function valueOfType(type: string): fc.Arbitrary<Json> {
  switch (type) {
    case "string":
      return hostileStringArb;
    case "number":
      return numberArb;
    case "integer":
      return integerArb;
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(jsonArb(1), { maxLength: 2 });
    default:
      return objectOf(keyArb, jsonArb(1), 3);
  }
}

/** Distinct enum members, mostly of the declared types, sometimes arrays/objects or off-type. */
function enumArb(types: readonly string[]): fc.Arbitrary<Json[]> {
  const member = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(...(types.length > 0 ? types : ["string"])).chain(valueOfType),
    },
    { weight: 1, arbitrary: jsonArb(2) },
  );
  return fc.uniqueArray(member, {
    minLength: 1,
    maxLength: 5,
    // Deep-equal members (key order aside) would be listed twice.
    selector: (value) => canonical(value),
  });
}

function canonical(value: Json): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(value[key]!)}`)
    .join(",")}}`;
}

interface Built {
  entries: [string, Json][];
}

function build({ entries }: Built): Schema {
  return ownObject(entries);
}

/** A schema for a leaf value: primitive types, a type list, `nullable`, `enum`. */
function primitiveSchemaArb(): fc.Arbitrary<Schema> {
  return fc
    .record({
      types: fc.oneof(
        {
          weight: 3,
          arbitrary: fc.uniqueArray(fc.constantFrom(...PRIMITIVE_TYPES), {
            minLength: 1,
            maxLength: 3,
          }),
        },
        { weight: 1, arbitrary: fc.constant([] as string[]) },
      ),
      asArray: fc.boolean(),
      nullable: fc.constantFrom(undefined, undefined, true, false),
      withEnum: fc.nat(3).map((n) => n === 0),
      noise: noiseArb,
    })
    .chain((parts) =>
      (parts.withEnum || parts.types.length === 0
        ? enumArb(parts.types).map((e) => e as Json[] | undefined)
        : fc.constant(undefined)
      ).map((enumValues): Schema => {
        const entries: [string, Json][] = [];
        if (parts.types.length > 0) entries.push(["type", typeValue(parts.types, parts.asArray)]);
        if (parts.nullable !== undefined) entries.push(["nullable", parts.nullable]);
        if (enumValues) entries.push(["enum", enumValues]);
        entries.push(...parts.noise);
        return build({ entries });
      }),
    );
}

const OBJECT_TYPE_FORMS = [
  "object",
  "absent",
  "object|null",
  "nullable",
  "object|array",
  "[object]",
] as const;
type ObjectTypeForm = (typeof OBJECT_TYPE_FORMS)[number];
const ROOT_TYPE_FORMS: readonly ObjectTypeForm[] = [
  "object",
  "object",
  "object",
  "absent",
  "object|null",
  "nullable",
  "[object]",
];

/** Whether a `required` key with no declared property can be satisfied in both modes. */
export function requiredOnlyAllowed(schema: {
  hasProperties: boolean;
  additional: Schema | "absent";
  keywords: readonly string[];
}): boolean {
  if (schema.keywords.some((keyword) => (KEY_ALLOWING as readonly string[]).includes(keyword)))
    return true;
  if (
    schema.additional === true ||
    (typeof schema.additional === "object" && schema.additional !== null)
  )
    return true;
  return !schema.hasProperties && schema.additional === "absent";
}

/** An object schema: properties, required, additionalProperties (or a free object). */
function objectSchemaArb(
  depth: number,
  typeForms: readonly ObjectTypeForm[],
  root = false,
): fc.Arbitrary<Schema> {
  const sub = schemaArb(depth - 1);
  return fc
    .record({
      typeForm: fc.constantFrom(...typeForms),
      properties: fc.oneof(
        {
          weight: 5,
          arbitrary: fc.uniqueArray(fc.tuple(keyArb, sub), { selector: (e) => e[0], maxLength: 4 }),
        },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
      requiredPicks: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      extraRequired: fc.oneof(
        { weight: 3, arbitrary: fc.constant([] as string[]) },
        { weight: 1, arbitrary: fc.uniqueArray(keyArb, { minLength: 1, maxLength: 2 }) },
      ),
      writeRequired: fc.nat(4).map((n) => n > 0),
      additional: fc.oneof(
        { weight: 5, arbitrary: fc.constant<"absent">("absent") },
        { weight: 1, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
        { weight: 2, arbitrary: sub },
      ),
      items: fc.option(sub, { freq: 2 }),
      noise: noiseArb,
      // Rarely, and never at the top: an object enum rejects nearly every call.
      enum: root ? fc.constant(null) : fc.option(enumArb(["object"]), { freq: 15 }),
    })
    .map((parts): Schema => {
      const entries: [string, Json][] = [];
      switch (parts.typeForm) {
        case "object":
          entries.push(["type", "object"]);
          break;
        case "[object]":
          entries.push(["type", ["object"]]);
          break;
        case "object|null":
          entries.push(["type", ["object", "null"]]);
          break;
        case "nullable":
          entries.push(["type", "object"], ["nullable", true]);
          break;
        case "object|array":
          entries.push(["type", ["object", "array"]]);
          if (parts.items !== null) entries.push(["items", parts.items as Json]);
          break;
        case "absent":
          break;
      }
      const declared = parts.properties?.map(([key]) => key) ?? [];
      if (parts.properties)
        entries.push(["properties", ownObject(parts.properties as [string, Json][])]);
      const required = declared.filter(
        (_, i) => parts.requiredPicks[i % parts.requiredPicks.length],
      );
      const keywords = parts.noise.map(([keyword]) => keyword);
      if (
        requiredOnlyAllowed({
          hasProperties: parts.properties !== null,
          additional: parts.additional,
          keywords,
        })
      ) {
        for (const key of parts.extraRequired) if (!required.includes(key)) required.push(key);
      }
      if (required.length > 0 && parts.writeRequired) entries.push(["required", required]);
      if (parts.additional !== "absent")
        entries.push(["additionalProperties", parts.additional as Json]);
      if (parts.enum !== null) entries.push(["enum", parts.enum]);
      entries.push(...parts.noise);
      return build({ entries });
    });
}

/** A free object `{ type: "object" }`, perhaps with keywords that are not enforced. */
const freeObjectArb: fc.Arbitrary<Schema> = noiseArb.map((noise) =>
  build({ entries: [["type", "object"], ...noise] }),
);

const ITEMS_FORMS = ["schema", "schema", "schema", "absent", "tuple", "prefixItems"] as const;

/** An array schema; `items` as one schema (enforced), a tuple or after `prefixItems` (not enforced). */
function arraySchemaArb(depth: number): fc.Arbitrary<Schema> {
  const sub = schemaArb(depth - 1);
  return fc
    .record({
      typeForm: fc.constantFrom("array", "absent", "array|null", "nullable"),
      itemsForm: fc.constantFrom(...ITEMS_FORMS),
      items: sub,
      noise: noiseArb,
      enum: fc.option(enumArb(["array"]), { freq: 8 }),
    })
    .map((parts): Schema => {
      const entries: [string, Json][] = [];
      if (parts.typeForm === "array") entries.push(["type", "array"]);
      if (parts.typeForm === "array|null") entries.push(["type", ["array", "null"]]);
      if (parts.typeForm === "nullable") entries.push(["type", "array"], ["nullable", true]);
      const items = parts.items as Json;
      if (parts.itemsForm === "schema") entries.push(["items", items]);
      if (parts.itemsForm === "tuple") entries.push(["items", [items, { type: "string" }]]);
      if (parts.itemsForm === "prefixItems")
        entries.push(["prefixItems", [{ type: "string" }]], ["items", items]);
      if (parts.enum !== null) entries.push(["enum", parts.enum]);
      entries.push(...parts.noise);
      return build({ entries });
    });
}

const schemaByDepth: fc.Arbitrary<Schema>[] = [];

/** Any schema nested at most `depth` levels (boolean schemas included). */
export function schemaArb(depth: number): fc.Arbitrary<Schema> {
  const cached = schemaByDepth[depth];
  if (cached) return cached;
  const leaves: fc.WeightedArbitrary<Schema>[] = [
    { weight: 8, arbitrary: primitiveSchemaArb() },
    { weight: 1, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: noiseArb.map((noise) => build({ entries: noise })) },
    { weight: 1, arbitrary: freeObjectArb },
  ];
  const arb =
    depth <= 0
      ? fc.oneof(...leaves)
      : fc.oneof(
          ...leaves,
          { weight: 4, arbitrary: objectSchemaArb(depth, OBJECT_TYPE_FORMS) },
          { weight: 3, arbitrary: arraySchemaArb(depth) },
        );
  schemaByDepth[depth] = arb;
  return arb;
}

/** A tool's `parameters`: an object schema nested at most `depth` levels. */
export function rootSchemaArb(depth: number): fc.Arbitrary<Record<string, Json>> {
  return objectSchemaArb(depth, ROOT_TYPE_FORMS, true) as fc.Arbitrary<Record<string, Json>>;
}
