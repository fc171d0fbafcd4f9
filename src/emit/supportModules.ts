import fs from "node:fs";
import { Code, code, join, literal, propertyName } from "../code/code.js";
import type {
  HintDefinition,
  IssueDefinition,
  IssueField,
  KeywordFacts,
} from "../keywords/definition.js";
import type { OutputFile } from "./outputFile.js";

/**
 * The support modules of an output folder (CONTRACT.md section 5). `types.ts` and `issues.ts`
 * are written from the keyword definitions in use: the issue and hint types, each code's
 * place in the text's order, its line, its hint's line and the fields a log keeps. The others
 * are this package's own sources in src/support, copied as they are, so that the code a host
 * runs is the code tested here: `runtime.ts` (what validators call), `format.ts` (the text),
 * `similarity.ts` (the rule of the key hints), `failures.ts` (log records), and any module a
 * keyword in use brings.
 */
export function supportFiles(header: string, facts: readonly KeywordFacts[]): OutputFile[] {
  const copied = [...COPIED_MODULES, ...new Set(facts.flatMap((fact) => fact.support ?? []))];
  return [
    { name: "types.ts", content: `${header}\n${typesModule(facts)}` },
    { name: "issues.ts", content: `${header}\n${issuesModule(facts)}` },
    ...copied.map((name) => ({ name: `${name}.ts`, content: `${header}\n${supportText(name)}` })),
  ];
}

/** The support sources every output folder holds, copied from src/support. */
export const COPIED_MODULES = ["runtime", "format", "similarity", "failures"] as const;

/** The names of the hint types in use, for index.ts to re-export. */
export function hintTypeNames(facts: readonly KeywordFacts[]): string[] {
  return hintsOf(facts).map((hint) => hint.typeName);
}

const texts = new Map<string, string>();

function supportText(name: string): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = fs.readFileSync(new URL(`../support/${name}.ts`, import.meta.url), "utf8");
    texts.set(name, text);
  }
  return text;
}

/** Every issue definition in use, by rank. */
function issuesOf(facts: readonly KeywordFacts[]): IssueDefinition[] {
  return facts.flatMap((fact) => fact.issues ?? []).sort((a, b) => a.rank - b.rank);
}

/** Every hint definition in use, in the order of the first issue that carries it. */
function hintsOf(facts: readonly KeywordFacts[]): HintDefinition[] {
  const hints = new Map(facts.flatMap((fact) => fact.hints ?? []).map((h) => [h.kind, h]));
  const ordered: HintDefinition[] = [];
  for (const issue of issuesOf(facts))
    for (const kind of issue.hints ?? []) {
      const hint = hints.get(kind);
      if (hint && !ordered.includes(hint)) ordered.push(hint);
    }
  return ordered;
}

function hintUnion(issue: IssueDefinition, hints: readonly HintDefinition[]): string {
  return hints
    .filter((hint) => issue.hints?.includes(hint.kind))
    .map((hint) => hint.typeName)
    .join(" | ");
}

/** `types.ts`: the issue and hint types of the keywords in use. */
export function typesModule(facts: readonly KeywordFacts[]): string {
  const issues = issuesOf(facts);
  const hints = hintsOf(facts);
  const hintTypes = hints.map(
    (hint) =>
      `${docComment(hint.doc, "")}export interface ${hint.typeName} {\n  readonly kind: ${JSON.stringify(hint.kind)};\n${hint.fields.map((f) => `  readonly ${f.name}: ${f.type};\n`).join("")}}\n`,
  );
  const variant = (issue: IssueDefinition, recorded: boolean) => {
    const fields = issue.fields.filter((field) => !recorded || field.recorded);
    const hint = hintUnion(issue, hints);
    const ro = recorded ? "readonly " : "";
    const parts = [
      `${ro}code: ${JSON.stringify(issue.code)}`,
      `${ro}path: IssuePath`,
      ...fields.map((field) => `${ro}${field.name}: ${field.type}`),
      ...(hint ? [`${ro}hint?: ${hint}`] : []),
    ];
    return `${docComment(issue.doc, "  ")}  | { ${parts.join("; ")} }\n`;
  };
  return `/** Where in the arguments an issue is: keys and array indices, e.g. ["questions", 0, "label"]. */
export type IssuePath = readonly (string | number)[];

${hintTypes.join("\n")}
/** What the model most likely meant, attached to the issue it explains. */
export type ValidationHint = ${hints.map((hint) => hint.typeName).join(" | ")};

/** One problem with a tool call's arguments. */
export type ValidationIssue =
${issues.map((issue) => variant(issue, false)).join("")};

/** An issue as a validation log records it: never an argument value (failures.ts). */
export type RecordedIssue =
${issues.map((issue) => variant(issue, true)).join("")};

/** A generated validator: \`undefined\` for a valid call, otherwise its issues (at most 100). */
export type Validator = (args: unknown) => ValidationIssue[] | undefined;
`;
}

