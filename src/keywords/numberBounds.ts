import { Code, code } from "../code/code.js";
import type { JsonValue, StaticObject } from "../extract/values.js";
import {
  accepted,
  addIssue,
  describeJson,
  keywordValues,
  numberCode,
  rejected,
  ruleValue,
  type RuleResult,
  type SchemaObject,
} from "./constraintReading.js";
import type { IssueDefinition, KeywordDefinition, SchemaReading } from "./definition.js";

/**
 * `minimum`, `exclusiveMinimum`, `maximum` and `exclusiveMaximum` (opt-in, CONTRACT.md section
 * 3.1): a number `>=`, `>`, `<=` or `<` the bound, a one-liner in the generated code (no
 * support module). Each side of a number's range has one bound, the tighter of its two
 * keywords (`boundRule`): `{ minimum: 1, exclusiveMinimum: 1 }` is "more than 1". The bound is
 * checked by the definition of the keyword that set it, or, when that keyword is not enforced
 * (draft-04's `exclusiveMinimum: true` beside an enforced `minimum` is one bound declared by
 * two keywords), by the other one of its side; a problem with the values is reported the same
 * way, once. Their issues are `too_small`, `too_small_exclusive`, `too_large` and
 * `too_large_exclusive`, with the bound and the number.
 */

/** Each side's keywords (declared before the definitions, which use it as they are made). */
const SIDES = {
  lower: { inclusive: "minimum", exclusive: "exclusiveMinimum" },
  upper: { inclusive: "maximum", exclusive: "exclusiveMaximum" },
} as const;

export const minimumKeyword: KeywordDefinition<Bound> = {
  keywords: ["minimum"],
  ...boundDefinition("minimum"),
  issues: [boundIssue("too_small", "small", "at least", "minimum")],
};

/** In the draft-04 / OpenAPI 3.0 form, `true` beside `minimum` makes that bound exclusive. */
export const exclusiveMinimumKeyword: KeywordDefinition<Bound> = {
  keywords: ["exclusiveMinimum"],
  ...boundDefinition("exclusiveMinimum"),
  issues: [boundIssue("too_small_exclusive", "small", "more than", "exclusiveMinimum")],
};

export const maximumKeyword: KeywordDefinition<Bound> = {
  keywords: ["maximum"],
  ...boundDefinition("maximum"),
  issues: [boundIssue("too_large", "large", "at most", "maximum")],
};

export const exclusiveMaximumKeyword: KeywordDefinition<Bound> = {
  keywords: ["exclusiveMaximum"],
  ...boundDefinition("exclusiveMaximum"),
  issues: [boundIssue("too_large_exclusive", "large", "less than", "exclusiveMaximum")],
};

/**
 * One side's bound, the tighter of the two keywords that set it, with the keyword whose issue
 * a value outside it gets: `{ minimum: 1, exclusiveMinimum: 1 }` is "more than 1", `{ minimum:
 * 1, exclusiveMinimum: 0 }` is "at least 1".
 */
export interface Bound {
  readonly limit: number;
  readonly exclusive: boolean;
  readonly keyword: BoundKeyword;
}

export type BoundKeyword = "minimum" | "exclusiveMinimum" | "maximum" | "exclusiveMaximum";

