import type { CallExpression, Node, ObjectLiteralExpression } from "../../tsMorph.js";
import { lookup, type Lookup, type StaticObject, type StaticValue } from "../values.js";

/**
 * A declaration shape: how a tool object of one kind of code base is recognised and where it
 * holds its name and its JSON Schema (CONTRACT.md section 2). Discovery (extract/discover.ts)
 * asks every shape of a run about each object literal that could be a tool, giving it the
 * object's value and its context (the call around it, the keys it is held at); adding a shape
 * is one module here, listed in index.ts, plus its fixtures.
 */
export interface DeclarationShape {
  /** Its name in the `shapes` setting and in messages. */
  readonly name: string;
  /** The shape as code, for messages: `{ name, inputSchema }`. */
  readonly pattern: string;
  /** Keys one of which an object literal must have to be a candidate (a cheap syntactic test). */
  readonly triggers: readonly string[];
  /** The keys its schema sits at: a file that has none of them holds no tool of this shape. */
  readonly schemaKeys: readonly string[];
  /**
   * What it is asked about: object literals (the default), or classes, whose fields (static or
   * not, with an initializer) are given as one object.
   */
  readonly declaredBy?: "class";
  /** What `object` is, when it has this shape; undefined when it has not. */
  recognize(object: StaticObject, context: ShapeContext): Recognition | undefined;
}

export type Recognition =
  | { readonly kind: "tool"; readonly parts: ShapeParts }
  /** It has the shape's keys but is something else (an MCP resource template, a `tool_choice`). */
  | { readonly kind: "not a tool"; readonly what: string }
  /**
   * A declaration whose name is given where it is used, which the files read do not hold. Its
   * schema, when given, may still tell a schema library's: then it is declared with that.
   */
  | { readonly kind: "unnamed"; readonly why: string; readonly schema?: Part };

/** What a shape may look at around an object literal (discovery computes each on demand). */
export interface ShapeContext {
  /** The object literal (or the class) asked about. */
  readonly node: Node;
  /** The call the object is an argument of (through `as`, `satisfies`, parentheses). */
  enclosingCall(): EnclosingCall | undefined;
  /**
   * The calls the object is passed to: the one it is an argument of, or, when it initialises a
   * `const`, each call of the files read that is given that `const` (`server.registerTool(name,
   * config, handler)`).
   */
  passedTo(): readonly EnclosingCall[];
  /**
   * Where a value (the object, or the call around it) is held: the property whose value it is,
   * or, when it initialises a `const`, each property of the files read whose value names it;
   * when a named function returns it, where each call of that function is held.
   */
  heldAt(node: Node): readonly HeldAt[];
  /** What the function a call calls is, as its import says (nothing is resolved). */
  callee(call: CallExpression): Callee | undefined;
  /** A node's static value (extract/evaluate.ts). */
  evaluate(node: Node): StaticValue;
}

export interface EnclosingCall {
  readonly call: CallExpression;
  /** Which argument the object is (0 for the first). */
  readonly argument: number;
}

export interface HeldAt {
  /** The property's key: a string, or what a computed key was read as. */
  readonly key: StaticValue;
  /** The object literal holding the property. */
  readonly holder: ObjectLiteralExpression;
}

export interface Callee {
  /** The name it is exported as (`tool` for `import { tool as aiTool }` or `ai.tool`). */
  readonly name: string;
  /** The module it is imported from; undefined when it is not imported. */
  readonly module: string | undefined;
  /** Not imported, but declared in the file (a function of the host's own). */
  readonly local: boolean;
}

/** A part of a tool object, as looked up, with the path it is at (`config.function.name`). */
export interface Part {
  readonly label: string;
  readonly lookup: Lookup;
}

export interface ShapeParts {
  /** Every key read to find the parts: a part of the object that cannot be read could set it. */
  readonly reads: readonly Part[];
  /** Where the name is; several places must agree, and the model calls the tool by the first. */
  readonly names: readonly Part[];
  /** Where the schema of the arguments is (a shape may let a tool declare none). */
  readonly schema: Part;
  readonly description: Part;
  /** The schema's key, the root of the schema paths diagnostics show (`parameters.type`). */
  readonly schemaKey: string;
  /**
   * Set where the API the shape recognises takes a schema library's schema at the key (an MCP
   * `McpServer.registerTool`'s zod shape), naming the library it takes unless the schema's
   * calls tell another: the tool is declared with that library.
   */
  readonly schemaLibrary?: string;
}

/** The value a part was found to have, if it was. */
export function valueOf(part: Part): StaticValue | undefined {
  return "entry" in part.lookup ? part.lookup.entry?.value : undefined;
}

/** A part of `object` at `key`, labelled with the path leading to it. */
export function part(object: StaticObject, key: string, prefix = ""): Part {
  return { label: `${prefix}${key}`, lookup: lookup(object, key) };
}

/** A part whose value a shape found itself (a key of a tool set, a wrapper call's argument). */
export function foundPart(label: string, key: string, value: StaticValue, from?: Lookup): Part {
  const entry = { key, keyLocation: value.location, value, order: 0 };
  if (from?.kind === "unreadable") return { label, lookup: { ...from, entry } };
  return { label, lookup: { kind: "found", entry } };
}

/** Whether a looked-up key is assigned in the literal (a later part may still change it). */
export function assigned(found: Lookup): boolean {
  return found.kind === "found" || (found.kind === "unreadable" && found.entry !== undefined);
}

/**
 * A name's value that could be a tool's name: a string, or a value the reading cannot know (a
 * run-time name). An object, a number or `true` at `name` is something else (a schema's
 * properties, a record), so the object is not a tool.
 */
export function couldBeName(value: StaticValue | undefined): boolean {
  if (value === undefined) return false;
  return (
    value.kind === "unknown" || (value.kind === "primitive" && typeof value.value === "string")
  );
}

/** Keys an MCP resource or resource template has: `{ uri, name }`, `{ uriTemplate, name }`. */
const RESOURCE_KEYS = ["uri", "uriTemplate"];

/**
 * The shapes `{ name, <schemaKey>, description? }`: flat function objects, MCP tools,
 * Anthropic tools, Gemini declarations. An object with a resource's key is an MCP resource
 * (template), and one whose schema is an array, a string, a number or null is a record that
 * merely has a name: neither is a tool.
 */
export function flatShape(name: string, schemaKey: string, pattern: string): DeclarationShape {
  return {
    name,
    pattern,
    triggers: [schemaKey],
    schemaKeys: [schemaKey],
    recognize(object) {
      const schema = part(object, schemaKey);
      const toolName = part(object, "name");
      if (!assigned(schema.lookup) || !couldBeName(valueOf(toolName))) return undefined;
      if (object.entries.some((entry) => RESOURCE_KEYS.includes(entry.key)))
        return { kind: "not a tool", what: "an MCP resource or resource template" };
      const value = valueOf(schema);
      if (
        value?.kind === "array" ||
        (value?.kind === "primitive" && typeof value.value !== "boolean")
      )
        return { kind: "not a tool", what: `a record whose ${schemaKey} is not a schema` };
      return {
        kind: "tool",
        parts: {
          reads: [toolName, schema],
          names: [toolName],
          schema,
          description: part(object, "description"),
          schemaKey,
        },
      };
    },
  };
}
