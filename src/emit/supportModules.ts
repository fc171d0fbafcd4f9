import fs from "node:fs";
import { layout } from "../code/layout.js";
import type { KeywordFacts } from "../keywords/definition.js";
import { hintsOf } from "./issueFacts.js";
import { issuesModule } from "./issuesModule.js";
import type { OutputFile } from "./outputFile.js";
import { typesModule } from "./typesModule.js";

export { issuesModule } from "./issuesModule.js";
export { typesModule } from "./typesModule.js";

/**
 * The support modules of an output folder (CONTRACT.md section 5). `types.ts` and `issues.ts`
 * are written from the keyword definitions in use: the issue and hint types, each code's
 * place in the text's order, its line, its hint's line and the fields a log keeps. The others
 * are this package's own sources in src/support, copied as they are, so that the code a host
 * runs is the code tested here: `runtime.ts` (what validators call), `message.ts` (the text the model reads),
 * `similarity.ts` (the rule of the key hints), `failures.ts` (log records), `standard.ts` and
 * `forms.ts` (each tool as a Standard Schema, its declaration for a target), and any module a
 * keyword in use brings.
 */
export function supportFiles(header: string, facts: readonly KeywordFacts[]): OutputFile[] {
  const copied = [...COPIED_MODULES, ...new Set(facts.flatMap((fact) => fact.support ?? []))];
  return [
    { name: "types.ts", content: layout(`${header}\n${typesModule(facts)}`) },
    { name: "issues.ts", content: layout(`${header}\n${issuesModule(facts)}`) },
    ...copied.map((name) => ({ name: `${name}.ts`, content: `${header}\n${supportText(name)}` })),
  ];
}

/** The support sources every output folder holds, copied from src/support. */
export const COPIED_MODULES = [
  "runtime",
  "message",
  "similarity",
  "failures",
  "standard",
  "forms",
] as const;

/**
 * Whether an output file is a support module a keyword brings (`support`), which a folder
 * holds only where a tool module imports it (files.ts `withUsedSupport`).
 */
export function isKeywordSupport(fileName: string): boolean {
  if (fileName === "types.ts" || fileName === "issues.ts") return false;
  return !(COPIED_MODULES as readonly string[]).some((name) => `${name}.ts` === fileName);
}

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
