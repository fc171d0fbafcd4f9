// CONTRACT.md section 2 (TypeBox: JSON Schema built by calls, read as the schema it builds).
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import { Node, type CallExpression } from "../tsMorph.js";
import { identifierText } from "./identifiers.js";
import type { ImportedName } from "./modules.js";
import { inKeyOrder, type StaticEntry, type StaticObject, type StaticValue } from "./values.js";

/**
 * The two lines of TypeBox, which build the same schemas with their keys in different orders:
 * 0.3x (`@sinclair/typebox`) puts a builder's options first (`{ ...options, ...schema }`),
 * 1.x (`typebox`) last (`{ ...schema, ...options }`).
 */
type Version = "0.3x" | "1.x";

/** What reading a call needs from the evaluator. */
export interface CallReading {
  evaluate(node: Node): StaticValue;
  importOf(identifier: Node): ImportedName | undefined;
  /** Where an imported identifier comes from, through re-exports, once `known` accepts it. */
  originOf(identifier: Node, known: (module: string) => boolean): ImportedName | undefined;
  locate(node: Node): SourceLocation;
}

/** A builder: the value it builds from its arguments' values, or why it is not read. */
type Builder = (args: Arguments) => StaticObject | string;

interface Arguments {
  readonly version: Version;
  readonly values: readonly StaticValue[];
  readonly location: SourceLocation;
}

/**
 * Values TypeBox built, with whether `Type.Optional` marked them (a mark JSON does not show,
 * which decides `required` in the `Type.Object` holding them).
 */
const built = new WeakMap<StaticValue, { readonly optional: boolean }>();

/**
 * The JSON Schema a TypeBox builder call builds (`Type.Object({ path: Type.String() })`),
 * exactly as TypeBox builds it; undefined when the call is not TypeBox's. A TypeBox call that
 * cannot be read exactly (a builder not read here, an argument not statically known) is an
 * unknown value whose origin is the call: the tool is declared with TypeBox, never misread.
 */
export function readTypeBox(call: CallExpression, reading: CallReading): StaticValue | undefined {
  const found = builderOf(call, reading);
  if (!found) return undefined;
  const location = reading.locate(call);
  const unread = (reason: string): StaticValue => ({
    kind: "unknown",
    reason,
    location,
    origin: { kind: "call", call },
  });
  const notRead = (why: string) =>
    unread(`the TypeBox call \`${found.text}(...)\` is not read: ${why}`);
  const builder = BUILDERS[found.name];
  if (!builder)
    return notRead(
      `\`${found.name}\` is not one of the builders read (${Object.keys(BUILDERS).join(", ")})`,
    );
  const nodes = call.getArguments();
  if (nodes.some((node) => Node.isSpreadElement(node))) return notRead("an argument is spread");
  const values = nodes.map((node) => reading.evaluate(node));
  for (const [index, value] of values.entries()) {
    const inner = firstUnknown(value);
    if (inner === undefined) continue;
    // A TypeBox call inside that is not read says why itself.
    if (inner.startsWith("the TypeBox call ")) return unread(inner);
    return notRead(`its argument ${index + 1} is not statically known: ${inner}`);
  }
  const result = builder({ version: found.version, values, location });
  return typeof result === "string" ? notRead(result) : result;
}

/** The builder a call's callee names, when it is TypeBox's: `Type.String`, `T.Object`, `Object`. */
function builderOf(
  call: CallExpression,
  reading: CallReading,
): { name: string; version: Version; text: string } | undefined {
  const callee = call.getExpression();
  if (Node.isPropertyAccessExpression(callee)) {
    const holder = callee.getExpression();
    if (!Node.isIdentifier(holder)) return undefined;
    const imported = typeBoxImport(holder, reading);
    const version = imported && versionOf(imported.module);
    if (!version) return undefined;
    // `import { Type }`, `import * as Type`, and 1.x's `import Type from "typebox"`.
    const isType =
      imported.imported === undefined ||
      imported.imported === "Type" ||
      (imported.imported === "default" && version === "1.x");
    if (!isType) return undefined;
    return {
      name: callee.getName(),
      version,
      text: `${identifierText(holder)}.${callee.getName()}`,
    };
  }
  if (!Node.isIdentifier(callee)) return undefined;
  const imported = typeBoxImport(callee, reading);
  const version = imported && versionOf(imported.module);
  if (!version || imported.imported === undefined) return undefined;
  return { name: imported.imported, version, text: identifierText(callee) };
}

/**
 * TypeBox's name an identifier is imported as: from TypeBox, or from a module that re-exports
 * it (a package of the host's: `import { Type } from "@acme/ai"`), followed to TypeBox.
 */
