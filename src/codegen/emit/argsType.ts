import type { JsonValue } from "../extract/values.js";
import type { JsonType } from "../normalize/keywords.js";
import type { ObjectRules, SchemaNode } from "../normalize/schema.js";
import { Code, code, join, literal, propertyName } from "./code.js";

/**
 * The TypeScript type of the values a schema accepts: what a tool's `execute` receives after
 * validation. Required keys are required, enums are literal unions, free objects are
 * `Record<string, unknown>`, an `additionalProperties` schema is an index signature.
 */
export function argsType(node: SchemaNode): Code {
  if (node.never) return Code.raw("never");
  if (node.enumValues) return union(node.enumValues.map(enumMemberType));
  // Without a declared type any value passes (object and array rules apply only to those kinds).
  if (!node.types) return Code.raw("unknown");
  return union(node.types.map((type) => typeOf(type, node)));
}

function typeOf(type: JsonType, node: SchemaNode): Code {
  switch (type) {
    case "string":
    case "number":
    case "boolean":
    case "null":
      return Code.raw(type);
    case "integer":
      return Code.raw("number");
    case "array":
      return code`Array<${node.items ? argsType(node.items) : Code.raw("unknown")}>`;
    case "object":
      return node.object ? objectType(node.object) : Code.raw("Record<string, unknown>");
  }
}

function objectType(rules: ObjectRules): Code {
  const members: Code[] = [];
  const declaredTypes: Code[] = [];
  for (const property of rules.properties) {
    const type = argsType(property.schema);
    declaredTypes.push(type);
    const doc = property.schema.description ? jsdoc(property.schema.description) : code``;
    const optional = Code.raw(property.required ? "" : "?");
    members.push(code`${doc}${propertyName(property.key)}${optional}: ${type};\n`);
  }
  for (const key of rules.requiredOnly) members.push(code`${propertyName(key)}: unknown;\n`);
  if (rules.unknownKeys.kind === "allow") members.push(Code.raw("[key: string]: unknown;\n"));
  if (rules.unknownKeys.kind === "check") {
    // An index signature must also admit every declared property's type.
    const optional = declaredTypes.length > 0 ? [Code.raw("undefined")] : [];
    const indexType = union([argsType(rules.unknownKeys.schema), ...declaredTypes, ...optional]);
    members.push(code`[key: string]: ${indexType};\n`);
  }
  return code`{\n${join(members, "")}}`;
}

function enumMemberType(value: JsonValue): Code {
  if (value === null || typeof value !== "object") return literal(value);
  return Code.raw(Array.isArray(value) ? "unknown[]" : "Record<string, unknown>");
}

function union(members: readonly Code[]): Code {
  const unique = [...new Set(members.map(String))];
  if (unique.includes("unknown")) return Code.raw("unknown");
  return Code.raw(unique.join(" | "));
}

/** A JSDoc block: line breaks kept as lines; `*\/` in the text cannot close the comment. */
export function jsdoc(text: string): Code {
  const lines = text.replace(/\*\//g, "*\\/").split(/\r\n|[\n\r\u2028\u2029]/);
  if (lines.length === 1) return Code.raw(`/** ${lines[0]} */\n`);
  return Code.raw(`/**\n${lines.map((line) => ` * ${line}`.trimEnd()).join("\n")}\n */\n`);
}
