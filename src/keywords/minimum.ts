import { boundDefinition, boundIssue } from "./bound.js";
import type { Bound } from "./constraintRules.js";
import type { KeywordDefinition } from "./definition.js";

/**
 * `minimum` (opt-in): a number at least the bound (CONTRACT.md section 3.1). Beside
 * `exclusiveMinimum` the tighter of the two is checked (bound.ts); draft-04's
 * `exclusiveMinimum: true` beside it makes it exclusive, which gives `too_small_exclusive`.
 */
export const minimumKeyword: KeywordDefinition<Bound> = {
  keywords: ["minimum"],
  ...boundDefinition("minimum"),
  issues: [boundIssue("too_small", 4, "small", "at least", "minimum")],
};
