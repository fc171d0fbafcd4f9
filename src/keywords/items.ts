import { Code, code } from "../code/code.js";
import { readInto, type EmitContext, type PathPart } from "../code/context.js";
import { entryOf, type StaticValue } from "../extract/values.js";
import type { SchemaNode } from "../ir.js";
import { joinKey, type SchemaReading } from "./reading.js";

/**
 * `items` (one schema): each element of an array is checked against it, path `name[i]`. The
 * tuple form (an array of schemas, or `items` after `prefixItems`) is not enforced. Issues are
 * those of the element schema; `items` adds none of its own.
 */

/** Reads `items`; undefined when absent or in a form that is not enforced (reported). */
export function readItems(
  schema: StaticValue,
  schemaPath: string,
  at: string,
  reading: SchemaReading,
): SchemaNode | undefined {
  const entry = entryOf(schema, "items");
  if (!entry) return undefined;
  const path = joinKey(schemaPath, "items");
  const value = entry.value;
  if (value.kind === "array") {
    reading.requireStatic(value, path);
    reading.notEnforced({ keyword: "items", at, note: "the tuple form is not enforced" });
    return undefined;
  }
  if (entryOf(schema, "prefixItems")) {
    reading.requireStatic(value, path);
    reading.notEnforced({
      keyword: "items",
      at,
      note: "`items` after `prefixItems` is not enforced",
    });
    return undefined;
  }
  return reading.read(value, path, `${at}[]`);
}

/** The fast path: every element, in one loop, each read once. */
export function acceptItems(ctx: EmitContext, items: SchemaNode, array: Code): Code {
  const index = ctx.names.next("i");
  const length = ctx.names.next("n");
  const value = ctx.names.next("v");
  return code`for (let ${index} = 0, ${length} = ${array}.length; ${index} < ${length}; ${index}++) {\n${readInto(ctx.module, value, array, index)}${ctx.accept(items, value)}}\n`;
}

/** The issue path: every element, path `[...path, i]`. */
export function collectItems(
  ctx: EmitContext,
  items: SchemaNode,
  array: Code,
  path: readonly PathPart[],
): Code {
  const index = ctx.names.next("i");
  const length = ctx.names.next("n");
  const value = ctx.names.next("v");
  const checks = ctx.collect(items, value, [...path, { local: index, type: "number" }]);
  return code`for (let ${index} = 0, ${length} = ${array}.length; ${index} < ${length}; ${index}++) {\n${readInto(ctx.module, value, array, index)}${checks}}\n`;
}

/** The argument type: `Array<element type>`. */
export function itemsType(items: SchemaNode | undefined, typeOf: (node: SchemaNode) => Code): Code {
  return code`Array<${items ? typeOf(items) : Code.raw("unknown")}>`;
}