function typeBoxImport(identifier: Node, reading: CallReading): ImportedName | undefined {
  const imported = reading.importOf(identifier);
  if (!imported || versionOf(imported.module)) return imported;
  return reading.originOf(identifier, (module) => versionOf(module) !== undefined);
}

function versionOf(module: string): Version | undefined {
  if (module === "typebox" || module === "typebox/type") return "1.x";
  if (module === "@sinclair/typebox" || module === "@sinclair/typebox/type") return "0.3x";
  return undefined;
}

/** Why some part of a value is not statically known; undefined when every part is. */
function firstUnknown(value: StaticValue): string | undefined {
  switch (value.kind) {
    case "unknown":
      return value.reason;
    case "primitive":
      return undefined;
    case "array":
      for (const element of value.elements) {
        const found = firstUnknown(element);
        if (found !== undefined) return found;
      }
      return undefined;
    case "object": {
      const problem = value.problems[0];
      if (problem) return problem.reason;
      for (const entry of value.entries) {
        const found = firstUnknown(entry.value);
        if (found !== undefined) return found;
      }
      return undefined;
    }
  }
}

const BUILDERS: Readonly<Record<string, Builder>> = {
  String: typed("string"),
  Number: typed("number"),
  Integer: typed("integer"),
  Boolean: typed("boolean"),
  Null: typed("null"),
  Any: (args) => withOptions(args, [], 0),
  Unknown: (args) => withOptions(args, [], 0),
  Literal: literal,
  Array: array,
  Object: object,
  Optional: optional,
  Union: union,
  Enum: enumeration,
};

/** `Type.String(options?)`: `{ type: "string" }` and the options. */
function typed(type: string): Builder {
  return (args) => withOptions(args, [["type", primitive(type, args.location)]], 0);
}

/** `Type.Literal(value, options?)`: `{ type, const }` (1.x) or `{ const, type }` (0.3x). */
function literal(args: Arguments): StaticObject | string {
  const value = args.values[0];
  if (value?.kind !== "primitive" || value.value === null)
    return "its value is not a string, a number or a boolean";
  const type = primitive(typeof value.value, args.location);
  const parts: Part[] =
    args.version === "1.x"
      ? [
          ["type", type],
          ["const", value],
        ]
      : [
          ["const", value],
          ["type", type],
        ];
  return withOptions(args, parts, 1);
}

/** `Type.Array(items, options?)`: `{ type: "array", items }`. */
function array(args: Arguments): StaticObject | string {
  const items = args.values[0];
  if (items?.kind !== "object") return "its items are not a schema object";
  return withOptions(
    args,
    [
      ["type", primitive("array", args.location)],
      ["items", items],
    ],
    1,
  );
}

/**
 * `Type.Object(properties, options?)`: `{ type: "object", required?, properties }`, `required`
 * listing the properties `Type.Optional` did not mark, in key order.
 */
function object(args: Arguments): StaticObject | string {
  const properties = args.values[0];
  if (properties?.kind !== "object") return "its properties are not an object";
  const required: StaticValue[] = [];
  for (const entry of properties.entries) {
    const optional = optionalMark(entry.value, args.version);
    if (optional === undefined)
      return `the property "${entry.key}" is not built by TypeBox, so whether it is optional is not known`;
    if (!optional) required.push(primitive(entry.key, entry.keyLocation));
  }
  const parts: Part[] = [["type", primitive("object", args.location)]];
  if (required.length > 0)
    parts.push(["required", { kind: "array", elements: required, location: args.location }]);
  parts.push(["properties", properties]);
  return withOptions(args, parts, 1);
}

/**
 * Whether `Type.Object` takes a property as optional: TypeBox's mark, or none on a plain
 * schema object (1.x looks for a `~optional` key; 0.3x for a symbol a spread can copy onto a
 * plain object, which the static reading cannot see: there, only TypeBox's values are read).
 */
function optionalMark(value: StaticValue, version: Version): boolean | undefined {
  const mark = built.get(value);
  if (mark) return mark.optional;
  if (version === "0.3x" || value.kind !== "object") return undefined;
  return value.entries.some((entry) => entry.key === "~optional") ? undefined : false;
}

/** `Type.Optional(schema)`: the same schema, marked optional. */
function optional(args: Arguments): StaticObject | string {
  const [schema, ...rest] = args.values;
  if (rest.length > 0) return "it has a second argument";
  if (schema?.kind !== "object") return "its argument is not a schema object";
  return mark({ ...schema, location: args.location }, true);
}

/**
 * `Type.Union(schemas, options?)`: `{ anyOf }`. 0.3x builds `{ not: {} }` for no schema and the
 * schema itself (options first) for one.
 */
