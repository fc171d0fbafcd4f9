// Random tool-call arguments for a declaration: near-valid ones (built from the declaration,
// then mutated here and there: a required key dropped, an unknown key added, a wrong type, a
// value outside the enum, null) and arbitrary JSON. Objects carry own keys only, as from
// JSON.parse; `jsOnlyArgsArb` adds what only a JavaScript caller can send.
import fc from "fast-check";
import {
  HOSTILE_KEYS,
  hostileStringArb,
  integerArb,
  isRecord,
  jsonArb,
  keyArb,
  numberArb,
  objectOf,
  ownObject,
  viaJson,
  type Json,
} from "./json.js";
import type { Schema } from "./schemas.js";

type SchemaObject = { [key: string]: Json };

const BUDGET = 3;

/** Arguments for the tool declared by `schema`, exactly as JSON.parse would give them. */
export function argsArb(schema: Schema): fc.Arbitrary<unknown> {
  const rootKeys =
    isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
  const keys = rootKeys.length > 0 ? fc.oneof(fc.constantFrom(...rootKeys), keyArb) : keyArb;
  return fc
    .oneof(
      { weight: 12, arbitrary: valueArb(schema, BUDGET, 30) },
      { weight: 3, arbitrary: valueArb(schema, BUDGET, 4) },
      // Arbitrary objects over the declared keys and hostile ones.
      { weight: 3, arbitrary: objectOf(keys, jsonArb(2), 5) },
      // Anything at all, mostly not an object.
      { weight: 1, arbitrary: jsonArb(2) },
    )
    .map(viaJson);
}

function typesOf(schema: SchemaObject): string[] | undefined {
  if (!Object.hasOwn(schema, "type")) return undefined;
  const declared = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const types = [...new Set(declared)];
  if (schema.nullable === true && !types.includes("null")) types.push("null");
  return types;
}

/** A value outside the enum but of a declared type, or of some type. */
const outsideEnumArb: fc.Arbitrary<Json> = fc.constantFrom<Json>(
  "not-a-member",
  "",
  123456.5,
  7,
  true,
  false,
  null,
  [],
  {},
  ["x"],
);

/**
 * A wrong value for anything: null, another type, arbitrary JSON; and the near misses a model
 * sends, which get hints: a valid value sent as JSON text, an enum member in another case or
 * with spaces around it.
 */
function mutationArb(schema: SchemaObject): fc.Arbitrary<Json> {
  const options: fc.Arbitrary<Json>[] = [fc.constant(null), jsonArb(1), outsideEnumArb];
  options.push(validValueArb(schema, 1, 30).map((value) => JSON.stringify(value)));
  if (Object.hasOwn(schema, "enum")) {
    options.push(outsideEnumArb);
    const strings = (schema.enum as Json[]).filter((m): m is string => typeof m === "string");
    if (strings.length > 0) {
      const caseVariant = fc
        .tuple(fc.constantFrom(...strings), fc.constantFrom(" ", "", "  "), fc.boolean())
        .map(
          ([member, space, upper]) =>
            `${space}${upper ? member.toUpperCase() : member.toLowerCase()}${space}`,
        );
      options.push(caseVariant, caseVariant);
    }
  }
  return fc.oneof(...options);
}

/** Keys a model sends for a declared one: another case or separator, a typo, a prefix or suffix. */
function nearMissKeyArb(keys: readonly string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...keys), fc.nat(6), fc.nat()).map(([key, kind, n]) => {
    const at = key.length === 0 ? 0 : n % key.length;
    switch (kind) {
      case 0:
        return key.toUpperCase();
      case 1:
        return key.replace(/_/g, "-").replace(/([a-z])([A-Z])/g, "$1_$2");
      case 2:
        return key.slice(0, at) + key.slice(at + 1);
      case 3:
        return at + 1 < key.length
          ? key.slice(0, at) + key[at + 1] + key[at] + key.slice(at + 2)
          : `${key}s`;
      case 4:
        return `${key}Id`;
      case 5:
        return `file_${key}`;
      default:
        return key.slice(0, Math.max(2, at));
    }
  });
}

/**
 * A value for `schema`: valid where it can be, with a mutation at each node once in
 * `validWeight + 1` times.
 */
function valueArb(schema: Schema, budget: number, validWeight: number): fc.Arbitrary<Json> {
  if (typeof schema === "boolean") return budget > 0 ? jsonArb(1) : jsonArb(0);
  const valid = validValueArb(schema, budget, validWeight);
  return fc.oneof(
    { weight: validWeight, arbitrary: valid },
    { weight: 1, arbitrary: mutationArb(schema) },
  );
}

