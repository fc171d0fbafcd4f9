// CONTRACT.md section 3 and 3.1 (the keywords and their meaning), 4 and 4.3 (their issues).
import { constKeyword } from "./const.js";
import {
  registered,
  type KeywordFacts,
  type RegisteredKeyword,
  type ValueKind,
} from "./definition.js";
import { dependentRequiredKeyword } from "./dependentRequired.js";
import { enumKeyword } from "./enum.js";
import { itemsKeyword } from "./items.js";
import { maxItemsKeyword, minItemsKeyword } from "./itemCount.js";
import { multipleOfKeyword } from "./multipleOf.js";
import {
  exclusiveMaximumKeyword,
  exclusiveMinimumKeyword,
  maximumKeyword,
  minimumKeyword,
} from "./numberBounds.js";
import { objectKeyword } from "./object.js";
import { patternKeyword } from "./pattern.js";
import { prefixItemsKeyword } from "./prefixItems.js";
import { maxPropertiesKeyword, minPropertiesKeyword } from "./propertyCount.js";
import { maxLengthKeyword, minLengthKeyword } from "./stringLength.js";
import { typeKeyword } from "./type.js";
import { uniqueItemsKeyword } from "./uniqueItems.js";

/**
 * Every keyword, in the text's order (CONTRACT.md section 4): an issue's rank is its place
 * among the issues of this list (`missing` 0, `unexpected` 1, `invalid_type` 2, ...), the
 * opt-in keywords (`optIn`, enforced only when a run names them: `enforce`) are listed in
 * this order, and section 4.3's table follows it. `type` is facts alone: the guard schema.ts
 * applies around every other keyword. Adding a keyword is adding its file and its line here.
 */
export const KEYWORDS: readonly KeywordFacts[] = [
  registered(objectKeyword),
  typeKeyword,
  registered(enumKeyword),
  registered(minimumKeyword),
  registered(exclusiveMinimumKeyword),
  registered(maximumKeyword),
  registered(exclusiveMaximumKeyword),
  registered(multipleOfKeyword),
  registered(minLengthKeyword),
  registered(maxLengthKeyword),
  registered(patternKeyword),
  registered(minItemsKeyword),
  registered(maxItemsKeyword),
  registered(uniqueItemsKeyword),
  registered(prefixItemsKeyword),
  registered(itemsKeyword),
  registered(minPropertiesKeyword),
  registered(maxPropertiesKeyword),
  registered(dependentRequiredKeyword),
  registered(constKeyword),
];

/** A keyword's name: its first keyword (in `enforce` and in messages). */
function nameOf(keyword: KeywordFacts): string {
  return keyword.keywords[0];
}

/** The opt-in keywords, which `enforce` can list, in the registry's order. */
export const OPT_IN_KEYWORDS: readonly string[] = KEYWORDS.filter((k) => k.optIn).map(nameOf);

/** The run-time test of a kind serves a run of its keywords: each kind's checks sit together. */
const KIND_ORDER: readonly (ValueKind | undefined)[] = [
  undefined,
  "number",
  "string",
  "object",
  "array",
];

/**
 * The definitions in the order their checks apply to a value (after its type, the guard of
 * them all): those that apply to any value first, then those of one kind of value, a kind at
 * a time (schema.ts tests the kind once for a run); within each, the opt-in constraints before
 * the default keywords, which read the values inside (`properties`, `items`: a value's own
 * checks come first) or give the wider literal type (`enum` beside `const`: the argument type
 * is the first literal type, schema.ts's `argsType`); otherwise the registry's order.
 */
export const KEYWORD_DEFINITIONS: readonly RegisteredKeyword[] = KEYWORDS.filter(
  (keyword): keyword is RegisteredKeyword => "readUse" in keyword,
).sort(
  (a, b) =>
    KIND_ORDER.indexOf(a.appliesTo) - KIND_ORDER.indexOf(b.appliesTo) ||
    Number(!a.optIn) - Number(!b.optIn),
);

const RANKS = new Map(
  KEYWORDS.flatMap((keyword) => keyword.issues ?? []).map((issue, rank) => [issue.code, rank]),
);

/** An issue code's place in the text's order (CONTRACT.md section 4): its keyword's place here. */
export function issueRank(code: string): number {
  const rank = RANKS.get(code);
  if (rank === undefined) throw new Error(`no keyword gives the issue code ${code}`);
  return rank;
}

/** The support modules the keywords can bring (src/support), each once. */
export const KEYWORD_SUPPORT: readonly string[] = [
  ...new Set(KEYWORDS.flatMap((keyword) => keyword.support ?? [])),
];

/** The definitions enforced in a run: every default one, and the opt-in ones named. */
export function enforcedDefinitions(optIn: ReadonlySet<string>): readonly RegisteredKeyword[] {
  return KEYWORD_DEFINITIONS.filter(
    (definition) => !definition.optIn || optIn.has(nameOf(definition)),
  );
}

/**
 * The keywords enforced in a run (`type` always), and those whose issues they report
 * (`reports`), in the registry's order: what the run's support modules are written from.
 */
export function enforcedFacts(optIn: ReadonlySet<string>): readonly KeywordFacts[] {
  const enforced: readonly KeywordFacts[] = enforcedDefinitions(optIn);
  const reported = new Set(enforced.flatMap((definition) => definition.reports ?? []));
  return KEYWORDS.filter(
    (keyword) =>
      keyword === typeKeyword || enforced.includes(keyword) || reported.has(nameOf(keyword)),
  );
}
