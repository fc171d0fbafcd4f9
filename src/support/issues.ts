// The issues.ts of an output folder where every keyword is enforced (src/emit/supportModules.ts
// writes it): the support sources beside it compile against it. `npm run test:golden` refreshes it.
import type { IssuePath, ValidationHint, ValidationIssue } from "./types.js";

/** How the text shows the parts of an issue (format.ts gives its own, with its bounds). */
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
export const ISSUE_RANKS: { readonly [C in ValidationIssue["code"]]: number } = {
  missing: 0,
  unexpected: 1,
  invalid_type: 2,
  invalid_enum: 3,
};

/** The fields a validation log keeps of each issue besides its code, path and hint. */
export const RECORDED_FIELDS: { readonly [C in ValidationIssue["code"]]: readonly string[] } = {
  missing: [],
  unexpected: [],
  invalid_type: ["expected", "received"],
  invalid_enum: [],
};

/** The fields of each hint kind. */
export const HINT_FIELDS: { readonly [K in ValidationHint["kind"]]: readonly string[] } = {
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
