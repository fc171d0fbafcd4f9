import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

/** The file that makes a folder of the skills folder a skill: `<skills folder>/<name>/SKILL.md`. */
export const SKILL_FILE = "SKILL.md";

/** Names of the folders in `skillsDir` that hold a SKILL.md file, sorted. */
export async function listSkills(skillsDir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(skillsDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    // A folder without a SKILL.md file is not a skill.
    const stat = await fs.stat(path.join(skillsDir, entry.name, SKILL_FILE)).catch(() => undefined);
    if (stat?.isFile()) names.push(entry.name);
  }
  return names.sort();
}