/** `minimum`, `maximum`, and 2020-12's numeric `exclusiveMinimum` / `exclusiveMaximum`. */
export function numberRule(keyword: string, value: JsonValue): RuleResult<number> {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return rejected(keyword, `\`${keyword}\` must be a number, not ${describeJson(value)}.`);
  }
  return accepted(value === 0 ? 0 : value);
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
  enforced: (keyword: BoundKeyword) => boolean,
): RuleResult<Bound | undefined> {
  const { inclusive: inclusiveKeyword, exclusive: exclusiveKeyword } = SIDES[side];
  const inclusive = schema[inclusiveKeyword];
  const exclusive = schema[exclusiveKeyword];
  const tighter =
    side === "lower" ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;

  if (typeof exclusive === "boolean") {
    if (!enforced(inclusiveKeyword) && !enforced(exclusiveKeyword)) return accepted(undefined);
    if (inclusive === undefined) {
      return rejected(
        exclusiveKeyword,
        `\`${exclusiveKeyword}: ${exclusive}\` (the draft-04 / OpenAPI 3.0 form) needs \`${inclusiveKeyword}\` beside it; in draft 2020-12 \`${exclusiveKeyword}\` is the bound itself, a number.`,
      );
    }
    const read = numberRule(inclusiveKeyword, inclusive);
    if (!read.ok) return read;
    return accepted({
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
      return rejected(
        exclusiveKeyword,
        `\`${exclusiveKeyword}\` must be a number (or, in the draft-04 / OpenAPI 3.0 form, true or false beside \`${inclusiveKeyword}\`), not ${describeJson(exclusive)}.`,
      );
    }
    const read = numberRule(exclusiveKeyword, exclusive);
    if (!read.ok) return read;
    // Equal limits: the exclusive bound is the tighter one.
    if (bound === undefined || !tighter(bound.limit, read.value)) {
      bound = { limit: read.value, exclusive: true, keyword: exclusiveKeyword };
    }
  }
  return accepted(bound);
}

function sideOf(keyword: BoundKeyword): "lower" | "upper" {
  return keyword === "minimum" || keyword === "exclusiveMinimum" ? "lower" : "upper";
}

/** The other keyword of the same side. */
function partnerOf(keyword: BoundKeyword): BoundKeyword {
  const side = SIDES[sideOf(keyword)];
  return keyword === side.inclusive ? side.exclusive : side.inclusive;
}

/** The definition in use that answers for a keyword of a side: its own, else its partner's. */
function answering(keyword: BoundKeyword, reading: SchemaReading): BoundKeyword {
  return reading.isEnforced(keyword) ? keyword : partnerOf(keyword);
}

/** Reads the bound of `own`'s side when `own` is the definition that checks it. */
function readBound(
  own: BoundKeyword,
  schema: StaticObject,
  reading: SchemaReading,
): Bound | undefined {
  const side = sideOf(own);
  const { inclusive, exclusive } = SIDES[side];
  const values = keywordValues(schema, [inclusive, exclusive], reading);
  if (values[inclusive] === undefined && values[exclusive] === undefined) return undefined;
  const bound = ruleValue(
    boundRule(values, side, (keyword) => reading.isEnforced(keyword)),
    schema,
    reading,
    (keyword) => answering(keyword as BoundKeyword, reading) === own,
  );
  if (bound === undefined || answering(bound.keyword, reading) !== own) return undefined;
  // The draft-04 form: both keywords make this one bound, enforced as declared.
  if (typeof values[exclusive] === "boolean") reading.claim(partnerOf(own));
  return bound;
}

/** The issue code of a bound: its side, and whether it is exclusive. */
function issueCode(bound: Bound): string {
  const side = sideOf(bound.keyword);
  if (side === "lower") return bound.exclusive ? "too_small_exclusive" : "too_small";
  return bound.exclusive ? "too_large_exclusive" : "too_large";
}

/** A boolean expression: is `value` inside the bound? (NaN is not.) */
function inside(bound: Bound, value: Code): Code {
  const operator =
    sideOf(bound.keyword) === "lower"
      ? bound.exclusive
        ? ">"
        : ">="
      : bound.exclusive
        ? "<"
        : "<=";
  return code`${value} ${Code.raw(operator)} ${numberCode(bound.limit)}`;
}

/** The parts of a bound keyword's definition but its name and its issue. */
function boundDefinition(own: BoundKeyword): Omit<KeywordDefinition<Bound>, "keywords" | "issues"> {
  return {
    optIn: true,
    appliesTo: "number",
    reports: [partnerOf(own)],
    read: (schema, reading) => readBound(own, schema, reading),
    collect: (ctx, bound, value, path) =>
      code`if (!(${inside(bound, value)})) {\n${addIssue(ctx, issueCode(bound), path, {
        limit: numberCode(bound.limit),
        received: value,
      })}}\n`,
  };
}

/** A bound's issue: its code and words (`at least`, `more than`, ...). */
function boundIssue(
  issue: string,
  size: "small" | "large",
  words: string,
  keyword: string,
): IssueDefinition {
  return {
    code: issue,
    doc: `A number outside \`${keyword}\`: \`limit\` is the bound, \`received\` the number.`,
    fields: [
      { name: "limit", type: "number", shown: "number", recorded: true },
      { name: "received", type: "number", shown: "number", recorded: false },
    ],
    text: {
      root: `The input is too ${size}: expected ${words} {limit} but provided {received}`,
      at: `The parameter \`{path}\` is too ${size}: expected ${words} {limit} but provided {received}`,
    },
  };
}