/** A doc comment, wrapped at 96 columns. */
function docComment(text: string, indent: string): string {
  if (indent.length + text.length + 7 <= 96) return `${indent}/** ${text} */\n`;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && indent.length + 3 + line.length + 1 + word.length > 96) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}\n`).join("")}${indent} */\n`;
}

/** `issues.ts`: each issue code's rank, line, hint line and log fields. */
export function issuesModule(facts: readonly KeywordFacts[]): string {
  const issues = issuesOf(facts);
  const hints = hintsOf(facts);
  const ranks = issues.map((issue) => code`${propertyName(issue.code)}: ${issue.rank},\n`);
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
  const issueCases = issues.map(
    (issue) =>
      code`case ${issue.code}:\nreturn path === undefined ? ${template(issue.text.root, issue.fields, "issue")} : ${template(issue.text.at, issue.fields, "issue")};\n`,
  );
  const hintCases = hints.map(
    (hint) => code`case ${hint.kind}:\nreturn ${template(hint.text, hint.fields, "hint")};\n`,
  );
  return code`import type { IssuePath, ValidationHint, ValidationIssue } from "./types.js";

/** How the text shows the parts of an issue (format.ts gives its own, with its bounds). */
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

/** Each issue code's place in the text's order: issues come grouped by it, lowest first. */
export const ISSUE_RANKS: { readonly [C in ValidationIssue["code"]]: number } = {
${join(ranks, "")}};

/** The fields a validation log keeps of each issue besides its code, path and hint. */
export const RECORDED_FIELDS: { readonly [C in ValidationIssue["code"]]: readonly string[] } = {
${join(recorded, "")}};

/** The fields of each hint kind. */
export const HINT_FIELDS: { readonly [K in ValidationHint["kind"]]: readonly string[] } = {
${join(hintFields, "")}};

/** An issue's line: \`path\` is its path as shown, undefined at the root of the arguments. */
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
 * A text template as an expression: literal parts quoted, `{path}`, `{where}`,
 * `{sibling:field}` and `{field}` as the parts they stand for (fields shown by their kind).
 */
function template(text: string, fields: readonly IssueField[], owner: "issue" | "hint"): Code {
  const parts: Code[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push(literal(text.slice(last, match.index)));
    parts.push(placeholder(match[1]!, match[2], fields, owner, text));
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(literal(text.slice(last)));
  return parts.length === 0 ? literal("") : join(parts, " + ");
}

function placeholder(
  name: string,
  argument: string | undefined,
  fields: readonly IssueField[],
  owner: "issue" | "hint",
  text: string,
): Code {
  if (name === "path") return Code.raw("path");
  if (name === "where") return Code.raw("where");
  if (name === "sibling" && argument !== undefined)
    return code`shown.sibling(issue.path, ${Code.raw(owner)}.${Code.raw(argument)})`;
  const field = fields.find((f) => f.name === name);
  if (!field || argument !== undefined)
    throw new Error(`internal error: the text ${JSON.stringify(text)} names {${name}}`);
  const access = code`${Code.raw(owner)}.${Code.raw(field.name)}`;
  switch (field.shown) {
    case "text":
      return code`shown.text(${access})`;
    case "values":
      return code`shown.values(${access})`;
    case "json":
      return code`shown.json(${access})`;
    case "number":
      return code`String(${access})`;
  }
}
