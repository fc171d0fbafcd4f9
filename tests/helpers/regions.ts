// The code the guides in docs/ show is the code the tests run: a guide's block preceded by
// `<!-- code: <file>#<region> -->` (and a blank line) equals that region of the file, the lines between
// `// #region <name>` and `// #endregion <name>` (each part dedented; the parts of one name
// joined by a blank line).
import fs from "node:fs/promises";
import path from "node:path";
import { REPO } from "./spawn.js";

/** A region of a repository file, as a guide shows it. */
export async function codeRegion(file: string, name: string): Promise<string> {
  const text = await fs.readFile(path.join(REPO, file), "utf8");
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of text.split("\n")) {
    const marker = /^\s*\/\/ #(region|endregion) (\S+)\s*$/.exec(line);
    if (marker && marker[2] === name) {
      if (marker[1] === "region") current = [];
      else if (current) {
        parts.push(dedent(current));
        current = undefined;
      }
      continue;
    }
    if (marker) continue; // another region's marker inside this one
    current?.push(line);
  }
  if (parts.length === 0) throw new Error(`${file} has no region ${JSON.stringify(name)}`);
  return `${parts.join("\n\n")}\n`;
}

function dedent(lines: readonly string[]): string {
  const indents = lines
    .filter((line) => line.trim() !== "")
    .map((line) => /^ */.exec(line)![0].length);
  const cut = Math.min(...indents);
  return lines.map((line) => line.slice(cut)).join("\n");
}

/** A fenced block of a guide: its language, its text, and the region it says it shows. */
export interface GuideBlock {
  readonly language: string;
  readonly text: string;
  readonly source?: { readonly file: string; readonly region: string };
  /** The line of its opening fence (1-based), for messages. */
  readonly line: number;
}

export async function guideBlocks(guide: string): Promise<GuideBlock[]> {
  const lines = (await fs.readFile(path.join(REPO, guide), "utf8")).split("\n");
  const blocks: GuideBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    if (end < 0) throw new Error(`${guide}:${i + 1}: the block is not closed`);
    // The marker is the line before, or before the blank line prettier puts after it.
    let before = i - 1;
    if (lines[before] === "") before--;
    const marker = /^<!-- code: (\S+)#(\S+) -->$/.exec(lines[before] ?? "");
    blocks.push({
      language: open[1]!,
      text: `${lines.slice(i + 1, end).join("\n")}\n`,
      ...(marker ? { source: { file: marker[1]!, region: marker[2]! } } : {}),
      line: i + 1,
    });
    i = end;
  }
  return blocks;
}
