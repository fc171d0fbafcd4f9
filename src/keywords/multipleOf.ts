import { code, literal, type Code } from "../code/code.js";
import type { JsonValue } from "../extract/values.js";
import { decimalOf } from "../support/multipleOf.js";
import {
  accepted,
  addIssue,
  describeJson,
  keywordValue,
  numberCode,
  rejected,
  ruleValue,
  type RuleResult,
} from "./constraintReading.js";
import type { Emit, KeywordDefinition } from "./definition.js";

/**
 * `multipleOf` (opt-in): the number, read as the decimal JSON writes it, divided by the
 * divisor is an integer, in exact decimal arithmetic: 19.99 is a multiple of 0.01
 * (CONTRACT.md section 3.1). The divisor is split into its digits and exponent here, once;
 * the run-time test is src/support/multipleOf.ts's `isMultipleOf` (a few arithmetic operations for the
 * usual numbers). Its issue is `not_multiple`.
 */
export const multipleOfKeyword: KeywordDefinition<Divisor> = {
  keywords: ["multipleOf"],
  optIn: true,
  appliesTo: "number",
  support: ["multipleOf"],
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
    return code`${ctx.module.use("isMultipleOf", "multipleOf")}(${value}, ${numberCode(divisor.mantissa)}, ${numberCode(divisor.exponent)})`;
  return code`${ctx.module.use("isMultipleOfDigits", "multipleOf")}(${value}, ${literal(divisor.digits)}, ${numberCode(divisor.exponent)})`;
}

/**
 * A `multipleOf` divisor as the predicate takes it (`isMultipleOf(value, mantissa, exponent)`,
 * or `isMultipleOfDigits(value, digits, exponent)` when `mantissa` is undefined): the decimal
 * JSON writes for it, `digits * 10^exponent`. 0.01 is `{ mantissa: 1, exponent: -2 }`.
 */
export interface Divisor {
  readonly divisor: number;
  readonly digits: string;
  /** The digits as a number when it is a safe integer. */
  readonly mantissa: number | undefined;
  readonly exponent: number;
}

/** `multipleOf`: a number greater than 0. */
export function multipleOfRule(value: JsonValue): RuleResult<Divisor> {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    return rejected(
      "multipleOf",
      `\`multipleOf\` must be a number greater than 0, not ${describeJson(value)}.`,
    );
  }
  const { digits, exponent } = decimalOf(value);
  const mantissa = Number(digits);
  return accepted({
    divisor: value,
    digits,
    mantissa: Number.isSafeInteger(mantissa) ? mantissa : undefined,
    exponent,
  });
}
