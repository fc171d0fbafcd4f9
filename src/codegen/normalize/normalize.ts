import type { DiagnosticCode } from "../diagnosticCodes.js";
import type { DiagnosticBag, SourceLocation } from "../diagnostics.js";
import type { ExtractedTool } from "../extract/discover.js";
import {
  entryOf,
  toJson,
  type JsonValue,
  type StaticEntry,
  type StaticValue,
} from "../extract/values.js";
import {
  KEY_ALLOWING_KEYWORDS,
  JSON_TYPES,
  classifyKeyword,
  suggestType,
  type JsonType,
} from "./keywords.js";
import type {
  Mode,
  NotEnforced,
  ObjectRules,
  PropertyRule,
  SchemaNode,
  ToolSchema,
  UnknownKeys,
} from "./schema.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Appends a key to a dotted path (`a.b`, `a["-A"]`). */
export function joinKey(base: string, key: string): string {
  if (IDENTIFIER.test(key)) return base === "" ? key : `${base}.${key}`;
  return `${base}[${JSON.stringify(key)}]`;
}

/**
 * Checks one tool's `parameters` and reduces it to what is enforced. Problems go to
 * `diagnostics`; the result is meaningful only when no error was added.
 */
export function normalizeTool(
  tool: ExtractedTool & { parameters: StaticValue },
  mode: Mode,
  diagnostics: DiagnosticBag,
): ToolSchema {
  const reader = new SchemaReader(tool.name, mode, diagnostics);
  let root = reader.read(tool.parameters, "parameters", "");
  if (mode === "strict") {
    // `["object", "null"]` is tolerated (arguments are never null), anything else is not an object.
    const objectTypes =
      root.types?.every((t) => t === "object" || t === "null") && root.types.includes("object");
    if (root.never || (root.types && !objectTypes)) {
      reader.report(
        "TV2020",
        'The parameters must describe an object (`type: "object"`): tool arguments are always an object.',
        tool.parameters.location,
        "parameters",
      );
    } else {
      // Tool arguments are an object even when the declaration leaves `type` out.
      root = { ...root, types: ["object"] };
    }
  }
  return {
    name: tool.name,
    file: tool.file,
    exportName: tool.exportName,
    description: tool.description,
    root,
    notEnforced: reader.notEnforced,
  };
}

class SchemaReader {
  readonly notEnforced: NotEnforced[] = [];
  readonly #tool: string;
  readonly #mode: Mode;
  readonly #diagnostics: DiagnosticBag;

  constructor(tool: string, mode: Mode, diagnostics: DiagnosticBag) {
    this.#tool = tool;
    this.#mode = mode;
    this.#diagnostics = diagnostics;
  }

  report(
    code: DiagnosticCode,
    message: string,
    location: SourceLocation,
    schemaPath: string,
  ): void {
    this.#diagnostics.report(code, message, location, { tool: this.#tool, schemaPath });
  }

  /** Reads the schema `value` found at `schemaPath`, which validates arguments at `at`. */
  read(value: StaticValue, schemaPath: string, at: string): SchemaNode {
    if (value.kind === "primitive" && typeof value.value === "boolean")
      return value.value ? {} : { never: true };
    if (value.kind === "unknown") {
      this.report(
        "TV2001",
        `The schema is not statically known: ${value.reason}.`,
        value.location,
        schemaPath,
      );
      return {};
    }
    if (value.kind !== "object") {
      this.report(
        "TV2002",
        `A schema must be an object (or true/false), not ${describeValue(value)}.`,
        value.location,
        schemaPath,
      );
      return {};
    }
    for (const problem of value.problems)
      this.report("TV1001", `${capitalize(problem.reason)}.`, problem.location, schemaPath);
    for (const entry of value.entries) this.#classify(entry, schemaPath, at);

    const types = this.#readType(value, schemaPath);
    const description = entryOf(value, "description")?.value;
    const node: {
      -readonly [K in keyof SchemaNode]: SchemaNode[K];
    } = {};
    if (types) node.types = types;
    const enumValues = this.#readEnum(value, types, schemaPath);
    if (enumValues) node.enumValues = enumValues;
    const object = this.#readObject(value, schemaPath, at);
    if (object) node.object = object;
    const items = this.#readItems(value, schemaPath, at);
    if (items) node.items = items;
    if (description?.kind === "primitive" && typeof description.value === "string")
      node.description = description.value;
    return node;
  }

