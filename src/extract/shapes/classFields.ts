// A class whose fields declare a tool with a schema library (CONTRACT.md section 2): `class
// FindTool extends ToolBase { static toolName = "find"; argsShape = { k: z.string() } }`.
import { Node } from "../../tsMorph.js";
import { libraryOfModule } from "../libraries.js";
import type { StaticValue } from "../values.js";
import { assigned, couldBeName, part, valueOf, type DeclarationShape } from "./shape.js";

/** The fields a class names its tool by (static or not). */
const NAME_FIELDS = ["toolName", "name"];
/** The fields a class holds its schema in: a zod shape, a schema library's schema. */
const SCHEMA_FIELDS = ["argsShape", "schema", "inputSchema", "parameters", "input_schema"];

/**
 * A class (an MCP server's tool classes, LangChain's `StructuredTool`s) with a name field and a
 * schema field: listed as declared with its schema library when the schema is a library's call,
 * or an object (a zod shape) whose values are, or an empty one in a module that imports the
 * library. A class is never read as a JSON Schema declaration: one whose schema is anything
 * else is not recognised.
 */
export const classFieldsShape: DeclarationShape = {
  name: "class",
  pattern: 'class { toolName = "..."; argsShape = {...} }',
  triggers: SCHEMA_FIELDS,
  schemaKeys: SCHEMA_FIELDS,
  declaredBy: "class",
  recognize(fields, context) {
    const name = NAME_FIELDS.map((key) => part(fields, key)).find((found) =>
      assigned(found.lookup),
    );
    const schema = SCHEMA_FIELDS.map((key) => part(fields, key)).find((found) =>
      assigned(found.lookup),
    );
    if (!name || !schema || !couldBeName(valueOf(name))) return undefined;
    const value = valueOf(schema);
    const library = value && libraryHint(value, context.node);
    if (library === undefined) return undefined;
    return {
      kind: "tool",
      parts: {
        reads: [name, schema],
        names: [name],
        schema,
        description: part(fields, "description"),
        schemaKey: schema.label,
        ...(library === "" ? {} : { schemaLibrary: library }),
      },
    };
  },
};

/**
 * Whether a class's schema is a library's: "" when it is a value built by a call (the call
 * tells its library, else it is built at run time), the library the module imports when it is
 * an object of calls or an empty object (a zod shape), else undefined: not recognised.
 */
function libraryHint(value: StaticValue, node: Node): string | undefined {
  if (value.kind === "unknown") return value.origin ? "" : undefined;
  if (value.kind !== "object" || value.problems.length > 0) return undefined;
  // A zod shape's values are calls (some built from `this`: values of the running code).
  const built = value.entries.every(
    (entry) => entry.value.kind === "unknown" && entry.value.origin !== undefined,
  );
  if (!built) return undefined;
  for (const declaration of node.getSourceFile().getImportDeclarations()) {
    const library = libraryOfModule(declaration.getModuleSpecifierValue());
    if (library) return library;
  }
  return undefined;
}
