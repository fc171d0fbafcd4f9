import fs from "node:fs";
import type { OutputFile } from "./outputFile.js";
import { FIXED_MODULES } from "./names.js";

/**
 * The files every output folder holds whatever the tools are: the issue types, the helpers the
 * validators call, the message formatter, and the similarity rule of the hints. They are this
 * package's own TypeScript sources in support/, copied as they are under a generated-file
 * header, so that the code a host runs is the code tested here.
 */
export function fixedFiles(header: string): OutputFile[] {
  return SUPPORT_MODULES.map((name) => ({
    name: `${name}.ts`,
    content: `${header}\n${supportText(name)}`,
  }));
}

const SUPPORT_MODULES = FIXED_MODULES.filter((name) => name !== "index");

const texts = new Map<string, string>();

function supportText(name: string): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = fs.readFileSync(new URL(`../support/${name}.ts`, import.meta.url), "utf8");
    texts.set(name, text);
  }
  return text;
}
