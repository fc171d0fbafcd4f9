import { Code, code } from "../code/code.js";
import type { StaticObject } from "../extract/values.js";
import { addIssue, keywordValues, numberCode, ruleValue } from "./constraintReading.js";
import { boundRule, type Bound, type ConstraintKeyword } from "./constraintRules.js";
import type { IssueDefinition, KeywordDefinition, SchemaReading } from "./definition.js";

/**
 * What the four bound keywords share (minimum.ts, exclusiveMinimum.ts, maximum.ts,
 * exclusiveMaximum.ts). Each side of a number's range has one bound, the tighter of its two
 * keywords (`boundRule`): `{ minimum: 1, exclusiveMinimum: 1 }` is "more than 1". The bound is
 * checked by the definition of the keyword that set it, or, when that keyword is not enforced
 * (draft-04's `exclusiveMinimum: true` beside an enforced `minimum` is one bound declared by
 * two keywords), by the other one of its side; a problem with the values is reported the same
 * way, once.
 */

export type BoundKeyword = Bound["keyword"];

const SIDES = {
  lower: { inclusive: "minimum", exclusive: "exclusiveMinimum" },
  upper: { inclusive: "maximum", exclusive: "exclusiveMaximum" },
} as const;

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
export function readBound(
  own: BoundKeyword,
  schema: StaticObject,
  reading: SchemaReading,
): Bound | undefined {
  const side = sideOf(own);
  const { inclusive, exclusive } = SIDES[side];
  const values = keywordValues(schema, [inclusive, exclusive], reading);
  if (values[inclusive] === undefined && values[exclusive] === undefined) return undefined;
  const enforced = (keyword: ConstraintKeyword) => reading.isEnforced(keyword);
  const bound = ruleValue(
    boundRule(values, side, enforced),
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
export function boundDefinition(
  own: BoundKeyword,
): Omit<KeywordDefinition<Bound>, "keywords" | "issues"> {
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

/** A bound's issue: its code, rank and words (`at least`, `more than`, ...). */
export function boundIssue(
  issue: string,
  rank: number,
  size: "small" | "large",
  words: string,
  keyword: string,
): IssueDefinition {
  return {
    code: issue,
    rank,
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
