import { Code, code, join, propertyName } from "../code/code.js";
import { pathCode, readInto, type EmitContext, type PathPart } from "../code/context.js";
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import { entryOf, type StaticEntry, type StaticValue } from "../extract/values.js";
import {
  hasChecks,
  type ObjectRules,
  type PropertyRule,
  type SchemaNode,
  type UnknownKeys,
} from "../ir.js";
import { describeFound, describeValue, joinKey, sentence, type SchemaReading } from "./reading.js";
import { KEY_ALLOWING_KEYWORDS } from "./table.js";

/**
 * The object keywords, one unit because one pass over the keys serves them all: `properties`
 * (each present key checked against its schema), `required` (an own key whose value is not
 * undefined), and the other keys: rejected where `properties` is declared in strict mode,
 * unless `additionalProperties` allows them (`true`) or checks them (a schema). Issues:
 * `missing`, and `unexpected`, with the hint "did you mean" when an unexpected key is close to
 * a declared key the call left out (the runtime's `unexpectedKeys`).
 */

/** Reads `properties`, `required` and `additionalProperties`; undefined when none is there. */
export function readObject(
  schema: StaticValue,
  schemaPath: string,
  at: string,
  reading: SchemaReading,
): ObjectRules | undefined {
  const propertiesEntry = entryOf(schema, "properties");
  const requiredEntry = entryOf(schema, "required");
  const additionalEntry = entryOf(schema, "additionalProperties");
  if (!propertiesEntry && !requiredEntry && !additionalEntry) return undefined;

  const properties: { key: string; schema: SchemaNode }[] = [];
  if (propertiesEntry) {
    const path = joinKey(schemaPath, "properties");
    const value = propertiesEntry.value;
    if (value.kind !== "object") {
      reading.report(
        "TV2009",
        `\`properties\` must be an object of property schemas, not ${describeValue(value)}.`,
        value.location,
        path,
      );
    } else {
      for (const problem of value.problems)
        reading.report("TV1001", sentence(problem.reason), problem.location, path);
      for (const entry of value.entries) {
        properties.push({
          key: entry.key,
          schema: reading.read(entry.value, joinKey(path, entry.key), joinKey(at, entry.key)),
        });
      }
    }
  }

  const required = readRequired(requiredEntry, schemaPath, reading);
  let unknownKeys = readUnknownKeys(
    additionalEntry,
    propertiesEntry !== undefined,
    schemaPath,
    at,
    reading,
  );
  if (unknownKeys.kind !== "allow") {
    const allowing = KEY_ALLOWING_KEYWORDS.find((keyword) => entryOf(schema, keyword));
    if (allowing) {
      unknownKeys = { kind: "allow" };
      reading.notEnforced({
        keyword: "unknown keys",
        at,
        note: `\`${allowing}\` may allow keys not declared here`,
      });
    }
  }

  const declared = new Set(properties.map((p) => p.key));
  const requiredOnly: string[] = [];
  for (const { key, location } of required) {
    if (declared.has(key)) continue;
    if (unknownKeys.kind === "reject") {
      reading.report(
        "TV2006",
        `"${key}" is required but not declared in \`properties\`, and undeclared keys are rejected: no call could pass.`,
        location,
        joinKey(schemaPath, "required"),
      );
    }
    requiredOnly.push(key);
  }
  const requiredKeys = new Set(required.map((r) => r.key));
  const rules: PropertyRule[] = properties.map((p) => ({
    key: p.key,
    required: requiredKeys.has(p.key),
    schema: p.schema,
  }));
  return { properties: rules, requiredOnly, unknownKeys };
}

