// The issues.ts of an output folder where every keyword is enforced (src/emit/supportModules.ts
// writes it): the support sources beside it compile against it. `npm run test:golden` refreshes it.
import type { IssuePath, ValidationHint, ValidationIssue } from "./types.js";

/** How the text shows the parts of an issue (message.ts gives its own, with its bounds). */
export interface Shown {
  /** A text cut to 100 characters, control characters escaped. */
  text(value: string): string;
  /** A list of values as `"a"|"b"`, cut after about 400 characters. */
  values(values: readonly unknown[]): string;
  /** A value as JSON text, cut. */
  json(value: unknown): string;
  /** A path with its last key replaced, as shown. */
  sibling(path: IssuePath, key: string): string;
}

/** Each issue code's place in the text's order: issues come grouped by it, lowest first. */
export const ISSUE_RANKS: Readonly<Record<ValidationIssue["code"], number>> = {
  missing: 0,
  unexpected: 1,
  invalid_type: 2,
  invalid_enum: 3,
  too_small: 4,
  too_small_exclusive: 5,
  too_large: 6,
  too_large_exclusive: 7,
  not_multiple: 8,
  too_short: 9,
  too_long: 10,
  pattern_mismatch: 11,
  too_few_items: 12,
  too_many_items: 13,
  not_unique: 14,
  too_few_properties: 15,
  too_many_properties: 16,
  dependent_required: 17,
  invalid_const: 18,
};

/** The fields a validation log keeps of each issue besides its code, path and hint. */
export const RECORDED_FIELDS: Readonly<Record<ValidationIssue["code"], readonly string[]>> = {
  missing: [],
  unexpected: [],
  invalid_type: ["expected", "received"],
  invalid_enum: [],
  too_small: ["limit"],
  too_small_exclusive: ["limit"],
  too_large: ["limit"],
  too_large_exclusive: ["limit"],
  not_multiple: ["divisor"],
  too_short: ["limit"],
  too_long: ["limit"],
  pattern_mismatch: [],
  too_few_items: ["limit"],
  too_many_items: ["limit"],
  not_unique: [],
  too_few_properties: ["limit"],
  too_many_properties: ["limit"],
  dependent_required: [],
  invalid_const: [],
};

/** The fields of each hint kind. */
export const HINT_FIELDS: Readonly<Record<ValidationHint["kind"], readonly string[]>> = {
  key: ["key"],
  json: ["type"],
  value: ["value"],
};

