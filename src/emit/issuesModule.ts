// CONTRACT.md section 4, 4.1 and 4.3 (the issue lines, hints and log fields of an output folder).
import { Code, code, join, literal, propertyName } from "../code/code.js";
import type {
  HintDefinition,
  IssueDefinition,
  IssueField,
  KeywordFacts,
} from "../keywords/definition.js";
import { issueRank } from "../keywords/registry.js";
import { hintsOf, issuesOf } from "./issueFacts.js";

/** `issues.ts`: each issue code's rank, line, hint line and log fields. */
export function issuesModule(facts: readonly KeywordFacts[]): string {
  const issues = issuesOf(facts);
  const hints = hintsOf(facts);
  return `${SHOWN_INTERFACE}\n${tables(issues, hints)}\n${textFunctions(issues, hints)}`;
}

/** The interface of message.ts's way of showing parts, which the text functions are given. */
const SHOWN_INTERFACE = `import type { IssuePath, ValidationHint, ValidationIssue } from "./types.js";

/** How the text shows the parts of an issue (message.ts gives its own, with its bounds). */
export interface Shown {
  /** A text cut to 100 characters, control characters escaped. */
  text(value: string): string;
  /** A list of values as \`"a"|"b"\`, cut after about 400 characters. */
  values(values: readonly unknown[]): string;
  /** A value as JSON text, cut. */
  json(value: unknown): string;
  /** A path with its last key replaced, as shown. */
  sibling(path: IssuePath, key: string): string;
}
`;

/** Each issue code's rank and recorded fields, and each hint kind's fields. */
function tables(issues: readonly IssueDefinition[], hints: readonly HintDefinition[]): string {
  const ranks = issues.map(
    (issue) => code`${propertyName(issue.code)}: ${issueRank(issue.code)},\n`,
  );
  const recorded = issues.map(
    (issue) =>
      code`${propertyName(issue.code)}: [${join(
        issue.fields.filter((f) => f.recorded).map((f) => code`${f.name}`),
        ", ",
      )}],\n`,
  );
  const hintFields = hints.map(
    (hint) =>
      code`${propertyName(hint.kind)}: [${join(
        hint.fields.map((f) => code`${f.name}`),
        ", ",
      )}],\n`,
  );
  return code`/** Each issue code's place in the text's order: issues come grouped by it, lowest first. */
export const ISSUE_RANKS: Readonly<Record<ValidationIssue["code"], number>> = {
${join(ranks, "")}};

/** The fields a validation log keeps of each issue besides its code, path and hint. */
export const RECORDED_FIELDS: Readonly<Record<ValidationIssue["code"], readonly string[]>> = {
${join(recorded, "")}};

/** The fields of each hint kind. */
export const HINT_FIELDS: Readonly<Record<ValidationHint["kind"], readonly string[]>> = {
${join(hintFields, "")}};
`.toString();
}

/** `issueText` and `hintText`: each code's line and each hint's line, from their templates. */
function textFunctions(
  issues: readonly IssueDefinition[],
  hints: readonly HintDefinition[],
): string {
  const issueCases = issues.map(
    (issue) =>
      code`case ${issue.code}:\nreturn path === undefined ? ${template(issue.text.root, issue.fields, "issue")} : ${template(issue.text.at, issue.fields, "issue")};\n`,
  );
  const hintCases = hints.map(
    (hint) => code`case ${hint.kind}:\nreturn ${template(hint.text, hint.fields, "hint")};\n`,
  );
  return code`/** An issue's line: \`path\` is its path as shown, undefined at the root of the arguments. */
export function issueText(issue: ValidationIssue, path: string | undefined, shown: Shown): string {
${unused(
  issues.flatMap((issue) => [issue.text.root, issue.text.at]),
  ["shown"],
)}switch (issue.code) {
${join(issueCases, "")}}
}

/**
 * A hint's line: \`path\` is the issue's path as shown, \`where\` is \`the input\` at the root and
 * the path in backticks elsewhere.
 */
export function hintText(
  hint: ValidationHint,
  issue: ValidationIssue,
  path: string,
  where: string,
  shown: Shown,
): string {
${unused(
  hints.map((hint) => hint.text),
  ["issue", "path", "where", "shown"],
)}switch (hint.kind) {
${join(hintCases, "")}}
}
`.toString();
}

/**
 * `void name;` for each parameter of a text function that no template uses (the host's
 * compiler and linters reject unused parameters).
 */
function unused(templates: readonly string[], parameters: readonly string[]): Code {
  const uses = new Set<string>();
  for (const text of templates)
    for (const [, name, argument] of text.matchAll(PLACEHOLDER)) {
      if (name === "path" || name === "where") uses.add(name);
      else if (name === "sibling" && argument !== undefined) uses.add("issue").add("shown");
      else uses.add("shown");
    }
  const statements = parameters.filter((name) => !uses.has(name)).map((name) => `void ${name};\n`);
  return Code.raw(statements.join(""));
}

const PLACEHOLDER = /\{([a-z]+)(?::([a-zA-Z]+))?\}/g;

/**
 * A text template as an expression: literal parts quoted (adjacent ones as one literal: hosts'
 * linters reject a concatenation of literals), `{path}`, `{where}`, `{sibling:field}` and
 * `{field}` as the parts they stand for (fields shown by their kind).
 */
function template(text: string, fields: readonly IssueField[], owner: "issue" | "hint"): Code {
  const parts: (Code | string)[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, match.index));
    parts.push(...placeholder(match[1]!, match[2], fields, owner, text));
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  const merged: (Code | string)[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (typeof part === "string" && typeof previous === "string")
      merged[merged.length - 1] = previous + part;
    else merged.push(part);
  }
  const expressions = merged
    .filter((part) => part !== "")
    .map((part) => (typeof part === "string" ? literal(part) : part));
  return expressions.length === 0 ? literal("") : join(expressions, " + ");
}

/** A placeholder as the parts of the text it stands for: code, and literal text. */
function placeholder(
  name: string,
  argument: string | undefined,
  fields: readonly IssueField[],
  owner: "issue" | "hint",
  text: string,
): (Code | string)[] {
  if (name === "path") return [Code.raw("path")];
  if (name === "where") return [Code.raw("where")];
  if (name === "sibling" && argument !== undefined)
    return [code`shown.sibling(issue.path, ${Code.raw(owner)}.${Code.raw(argument)})`];
  const field = fields.find((f) => f.name === name);
  if (!field || argument !== undefined)
    throw new Error(`internal error: the text ${JSON.stringify(text)} names {${name}}`);
  const access = code`${Code.raw(owner)}.${Code.raw(field.name)}`;
  switch (field.shown) {
    case "text":
      return [code`shown.text(${access})`];
    case "values":
      return [code`shown.values(${access})`];
    case "json":
      return [code`shown.json(${access})`];
    case "number":
      return [code`String(${access})`];
    case "count": {
      const unit = field.unit ?? "";
      return [code`String(${access}) + (${access} === 1 ? ${` ${unit}`} : ${` ${unit}s`})`];
    }
    case "indices":
      return ["[", code`String(${access}[0])`, "] and [", code`String(${access}[1])`, "]"];
  }
}
