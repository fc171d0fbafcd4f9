import type { PropertyRule } from "../../normalize/schema.js";
import { code, literal, member, type Code } from "../code.js";
import { pathLiteral, pushIssue, type EmitContext, type PathPart } from "../context.js";
import { hasChecks } from "../checks.js";

/**
 * Declared properties, in declaration order. A key counts as present only as an own property
 * whose value is not `undefined` (inherited keys never count; JSON may carry an own `__proto__`).
 */
export function emitProperties(
  ctx: EmitContext,
  properties: readonly PropertyRule[],
  record: Code,
  path: readonly PathPart[],
): Code {
  let out = code``;
  for (const property of properties) {
    const propertyPath = [...path, property.key];
    const checks = hasChecks(property.schema);
    if (!property.required && !checks) continue;
    const value = ctx.names.next("v");
    const read = code`const ${value} = Object.hasOwn(${record}, ${literal(property.key)}) ? ${member(record, property.key)} : undefined;\n`;
    const nested = checks ? ctx.emitNode(property.schema, value, propertyPath) : code``;
    if (property.required) {
      const missing = pushIssue(code`code: "missing", path: ${pathLiteral(propertyPath)}`);
      out =
        nested.toString() === ""
          ? code`${out}${read}if (${value} === undefined) {\n${missing}}\n`
          : code`${out}${read}if (${value} === undefined) {\n${missing}} else {\n${nested}}\n`;
    } else {
      out = code`${out}${read}if (${value} !== undefined) {\n${nested}}\n`;
    }
  }
  return out;
}

/** Required keys that have no declared property (standard mode): presence only. */
export function emitRequiredOnly(
  keys: readonly string[],
  record: Code,
  path: readonly PathPart[],
): Code {
  let out = code``;
  for (const key of keys) {
    const missing = pushIssue(code`code: "missing", path: ${pathLiteral([...path, key])}`);
    out = code`${out}if (!Object.hasOwn(${record}, ${key}) || ${member(record, key)} === undefined) {\n${missing}}\n`;
  }
  return out;
}