/** An issue's line: `path` is its path as shown, undefined at the root of the arguments. */
export function issueText(issue: ValidationIssue, path: string | undefined, shown: Shown): string {
  switch (issue.code) {
    case "missing":
      return path === undefined
        ? "The required input is missing"
        : "The required parameter `" + path + "` is missing";
    case "unexpected":
      return path === undefined
        ? "An unexpected input was provided"
        : "An unexpected parameter `" + path + "` was provided";
    case "invalid_type":
      return path === undefined
        ? "The input type is expected as `" +
            shown.text(issue.expected) +
            "` but provided as `" +
            shown.text(issue.received) +
            "`"
        : "The parameter `" +
            path +
            "` type is expected as `" +
            shown.text(issue.expected) +
            "` but provided as `" +
            shown.text(issue.received) +
            "`";
    case "invalid_enum":
      return path === undefined
        ? "The input is invalid: expected one of " + shown.values(issue.values)
        : "The parameter `" + path + "` is invalid: expected one of " + shown.values(issue.values);
    case "too_small":
      return path === undefined
        ? "The input is too small: expected at least " +
            String(issue.limit) +
            " but provided " +
            String(issue.received)
        : "The parameter `" +
            path +
            "` is too small: expected at least " +
            String(issue.limit) +
            " but provided " +
            String(issue.received);
    case "too_small_exclusive":
      return path === undefined
        ? "The input is too small: expected more than " +
            String(issue.limit) +
            " but provided " +
            String(issue.received)
        : "The parameter `" +
            path +
            "` is too small: expected more than " +
            String(issue.limit) +
            " but provided " +
            String(issue.received);
    case "too_large":
      return path === undefined
        ? "The input is too large: expected at most " +
            String(issue.limit) +
            " but provided " +
            String(issue.received)
        : "The parameter `" +
            path +
            "` is too large: expected at most " +
            String(issue.limit) +
            " but provided " +
            String(issue.received);
    case "too_large_exclusive":
      return path === undefined
        ? "The input is too large: expected less than " +
            String(issue.limit) +
            " but provided " +
            String(issue.received)
        : "The parameter `" +
            path +
            "` is too large: expected less than " +
            String(issue.limit) +
            " but provided " +
            String(issue.received);
    case "not_multiple":
      return path === undefined
        ? "The input is invalid: expected a multiple of " +
            String(issue.divisor) +
            " but provided " +
            String(issue.received)
        : "The parameter `" +
            path +
            "` is invalid: expected a multiple of " +
            String(issue.divisor) +
            " but provided " +
            String(issue.received);
    case "too_short":
      return path === undefined
        ? "The input is too short: expected at least " +
            String(issue.limit) +
            (issue.limit === 1 ? " character" : " characters") +
            " but provided " +
            String(issue.length)
        : "The parameter `" +
            path +
            "` is too short: expected at least " +
            String(issue.limit) +
            (issue.limit === 1 ? " character" : " characters") +
            " but provided " +
            String(issue.length);
    case "too_long":
      return path === undefined
        ? "The input is too long: expected at most " +
            String(issue.limit) +
            (issue.limit === 1 ? " character" : " characters") +
            " but provided " +
            String(issue.length)
        : "The parameter `" +
            path +
            "` is too long: expected at most " +
            String(issue.limit) +
            (issue.limit === 1 ? " character" : " characters") +
            " but provided " +
            String(issue.length);
    case "pattern_mismatch":
      return path === undefined
        ? "The input does not match the pattern `" + shown.text(issue.pattern) + "`"
        : "The parameter `" +
            path +
            "` does not match the pattern `" +
            shown.text(issue.pattern) +
            "`";
    case "too_few_items":
      return path === undefined
        ? "The input has too few items: expected at least " +
            String(issue.limit) +
            " but provided " +
            String(issue.count)
        : "The parameter `" +
            path +
            "` has too few items: expected at least " +
            String(issue.limit) +
            " but provided " +
            String(issue.count);
    case "too_many_items":
      return path === undefined
        ? "The input has too many items: expected at most " +
            String(issue.limit) +
            " but provided " +
            String(issue.count)
        : "The parameter `" +
            path +
            "` has too many items: expected at most " +
            String(issue.limit) +
            " but provided " +
            String(issue.count);
    case "not_unique":
      return path === undefined
        ? "The input has duplicate items: [" +
            String(issue.indices[0]) +
            "] and [" +
            String(issue.indices[1]) +
            "] are equal"
        : "The parameter `" +
            path +
            "` has duplicate items: [" +
            String(issue.indices[0]) +
            "] and [" +
            String(issue.indices[1]) +
            "] are equal";
    case "too_few_properties":
      return path === undefined
        ? "The input has too few properties: expected at least " +
            String(issue.limit) +
            " but provided " +
            String(issue.count)
        : "The parameter `" +
            path +
            "` has too few properties: expected at least " +
            String(issue.limit) +
            " but provided " +
            String(issue.count);
    case "too_many_properties":
      return path === undefined
        ? "The input has too many properties: expected at most " +
            String(issue.limit) +
            " but provided " +
            String(issue.count)
        : "The parameter `" +
            path +
            "` has too many properties: expected at most " +
            String(issue.limit) +
            " but provided " +
            String(issue.count);
    case "dependent_required":
      return path === undefined
        ? "The input is required when `" + shown.text(issue.when) + "` is provided"
        : "The parameter `" +
            path +
            "` is required when `" +
            shown.sibling(issue.path, issue.when) +
            "` is provided";
    case "invalid_const":
      return path === undefined
        ? "The input is invalid: expected " + shown.json(issue.value)
        : "The parameter `" + path + "` is invalid: expected " + shown.json(issue.value);
  }
}

/**
 * A hint's line: `path` is the issue's path as shown, `where` is `the input` at the root and
 * the path in backticks elsewhere.
 */
export function hintText(
  hint: ValidationHint,
  issue: ValidationIssue,
  path: string,
  where: string,
  shown: Shown,
): string {
  switch (hint.kind) {
    case "key":
      return (
        "Hint: did you mean `" +
        shown.sibling(issue.path, hint.key) +
        "` instead of `" +
        path +
        "`?"
      );
    case "json":
      return (
        "Hint: " +
        where +
        " is JSON text inside a string; send the " +
        shown.text(hint.type) +
        " itself"
      );
    case "value":
      return "Hint: did you mean " + shown.json(hint.value) + " for " + where + "?";
  }
}
