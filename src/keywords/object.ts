import { Code, code, join, propertyName } from "../code/code.js";
import { pathCode, readInto, type ModuleContext, type PathPart } from "../code/context.js";
import { unionOf } from "../code/typeUnion.js";
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import { entryOf, type StaticEntry, type StaticObject } from "../extract/values.js";
import {
  hasChecks,
  type ArgsTypes,
  type Emit,
  type KeywordDefinition,
  type SchemaNode,
  type SchemaReading,
} from "./definition.js";
import { describeValue, joinKey, sentence } from "./reading.js";
import { KEY_ALLOWING_KEYWORDS } from "./table.js";

/**
 * The object keywords, one unit because one pass over the keys serves them all
 * (CONTRACT.md section 3): `properties` (each present key checked against its schema),
 * `required` (an own key whose value is not undefined), and the other keys: rejected where
 * `properties` is declared in strict mode, unless `additionalProperties` allows them (`true`)
 * or checks them (a schema). Issues: `missing`, and `unexpected`, with the hint "did you mean"
 * when an unexpected key is close to a declared key the call left out (the runtime's
 * `unexpectedKeys`, CONTRACT.md section 4.1).
 */
export const objectKeyword: KeywordDefinition<ObjectRules> = {
  keywords: ["properties", "required", "additionalProperties"],
  appliesTo: "object",
  read: readObject,
  children: (rules) => [
    ...rules.properties.map((p) => p.schema),
    ...(rules.unknownKeys.kind === "check" ? [rules.unknownKeys.schema] : []),
  ],
  hasChecks: objectHasChecks,
  weight: (rules) => 1 + rules.properties.length,
  collect: collectObject,
  kindType: objectType,
  issues: [
    {
      code: "missing",
      doc: "A required key is absent (or its value is `undefined`).",
      fields: [],
      text: {
        root: "The required input is missing",
        at: "The required parameter `{path}` is missing",
      },
    },
    {
      code: "unexpected",
      doc: "A key the declaration does not allow.",
      fields: [],
      hints: ["key"],
      text: {
        root: "An unexpected input was provided",
        at: "An unexpected parameter `{path}` was provided",
      },
    },
  ],
  hints: [
    {
      kind: "key",
      typeName: "KeyHint",
      doc: "A declared key the call left out, close to the unexpected key it sent.",
      fields: [{ name: "key", type: "string", shown: "text", recorded: true }],
      text: "Hint: did you mean `{sibling:key}` instead of `{path}`?",
    },
  ],
};

export interface ObjectRules {
  /** Declared properties in declaration order. */
  readonly properties: readonly PropertyRule[];
  /** Required keys that have no declared property (standard mode only). */
  readonly requiredOnly: readonly string[];
  /** What happens to a key that is not declared. */
  readonly unknownKeys: UnknownKeys;
}

export type UnknownKeys =
  | { readonly kind: "allow" }
  | { readonly kind: "reject" }
  | { readonly kind: "check"; readonly schema: SchemaNode };

export interface PropertyRule {
  readonly key: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
}

/** The object rules of a schema, when it has any. */
export function objectRulesOf(node: SchemaNode): ObjectRules | undefined {
  const use = node.keywords.find((keyword) => keyword.name === objectKeyword.keywords[0]);
  return use?.data as ObjectRules | undefined;
}

function objectHasChecks(rules: ObjectRules): boolean {
  return (
    rules.requiredOnly.length > 0 ||
    rules.properties.some((p) => p.required || hasChecks(p.schema)) ||
    rules.unknownKeys.kind === "reject" ||
    (rules.unknownKeys.kind === "check" && hasChecks(rules.unknownKeys.schema))
  );
}

// Reading

/** Reads `properties`, `required` and `additionalProperties`; undefined when none is there. */
function readObject(schema: StaticObject, reading: SchemaReading): ObjectRules | undefined {
  const propertiesEntry = entryOf(schema, "properties");
  const requiredEntry = entryOf(schema, "required");
  const additionalEntry = entryOf(schema, "additionalProperties");
  if (!propertiesEntry && !requiredEntry && !additionalEntry) return undefined;
  const properties = propertiesEntry ? readProperties(propertiesEntry, reading) : [];
  const required = readRequired(requiredEntry, reading);
  let unknownKeys = readUnknownKeys(additionalEntry, propertiesEntry !== undefined, reading);
  if (unknownKeys.kind !== "allow") {
    const allowing = KEY_ALLOWING_KEYWORDS.find(
      (keyword) => entryOf(schema, keyword) && !requiresOnly(schema, keyword, reading),
    );
    if (allowing) {
      unknownKeys = { kind: "allow" };
      const note = `\`${allowing}\` may allow keys not declared here`;
      reading.notEnforced({ keyword: "unknown keys", at: reading.at, note });
    }
  }
  const requiredOnly = undeclaredRequired(required, properties, unknownKeys, reading);
  const requiredKeys = new Set(required.map((r) => r.key));
  return {
    properties: properties.map((p) => ({ ...p, required: requiredKeys.has(p.key) })),
    requiredOnly,
    unknownKeys,
  };
}

