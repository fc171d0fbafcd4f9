import { boundDefinition, boundIssue } from "./bound.js";
import type { Bound } from "./constraintRules.js";
import type { KeywordDefinition } from "./definition.js";

/**
 * `maximum` (opt-in): a number at most the bound (CONTRACT.md section 3.1). Beside
 * `exclusiveMaximum` the tighter of the two is checked (bound.ts); draft-04's
 * `exclusiveMaximum: true` beside it makes it exclusive, which gives `too_large_exclusive`.
 */
export const maximumKeyword: KeywordDefinition<Bound> = {
  keywords: ["maximum"],
  ...boundDefinition("maximum"),
  issues: [boundIssue("too_large", 6, "large", "at most", "maximum")],
};
