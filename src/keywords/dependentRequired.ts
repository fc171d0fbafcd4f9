import { code, join, type Code } from "../code/code.js";
import type { PathPart } from "../code/context.js";
import type { JsonValue, StaticObject } from "../extract/values.js";
import {
  accepted,
  addIssue,
  describeJson,
  keywordValue,
  rejected,
  ruleValue,
  type Located,
  type RuleResult,
} from "./constraintReading.js";
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
  support: ["dependentRequired"],
  read: readDependents,
  hasChecks: (dependents) => dependents.length > 0,
  weight: (dependents) => dependents.length,
  collect: collectDependents,
  issues: [
    {
      code: "dependent_required",
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
    code`${ctx.module.use("isPresent", "dependentRequired")}(${record}, ${key})`;
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

/** Each key with the keys it requires when present, in declaration order. */
export type Dependents = readonly (readonly [key: string, requires: readonly string[]])[];

/**
 * `dependentRequired`: an object whose every value is an array of strings. A key listed twice
 * in one array is a warning (as for `required`) and listed once; a key that requires nothing
 * (`[]`) or only itself is left out.
 */
export function dependentRequiredRule(
  value: JsonValue,
  keyword = "dependentRequired",
): RuleResult<Dependents> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return rejected(
      keyword,
      `\`${keyword}\` must be an object whose values are arrays of key names, not ${describeJson(value)}.`,
    );
  }
  const dependents: (readonly [string, readonly string[]])[] = [];
  const warnings: Located[] = [];
  for (const [key, list] of Object.entries(value)) {
    if (!Array.isArray(list)) {
      return rejected(
        keyword,
        `\`${keyword}.${key}\` must be an array of key names (strings), not ${describeJson(list)}.`,
      );
    }
    const wrong = list.findIndex((item) => typeof item !== "string");
    if (wrong >= 0) {
      return rejected(
        keyword,
        `\`${keyword}.${key}[${wrong}]\` must be a key name (a string), not ${describeJson(list[wrong]!)}.`,
      );
    }
    const seen = new Set<string>();
    for (const item of list as string[]) {
      if (seen.has(item)) {
        warnings.push({
          keyword,
          message: `\`${keyword}.${key}\` lists ${JSON.stringify(item)} twice.`,
        });
      }
      seen.add(item);
    }
    seen.delete(key);
    if (seen.size > 0) dependents.push([key, [...seen]]);
  }
  return accepted(dependents, warnings);
}

/**
 * draft-07's `dependencies` when every value is an array: the same as `dependentRequired`.
 * undefined when some value is a schema (draft-07's `dependentSchemas`, not enforced): then
 * nothing of it is read here.
 */
export function dependenciesRule(value: JsonValue): RuleResult<Dependents> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  if (!Object.values(value).every((item) => Array.isArray(item))) return undefined;
  return dependentRequiredRule(value, "dependencies");
}