function readRequired(
  entry: StaticEntry | undefined,
  schemaPath: string,
  reading: SchemaReading,
): { key: string; location: SourceLocation }[] {
  if (!entry) return [];
  const path = joinKey(schemaPath, "required");
  const value = entry.value;
  if (value.kind !== "array") {
    reading.report(
      "TV2011",
      `\`required\` must be an array of property names, not ${describeValue(value)}.`,
      value.location,
      path,
    );
    return [];
  }
  const keys: { key: string; location: SourceLocation }[] = [];
  const seen = new Set<string>();
  for (const element of value.elements) {
    if (element.kind !== "primitive" || typeof element.value !== "string") {
      reading.report(
        "TV2011",
        `\`required\` must list property names (strings), not ${describeFound(element)}.`,
        element.location,
        path,
      );
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
  schemaPath: string,
  at: string,
  reading: SchemaReading,
): UnknownKeys {
  const strictDefault: UnknownKeys =
    reading.mode === "strict" && hasProperties ? { kind: "reject" } : { kind: "allow" };
  if (!entry) return strictDefault;
  const path = joinKey(schemaPath, "additionalProperties");
  const value = entry.value;
  if (value.kind === "primitive" && typeof value.value === "boolean") {
    return value.value ? { kind: "allow" } : { kind: "reject" };
  }
  if (value.kind !== "object") {
    reading.report(
      "TV2012",
      `\`additionalProperties\` must be true, false or a schema, not ${describeFound(value)}.`,
      value.location,
      path,
    );
    return strictDefault;
  }
  return { kind: "check", schema: reading.read(value, path, at === "" ? "*" : `${at}.*`) };
}

/**
 * A loop over the own enumerable keys of `record` (the only keys that count), `key` holding
 * each. Written as `for...in` with `Object.prototype.hasOwnProperty.call`, which V8 handles
 * fastest on the objects calls are made of (`Object.keys` made valid calls half as fast
 * again; it is faster only on objects of hundreds of keys).
 */
function ownKeysLoop(record: Code, key: Code, body: Code): Code {
  return code`for (const ${key} in ${record}) {\nif (!Object.prototype.hasOwnProperty.call(${record}, ${key})) continue;\n${body}}\n`;
}

/**
 * The fast path: one pass over the own enumerable keys; a `switch` sends each key to its
 * checks, required keys are counted, and any other key is rejected, allowed or checked. A
 * value is read only when something depends on it (absent keys cost nothing; a key whose
 * value is undefined counts as absent), and at most once.
 */
export function acceptObject(ctx: EmitContext, rules: ObjectRules, record: Code): Code {
  const required = rules.properties.filter((p) => p.required).length + rules.requiredOnly.length;
  const unknown = rules.unknownKeys;
  const key = ctx.names.next("k");
  const value = ctx.names.next("v");
  const count = required > 0 ? ctx.names.next("n") : undefined;
  const counted = count ? code`${count}++;\n` : code``;
  const read = code`${readInto(ctx.module, value, record, key)}if (${value} === undefined) continue;\n`;
  const otherKeys =
    unknown.kind === "reject"
      ? code`${read}return false;\n`
      : unknown.kind === "check"
        ? code`${read}${ctx.accept(unknown.schema, value)}continue;\n`
        : code`continue;\n`;
  // Keys with the same checks share one case body.
  const bodies = new Map<string, { keys: string[]; body: Code }>();
  const addCase = (name: string, body: Code) => {
    const entry = bodies.get(body.toString());
    if (entry) entry.keys.push(name);
    else bodies.set(body.toString(), { keys: [name], body });
  };
  for (const property of rules.properties) {
    const checks = hasChecks(property.schema);
    let body: Code;
    if (property.schema.never) {
      // A `false` schema rejects any value: nothing after its `return false`.
      body = code`${read}return false;\n`;
    } else if (!checks && !property.required) {
      body = code`continue;\n`;
    } else {
      const nested = checks ? ctx.accept(property.schema, value) : code``;
      body = code`${read}${nested}${property.required ? counted : code``}continue;\n`;
    }
    addCase(property.key, body);
  }
  for (const name of rules.requiredOnly) {
    const other = unknown.kind === "check" ? ctx.accept(unknown.schema, value) : code``;
    addCase(name, code`${read}${counted}${other}continue;\n`);
  }
  if (bodies.size === 0 && unknown.kind === "allow") return code``;
  const cases = [...bodies.values()].map(
    ({ keys, body }) =>
      code`${join(
        keys.map((name) => code`case ${name}:`),
        "\n",
      )} {\n${body}}\n`,
  );
  const dispatch =
    cases.length === 0
      ? otherKeys
      : code`switch (${key}) {\n${join(cases, "")}default: {\n${otherKeys}}\n}\n`;
  const loop = ownKeysLoop(record, key, dispatch);
  if (!count) return loop;
  return code`let ${count} = 0;\n${loop}if (${count} !== ${required}) return false;\n`;
}

/** Objects with more declared keys than this keep them in an array and check them in chunks. */
const CHUNK = 32;

/**
 * The issue path. One pass over the own enumerable keys (the only keys that count) reads each
 * value once into a slot per declared key and lists the other keys; then the declared keys
 * are checked in declaration order and the other keys after them, so that issues come in
 * depth-first order. An exception thrown by the object itself (a proxy's trap) makes it
 * unreadable: one issue, and the walk goes on elsewhere.
 */
export function collectObject(
  ctx: EmitContext,
  rules: ObjectRules,
  record: Code,
  path: readonly PathPart[],
): Code {
  const unknown = rules.unknownKeys;
  const declaredCount = rules.properties.length + rules.requiredOnly.length;
  const large = declaredCount > CHUNK;
  // Every declared key's value is kept where unexpected keys get hints (they need to know
  // which declared keys were left out); elsewhere only those with checks.
  const keepAll = unknown.kind === "reject";
  const slotsArray = large ? ctx.names.next("s") : undefined;
  const slots = [
    ...rules.properties.map((rule) => rule.required || keepAll || hasChecks(rule.schema)),
    ...rules.requiredOnly.map(() => true),
  ].map((kept, i) =>
    !kept ? undefined : slotsArray ? code`${slotsArray}[${i}]` : ctx.names.next("v"),
  );
  const others = unknown.kind === "allow" ? undefined : ctx.names.next("u");
  const key = ctx.names.next("k");
  const unreadable = ctx.module.use("UNREADABLE");
  /** `slot = record[key]`, UNREADABLE when reading throws. */
  const readSlot = (slot: Code) =>
    code`try {\n${slot} = ${record}[${key}];\n} catch {\n${slot} = ${unreadable};\n}\n`;
  // The other keys: listed without reading them where they are rejected (the runtime reads
  // only those it reports), with their values where a schema checks them.
  let listOther = code`continue;\n`;
  if (others !== undefined) {
    const append = ctx.module.use("append");
    if (unknown.kind === "check") {
      const value = ctx.names.next("v");
      listOther = code`${readInto(ctx.module, value, record, key)}if (${value} === undefined) continue;\n${others} = ${append}(${others}, ${key});\n${others}.push(${value});\ncontinue;\n`;
    } else {
      listOther = code`${others} = ${append}(${others}, ${key});\ncontinue;\n`;
    }
  }

  const cases: Code[] = [];
  rules.properties.forEach((rule, i) => {
    const slot = slots[i];
    cases.push(code`case ${rule.key}:\n${slot ? readSlot(slot) : code``}continue;\n`);
  });
  rules.requiredOnly.forEach((name, j) => {
    const slot = slots[rules.properties.length + j] ?? Code.raw("");
    // A required key without a declared schema is also one of the other keys.
    const other =
      others !== undefined && unknown.kind === "check"
        ? code`if (${slot} !== undefined) {\n${others} = ${ctx.module.use("append")}(${others}, ${key});\n${others}.push(${slot});\n}\n`
        : code``;
    cases.push(code`case ${name}:\n${readSlot(slot)}${other}continue;\n`);
  });
  const switchCode =
    cases.length === 0
      ? listOther
      : code`switch (${key}) {\n${join(cases, "")}default: {\n${listOther}}\n}\n`;
  const declarations = [
    ...(slotsArray
      ? [code`const ${slotsArray} = Array.from<unknown>({ length: ${declaredCount} });\n`]
      : slots.flatMap((slot) => (slot ? [code`let ${slot}: unknown;\n`] : []))),
    ...(others
      ? [
          code`let ${others}: ${Code.raw(unknown.kind === "check" ? "unknown[]" : "string[]")} | undefined;\n`,
        ]
      : []),
  ];
  const firstPass = code`${join(declarations, "")}${ownKeysLoop(record, key, switchCode)}`;

  const checks = declaredChecks(rules, slots, slotsArray !== undefined);
  let declared: Code;
  if (slotsArray) {
    // Chunks of CHUNK declared keys, each a function taking the slots.
    const chunks: Code[] = [];
    for (let start = 0; start < checks.length; start += CHUNK) {
      const part = checks.slice(start, start + CHUNK);
      chunks.push(
        ctx.collectIn(
          (inner, innerPath) =>
            join(
              part.map((emit) => emit(inner, innerPath)),
              "",
            ),
          path,
          [slotsArray],
          "readonly unknown[]",
        ),
      );
    }
    declared = join(chunks, "");
  } else {
    declared = join(
      checks.map((emit) => emit(ctx, path)),
      "",
    );
  }

  let otherChecks = code``;
  if (others && unknown.kind === "reject") {
    const keys = ctx.module.keyList(rules.properties.map((rule) => rule.key));
    const values =
      slotsArray ??
      code`[${join(
        rules.properties.map((_, i) => slots[i] ?? Code.raw("undefined")),
        ", ",
      )}]`;
    otherChecks = code`if (${others} !== undefined) {\nc = ${ctx.module.use("unexpectedKeys")}(c, ${pathCode(ctx.module, path)}, ${record}, ${others}, ${keys}, ${values});\n}\n`;
  } else if (others && unknown.kind === "check") {
    const index = ctx.names.next("i");
    const otherKey = ctx.names.next("k");
    const otherValue = ctx.names.next("v");
    const nested = ctx.collect(unknown.schema, otherValue, [
      ...path,
      { local: otherKey, type: "string" },
    ]);
    otherChecks = code`if (${others} !== undefined) {\nfor (let ${index} = 0; ${index} < ${others}.length; ${index} += 2) {\nconst ${otherKey} = String(${others}[${index}]);\nconst ${otherValue} = ${others}[${index} + 1];\n${nested}}\n}\n`;
  }
  const caught = ctx.module.use("caught");
  const error = ctx.names.next("v");
  return code`try {\n${firstPass}${declared}${otherChecks}} catch (${error}) {\nc = ${caught}(c, ${error}, ${pathCode(ctx.module, path)}, "object");\n}\n`;
}

type CheckEmitter = (ctx: EmitContext, path: readonly PathPart[]) => Code;

/**
 * The checks of each declared key, in declaration order (then required keys without a schema).
 * Slots kept in an array (`inArray`) are read into a local once.
 */
function declaredChecks(
  rules: ObjectRules,
  slots: readonly (Code | undefined)[],
  inArray: boolean,
): CheckEmitter[] {
  const load = (inner: EmitContext, slot: Code): { local: Code; load: Code } => {
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

/**
 * The argument type: required keys required, optional keys optional (and possibly undefined:
 * a key whose value is undefined counts as absent), other keys as an index signature when
 * allowed or checked.
 */
export function objectType(
  rules: ObjectRules,
  typeOf: (node: SchemaNode) => Code,
  jsdoc: (text: string) => Code,
): Code {
  const members: Code[] = [];
  const declaredTypes: Code[] = [];
  for (const property of rules.properties) {
    const type = typeOf(property.schema);
    declaredTypes.push(type);
    const doc = property.schema.description ? jsdoc(property.schema.description) : code``;
    const member = property.required
      ? code`${propertyName(property.key)}: ${type};\n`
      : code`${propertyName(property.key)}?: ${union([type, Code.raw("undefined")])};\n`;
    members.push(code`${doc}${member}`);
  }
  for (const key of rules.requiredOnly) members.push(code`${propertyName(key)}: unknown;\n`);
  if (rules.unknownKeys.kind === "allow") members.push(Code.raw("[key: string]: unknown;\n"));
  if (rules.unknownKeys.kind === "check") {
    // An index signature must also admit every declared property's type.
    const optional = declaredTypes.length > 0 ? [Code.raw("undefined")] : [];
    members.push(
      code`[key: string]: ${union([typeOf(rules.unknownKeys.schema), ...declaredTypes, ...optional])};\n`,
    );
  }
  if (members.length === 0) return Code.raw("Record<string, never>");
  return code`{\n${join(members, "")}}`;
}

/** A union of types, each once; `unknown` absorbs the rest. */
export function union(members: readonly Code[]): Code {
  const unique = [...new Set(members.map(String))];
  if (unique.includes("unknown")) return Code.raw("unknown");
  return Code.raw(unique.join(" | "));
}
