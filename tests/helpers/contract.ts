// CONTRACT.md's parts that are data, read from its text: the tests compare the code with them,
// and the reference interpreter (tests/properties/reference.ts) takes them from there rather
// than from the generator.
import fs from "node:fs";
import path from "node:path";

export const CONTRACT = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../CONTRACT.md"),
  "utf8",
);

/** The text of a section, from its heading (`### 4.3`) to the next heading. */
export function contractSection(heading: string): string {
  const start = CONTRACT.indexOf(`\n${heading} `);
  if (start < 0) throw new Error(`CONTRACT.md has no section ${heading}`);
  const end = CONTRACT.indexOf("\n#", start + 1);
  return CONTRACT.slice(start, end < 0 ? undefined : end);
}

/** The keywords that could allow keys the validator cannot see (section 3). */
export function keyAllowingKeywords(): string[] {
  const text = contractSection("## 3.");
  const start = text.indexOf("These keywords are ");
  const end = text.indexOf(" (", start);
  if (start < 0 || end < 0) throw new Error("CONTRACT.md section 3 lists no key-allowing keywords");
  return [...text.slice(start, end).matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
}