/**
 * Whether a key-allowing keyword only requires keys here: draft-07's `dependencies` with
 * arrays only, enforced as `dependentRequired` (which allows no other key).
 */
function requiresOnly(schema: StaticObject, keyword: string, reading: SchemaReading): boolean {
  if (keyword !== "dependencies" || !reading.isEnforced("dependentRequired")) return false;
  const value = entryOf(schema, keyword)?.value;
  return (
    value?.kind === "object" &&
    value.problems.length === 0 &&
    value.entries.every((entry) => entry.value.kind === "array")
  );
}

function readProperties(
  entry: StaticEntry,
  reading: SchemaReading,
): { key: string; schema: SchemaNode }[] {
  const path = joinKey(reading.schemaPath, "properties");
  const value = entry.value;
  if (value.kind !== "object") {
    const why = `\`properties\` must be an object of property schemas, not ${describeValue(value)}.`;
    reading.report("TV2009", why, value.location, path);
    return [];
  }
  for (const problem of value.problems)
    reading.report("TV1001", sentence(problem.reason), problem.location, path);
  return value.entries.map((entry) => ({
    key: entry.key,
    schema: reading.read(entry.value, joinKey(path, entry.key), joinKey(reading.at, entry.key)),
  }));
}

interface RequiredKey {
  readonly key: string;
  readonly location: SourceLocation;
}

function readRequired(entry: StaticEntry | undefined, reading: SchemaReading): RequiredKey[] {
  if (!entry) return [];
  const path = joinKey(reading.schemaPath, "required");
  const value = entry.value;
  if (value.kind !== "array") {
    const why = `\`required\` must be an array of property names, not ${describeValue(value)}.`;
    reading.report("TV2011", why, value.location, path);
    return [];
  }
  const keys: RequiredKey[] = [];
  const seen = new Set<string>();
  for (const element of value.elements) {
    if (element.kind !== "primitive" || typeof element.value !== "string") {
      const why = `\`required\` must list property names (strings), not ${describeValue(element)}.`;
      reading.report("TV2011", why, element.location, path);
      continue;
    }
    if (seen.has(element.value)) {
      reading.report("TV2104", `"${element.value}" is listed twice.`, element.location, path);
      continue;
    }
    seen.add(element.value);
    keys.push({ key: element.value, location: element.location });
  }
  return keys;
}

function readUnknownKeys(
  entry: StaticEntry | undefined,
  hasProperties: boolean,
  reading: SchemaReading,
): UnknownKeys {
  const strictDefault: UnknownKeys =
    reading.mode === "strict" && hasProperties ? { kind: "reject" } : { kind: "allow" };
  if (!entry) return strictDefault;
  const path = joinKey(reading.schemaPath, "additionalProperties");
  const value = entry.value;
  if (value.kind === "primitive" && typeof value.value === "boolean") {
    return value.value ? { kind: "allow" } : { kind: "reject" };
  }
  if (value.kind !== "object") {
    const why = `\`additionalProperties\` must be true, false or a schema, not ${describeValue(value)}.`;
    reading.report("TV2012", why, value.location, path);
    return strictDefault;
  }
  const schema = reading.read(value, path, reading.at === "" ? "*" : `${reading.at}.*`);
  // A schema that checks nothing (`{}`) allows every other key, as `true` does.
  return hasChecks(schema) ? { kind: "check", schema } : { kind: "allow" };
}

/** Required keys without a declared property; an error where other keys are rejected. */
function undeclaredRequired(
  required: readonly RequiredKey[],
  properties: readonly { key: string }[],
  unknownKeys: UnknownKeys,
  reading: SchemaReading,
): string[] {
  const declared = new Set(properties.map((p) => p.key));
  const requiredOnly: string[] = [];
  for (const { key, location } of required) {
    if (declared.has(key)) continue;
    if (unknownKeys.kind === "reject") {
      const why = `"${key}" is required but not declared in \`properties\`, and undeclared keys are rejected: no call could pass.`;
      reading.report("TV2006", why, location, joinKey(reading.schemaPath, "required"));
    }
    requiredOnly.push(key);
  }
  return requiredOnly;
}

