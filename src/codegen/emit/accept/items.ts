import type { SchemaNode } from "../../normalize/schema.js";
import { code, type Code } from "../code.js";
import type { EmitContext } from "../context.js";

/** Every element of an array, in one linear loop. */
export function acceptItems(ctx: EmitContext, items: SchemaNode, array: Code): Code {
  const index = ctx.names.next("i");
  const value = ctx.names.next("v");
  return code`for (let ${index} = 0; ${index} < ${array}.length; ${index}++) {\nconst ${value} = ${array}[${index}];\n${ctx.acceptNode(items, value)}}\n`;
}
