// Gemini's function declarations (CONTRACT.md section 2): `{ name, parametersJsonSchema }`, and
// `{ name, parameters }` holding Gemini's own Schema (`type: Type.OBJECT`).
import { Node, type Node as TsNode } from "../../tsMorph.js";
import { isValueWrapper, propertyKey } from "../evaluate.js";
import type { StaticEntry, StaticValue } from "../values.js";
import { flatShape, foundPart, valueOf, type DeclarationShape } from "./shape.js";

const jsonSchema = flatShape("gemini", "parametersJsonSchema", "{ name, parametersJsonSchema }");
const geminiSchema = flatShape("gemini", "parameters", "{ name, parameters }");

/** The type a Gemini declaration is written as (`@google/genai`, `@google/generative-ai`). */
const DECLARATION_TYPE = "FunctionDeclaration";
/** The key of the array a Gemini tool lists its declarations in. */
const DECLARATIONS_KEY = "functionDeclarations";

/**
 * Gemini's Schema names its types in upper case (the `Type` enum of `@google/genai`); the API
 * applies them as the JSON Schema types of the same name in lower case.
 */
const GEMINI_TYPES: ReadonlyMap<string, string> = new Map(
  ["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"].map((type) => [
    type,
    type.toLowerCase(),
  ]),
);

/**
 * `{ name, description, parametersJsonSchema }` (JSON Schema), or a Gemini declaration `{ name,
 * parameters }` whose `parameters` is Gemini's Schema: an object written as a
 * `FunctionDeclaration` (`const d: FunctionDeclaration = {...}`, `satisfies`, `as`) or listed in
 * a `functionDeclarations` array. Its upper-case type names are read as the JSON types the API
 * applies (`"OBJECT"` is `"object"`), in the places Gemini's Schema has schemas (`properties`,
 * `items`, `anyOf`); other values are kept as written (`"TYPE_UNSPECIFIED"` is then an error).
 */
export const geminiShape: DeclarationShape = {
  name: "gemini",
  pattern: "{ name, parametersJsonSchema } or a FunctionDeclaration { name, parameters }",
  triggers: ["parametersJsonSchema", "parameters"],
  schemaKeys: ["parametersJsonSchema", "parameters"],
  recognize(object, context) {
    const withJsonSchema = jsonSchema.recognize(object, context);
    if (withJsonSchema || !isGeminiDeclaration(context.node)) return withJsonSchema;
    const recognition = geminiSchema.recognize(object, context);
    if (recognition?.kind !== "tool") return recognition;
    const { schema } = recognition.parts;
    const value = valueOf(schema);
    if (value === undefined) return recognition;
    const read = foundPart(schema.label, "parameters", fromGeminiSchema(value), schema.lookup);
    return { kind: "tool", parts: { ...recognition.parts, schema: read } };
  },
};

/**
 * Whether an object literal is a Gemini function declaration by how it is written: as a
 * `FunctionDeclaration`, or as an element of a `functionDeclarations` array.
 */
export function isGeminiDeclaration(node: TsNode): boolean {
  let child: TsNode = node;
  let parent = node.getParent();
  while (parent && isValueWrapper(parent)) {
    if (
      (Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent)) &&
      typeName(parent.getTypeNode()) === DECLARATION_TYPE
    )
      return true;
    [child, parent] = [parent, parent.getParent()];
  }
  if (parent && Node.isVariableDeclaration(parent) && parent.getInitializer() === child)
    return typeName(parent.getTypeNode()) === DECLARATION_TYPE;
  if (!parent || !Node.isArrayLiteralExpression(parent)) return false;
  const holder = parent.getParent();
  return (
    holder !== undefined &&
    Node.isPropertyAssignment(holder) &&
    propertyKey(holder.getNameNode()) === DECLARATIONS_KEY
  );
}

/** The last name of a type reference: `FunctionDeclaration` of `genai.FunctionDeclaration`. */
function typeName(type: TsNode | undefined): string | undefined {
  if (!type || !Node.isTypeReference(type)) return undefined;
  const name = type.getTypeName();
  return Node.isIdentifier(name) ? name.getText() : name.getRight().getText();
}

/** A Gemini Schema with its upper-case type names as JSON Schema's. */
function fromGeminiSchema(schema: StaticValue): StaticValue {
  if (schema.kind !== "object") return schema;
  const entries = schema.entries.map((entry): StaticEntry => {
    const { key, value } = entry;
    if (key === "type" && value.kind === "primitive" && typeof value.value === "string") {
      const type = GEMINI_TYPES.get(value.value);
      return type === undefined ? entry : { ...entry, value: { ...value, value: type } };
    }
    if (key === "items") return { ...entry, value: fromGeminiSchema(value) };
    if (key === "anyOf" && value.kind === "array")
      return { ...entry, value: { ...value, elements: value.elements.map(fromGeminiSchema) } };
    if (key === "properties" && value.kind === "object")
      return {
        ...entry,
        value: {
          ...value,
          entries: value.entries.map((p) => ({ ...p, value: fromGeminiSchema(p.value) })),
        },
      };
    return entry;
  });
  return { ...schema, entries };
}