  #classify(entry: StaticEntry, schemaPath: string, at: string): void {
    const keyword = entry.key;
    const path = joinKey(schemaPath, keyword);
    const kind = classifyKeyword(keyword);
    switch (kind.kind) {
      case "enforced":
        return;
      case "annotation": {
        const unknown = firstUnknown(entry.value);
        if (unknown) {
          this.report(
            "TV2103",
            `\`${keyword}\` is not statically known and is left out: ${unknown.reason}.`,
            unknown.location,
            path,
          );
        }
        return;
      }
      case "typo":
        this.report(
          "TV2010",
          `Unknown keyword "${keyword}". Did you mean "${kind.suggestion}"?`,
          entry.keyLocation,
          path,
        );
        return;
      case "unknown": {
        const hint = kind.suggestion ? ` Did you mean "${kind.suggestion}"?` : "";
        this.report(
          "TV2102",
          `Unknown keyword "${keyword}" is not enforced.${hint}`,
          entry.keyLocation,
          path,
        );
        break;
      }
      case "not-enforced":
        break;
    }
    this.#requireStatic(entry.value, path);
    this.notEnforced.push({ keyword, at });
  }

  #requireStatic(value: StaticValue, schemaPath: string): void {
    const unknown = firstUnknown(value);
    if (unknown)
      this.report(
        "TV2001",
        `The value is not statically known: ${unknown.reason}.`,
        unknown.location,
        schemaPath,
      );
  }

  #readType(schema: StaticValue, schemaPath: string): JsonType[] | undefined {
    const typeEntry = entryOf(schema, "type");
    const nullableEntry = entryOf(schema, "nullable");
    let nullable = false;
    if (nullableEntry) {
      const value = nullableEntry.value;
      if (value.kind === "primitive" && typeof value.value === "boolean") nullable = value.value;
      else
        this.report(
          "TV2005",
          "`nullable` must be true or false.",
          value.location,
          joinKey(schemaPath, "nullable"),
        );
    }
    if (!typeEntry) return undefined;
    const path = joinKey(schemaPath, "type");
    const value = typeEntry.value;
    const names = value.kind === "array" ? value.elements : [value];
    if (value.kind === "array" && names.length === 0) {
      this.report("TV2004", "`type` must name at least one type.", value.location, path);
      return undefined;
    }
    const types: JsonType[] = [];
    for (const name of names) {
      if (name.kind !== "primitive" || typeof name.value !== "string") {
        const found =
          name.kind === "unknown" ? `not statically known: ${name.reason}` : describeValue(name);
        this.report(
          "TV2004",
          `\`type\` must be a type name or an array of type names, not ${found}.`,
          name.location,
          path,
        );
        return undefined;
      }
      if (!(JSON_TYPES as readonly string[]).includes(name.value)) {
        const suggestion = suggestType(name.value);
        const hint = suggestion
          ? ` Did you mean "${suggestion}"?`
          : ` Known types: ${JSON_TYPES.join(", ")}.`;
        this.report("TV2003", `Unknown type "${name.value}".${hint}`, name.location, path);
        return undefined;
      }
      if (types.includes(name.value as JsonType)) {
        this.report("TV2104", `The type "${name.value}" is listed twice.`, name.location, path);
        continue;
      }
      types.push(name.value as JsonType);
    }
    if (nullable && !types.includes("null")) types.push("null");
    return types;
  }

  #readEnum(
    schema: StaticValue,
    types: readonly JsonType[] | undefined,
    schemaPath: string,
  ): JsonValue[] | undefined {
    const entry = entryOf(schema, "enum");
    if (!entry) return undefined;
    const path = joinKey(schemaPath, "enum");
    const value = entry.value;
    if (value.kind !== "array") {
      this.report(
        "TV2007",
        `\`enum\` must be an array of allowed values, not ${describeValue(value)}.`,
        value.location,
        path,
      );
      return undefined;
    }
    if (value.elements.length === 0) {
      this.report(
        "TV2008",
        "`enum` is empty: no value could ever be accepted.",
        value.location,
        path,
      );
      return undefined;
    }
    const members: JsonValue[] = [];
    for (const element of value.elements) {
      const json = toJson(element);
      if (json === undefined) {
        this.#requireStatic(element, path);
        return undefined;
      }
      if (members.some((member) => jsonEqual(member, json))) {
        this.report(
          "TV2104",
          `The value ${JSON.stringify(json)} is listed twice.`,
          element.location,
          path,
        );
        continue;
      }
      if (types && !types.some((type) => jsonHasType(json, type))) {
        this.report(
          "TV2105",
          `The value ${JSON.stringify(json)} can never be accepted: its type is not among ${types.join(", ")}.`,
          element.location,
          path,
        );
      }
      members.push(json);
    }
    return members;
  }

  #readObject(schema: StaticValue, schemaPath: string, at: string): ObjectRules | undefined {
    const propertiesEntry = entryOf(schema, "properties");
    const requiredEntry = entryOf(schema, "required");
    const additionalEntry = entryOf(schema, "additionalProperties");
    if (!propertiesEntry && !requiredEntry && !additionalEntry) return undefined;

    const properties: { key: string; schema: SchemaNode }[] = [];
    if (propertiesEntry) {
      const path = joinKey(schemaPath, "properties");
      const value = propertiesEntry.value;
      if (value.kind !== "object") {
        this.report(
          "TV2009",
          `\`properties\` must be an object of property schemas, not ${describeValue(value)}.`,
          value.location,
          path,
        );
      } else {
        for (const problem of value.problems)
          this.report("TV1001", `${capitalize(problem.reason)}.`, problem.location, path);
        for (const entry of value.entries) {
          properties.push({
            key: entry.key,
            schema: this.read(entry.value, joinKey(path, entry.key), joinKey(at, entry.key)),
          });
        }
      }
    }

    const required = this.#readRequired(requiredEntry, schemaPath);
    let unknownKeys = this.#readUnknownKeys(
      additionalEntry,
      propertiesEntry !== undefined,
      schemaPath,
      at,
    );
    if (unknownKeys.kind !== "allow") {
      const allowing = KEY_ALLOWING_KEYWORDS.find((keyword) => entryOf(schema, keyword));
      if (allowing) {
        unknownKeys = { kind: "allow" };
        this.notEnforced.push({
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
        this.report(
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

  #readRequired(
    entry: StaticEntry | undefined,
    schemaPath: string,
  ): { key: string; location: SourceLocation }[] {
    if (!entry) return [];
    const path = joinKey(schemaPath, "required");
    const value = entry.value;
    if (value.kind !== "array") {
      this.report(
        "TV2011",
        `\`required\` must be an array of property names, not ${describeValue(value)}.`,
        value.location,
        path,
      );
      return [];
    }
    const keys: { key: string; location: SourceLocation }[] = [];
    for (const element of value.elements) {
      if (element.kind !== "primitive" || typeof element.value !== "string") {
        const found =
          element.kind === "unknown"
            ? `not statically known: ${element.reason}`
            : describeValue(element);
        this.report(
          "TV2011",
          `\`required\` must list property names (strings), not ${found}.`,
          element.location,
          path,
        );
        continue;
      }
      if (keys.some((k) => k.key === element.value)) {
        this.report("TV2104", `"${element.value}" is listed twice.`, element.location, path);
        continue;
      }
      keys.push({ key: element.value, location: element.location });
    }
    return keys;
  }

  #readUnknownKeys(
    entry: StaticEntry | undefined,
    hasProperties: boolean,
    schemaPath: string,
    at: string,
  ): UnknownKeys {
    const strictDefault: UnknownKeys =
      this.#mode === "strict" && hasProperties ? { kind: "reject" } : { kind: "allow" };
    if (!entry) return strictDefault;
    const path = joinKey(schemaPath, "additionalProperties");
    const value = entry.value;
    if (value.kind === "primitive" && typeof value.value === "boolean") {
      return value.value ? { kind: "allow" } : { kind: "reject" };
    }
    if (value.kind !== "object") {
      const found =
        value.kind === "unknown" ? `not statically known: ${value.reason}` : describeValue(value);
      this.report(
        "TV2012",
        `\`additionalProperties\` must be true, false or a schema, not ${found}.`,
        value.location,
        path,
      );
      return strictDefault;
    }
    return { kind: "check", schema: this.read(value, path, at === "" ? "*" : `${at}.*`) };
  }

  #readItems(schema: StaticValue, schemaPath: string, at: string): SchemaNode | undefined {
    const entry = entryOf(schema, "items");
    if (!entry) return undefined;
    const path = joinKey(schemaPath, "items");
    const value = entry.value;
    if (value.kind === "array") {
      this.#requireStatic(value, path);
      this.notEnforced.push({ keyword: "items", at, note: "the tuple form is not enforced" });
      return undefined;
    }
    if (entryOf(schema, "prefixItems")) {
      this.#requireStatic(value, path);
      this.notEnforced.push({
        keyword: "items",
        at,
        note: "`items` after `prefixItems` is not enforced",
      });
      return undefined;
    }
    return this.read(value, path, `${at}[]`);
  }
}

/** The first part of a static value that is not statically known, if any. */
function firstUnknown(
  value: StaticValue,
): { reason: string; location: SourceLocation } | undefined {
  switch (value.kind) {
    case "unknown":
      return value;
    case "array":
      for (const element of value.elements) {
        const found = firstUnknown(element);
        if (found) return found;
      }
      return undefined;
    case "object":
      if (value.problems[0]) return value.problems[0];
      for (const entry of value.entries) {
        const found = firstUnknown(entry.value);
        if (found) return found;
      }
      return undefined;
    case "primitive":
      return undefined;
  }
}

function describeValue(value: StaticValue): string {
  switch (value.kind) {
    case "primitive":
      return value.value === null
        ? "null"
        : `the ${typeof value.value} ${JSON.stringify(value.value)}`;
    case "array":
      return "an array";
    case "object":
      return "an object";
    case "unknown":
      return "a value that is not statically known";
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function jsonHasType(value: JsonValue, type: JsonType): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "integer":
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

/** Deep equality of JSON values (object key order does not matter). */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((element, i) => jsonEqual(element, b[i]!));
  }
  const objectA = a as { [key: string]: JsonValue };
  const objectB = b as { [key: string]: JsonValue };
  const keysA = Object.keys(objectA);
  if (keysA.length !== Object.keys(objectB).length) return false;
  return keysA.every(
    (key) => Object.hasOwn(objectB, key) && jsonEqual(objectA[key]!, objectB[key]!),
  );
}
