import type { SchemaNode } from "../../normalize/schema.js";
import { hasChecks } from "../checks.js";
import { code, type Code } from "../code.js";
import type { EmitContext } from "../context.js";
import { isPlainObject, typeCondition, typesEnsure } from "../typeTests.js";
import { acceptEnum } from "./enum.js";
import { acceptItems } from "./items.js";
import { acceptObject } from "./object.js";

/**
 * Statements that `return false` as soon as the value held in `value` does not match `node`:
 * the fast path of a validator, run first on every call. It means exactly what the
 * issue-collecting path checks, without building anything.
 */
export function acceptNode(ctx: EmitContext, node: SchemaNode, value: Code): Code {
  if (node.never) return code`return false;\n`;
  let out = node.types ? code`if (!(${typeCondition(node.types, value)})) return false;\n` : code``;
  if (node.enumValues) out = code`${out}${acceptEnum(ctx, node.enumValues, value)}`;
  if (node.object && hasChecks({ object: node.object })) {
    const record = ctx.names.next("r");
    const checks = code`const ${record} = ${value} as Record<string, unknown>;\n${acceptObject(ctx, node.object, record)}`;
    out = code`${out}${typesEnsure(node.types, "object") ? checks : code`if (${isPlainObject(value)}) {\n${checks}}\n`}`;
  }
  if (node.items && hasChecks(node.items)) {
    const array = ctx.names.next("a");
    const checks = code`const ${array} = ${value} as unknown[];\n${acceptItems(ctx, node.items, array)}`;
    out = code`${out}${typesEnsure(node.types, "array") ? checks : code`if (Array.isArray(${value})) {\n${checks}}\n`}`;
  }
  return out;
}
