import { Code, code, escapeLineSeparators } from "../code/code.js";
import { pathCode, type EmitContext, type PathPart } from "../code/context.js";
import { hasChecks, objectHasChecks, type SchemaNode } from "../ir.js";
import { acceptEnum, collectEnum, enumType } from "./enum.js";
import { acceptItems, collectItems, itemsType } from "./items.js";
import { acceptObject, collectObject, objectType, union } from "./object.js";
import { acceptType, collectType, isPlainObject, primitiveType, typesEnsure } from "./type.js";

/**
 * One schema: its keywords in the order they apply. A `false` schema rejects everything; then
 * the type; only when it passed, the enum, an object's keys and an array's elements. The two
 * paths below mean the same; each keyword's file holds both of its halves.
 */

/** The fast path: statements that `return false` as soon as `value` does not match `node`. */
export function acceptNode(ctx: EmitContext, node: SchemaNode, value: Code): Code {
  if (node.never) return code`return false;\n`;
  let out = node.types ? acceptType(node.types, value) : code``;
  if (node.enumValues) out = code`${out}${acceptEnum(ctx, node.enumValues, value)}`;
  if (node.object && objectHasChecks(node.object)) {
    const record = ctx.names.next("r");
    const checks = code`const ${record} = ${value} as Record<string, unknown>;\n${acceptObject(ctx, node.object, record)}`;
    out = code`${out}${guard(node, "object", isPlainObject(value), checks)}`;
  }
  if (node.items && hasChecks(node.items)) {
    const array = ctx.names.next("a");
    const checks = code`const ${array} = ${value} as unknown[];\n${acceptItems(ctx, node.items, array)}`;
    out = code`${out}${guard(node, "array", code`Array.isArray(${value})`, checks)}`;
  }
  return out;
}

/** The issue path: statements that add every issue of `value` at `path` to `c`. */
export function collectNode(
  ctx: EmitContext,
  node: SchemaNode,
  value: Code,
  path: readonly PathPart[],
): Code {
  if (node.never)
    return code`c = ${ctx.module.use("notAllowed")}(c, ${pathCode(ctx.module, path)});\n`;
  let then = code``;
  if (node.enumValues) then = code`${then}${collectEnum(ctx, node.enumValues, value, path)}`;
  if (node.object && objectHasChecks(node.object)) {
    const record = ctx.names.next("r");
    const checks = code`const ${record} = ${value} as Record<string, unknown>;\n${collectObject(ctx, node.object, record, path)}`;
    then = code`${then}${guard(node, "object", isPlainObject(value), checks)}`;
  }
  if (node.items && hasChecks(node.items)) {
    const array = ctx.names.next("a");
    const checks = code`const ${array} = ${value} as unknown[];\n${collectItems(ctx, node.items, array, path)}`;
    then = code`${then}${guard(node, "array", code`Array.isArray(${value})`, checks)}`;
  }
  return node.types ? collectType(ctx, node.types, value, path, then) : then;
}

/** Object and array rules apply only to values of that kind; no test when the type ensures it. */
function guard(node: SchemaNode, kind: "object" | "array", test: Code, checks: Code): Code {
  return typesEnsure(node.types, kind) ? checks : code`if (${test}) {\n${checks}}\n`;
}

/**
 * The TypeScript type of the values a schema accepts: what a tool's `execute` receives after
 * validation.
 */
export function argsType(node: SchemaNode): Code {
  if (node.never) return Code.raw("never");
  const enumerated = node.enumValues ? enumType(node.enumValues) : undefined;
  if (enumerated) return enumerated;
  // Without a declared type any value passes (object and array rules apply only to those kinds).
  if (!node.types) return Code.raw("unknown");
  return union(
    node.types.map((type) => {
      if (type === "array") return itemsType(node.items, argsType);
      if (type === "object")
        return node.object
          ? objectType(node.object, argsType, jsdoc)
          : Code.raw("Record<string, unknown>");
      return primitiveType(type);
    }),
  );
}

/** A JSDoc block: line breaks kept as lines; `*\/` in the text cannot close the comment. */
export function jsdoc(text: string): Code {
  const lines = escapeLineSeparators(text.replace(/\*\//g, "*\\/")).split(/\r\n|[\n\r]/);
  if (lines.length === 1) return Code.raw(`/** ${lines[0]} */\n`);
  return Code.raw(`/**\n${lines.map((line) => ` * ${line}`.trimEnd()).join("\n")}\n */\n`);
}
