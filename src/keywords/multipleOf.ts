import { code, literal, type Code } from "../code/code.js";
import { addIssue, keywordValue, numberCode, ruleValue } from "./constraintReading.js";
import { multipleOfRule, type Divisor } from "./constraintRules.js";
import type { Emit, KeywordDefinition } from "./definition.js";

/**
 * `multipleOf` (opt-in): the number, read as the decimal JSON writes it, divided by the
 * divisor is an integer, in exact decimal arithmetic: 19.99 is a multiple of 0.01
 * (CONTRACT.md section 3.1). The divisor is split into its digits and exponent here, once;
 * the run-time test is constraints.ts's `isMultipleOf` (a few arithmetic operations for the
 * usual numbers). Its issue is `not_multiple`.
 */
export const multipleOfKeyword: KeywordDefinition<Divisor> = {
  keywords: ["multipleOf"],
  optIn: true,
  appliesTo: "number",
  support: ["constraints"],
  read(schema, reading) {
    const value = keywordValue(schema, "multipleOf", reading);
    if (value === undefined) return undefined;
    return ruleValue(multipleOfRule(value), schema, reading);
  },
  collect: (ctx, divisor, value, path) =>
    code`if (!${isMultiple(ctx, divisor, value)}) {\n${addIssue(ctx, "not_multiple", path, {
      divisor: numberCode(divisor.divisor),
      received: value,
    })}}\n`,
  issues: [
    {
      code: "not_multiple",
      rank: 8,
      doc: "A number that is not a multiple of `multipleOf` (`divisor`), in exact decimal arithmetic; `received` is the number.",
      fields: [
        { name: "divisor", type: "number", shown: "number", recorded: true },
        { name: "received", type: "number", shown: "number", recorded: false },
      ],
      text: {
        root: "The input is invalid: expected a multiple of {divisor} but provided {received}",
        at: "The parameter `{path}` is invalid: expected a multiple of {divisor} but provided {received}",
      },
    },
  ],
};

function isMultiple(ctx: Emit, divisor: Divisor, value: Code): Code {
  if (divisor.mantissa !== undefined)
    return code`${ctx.module.use("isMultipleOf", "constraints")}(${value}, ${numberCode(divisor.mantissa)}, ${numberCode(divisor.exponent)})`;
  return code`${ctx.module.use("isMultipleOfDigits", "constraints")}(${value}, ${literal(divisor.digits)}, ${numberCode(divisor.exponent)})`;
}
