import { lookup, type Lookup, type StaticObject, type StaticValue } from "../values.js";

/**
 * A declaration shape: where a tool object of one kind of code base holds its name and its
 * JSON Schema (CONTRACT.md section 2). Discovery (extract/discover.ts) asks every shape of a
 * run about each object literal that could be a tool; adding a shape is one module here,
 * listed in index.ts, plus its fixtures.
 */
export interface DeclarationShape {
  /** Its name in the `shapes` setting and in messages. */
  readonly name: string;
  /** The shape as code, for messages: `{ name, inputSchema }`. */
  readonly pattern: string;
  /** Keys one of which an object literal must have to be a candidate (a cheap syntactic test). */
  readonly triggers: readonly string[];
  /** Where the tool's parts are, when `object` has this shape; undefined when it has not. */
  locate(object: StaticObject): ShapeParts | undefined;
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
}

/** The value a part was found to have, if it was. */
export function valueOf(part: Part): StaticValue | undefined {
  return "entry" in part.lookup ? part.lookup.entry?.value : undefined;
}

/** A part of `object` at `key`, labelled with the path leading to it. */
export function part(object: StaticObject, key: string, prefix = ""): Part {
  return { label: `${prefix}${key}`, lookup: lookup(object, key) };
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

/**
 * The shapes `{ name, <schemaKey>, description? }`: flat function objects, MCP tools,
 * Anthropic tools, Gemini declarations.
 */
export function flatShape(name: string, schemaKey: string, pattern: string): DeclarationShape {
  return {
    name,
    pattern,
    triggers: [schemaKey],
    locate(object) {
      const schema = part(object, schemaKey);
      const toolName = part(object, "name");
      if (!assigned(schema.lookup) || !couldBeName(valueOf(toolName))) return undefined;
      return {
        reads: [toolName, schema],
        names: [toolName],
        schema,
        description: part(object, "description"),
        schemaKey,
      };
    },
  };
}
