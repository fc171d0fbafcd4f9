import type { IssueDefinition, KeywordFacts } from "../keywords/definition.js";
import { docComment, hintUnion, hintsOf, issuesOf } from "./issueFacts.js";

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
${union(issues.map((issue) => variant(issue, false)))}

/** An issue as a validation log records it: never an argument value (failures.ts). */
export type RecordedIssue =
${union(issues.map((issue) => variant(issue, true)))}

/** A generated validator: \`undefined\` for a valid call, otherwise its issues (at most 100). */
export type Validator = (args: unknown) => ValidationIssue[] | undefined;
`;
}

/** The members of a union type, one a line, the last ending the declaration. */
function union(members: readonly string[]): string {
  return `${members.join("").trimEnd()};`;
}