function union(args: Arguments): StaticObject | string {
  const schemas = args.values[0];
  if (schemas?.kind !== "array") return "its schemas are not an array";
  if (args.version === "0.3x" && schemas.elements.length <= 1) {
    const [only] = schemas.elements;
    if (!only) return withOptions(args, [["not", emptyObject(args.location)]], 1);
    const mark = only.kind === "object" && built.get(only);
    if (!mark) return "its one schema is not built by TypeBox";
    return markAs(
      withOptions(
        args,
        only.entries.map((e) => [e.key, e.value, e.keyLocation]),
        1,
      ),
      mark.optional,
    );
  }
  return withOptions(args, [["anyOf", schemas]], 1);
}

/**
 * `Type.Enum(object, options?)`: the values of the object's keys that are not numbers (`isNaN`),
 * as `{ enum }` (1.x) or, once each, as a union of literals (0.3x).
 */
function enumeration(args: Arguments): StaticObject | string {
  const object = args.values[0];
  if (object?.kind !== "object") return "its argument is not an object";
  const values: StaticValue[] = [];
  for (const entry of object.entries) {
    if (!Number.isNaN(Number(entry.key))) continue;
    const value = entry.value;
    if (
      value.kind !== "primitive" ||
      (typeof value.value !== "string" && typeof value.value !== "number")
    )
      return `the value of "${entry.key}" is not a string or a number`;
    values.push(value);
  }
  if (args.version === "1.x")
    return withOptions(
      args,
      [["enum", { kind: "array", elements: values, location: args.location }]],
      1,
    );
  // `new Set(values)`: SameValueZero.
  const unique = values.filter(
    (value, index) =>
      values.findIndex((other) =>
        sameValueZero(valueOfPrimitive(other), valueOfPrimitive(value)),
      ) === index,
  );
  const literals = unique.map((value) =>
    mark(
      objectOf(
        [
          ["const", value],
          ["type", primitive(typeof valueOfPrimitive(value), args.location)],
        ],
        args.location,
      ),
      false,
    ),
  );
  return union({
    ...args,
    values: [
      { kind: "array", elements: literals, location: args.location },
      ...args.values.slice(1),
    ],
  });
}

function sameValueZero(a: unknown, b: unknown): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

function valueOfPrimitive(value: StaticValue): unknown {
  return value.kind === "primitive" ? value.value : undefined;
}

/** A key of a built schema: its value, and where its key is (the call, or an option's key). */
type Part = readonly [key: string, value: StaticValue, keyLocation?: SourceLocation];

/**
 * The schema a builder makes from its own keys and the options argument at `optionsIndex`:
 * `{ ...options, ...schema }` in 0.3x, `{ ...schema, ...options }` in 1.x (a key in both keeps
 * the first one's place and takes the second one's value), in JavaScript's key order.
 */
function withOptions(
  args: Arguments,
  parts: readonly Part[],
  optionsIndex: number,
): StaticObject | string {
  const options = args.values[optionsIndex];
  if (args.values.length > optionsIndex + 1) return "it has more arguments than the builder takes";
  let optionParts: Part[] = [];
  if (options !== undefined) {
    if (options.kind !== "object") return "its options are not an object";
    // 1.x keeps its own keys, which start with `~`, out of sight; one given as an option would be too.
    if (args.version === "1.x" && options.entries.some((entry) => entry.key.startsWith("~")))
      return "an option's key starts with `~`, which TypeBox 1.x keeps for itself";
    optionParts = options.entries.map((entry) => [entry.key, entry.value, entry.keyLocation]);
  }
  const [first, second] = args.version === "1.x" ? [parts, optionParts] : [optionParts, parts];
  return mark(objectOf([...first, ...second], args.location), false);
}

/** An object of `parts` as a spread builds it: a repeated key keeps its place, takes the last value. */
function objectOf(parts: readonly Part[], location: SourceLocation): StaticObject {
  const entries = new Map<string, StaticEntry>();
  let order = 0;
  for (const [key, value, keyLocation] of parts) {
    const earlier = entries.get(key);
    entries.set(key, {
      key,
      keyLocation: keyLocation ?? location,
      value,
      order: earlier?.order ?? order++,
    });
  }
  return { kind: "object", entries: inKeyOrder(entries.values()), problems: [], location };
}

function mark(value: StaticObject, optional: boolean): StaticObject {
  built.set(value, { optional });
  return value;
}

function markAs(value: StaticObject | string, optional: boolean): StaticObject | string {
  return typeof value === "string" ? value : mark(value, optional);
}

function primitive(value: string, location: SourceLocation): StaticValue {
  return { kind: "primitive", value, location };
}

function emptyObject(location: SourceLocation): StaticObject {
  return { kind: "object", entries: [], problems: [], location };
}
