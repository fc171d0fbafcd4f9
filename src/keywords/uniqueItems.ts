import { code } from "../code/code.js";
import type { JsonValue } from "../extract/values.js";
import {
  accepted,
  addIssue,
  describeJson,
  keywordValue,
  rejected,
  ruleValue,
  type RuleResult,
} from "./constraintReading.js";
import type { KeywordDefinition } from "./definition.js";

/**
 * `uniqueItems` (opt-in): with `true`, no two elements are equal, by the deep equality of
 * `enum` and `const` (CONTRACT.md section 3.1): src/support/uniqueItems.ts's `duplicateItems`, pairwise for
 * short arrays and hashed for long ones. Its issue is `not_unique` with the first equal pair.
 */
export const uniqueItemsKeyword: KeywordDefinition<true> = {
  keywords: ["uniqueItems"],
  optIn: true,
  appliesTo: "array",
  support: ["uniqueItems"],
  read(schema, reading) {
    const value = keywordValue(schema, "uniqueItems", reading);
    if (value === undefined) return undefined;
    return ruleValue(uniqueItemsRule(value), schema, reading) === true ? true : undefined;
  },
  collect(ctx, _unique, array, path) {
    const pair = ctx.names.next("d");
    return code`const ${pair} = ${ctx.module.use("duplicateItems", "uniqueItems")}(${array});\nif (${pair} !== undefined) {\n${addIssue(
      ctx,
      "not_unique",
      path,
      { indices: pair },
    )}}\n`;
  },
  issues: [
    {
      code: "not_unique",
      doc: "An array with two equal elements under `uniqueItems`: `indices` are the first such pair.",
      fields: [
        {
          name: "indices",
          type: "readonly [number, number]",
          shown: "indices",
          recorded: false,
        },
      ],
      text: {
        root: "The input has duplicate items: {indices} are equal",
        at: "The parameter `{path}` has duplicate items: {indices} are equal",
      },
    },
  ],
};

/** `uniqueItems`: true or false (false checks nothing). */
export function uniqueItemsRule(value: JsonValue): RuleResult<boolean> {
  if (typeof value !== "boolean") {
    return rejected(
      "uniqueItems",
      `\`uniqueItems\` must be true or false, not ${describeJson(value)}.`,
    );
  }
  return accepted(value);
}