function validValueArb(
  schema: SchemaObject,
  budget: number,
  validWeight: number,
): fc.Arbitrary<Json> {
  const choices: fc.Arbitrary<Json>[] = [];
  if (Object.hasOwn(schema, "enum")) {
    const members = schema.enum as Json[];
    choices.push(fc.constantFrom(...members), fc.constantFrom(...members));
  }
  const types = typesOf(schema) ?? (Object.hasOwn(schema, "enum") ? [] : guessTypes(schema));
  for (const type of types) choices.push(typedValueArb(type, schema, budget, validWeight));
  if (choices.length === 0) choices.push(jsonArb(Math.min(budget, 1)));
  return fc.oneof(...choices);
}

/** For a schema without `type`: what its keywords suggest, or anything. */
function guessTypes(schema: SchemaObject): string[] {
  const types: string[] = [];
  if (
    Object.hasOwn(schema, "properties") ||
    Object.hasOwn(schema, "required") ||
    Object.hasOwn(schema, "additionalProperties")
  )
    types.push("object");
  if (Object.hasOwn(schema, "items")) types.push("array");
  types.push("string", "number");
  return types;
}

function typedValueArb(
  type: string,
  schema: SchemaObject,
  budget: number,
  validWeight: number,
): fc.Arbitrary<Json> {
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
    case "array": {
      if (budget <= 0) return fc.constant([]);
      const items =
        Object.hasOwn(schema, "items") && !Array.isArray(schema.items)
          ? (schema.items as Schema)
          : true;
      return fc.array(valueArb(items, budget - 1, validWeight), { maxLength: 3 });
    }
    case "object":
      return budget <= 0 ? fc.constant({}) : objectValueArb(schema, budget, validWeight);
    default:
      throw new Error(`unknown type ${type}`);
  }
}