/**
 * A loop over the own enumerable keys of `record` (the only keys that count), `key` holding
 * each. Written as `for...in` with `Object.prototype.hasOwnProperty.call`, which V8 handles
 * fastest on the objects calls are made of (`Object.keys` made valid calls half as fast again;
 * it is faster only on objects of hundreds of keys), through runtime.ts's `ObjectMethods`: the
 * function with its `this` typed, which hosts' linters take for what it is (Biome's
 * noPrototypeBuiltins asks for `Object.hasOwn`, which is beyond ES2020).
 */
function ownKeysLoop(ctx: Emit, record: Code, key: Code, body: Code): Code {
  const methods = ctx.module.useType("ObjectMethods");
  return code`for (const ${key} in ${record}) {\nif (!(Object.prototype as ${methods}).hasOwnProperty.call(${record}, ${key})) continue;\n${body}}\n`;
}

/**
 * The names of Object.prototype's methods: a key the switch narrowed to one reads the value
 * through the key as a string, or a type checker takes it for the method (hosts' linters
 * reject a method read off its object: unbound-method).
 */
const PROTOTYPE_METHODS = new Set([
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "toString",
  "valueOf",
]);

/** Objects with more declared keys than this keep them in an array and check them in chunks. */
const CHUNK = 32;

/** Where the first pass keeps what it read: a local or an array slot per declared key. */
interface Slots {
  /** Per declared key (properties, then required keys without a schema); undefined: not kept. */
  readonly slots: readonly (Code | undefined)[];
  /** The array holding them, for objects of more than CHUNK declared keys. */
  readonly array: Code | undefined;
  /** The list of other keys (and their values where a schema checks them). */
  readonly others: Code | undefined;
}

/**
 * The issue path. One pass over the own enumerable keys (the only keys that count) reads each
 * value once into a slot per declared key and lists the other keys; then the declared keys
 * are checked in declaration order and the other keys after them, so that issues come in
 * depth-first order. An exception thrown by the object itself (a proxy's trap) makes it
 * unreadable: one issue, and the walk goes on elsewhere.
 */
function collectObject(
  ctx: Emit,
  rules: ObjectRules,
  record: Code,
  path: readonly PathPart[],
): Code {
  const slots = planSlots(ctx, rules);
  const firstPass = readPass(ctx, rules, slots, record);
  const declared = declaredPass(ctx, rules, slots, path);
  const otherChecks = otherKeysPass(ctx, rules, slots, path);
  const caught = ctx.module.use("caught");
  const error = ctx.names.next("v");
  return code`try {\n${firstPass}${declared}${otherChecks}} catch (${error}) {\nc = ${caught}(c, ${error}, ${pathCode(ctx.module, path)}, "object");\n}\n`;
}

function planSlots(ctx: Emit, rules: ObjectRules): Slots {
  const declaredCount = rules.properties.length + rules.requiredOnly.length;
  // Every declared key's value is kept where unexpected keys get hints (they need to know
  // which declared keys were left out); elsewhere only those with checks.
  const keepAll = rules.unknownKeys.kind === "reject";
  const array = declaredCount > CHUNK ? ctx.names.next("s") : undefined;
  const slots = [
    ...rules.properties.map((rule) => rule.required || keepAll || hasChecks(rule.schema)),
    ...rules.requiredOnly.map(() => true),
  ].map((kept, i) => (!kept ? undefined : array ? code`${array}[${i}]` : ctx.names.next("v")));
  const others = rules.unknownKeys.kind === "allow" ? undefined : ctx.names.next("u");
  return { slots, array, others };
}

/** The first pass: declared keys' values into their slots, other keys into their list. */
function readPass(ctx: Emit, rules: ObjectRules, slots: Slots, record: Code): Code {
  const { others } = slots;
  const checked = rules.unknownKeys.kind === "check";
  const key = ctx.names.next("k");
  const unreadable = ctx.module.use("UNREADABLE");
  /** `slot = record[key]`, UNREADABLE when reading throws (`name`: the key the case is for). */
  const readSlot = (slot: Code, name: string) => {
    const read = PROTOTYPE_METHODS.has(name) ? code`${key} as string` : key;
    return code`try {\n${slot} = ${record}[${read}];\n} catch {\n${slot} = ${unreadable};\n}\n`;
  };
  const listOther = otherKeyEntry(ctx, others, checked, record, key);
  const cases: Code[] = [];
  rules.properties.forEach((rule, i) => {
    const slot = slots.slots[i];
    cases.push(code`case ${rule.key}:\n${slot ? readSlot(slot, rule.key) : code``}continue;\n`);
  });
  rules.requiredOnly.forEach((name, j) => {
    const slot = slots.slots[rules.properties.length + j] ?? Code.raw("");
    // A required key without a declared schema is also one of the other keys.
    const other =
      others !== undefined && checked
        ? code`if (${slot} !== undefined) {\n${others} = ${ctx.module.use("append")}(${others}, ${key});\n${others}.push(${slot});\n}\n`
        : code``;
    cases.push(code`case ${name}:\n${readSlot(slot, name)}${other}continue;\n`);
  });
  const switchCode =
    cases.length === 0
      ? listOther
      : code`switch (${key}) {\n${join(cases, "")}default: {\n${listOther}}\n}\n`;
  return code`${join(slotDeclarations(rules, slots), "")}${ownKeysLoop(ctx, record, key, switchCode)}`;
}

