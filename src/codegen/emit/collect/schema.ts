import type { SchemaNode } from "../../normalize/schema.js";
import { hasChecks } from "../checks.js";
import { code, type Code } from "../code.js";
import type { EmitContext, PathPart } from "../context.js";
import { emitEnum } from "./enum.js";
import { emitItems } from "./items.js";
import { emitNever } from "./never.js";
import { collectObject } from "./object.js";
import { emitType } from "./type.js";
import { isPlainObject, typesEnsure } from "../typeTests.js";

/**
 * The checks of one schema on the value held in `value`: the type first; only when it passed,
 * the enum, the object's keys and the array's elements.
 */
export function emitNode(
  ctx: EmitContext,
  node: SchemaNode,
  value: Code,
  path: readonly PathPart[],
): Code {
  if (node.never) return emitNever(ctx, path);
  let then = code``;
  if (node.enumValues) then = code`${then}${emitEnum(ctx, node.enumValues, value, path)}`;
  if (node.object && hasChecks({ object: node.object })) {
    const record = ctx.names.next("r");
    const checks = code`const ${record} = ${value} as Record<string, unknown>;\n${collectObject(ctx, node.object, record, path)}`;
    then = code`${then}${guard(node, "object", isPlainObject(value), checks)}`;
  }
  if (node.items && hasChecks(node.items)) {
    const array = ctx.names.next("a");
    const checks = code`const ${array} = ${value} as unknown[];\n${emitItems(ctx, node.items, array, path)}`;
    then = code`${then}${guard(node, "array", code`Array.isArray(${value})`, checks)}`;
  }
  return node.types ? emitType(ctx, node.types, value, path, then) : then;
}

/** Object and array rules apply only to values of that kind; skip the test when the type already ensures it. */
function guard(node: SchemaNode, kind: "object" | "array", test: Code, checks: Code): Code {
  return typesEnsure(node.types, kind) ? checks : code`if (${test}) {\n${checks}}\n`;
}
