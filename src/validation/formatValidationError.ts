import type { IssuePath, ValidationIssue } from "../../generated/types.js";

const GROUP: Record<ValidationIssue["code"], number> = {
  missing: 0,
  unexpected: 1,
  invalid_type: 2,
  invalid_enum: 3,
};

/**
 * The text a model reads when its call failed validation, in Claude Code's wording:
 *
 *     TaskUpdate failed due to the following issues:
 *     The required parameter `taskId` is missing
 *     An unexpected parameter `id` was provided
 *
 * One line per issue, missing keys first, then unexpected keys, wrong types, enum values;
 * inside a group, the order given (the validators give depth-first order).
 */
export function formatValidationError(
  toolName: string,
  issues: readonly ValidationIssue[],
): string {
  const ordered = [...issues].sort((a, b) => GROUP[a.code] - GROUP[b.code]);
  const header = `${toolName} failed due to the following ${ordered.length === 1 ? "issue" : "issues"}:`;
  let text = header;
  for (const issue of ordered) text += `\n${issueLine(issue)}`;
  return text;
}

/** One issue as a sentence. */
export function issueLine(issue: ValidationIssue): string {
  const root = issue.path.length === 0;
  const path = formatPath(issue.path);
  switch (issue.code) {
    case "missing":
      return root
        ? "The required input is missing"
        : `The required parameter \`${path}\` is missing`;
    case "unexpected":
      return root
        ? "An unexpected input was provided"
        : `An unexpected parameter \`${path}\` was provided`;
    case "invalid_type":
      return root
        ? `The input type is expected as \`${issue.expected}\` but provided as \`${issue.received}\``
        : `The parameter \`${path}\` type is expected as \`${issue.expected}\` but provided as \`${issue.received}\``;
    case "invalid_enum": {
      const values = allowedValues(issue.values);
      return root
        ? `The input is invalid: expected one of ${values}`
        : `The parameter \`${path}\` is invalid: expected one of ${values}`;
    }
  }
}

/** `questions[0].options[1].label`: keys joined with `.`, indices as `[i]`. */
export function formatPath(path: IssuePath): string {
  let text = "";
  for (const part of path) {
    if (typeof part === "number") text += `[${part}]`;
    else text += text === "" ? part : `.${part}`;
  }
  return text;
}

function isGrouped(issues: readonly ValidationIssue[]): boolean {
  for (let i = 1; i < issues.length; i++) {
    if (GROUP[issues[i - 1]!.code] > GROUP[issues[i]!.code]) return false;
  }
  return true;
}

/** `"a"|"b"|3`: each generated enum list is one frozen array, so its text is made once. */
const valuesText = new WeakMap<readonly unknown[], string>();

function allowedValues(values: readonly unknown[]): string {
  let text = valuesText.get(values);
  if (text === undefined) {
    text = values.map((value) => JSON.stringify(value)).join("|");
    if (Object.isFrozen(values)) valuesText.set(values, text);
  }
  return text;
}
