// CONTRACT.md section 3.1 (the opt-in constraints' build-time rules).
import type { JsonValue } from "../extract/values.js";
import { decimalOf } from "../support/constraints.js";
import { nearest } from "../support/similarity.js";
import { checkPattern, PATTERN_WIDTH_LIMIT, type PatternVerdict } from "./redos.js";

/**
 * The build-time rules of the constraint keywords a host can enforce (`enforce`, CONTRACT.md
 * section 3.1): whether a keyword's value is valid by draft 2020-12's meta-schema (with the
 * older forms tool declarations still carry: draft-04 / OpenAPI 3.0 `exclusiveMinimum: true`
 * beside `minimum`, draft-07 `items: [...]` and `additionalItems`, draft-07 `dependencies`
 * with arrays), and the value normalised for the emitter. Pure functions of plain JSON values:
 * each returns `{ value }` or `{ problem, keyword }`, the problem a sentence for a located
 * diagnostic (the keyword says where: the key whose value is wrong).
 *
 * They are meant for enforced keywords only: without `enforce`, nothing here runs, and a
 * malformed value of a keyword that is not enforced stays what it is today (not enforced,
 * listed).
 */

/** The keywords `enforce` can name, in the order of their issue codes. */
export const CONSTRAINT_KEYWORDS = [
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "prefixItems",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "const",
] as const;

export type ConstraintKeyword = (typeof CONSTRAINT_KEYWORDS)[number];

export type RuleResult<T> =
  | { readonly ok: true; readonly value: T; readonly warnings?: readonly Located[] }
  | {
      readonly ok: false;
      readonly problem: string;
      readonly keyword: string;
      /** A pattern too costly to match in linear time (its own diagnostic); otherwise a malformed value. */
      readonly redos?: true;
    };

/** A sentence about one keyword's value. */
export interface Located {
  readonly keyword: string;
  readonly message: string;
}

/** A schema object as plain JSON. */
export type SchemaObject = { readonly [key: string]: JsonValue | undefined };

function ok<T>(value: T, warnings?: readonly Located[]): RuleResult<T> {
  return warnings === undefined || warnings.length === 0
    ? { ok: true, value }
    : { ok: true, value, warnings };
}

function problem(keyword: string, message: string): RuleResult<never> {
  return { ok: false, problem: message, keyword };
}

// ---------------------------------------------------------------------------------------------
// enforce

/**
 * The `enforce` setting: `"all"`, or a list of constraint keywords (each at most once; an
 * empty list enforces nothing beyond the default subset). The flag's text
 * (`--enforce minimum,pattern`) is split on commas first: see `parseEnforceFlag`.
 */
export function readEnforce(value: JsonValue): RuleResult<ReadonlySet<ConstraintKeyword>> {
  if (value === "all") return ok(new Set(CONSTRAINT_KEYWORDS));
  if (!Array.isArray(value)) {
    return problem(
      "enforce",
      `"enforce" must be "all" or a list of keywords, not ${describe(value)}; the keywords are ${keywordList()}`,
    );
  }
  const keywords = new Set<ConstraintKeyword>();
  for (const item of value) {
    if (typeof item !== "string") {
      return problem("enforce", `"enforce" lists keywords by name, not ${describe(item)}`);
    }
    if (item === "all") {
      return problem(
        "enforce",
        `"all" is the whole value of "enforce" ("enforce": "all"), not a list item`,
      );
    }
    if (!isConstraintKeyword(item)) {
      const suggestion = nearest(item, CONSTRAINT_KEYWORDS);
      return problem(
        "enforce",
        `"enforce" names an unknown keyword ${JSON.stringify(item)}${suggestion === undefined ? "" : ` (did you mean "${suggestion}"?)`}; the keywords are ${keywordList()}`,
      );
    }
    keywords.add(item);
  }
  return ok(keywords);
}

/** `--enforce minimum,maximum` or `--enforce all`: the flag's text as `readEnforce` reads it. */
export function parseEnforceFlag(text: string): RuleResult<ReadonlySet<ConstraintKeyword>> {
  const trimmed = text.trim();
  if (trimmed === "all") return readEnforce("all");
  const parts = trimmed.split(",").map((part) => part.trim());
  if (parts.some((part) => part === "")) {
    return problem(
      "enforce",
      `--enforce takes "all" or keywords separated by commas, not ${JSON.stringify(text)}`,
    );
  }
  return readEnforce(parts);
}

