// CONTRACT.md section 3 and 3.1 (the keywords and their meaning), 4 (their issues).
import { constKeyword } from "./const.js";
import { registered, type KeywordFacts, type RegisteredKeyword } from "./definition.js";
import { dependentRequiredKeyword } from "./dependentRequired.js";
import { enumKeyword } from "./enum.js";
import { exclusiveMaximumKeyword } from "./exclusiveMaximum.js";
import { exclusiveMinimumKeyword } from "./exclusiveMinimum.js";
import { itemsKeyword } from "./items.js";
import { maximumKeyword } from "./maximum.js";
import { maxItemsKeyword } from "./maxItems.js";
import { maxLengthKeyword } from "./maxLength.js";
import { maxPropertiesKeyword } from "./maxProperties.js";
import { minimumKeyword } from "./minimum.js";
import { minItemsKeyword } from "./minItems.js";
import { minLengthKeyword } from "./minLength.js";
import { minPropertiesKeyword } from "./minProperties.js";
import { multipleOfKeyword } from "./multipleOf.js";
import { objectKeyword } from "./object.js";
import { patternKeyword } from "./pattern.js";
import { prefixItemsKeyword } from "./prefixItems.js";
import { typeKeyword } from "./type.js";
import { uniqueItemsKeyword } from "./uniqueItems.js";

/**
 * Every keyword definition, in the order their checks apply to a value (after its type,
 * which guards them all: type.ts). Keywords of one kind of value sit together, so that one
 * run-time test of the kind serves them (schema.ts); a value's own checks come before those of
 * the values inside it. Adding a keyword is adding its file and its line here. The opt-in ones
 * (`optIn`) are enforced only when a run names them (`enforce`).
 */
export const KEYWORD_DEFINITIONS: readonly RegisteredKeyword[] = [
  registered(constKeyword),
  registered(enumKeyword),
  registered(minimumKeyword),
  registered(exclusiveMinimumKeyword),
  registered(maximumKeyword),
  registered(exclusiveMaximumKeyword),
  registered(multipleOfKeyword),
  registered(minLengthKeyword),
  registered(maxLengthKeyword),
  registered(patternKeyword),
  registered(minPropertiesKeyword),
  registered(maxPropertiesKeyword),
  registered(dependentRequiredKeyword),
  registered(objectKeyword),
  registered(minItemsKeyword),
  registered(maxItemsKeyword),
  registered(uniqueItemsKeyword),
  registered(prefixItemsKeyword),
  registered(itemsKeyword),
];

/** Every keyword's facts (issues, hints, support modules), the type keyword's included. */
export const KEYWORD_FACTS: readonly KeywordFacts[] = [typeKeyword, ...KEYWORD_DEFINITIONS];

/** The names of the opt-in definitions, which `enforce` can list (its first keyword each). */
export const OPT_IN_KEYWORDS: readonly string[] = KEYWORD_DEFINITIONS.filter(
  (definition) => definition.optIn,
).map((definition) => definition.keywords[0]);

/** The definitions enforced in a run: every default one, and the opt-in ones named. */
export function enforcedDefinitions(optIn: ReadonlySet<string>): readonly RegisteredKeyword[] {
  return KEYWORD_DEFINITIONS.filter(
    (definition) => !definition.optIn || optIn.has(definition.keywords[0]),
  );
}

/**
 * The facts of the keywords enforced in a run (the type keyword always), and of those whose
 * issues they report (`reports`), in the registry's order.
 */
export function enforcedFacts(optIn: ReadonlySet<string>): readonly KeywordFacts[] {
  const enforced = enforcedDefinitions(optIn);
  const reported = new Set(enforced.flatMap((definition) => definition.reports ?? []));
  return [
    typeKeyword,
    ...KEYWORD_DEFINITIONS.filter(
      (definition) => enforced.includes(definition) || reported.has(definition.keywords[0]),
    ),
  ];
}