/** An object for an object schema: declared keys (required ones almost always), extra keys where they pass. */
function objectValueArb(
  schema: SchemaObject,
  budget: number,
  validWeight: number,
): fc.Arbitrary<Json> {
  const properties = isRecord(schema.properties) ? (schema.properties as Record<string, Json>) : {};
  const declared = Object.keys(properties);
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const additional = Object.hasOwn(schema, "additionalProperties")
    ? (schema.additionalProperties as Schema)
    : undefined;
  const freeObject =
    !Object.hasOwn(schema, "properties") &&
    !Object.hasOwn(schema, "required") &&
    additional === undefined;
  const extraSchema: Schema = additional === undefined || additional === false ? true : additional;
  const extrasPass = freeObject || (additional !== undefined && additional !== false);

  const drop = fc.nat(validWeight).map((n) => n === 0);
  const declaredEntries = declared.map((key) =>
    fc.record({
      include: required.includes(key) ? drop.map((d) => !d) : fc.boolean(),
      value: valueArb(properties[key] as Schema, budget - 1, validWeight),
    }),
  );
  const requiredOnly = required.filter((key) => !declared.includes(key));
  const requiredOnlyEntries = requiredOnly.map(() =>
    fc.record({
      include: drop.map((d) => !d),
      value: valueArb(extraSchema, budget - 1, validWeight),
    }),
  );
  const extraKey =
    declared.length > 0
      ? fc.oneof(
          { weight: 1, arbitrary: keyArb },
          { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
          { weight: 3, arbitrary: nearMissKeyArb(declared) },
        )
      : fc.oneof(keyArb, fc.constantFrom(...HOSTILE_KEYS));
  const extras = extrasPass
    ? fc.uniqueArray(fc.tuple(extraKey, valueArb(extraSchema, budget - 1, validWeight)), {
        selector: (e) => e[0],
        maxLength: 2,
      })
    : // An unknown key once in a while.
      fc.oneof(
        { weight: validWeight, arbitrary: fc.constant([] as [string, Json][]) },
        { weight: 1, arbitrary: fc.tuple(extraKey, jsonArb(1)).map((entry) => [entry]) },
      );

  return fc
    .record({
      declared: fc.tuple(...declaredEntries),
      requiredOnly: fc.tuple(...requiredOnlyEntries),
      extras,
      extrasFirst: fc.boolean(),
    })
    .map((parts) => {
      const known: [string, Json][] = [];
      parts.declared.forEach((entry, i) => {
        if (entry.include) known.push([declared[i]!, entry.value]);
      });
      parts.requiredOnly.forEach((entry, i) => {
        if (entry.include) known.push([requiredOnly[i]!, entry.value]);
      });
      const extra = parts.extras.filter(([key]) => !known.some(([k]) => k === key));
      return ownObject(parts.extrasFirst ? [...extra, ...known] : [...known, ...extra]);
    });
}

/** Values only a JavaScript caller can send. */
const JS_ONLY: readonly (() => unknown)[] = [
  () => undefined,
  () => NaN,
  () => Infinity,
  () => -Infinity,
  () => 10n,
  () => () => 0,
  () => Symbol("s"),
];

type Injection =
  | { kind: "value"; container: number; slot: number; value: number }
  | { kind: "undefinedKey"; container: number; key: string }
  | { kind: "inherited"; container: number; key: string; value: Json }
  | { kind: "nonEnumerable"; container: number; key: string; value: Json };

export type InjectionKind = Injection["kind"];

const INJECTIONS: Record<InjectionKind, fc.Arbitrary<Injection>> = {
  value: fc.record({
    kind: fc.constant("value" as const),
    container: fc.nat(),
    slot: fc.nat(),
    value: fc.nat(JS_ONLY.length - 1),
  }),
  undefinedKey: fc.record({
    kind: fc.constant("undefinedKey" as const),
    container: fc.nat(),
    key: keyArb,
  }),
  inherited: fc.record({
    kind: fc.constant("inherited" as const),
    container: fc.nat(),
    key: keyArb,
    value: jsonArb(1),
  }),
  nonEnumerable: fc.record({
    kind: fc.constant("nonEnumerable" as const),
    container: fc.nat(),
    key: keyArb,
    value: jsonArb(1),
  }),
};

/**
 * Arguments with what JSON cannot carry injected: `undefined`, NaN, Infinity, bigint, functions
 * and symbols as values, keys holding `undefined`, inherited enumerable keys, non-enumerable own keys.
 */
export function jsOnlyArgsArb(
  schema: Schema,
  kinds: readonly InjectionKind[],
): fc.Arbitrary<{ args: unknown; injections: Injection[] }> {
  const injectionArb: fc.Arbitrary<Injection> = fc.oneof(...kinds.map((kind) => INJECTIONS[kind]));
  return fc
    .tuple(
      argsArb(schema),
      fc.array(injectionArb, { minLength: 1, maxLength: 3 }),
      fc.nat(4 * JS_ONLY.length),
    )
    .map(([json, injections, rootValue]) => {
      // Now and then the whole argument is such a value (then `injections` does not apply).
      if (rootValue < JS_ONLY.length) return { args: JS_ONLY[rootValue]!(), injections };
      // A fresh copy: fast-check may hand the same generated value out again while shrinking.
      let value = viaJson(json);
      for (const injection of injections) value = inject(value, injection);
      return { args: value, injections };
    });
}

/** Applies one injection inside `root` (in place); returns the new root when it replaced it. */
function inject(root: unknown, injection: Injection): unknown {
  const containers: {
    value: object;
    parent?: { holder: Record<string | number, unknown>; slot: string | number };
  }[] = [];
  const collect = (
    value: unknown,
    parent?: { holder: Record<string | number, unknown>; slot: string | number },
  ) => {
    if (typeof value !== "object" || value === null) return;
    containers.push({ value, parent });
    if (Array.isArray(value))
      value.forEach((element, i) => collect(element, { holder: value as never, slot: i }));
    else
      for (const key of Object.keys(value))
        collect((value as Record<string, unknown>)[key], { holder: value as never, slot: key });
  };
  collect(root);
  if (containers.length === 0) return root;
  const target = containers[injection.container % containers.length]!;
  const container = target.value as Record<string | number, unknown>;
  switch (injection.kind) {
    case "value": {
      const slots = Array.isArray(container) ? container.map((_, i) => i) : Object.keys(container);
      if (slots.length === 0) return root;
      const slot = slots[injection.slot % slots.length]!;
      Object.defineProperty(container, slot, {
        value: JS_ONLY[injection.value]!(),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return root;
    }
    case "undefinedKey":
      if (Array.isArray(container)) return root;
      Object.defineProperty(container, injection.key, {
        value: undefined,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return root;
    case "inherited":
    case "nonEnumerable": {
      if (Array.isArray(container)) return root;
      if (injection.kind === "nonEnumerable") {
        if (Object.hasOwn(container, injection.key)) return root;
        Object.defineProperty(container, injection.key, {
          value: injection.value,
          enumerable: false,
          writable: true,
          configurable: true,
        });
        return root;
      }
      // A prototype with an enumerable key; the object's own keys are kept.
      const proto = ownObject([[injection.key, injection.value]]);
      const replaced = Object.create(proto) as Record<string, unknown>;
      for (const key of Object.keys(container)) {
        Object.defineProperty(replaced, key, {
          value: container[key],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      if (!target.parent) return replaced;
      Object.defineProperty(target.parent.holder, target.parent.slot, {
        value: replaced,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return root;
    }
  }
}
