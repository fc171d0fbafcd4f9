import { registered, type KeywordFacts, type RegisteredKeyword } from "./definition.js";
import { enumKeyword } from "./enum.js";
import { itemsKeyword } from "./items.js";
import { objectKeyword } from "./object.js";
import { typeKeyword } from "./type.js";

/**
 * Every keyword definition, in the order their checks apply to a value (after its type,
 * which guards them all: type.ts). Adding a keyword is adding its file and its line here.
 */
export const KEYWORD_DEFINITIONS: readonly RegisteredKeyword[] = [
  registered(enumKeyword),
  registered(objectKeyword),
  registered(itemsKeyword),
];

/** Every keyword's facts (issues, hints, support modules), the type keyword's included. */
export const KEYWORD_FACTS: readonly KeywordFacts[] = [typeKeyword, ...KEYWORD_DEFINITIONS];

/** The definitions enforced in a run: every default one, and the opt-in ones named. */
export function enforcedDefinitions(optIn: ReadonlySet<string>): readonly RegisteredKeyword[] {
  return KEYWORD_DEFINITIONS.filter(
    (definition) => !definition.optIn || optIn.has(definition.keywords[0]),
  );
}

/** The facts of the keywords enforced in a run (the type keyword always). */
export function enforcedFacts(optIn: ReadonlySet<string>): readonly KeywordFacts[] {
  return [typeKeyword, ...enforcedDefinitions(optIn)];
}
