import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { GENERATED_MARKER, type OutputFile } from "../emit/files.js";
import { shortDiff } from "./diff.js";

/** What the output folder holds now: every `.ts` file, and whether the generator wrote it. */
async function readFolder(
  outDir: string,
): Promise<Map<string, { content: string; owned: boolean }>> {
  const found = new Map<string, { content: string; owned: boolean }>();
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(outDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return found;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const content = await fs.readFile(path.join(outDir, entry.name), "utf8");
    found.set(entry.name, { content, owned: content.startsWith(GENERATED_MARKER) });
  }
  return found;
}

export interface FolderDifferences {
  /** Files whose content differs, with a short diff. */
  readonly stale: { name: string; diff: string }[];
  /** Files that should exist and do not. */
  readonly missing: string[];
  /** Generated files for tools that no longer exist. */
  readonly extra: string[];
  /** Files in the way that the generator did not write (it never overwrites them). */
  readonly foreign: string[];
  readonly unchanged: string[];
}

/** Compares the output folder with the files that should be there; reads only, never writes. */
export async function compareFolder(
  outDir: string,
  files: readonly OutputFile[],
): Promise<FolderDifferences> {
  const present = await readFolder(outDir);
  const result: FolderDifferences = {
    stale: [],
    missing: [],
    extra: [],
    foreign: [],
    unchanged: [],
  };
  const wanted = new Set(files.map((f) => f.name));
  for (const file of files) {
    const current = present.get(file.name);
    if (!current) result.missing.push(file.name);
    else if (!current.owned) result.foreign.push(file.name);
    else if (current.content === file.content) result.unchanged.push(file.name);
    else result.stale.push({ name: file.name, diff: shortDiff(current.content, file.content) });
  }
  for (const [name, { owned }] of present) if (owned && !wanted.has(name)) result.extra.push(name);
  result.extra.sort();
  return result;
}

export interface WriteSummary {
  readonly written: string[];
  readonly unchanged: string[];
  readonly removed: string[];
}

/**
 * Brings the output folder in line with `files`: each changed file is written atomically
 * (a temporary file in the same folder, then a rename), generated files for tools that are
 * gone are removed. Files the generator did not write are never touched: if one is in the
 * way, nothing is written at all.
 */
export async function writeFolder(
  outDir: string,
  files: readonly OutputFile[],
): Promise<WriteSummary> {
  const differences = await compareFolder(outDir, files);
  if (differences.foreign.length > 0) {
    throw new ForeignFilesError(outDir, differences.foreign);
  }
  await fs.mkdir(outDir, { recursive: true });
  const changed = new Set([...differences.missing, ...differences.stale.map((s) => s.name)]);
  const written: string[] = [];
  for (const file of files) {
    if (!changed.has(file.name)) continue;
    await writeAtomically(path.join(outDir, file.name), file.content);
    written.push(file.name);
  }
  for (const name of differences.extra) await fs.rm(path.join(outDir, name));
  return { written, unchanged: differences.unchanged, removed: differences.extra };
}

async function writeAtomically(target: string, content: string): Promise<void> {
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await fs.writeFile(temporary, content, "utf8");
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

export class ForeignFilesError extends Error {
  constructor(
    readonly outDir: string,
    readonly files: readonly string[],
  ) {
    super(
      `${outDir} holds ${files.join(", ")}, which the generator did not write (no "${GENERATED_MARKER}" first line); ` +
        "move or delete them, or choose another --out folder. Nothing was written.",
    );
  }
}
