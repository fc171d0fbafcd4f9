import type { ObjectRules } from "../../normalize/schema.js";
import { hasChecks } from "../checks.js";
import { code, join, type Code } from "../code.js";
import { pathLiteral, pushIssue, type EmitContext, type PathPart } from "../context.js";
import { ownKeyGuard } from "../typeTests.js";

/**
 * The object keywords (`properties`, `required`, undeclared keys / `additionalProperties`).
 * One pass over the own enumerable keys (the only keys that count) picks up the declared
 * values; then declared properties are checked in declaration order, and only then the other
 * keys, in the input's order, so that issues come in depth-first order.
 */
export function collectObject(
  ctx: EmitContext,
  rules: ObjectRules,
  record: Code,
  path: readonly PathPart[],
): Code {
  const properties = rules.properties.map((rule) => ({
    rule,
    slot: rule.required || hasChecks(rule.schema) ? ctx.names.next("v") : undefined,
  }));
  const requiredOnly = rules.requiredOnly.map((key) => ({ key, slot: ctx.names.next("v") }));
  const unknown = rules.unknownKeys;
  const checksOthers =
    unknown.kind === "reject" || (unknown.kind === "check" && hasChecks(unknown.schema));
  const declaredCount = properties.length + requiredOnly.length;
  // Whether the first pass saw a key that is not a declared property.
  const sawOther = checksOthers && declaredCount > 0 ? ctx.names.next("o") : undefined;

  let out = code``;
  if (declaredCount > 0) {
    const key = ctx.names.next("k");
    const value = ctx.names.next("v");
    const slots = [...properties, ...requiredOnly].flatMap(({ slot }) =>
      slot ? [code`let ${slot}: unknown;\n`] : [],
    );
    const markOther = sawOther ? code`${sawOther} = true;\n` : code``;
    const cases = [
      ...properties.map(
        ({ rule, slot }) =>
          code`case ${rule.key}:\n${slot ? code`${slot} = ${value};\n` : code``}continue;\n`,
      ),
      ...requiredOnly.map(
        ({ key: name, slot }) => code`case ${name}:\n${slot} = ${value};\n${markOther}continue;\n`,
      ),
    ];
    const flag = sawOther ? code`let ${sawOther} = false;\n` : code``;
    out = code`${join(slots, "")}${flag}for (const ${key} in ${record}) {\n${ownKeyGuard(record, key)}const ${value} = ${record}[${key}];\nif (${value} === undefined) continue;\nswitch (${key}) {\n${join(cases, "")}default:\n${markOther}continue;\n}\n}\n`;
  }

  for (const { rule, slot } of properties) {
    if (!slot) continue;
    const propertyPath = [...path, rule.key];
    const nested = hasChecks(rule.schema) ? ctx.emitNode(rule.schema, slot, propertyPath) : code``;
    if (!rule.required) {
      out = code`${out}if (${slot} !== undefined) {\n${nested}}\n`;
      continue;
    }
    const missing = pushIssue("missing", code`path: ${pathLiteral(ctx, propertyPath)}`);
    out =
      nested.toString() === ""
        ? code`${out}if (${slot} === undefined) {\n${missing}}\n`
        : code`${out}if (${slot} === undefined) {\n${missing}} else {\n${nested}}\n`;
  }
  for (const { key, slot } of requiredOnly) {
    const missing = pushIssue("missing", code`path: ${pathLiteral(ctx, [...path, key])}`);
    out = code`${out}if (${slot} === undefined) {\n${missing}}\n`;
  }

  if (checksOthers) out = code`${out}${collectOtherKeys(ctx, rules, record, path, sawOther)}`;
  return out;
}

/** Keys not declared in `properties`: each rejected, or checked against `additionalProperties`. */
function collectOtherKeys(
  ctx: EmitContext,
  rules: ObjectRules,
  record: Code,
  path: readonly PathPart[],
  sawOther: Code | undefined,
): Code {
  const key = ctx.names.next("k");
  const value = ctx.names.next("v");
  const keyPath = [...path, key];
  const skipDeclared =
    rules.properties.length === 0
      ? code``
      : code`switch (${key}) {\n${join(
          rules.properties.map((p) => code`case ${p.key}:`),
          "\n",
        )}\ncontinue;\n}\n`;
  const body =
    rules.unknownKeys.kind === "check"
      ? ctx.emitNode(rules.unknownKeys.schema, value, keyPath)
      : pushIssue("unexpected", code`path: ${pathLiteral(ctx, keyPath)}`);
  const loop = code`for (const ${key} in ${record}) {\n${skipDeclared}${ownKeyGuard(record, key)}const ${value} = ${record}[${key}];\nif (${value} === undefined) continue;\n${body}}\n`;
  return sawOther ? code`if (${sawOther}) {\n${loop}}\n` : loop;
}