/** What the first pass does with a key that is not declared. */
function otherKeyEntry(
  ctx: Emit,
  others: Code | undefined,
  checked: boolean,
  record: Code,
  key: Code,
): Code {
  if (others === undefined) return code`continue;\n`;
  const append = ctx.module.use("append");
  // Read here, where the loop reads fastest; a key whose value is undefined counts as absent.
  // Listed alone where they are rejected, with their values where a schema checks them.
  const value = ctx.names.next("v");
  const read = code`${readInto(ctx.module, value, record, key)}if (${value} === undefined) continue;\n${others} = ${append}(${others}, ${key});\n`;
  if (checked) return code`${read}${others}.push(${value});\ncontinue;\n`;
  // No more unexpected keys than a list holds are reported: the rest are not read.
  const full = code`if (${others} !== undefined && ${others}.length >= ${ctx.module.use("MAX_ISSUES")}) continue;\n`;
  return code`${full}${read}continue;\n`;
}

function slotDeclarations(rules: ObjectRules, { slots, array, others }: Slots): Code[] {
  const declaredCount = rules.properties.length + rules.requiredOnly.length;
  const declarations = array
    ? [code`const ${array} = Array.from<unknown>({ length: ${declaredCount} });\n`]
    : slots.flatMap((slot) => (slot ? [code`let ${slot}: unknown;\n`] : []));
  if (others) {
    const type = Code.raw(rules.unknownKeys.kind === "check" ? "unknown[]" : "string[]");
    declarations.push(code`let ${others}: ${type} | undefined;\n`);
  }
  return declarations;
}

/** The declared keys' checks, in declaration order; in functions of CHUNK keys when many. */
function declaredPass(
  ctx: Emit,
  rules: ObjectRules,
  slots: Slots,
  path: readonly PathPart[],
): Code {
  const checks = declaredChecks(rules, slots.slots, slots.array !== undefined);
  const array = slots.array;
  if (!array)
    return join(
      checks.map((emit) => emit(ctx, path)),
      "",
    );
  const chunks: Code[] = [];
  for (let start = 0; start < checks.length; start += CHUNK) {
    const part = checks.slice(start, start + CHUNK);
    const body = (inner: Emit, innerPath: readonly PathPart[]) =>
      join(
        part.map((emit) => emit(inner, innerPath)),
        "",
      );
    chunks.push(ctx.collectIn(body, path, [array], "readonly unknown[]"));
  }
  return join(chunks, "");
}

type CheckEmitter = (ctx: Emit, path: readonly PathPart[]) => Code;

/**
 * The checks of each declared key, in declaration order (then required keys without a schema).
 * Slots kept in an array (`inArray`) are read into a local once.
 */
function declaredChecks(
  rules: ObjectRules,
  slots: readonly (Code | undefined)[],
  inArray: boolean,
): CheckEmitter[] {
  const load = (inner: Emit, slot: Code): { local: Code; load: Code } => {
    if (!inArray) return { local: slot, load: code`` };
    const local = inner.names.next("v");
    return { local, load: code`const ${local} = ${slot};\n` };
  };
  const emitters: CheckEmitter[] = [];
  rules.properties.forEach((rule, i) => {
    const slot = slots[i];
    if (!slot || (!rule.required && !hasChecks(rule.schema))) return;
    emitters.push((inner, innerPath) => {
      const propertyPath = [...innerPath, rule.key];
      const { local, load: loaded } = load(inner, slot);
      const nested = hasChecks(rule.schema)
        ? inner.collect(rule.schema, local, propertyPath)
        : code``;
      if (!rule.required) return code`${loaded}if (${local} !== undefined) {\n${nested}}\n`;
      const issue = code`c = ${inner.module.use("missing")}(c, ${pathCode(inner.module, propertyPath)});\n`;
      return nested.toString() === ""
        ? code`${loaded}if (${local} === undefined) {\n${issue}}\n`
        : code`${loaded}if (${local} === undefined) {\n${issue}} else {\n${nested}}\n`;
    });
  });
  rules.requiredOnly.forEach((name, j) => {
    const slot = slots[rules.properties.length + j];
    if (!slot) return;
    emitters.push((inner, innerPath) => {
      const { local, load: loaded } = load(inner, slot);
      return code`${loaded}if (${local} === undefined) {\nc = ${inner.module.use("missing")}(c, ${pathCode(inner.module, [...innerPath, name])});\n}\n`;
    });
  });
  return emitters;
}

