import { boundDefinition, boundIssue } from "./bound.js";
import type { Bound } from "./constraintRules.js";
import type { KeywordDefinition } from "./definition.js";

/**
 * `exclusiveMaximum` (opt-in): a number less than the bound (CONTRACT.md section 3.1); in
 * the draft-04 / OpenAPI 3.0 form, `true` beside `maximum` makes that bound exclusive (and
 * `false` leaves it inclusive, which gives `maximum`'s `too_large`).
 */
export const exclusiveMaximumKeyword: KeywordDefinition<Bound> = {
  keywords: ["exclusiveMaximum"],
  ...boundDefinition("exclusiveMaximum"),
  issues: [boundIssue("too_large_exclusive", 7, "large", "less than", "exclusiveMaximum")],
};
