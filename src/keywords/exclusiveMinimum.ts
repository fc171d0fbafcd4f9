import { boundDefinition, boundIssue } from "./bound.js";
import type { Bound } from "./constraintRules.js";
import type { KeywordDefinition } from "./definition.js";

/**
 * `exclusiveMinimum` (opt-in): a number greater than the bound (CONTRACT.md section 3.1); in
 * the draft-04 / OpenAPI 3.0 form, `true` beside `minimum` makes that bound exclusive (and
 * `false` leaves it inclusive, which gives `minimum`'s `too_small`).
 */
export const exclusiveMinimumKeyword: KeywordDefinition<Bound> = {
  keywords: ["exclusiveMinimum"],
  ...boundDefinition("exclusiveMinimum"),
  issues: [boundIssue("too_small_exclusive", 5, "small", "more than", "exclusiveMinimum")],
};