export function isConstraintKeyword(name: string): name is ConstraintKeyword {
  return (CONSTRAINT_KEYWORDS as readonly string[]).includes(name);
}

function keywordList(): string {
  return CONSTRAINT_KEYWORDS.join(", ");
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** `minimum`, `maximum`, and 2020-12's numeric `exclusiveMinimum` / `exclusiveMaximum`. */
export function numberRule(keyword: string, value: JsonValue): RuleResult<number> {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return problem(keyword, `\`${keyword}\` must be a number, not ${describe(value)}.`);
  }
  return ok(value === 0 ? 0 : value);
}

/**
 * One side's bound, the tighter of the two keywords that set it, with the keyword whose issue
 * a value outside it gets: `{ minimum: 1, exclusiveMinimum: 1 }` is "more than 1", `{ minimum:
 * 1, exclusiveMinimum: 0 }` is "at least 1".
 */
export interface Bound {
  readonly limit: number;
  readonly exclusive: boolean;
  readonly keyword: "minimum" | "exclusiveMinimum" | "maximum" | "exclusiveMaximum";
}

/**
 * The lower bound of a schema (`side` "lower": `minimum`, `exclusiveMinimum`) or its upper
 * bound (`maximum`, `exclusiveMaximum`), from the keywords `enforced` says are enforced;
 * undefined when there is none.
 *
 * Both forms of the exclusive keyword are read: 2020-12's number (an exclusive bound of its
 * own, beside or instead of `minimum`), and draft-04's / OpenAPI 3.0's boolean beside
 * `minimum`, which makes that bound exclusive (`false` leaves it inclusive). The boolean form
 * is one bound declared by two keywords: enforcing either enforces it as declared. A boolean
 * without `minimum` beside it is an error, as draft-04's meta-schema has it.
 */
export function boundRule(
  schema: SchemaObject,
  side: "lower" | "upper",
  enforced: (keyword: ConstraintKeyword) => boolean,
): RuleResult<Bound | undefined> {
  const inclusiveKeyword = side === "lower" ? "minimum" : "maximum";
  const exclusiveKeyword = side === "lower" ? "exclusiveMinimum" : "exclusiveMaximum";
  const inclusive = schema[inclusiveKeyword];
  const exclusive = schema[exclusiveKeyword];
  const tighter =
    side === "lower" ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;

  if (typeof exclusive === "boolean") {
    if (!enforced(inclusiveKeyword) && !enforced(exclusiveKeyword)) return ok(undefined);
    if (inclusive === undefined) {
      return problem(
        exclusiveKeyword,
        `\`${exclusiveKeyword}: ${exclusive}\` (the draft-04 / OpenAPI 3.0 form) needs \`${inclusiveKeyword}\` beside it; in draft 2020-12 \`${exclusiveKeyword}\` is the bound itself, a number.`,
      );
    }
    const read = numberRule(inclusiveKeyword, inclusive);
    if (!read.ok) return read;
    return ok({
      limit: read.value,
      exclusive,
      keyword: exclusive ? exclusiveKeyword : inclusiveKeyword,
    });
  }

  let bound: Bound | undefined;
  if (inclusive !== undefined && enforced(inclusiveKeyword)) {
    const read = numberRule(inclusiveKeyword, inclusive);
    if (!read.ok) return read;
    bound = { limit: read.value, exclusive: false, keyword: inclusiveKeyword };
  }
  if (exclusive !== undefined && enforced(exclusiveKeyword)) {
    if (typeof exclusive !== "number") {
      return problem(
        exclusiveKeyword,
        `\`${exclusiveKeyword}\` must be a number (or, in the draft-04 / OpenAPI 3.0 form, true or false beside \`${inclusiveKeyword}\`), not ${describe(exclusive)}.`,
      );
    }
    const read = numberRule(exclusiveKeyword, exclusive);
    if (!read.ok) return read;
    // Equal limits: the exclusive bound is the tighter one.
    if (bound === undefined || !tighter(bound.limit, read.value)) {
      bound = { limit: read.value, exclusive: true, keyword: exclusiveKeyword };
    }
  }
  return ok(bound);
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
    return problem(
      "multipleOf",
      `\`multipleOf\` must be a number greater than 0, not ${describe(value)}.`,
    );
  }
  const { digits, exponent } = decimalOf(value);
  const mantissa = Number(digits);
  return ok({
    divisor: value,
    digits,
    mantissa: Number.isSafeInteger(mantissa) ? mantissa : undefined,
    exponent,
  });
}

