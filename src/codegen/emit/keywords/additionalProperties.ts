import type { SchemaNode, UnknownKeys } from "../../normalize/schema.js";
import { code, join, type Code } from "../code.js";
import { pathLiteral, pushIssue, type EmitContext, type PathPart } from "../context.js";
import { hasChecks } from "../checks.js";

/**
 * Keys not declared in `properties`, in the input's key order: rejected (strict default,
 * `additionalProperties: false`) or checked against the `additionalProperties` schema.
 * One pass over the object's own keys; a key whose value is `undefined` counts as absent.
 */
export function emitUnknownKeys(
  ctx: EmitContext,
  unknownKeys: UnknownKeys,
  declared: readonly string[],
  record: Code,
  path: readonly PathPart[],
): Code {
  if (unknownKeys.kind === "allow") return code``;
  if (unknownKeys.kind === "check" && !hasChecks(unknownKeys.schema)) return code``;
  const key = ctx.names.next("k");
  const value = ctx.names.next("v");
  const keyPath = [...path, key];
  const skipDeclared =
    declared.length === 0
      ? code``
      : code`switch (${key}) {\n${join(
          declared.map((name) => code`case ${name}:`),
          "\n",
        )}\ncontinue;\n}\n`;
  const body =
    unknownKeys.kind === "reject"
      ? pushIssue(code`code: "unexpected", path: ${pathLiteral(keyPath)}`)
      : ctx.emitNode(unknownKeys.schema as SchemaNode, value, keyPath);
  return code`for (const ${key} in ${record}) {\n${skipDeclared}if (!Object.hasOwn(${record}, ${key})) continue;\nconst ${value} = ${record}[${key}];\nif (${value} === undefined) continue;\n${body}}\n`;
}
