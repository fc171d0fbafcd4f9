import type { ObjectRules } from "../../normalize/schema.js";
import { code, join, type Code } from "../code.js";
import { ownKeyGuard } from "../typeTests.js";
import type { EmitContext } from "../context.js";

/**
 * One pass over the object's own enumerable keys: a `switch` sends each key to its checks,
 * required keys are counted, and an undeclared key is rejected, allowed or checked. Keys that
 * are absent cost nothing, and no property is looked up by name.
 */
export function acceptObject(ctx: EmitContext, rules: ObjectRules, record: Code): Code {
  const required = rules.properties.filter((p) => p.required).length + rules.requiredOnly.length;
  const unknown = rules.unknownKeys;
  const key = ctx.names.next("k");
  const value = ctx.names.next("v");
  const count = required > 0 ? ctx.names.next("n") : undefined;
  const counted = count ? code`${count}++;\n` : code``;

  const otherKeys =
    unknown.kind === "reject"
      ? code`return false;\n`
      : unknown.kind === "check"
        ? code`${ctx.acceptNode(unknown.schema, value)}continue;\n`
        : code`continue;\n`;
  // Keys with the same checks share one case body.
  const bodies = new Map<string, { keys: string[]; body: Code }>();
  const addCase = (name: string, body: Code) => {
    const entry = bodies.get(body.toString());
    if (entry) entry.keys.push(name);
    else bodies.set(body.toString(), { keys: [name], body });
  };
  for (const property of rules.properties) {
    addCase(
      property.key,
      code`${ctx.acceptNode(property.schema, value)}${property.required ? counted : code``}continue;\n`,
    );
  }
  for (const name of rules.requiredOnly) addCase(name, code`${counted}${otherKeys}`);

  if (bodies.size === 0 && unknown.kind === "allow") return code``;
  const cases = [...bodies.values()].map(
    ({ keys, body }) =>
      code`${join(
        keys.map((name) => code`case ${name}:`),
        "\n",
      )} {\n${body}}\n`,
  );
  const dispatch =
    cases.length === 0
      ? otherKeys
      : code`switch (${key}) {\n${join(cases, "")}default: {\n${otherKeys}}\n}\n`;
  const loop = code`for (const ${key} in ${record}) {\n${ownKeyGuard(record, key)}const ${value} = ${record}[${key}];\nif (${value} === undefined) continue;\n${dispatch}}\n`;
  if (!count) return loop;
  return code`let ${count} = 0;\n${loop}if (${count} !== ${required}) return false;\n`;
}