// ---------------------------------------------------------------------------------------------
// Counts: minLength, maxLength, minItems, maxItems, minProperties, maxProperties

/**
 * A count: a non-negative integer (the meta-schema's `nonNegativeInteger`: type integer, so
 * 2.0 is 2, as JavaScript reads it anyway).
 */
export function countRule(keyword: string, value: JsonValue): RuleResult<number> {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    return problem(
      keyword,
      `\`${keyword}\` must be a non-negative integer, not ${describe(value)}.`,
    );
  }
  return ok(value === 0 ? 0 : value);
}

// ---------------------------------------------------------------------------------------------
// Strings: pattern

export interface Pattern {
  /** The source, compiled by the validators with src/support/patterns.ts's `pattern`. */
  readonly source: string;
  /**
   * Why it cannot be matched in linear time (it uses a look-ahead, a back-reference): then it
   * is not enforced, and the caller warns and lists it. Undefined: enforced.
   */
  readonly unanalysable?: string;
}

/**
 * `pattern`: a string that compiles as a regular expression with the `u` flag and whose
 * automaton keeps few enough states active at once (redos.ts). One that does not compile, or
 * that is too costly, is a problem; one with a look-around or a back-reference is returned
 * with the reason, for the caller to leave it out (a pattern the validators run on every call
 * must run in linear time).
 */
export function patternRule(
  value: JsonValue,
  check: (source: string) => PatternVerdict = checkPattern,
): RuleResult<Pattern> {
  if (typeof value !== "string") {
    return problem(
      "pattern",
      `\`pattern\` must be a string (a regular expression), not ${describe(value)}.`,
    );
  }
  const verdict = check(value);
  switch (verdict.status) {
    case "safe":
      return ok({ source: value });
    case "invalid":
      return problem(
        "pattern",
        `\`pattern\` is not a valid regular expression with the \`u\` flag: ${verdict.message}.`,
      );
    case "too wide":
      return {
        ok: false,
        keyword: "pattern",
        redos: true,
        problem: `\`pattern\` costs too much to match: up to ${verdict.width} states of its automaton can be active at one character of a text (at most ${PATTERN_WIDTH_LIMIT}), and each costs a step at every character; anchor it with \`^\`, make its counted repetitions smaller, or bound a length with \`maxLength\`.`,
      };
    case "unknown":
      return ok({ source: value, unanalysable: verdict.reason });
  }
}

// ---------------------------------------------------------------------------------------------
// Arrays: uniqueItems, prefixItems (and draft-07's array items)

/** `uniqueItems`: true or false (false checks nothing). */
export function uniqueItemsRule(value: JsonValue): RuleResult<boolean> {
  if (typeof value !== "boolean") {
    return problem("uniqueItems", `\`uniqueItems\` must be true or false, not ${describe(value)}.`);
  }
  return ok(value);
}

/**
 * An array's positional schemas: `prefix[i]` checks element `i`; `rest` (undefined: anything)
 * checks every element after the prefix, from the keyword named in `restKeyword`.
 */
export interface Tuple {
  readonly prefix: readonly JsonValue[];
  readonly rest: JsonValue | undefined;
  readonly prefixKeyword: "prefixItems" | "items";
  readonly restKeyword: "items" | "additionalItems" | undefined;
}

/**
 * The positional form of a schema, undefined when it has none:
 *
 * - 2020-12: `prefixItems` (a non-empty array of schemas), with `items` (one schema) for the
 *   elements after them.
 * - draft-07: `items` as an array of schemas reads as `prefixItems`, and `additionalItems`
 *   beside it as 2020-12's `items` (the same meaning: the elements after the prefix).
 *   `additionalItems` without an array `items` does nothing (as in draft-07): a warning.
 * - Both forms in one schema (`prefixItems` and an array `items`) is an error: one of them
 *   would be ignored.
 *
 * The schemas themselves are checked where every schema is; here only that each is an object
 * or a boolean.
 */
