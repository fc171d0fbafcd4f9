import type { SchemaNode } from "../../normalize/schema.js";
import { code, type Code } from "../code.js";
import type { EmitContext, PathPart } from "../context.js";

/** Every element of an array, path `name[i]`; one linear loop, no recursion on the value. */
export function emitItems(
  ctx: EmitContext,
  items: SchemaNode,
  array: Code,
  path: readonly PathPart[],
): Code {
  const index = ctx.names.next("i");
  const value = ctx.names.next("v");
  const checks = ctx.emitNode(items, value, [...path, index]);
  return code`for (let ${index} = 0; ${index} < ${array}.length; ${index}++) {\nconst ${value} = ${array}[${index}];\n${checks}}\n`;
}
