import { code, join, type Code } from "../code/code.js";
import type { PathPart } from "../code/context.js";
import type { StaticObject } from "../extract/values.js";
import { addIssue, keywordValue, ruleValue } from "./constraintReading.js";
import { dependenciesRule, dependentRequiredRule, type Dependents } from "./constraintRules.js";
import type { Emit, KeywordDefinition, SchemaReading } from "./definition.js";

/**
 * `dependentRequired` (opt-in): when key `a` is present, every key listed for it is present,
 * present as `required` reads it (CONTRACT.md section 3.1); draft-07's `dependencies` whose
 * values are all arrays is the same keyword in its older spelling and is read with it. A
 * `dependencies` with a schema among its values is draft-07's `dependentSchemas`: not
 * enforced, listed, and it still allows keys the validators do not see (object.ts). Its
 * issue is `dependent_required`, one per missing key, at that key's path.
 */
export const dependentRequiredKeyword: KeywordDefinition<Dependents> = {
  keywords: ["dependentRequired", "dependencies"],
  optIn: true,
  appliesTo: "object",
  support: ["constraints"],
  read: readDependents,
  hasChecks: (dependents) => dependents.length > 0,
  weight: (dependents) => dependents.length,
  collect: collectDependents,
  issues: [
    {
      code: "dependent_required",
      rank: 17,
      doc: "A key that `dependentRequired` requires because the key `when` is present.",
      fields: [{ name: "when", type: "string", shown: "text", recorded: false }],
      text: {
        root: "The input is required when `{when}` is provided",
        at: "The parameter `{path}` is required when `{sibling:when}` is provided",
      },
    },
  ],
};

function readDependents(schema: StaticObject, reading: SchemaReading): Dependents | undefined {
  const current = keywordValue(schema, "dependentRequired", reading);
  const older = keywordValue(schema, "dependencies", reading);
  if (current === undefined && older === undefined) return undefined;
  // Both spellings in one schema both apply: one list per key, in the order first declared.
  const merged = new Map<string, Set<string>>();
  const add = (dependents: Dependents | undefined) => {
    for (const [key, requires] of dependents ?? []) {
      const set = merged.get(key) ?? new Set<string>();
      for (const name of requires) set.add(name);
      merged.set(key, set);
    }
  };
  if (current !== undefined) add(ruleValue(dependentRequiredRule(current), schema, reading));
  if (older !== undefined) {
    const rule = dependenciesRule(older);
    if (rule !== undefined) add(ruleValue(rule, schema, reading));
    else {
      const note = "`dependencies` with schemas (draft-07's `dependentSchemas`) is not enforced";
      reading.notEnforced({ keyword: "dependencies", at: reading.at, note });
    }
  }
  return [...merged].map(([key, requires]) => [key, [...requires]] as const);
}

function collectDependents(
  ctx: Emit,
  dependents: Dependents,
  record: Code,
  path: readonly PathPart[],
): Code {
  const present = (key: string) =>
    code`${ctx.module.use("isPresent", "constraints")}(${record}, ${key})`;
  return join(
    dependents.map(([key, requires]) => {
      const checks = requires.map(
        (required) =>
          code`if (!${present(required)}) {\n${addIssue(
            ctx,
            "dependent_required",
            [...path, required],
            {
              when: code`${key}`,
            },
          )}}\n`,
      );
      return code`if (${present(key)}) {\n${join(checks, "")}}\n`;
    }),
    "",
  );
}