/** The other keys, after the declared ones: unexpected (with hints), or each checked. */
function otherKeysPass(
  ctx: Emit,
  rules: ObjectRules,
  slots: Slots,
  path: readonly PathPart[],
): Code {
  const unknown = rules.unknownKeys;
  const others = slots.others;
  if (!others || unknown.kind === "allow") return code``;
  if (unknown.kind === "reject") {
    const keys = keyList(
      ctx.module,
      rules.properties.map((rule) => rule.key),
    );
    const values = declaredValues(rules, slots);
    return code`if (${others} !== undefined) {\nc = ${ctx.module.use("unexpectedKeys")}(c, ${pathCode(ctx.module, path)}, ${others}, ${keys}, ${values});\n}\n`;
  }
  const index = ctx.names.next("i");
  const otherKey = ctx.names.next("k");
  const otherValue = ctx.names.next("v");
  const keyPart = { local: otherKey, type: "string" as const };
  const nested = ctx.collect(unknown.schema, otherValue, [...path, keyPart]);
  return code`if (${others} !== undefined) {\nfor (let ${index} = 0; ${index} < ${others}.length; ${index} += 2) {\nconst ${otherKey} = String(${others}[${index}]);\nconst ${otherValue} = ${others}[${index} + 1];\n${nested}}\n}\n`;
}

/** The declared keys' values as the runtime's hints see them (undefined: left out). */
function declaredValues(rules: ObjectRules, { slots, array }: Slots): Code {
  if (array) return array;
  const values = rules.properties.map((_, i) => slots[i] ?? Code.raw("undefined"));
  return code`[${join(values, ", ")}]`;
}

/** A module constant listing an object's declared keys for the hints (one per list). */
function keyList(module: ModuleContext, keys: readonly string[]): Code {
  const list = code`${module.use("keyList")}([${join(
    keys.map((key) => code`${key}`),
    ", ",
  )}])`;
  return module.shared(`keys:${list}`, "K", (name) => code`const ${name} = ${list};\n`);
}

// The argument type

/**
 * The argument type: required keys required, optional keys optional (and possibly undefined:
 * a key whose value is undefined counts as absent), other keys as an index signature when
 * allowed or checked.
 */
function objectType(rules: ObjectRules, types: ArgsTypes): Code {
  const members: Code[] = [];
  const declaredTypes: Code[] = [];
  for (const property of rules.properties) {
    const type = types.typeOf(property.schema);
    declaredTypes.push(type);
    const doc = property.schema.description ? types.jsdoc(property.schema.description) : code``;
    const member = property.required
      ? code`${propertyName(property.key)}: ${type};\n`
      : code`${propertyName(property.key)}?: ${union([type, Code.raw("undefined")])};\n`;
    members.push(code`${doc}${member}`);
  }
  const unknown = rules.unknownKeys;
  // A required key without a declared schema is one of the other keys: checked by their schema.
  const otherType = unknown.kind === "check" ? types.typeOf(unknown.schema) : Code.raw("unknown");
  for (const key of rules.requiredOnly) {
    declaredTypes.push(otherType);
    members.push(code`${propertyName(key)}: ${otherType};\n`);
  }
  if (unknown.kind === "allow") members.push(Code.raw("[key: string]: unknown;\n"));
  if (unknown.kind === "check") {
    // An index signature must also admit every declared property's type.
    const optional = rules.properties.length > 0 ? [Code.raw("undefined")] : [];
    members.push(code`[key: string]: ${union([otherType, ...declaredTypes, ...optional])};\n`);
  }
  if (members.length === 0) return Code.raw("Record<string, never>");
  return code`{\n${join(members, "")}}`;
}

/** A union of types, each once (`unionOf`); `unknown` absorbs the rest. */
export function union(members: readonly Code[]): Code {
  return Code.raw(unionOf(members.map(String)));
}
