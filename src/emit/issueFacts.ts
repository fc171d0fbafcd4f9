import type { HintDefinition, IssueDefinition, KeywordFacts } from "../keywords/definition.js";
import { issueRank } from "../keywords/registry.js";

/** Every issue definition in use, in the text's order. */
export function issuesOf(facts: readonly KeywordFacts[]): IssueDefinition[] {
  return facts
    .flatMap((fact) => fact.issues ?? [])
    .sort((a, b) => issueRank(a.code) - issueRank(b.code));
}

/** Every hint definition in use, in the order of the first issue that carries it. */
export function hintsOf(facts: readonly KeywordFacts[]): HintDefinition[] {
  const hints = new Map(facts.flatMap((fact) => fact.hints ?? []).map((h) => [h.kind, h]));
  const ordered: HintDefinition[] = [];
  for (const issue of issuesOf(facts))
    for (const kind of issue.hints ?? []) {
      const hint = hints.get(kind);
      if (hint && !ordered.includes(hint)) ordered.push(hint);
    }
  return ordered;
}

export function hintUnion(issue: IssueDefinition, hints: readonly HintDefinition[]): string {
  return hints
    .filter((hint) => issue.hints?.includes(hint.kind))
    .map((hint) => hint.typeName)
    .join(" | ");
}

/** A doc comment, wrapped at 96 columns. */
export function docComment(text: string, indent: string): string {
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