export function tupleRule(schema: SchemaObject): RuleResult<Tuple | undefined> {
  const prefixItems = schema["prefixItems"];
  const items = schema["items"];
  const additionalItems = schema["additionalItems"];
  const warnings: Located[] = [];

  if (prefixItems !== undefined) {
    const prefix = schemaArray("prefixItems", prefixItems);
    if (!prefix.ok) return prefix;
    if (Array.isArray(items)) {
      return problem(
        "items",
        "`items` as an array is draft-07's form of `prefixItems`; beside `prefixItems` it must be one schema (the elements after them).",
      );
    }
    if (additionalItems !== undefined) {
      warnings.push({
        keyword: "additionalItems",
        message:
          "`additionalItems` has no effect beside `prefixItems` (draft 2020-12 removed it): write the schema of the elements after them as `items`.",
      });
    }
    return ok(
      {
        prefix: prefix.value,
        rest: items,
        prefixKeyword: "prefixItems",
        restKeyword: items === undefined ? undefined : "items",
      },
      warnings,
    );
  }

  if (Array.isArray(items)) {
    const prefix = schemaArray("items", items);
    if (!prefix.ok) return prefix;
    if (additionalItems !== undefined && !isSchema(additionalItems)) {
      return problem(
        "additionalItems",
        `\`additionalItems\` must be a schema (an object, true or false), not ${describe(additionalItems)}.`,
      );
    }
    return ok({
      prefix: prefix.value,
      rest: additionalItems,
      prefixKeyword: "items",
      restKeyword: additionalItems === undefined ? undefined : "additionalItems",
    });
  }

  if (additionalItems !== undefined) {
    warnings.push({
      keyword: "additionalItems",
      message:
        "`additionalItems` has no effect without an array `items` beside it (draft-07); it is ignored.",
    });
  }
  return ok(undefined, warnings);
}

function schemaArray(keyword: string, value: JsonValue): RuleResult<readonly JsonValue[]> {
  if (!Array.isArray(value) || value.length === 0) {
    return problem(
      keyword,
      `\`${keyword}\` must be a non-empty array of schemas, not ${describe(value)}.`,
    );
  }
  for (let i = 0; i < value.length; i++) {
    if (!isSchema(value[i]!)) {
      return problem(
        keyword,
        `\`${keyword}[${i}]\` must be a schema (an object, true or false), not ${describe(value[i]!)}.`,
      );
    }
  }
  return ok(value);
}

function isSchema(value: JsonValue): boolean {
  return (
    typeof value === "boolean" ||
    (typeof value === "object" && value !== null && !Array.isArray(value))
  );
}

// ---------------------------------------------------------------------------------------------
// Objects: dependentRequired (and draft-07's dependencies with arrays)

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
    return problem(
      keyword,
      `\`${keyword}\` must be an object whose values are arrays of key names, not ${describe(value)}.`,
    );
  }
  const dependents: (readonly [string, readonly string[]])[] = [];
  const warnings: Located[] = [];
  for (const [key, list] of Object.entries(value)) {
    if (!Array.isArray(list)) {
      return problem(
        keyword,
        `\`${keyword}.${key}\` must be an array of key names (strings), not ${describe(list)}.`,
      );
    }
    const wrong = list.findIndex((item) => typeof item !== "string");
    if (wrong >= 0) {
      return problem(
        keyword,
        `\`${keyword}.${key}[${wrong}]\` must be a key name (a string), not ${describe(list[wrong]!)}.`,
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
  return ok(dependents, warnings);
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

// ---------------------------------------------------------------------------------------------
// const

/** `const`: any JSON value (the static reader has already made it one). */
export function constRule(value: JsonValue): RuleResult<JsonValue> {
  return ok(value);
}

// ---------------------------------------------------------------------------------------------

/**
 * A value as a message names it: `the string "1"`, `the number 0`, `an array`, `an empty
 * array`, `null`.
 */
export function describe(value: JsonValue): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "an empty array" : "an array";
  switch (typeof value) {
    case "string":
      return `the string ${cut(JSON.stringify(value))}`;
    case "number":
      return `the number ${value}`;
    case "boolean":
      return String(value);
    default:
      return Object.keys(value).length === 0 ? "an empty object" : "an object";
  }
}

function cut(text: string): string {
  return text.length <= 100 ? text : `${text.slice(0, 100)}...`;
}
