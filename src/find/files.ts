import fs from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";

/** A file the tool globs matched: the path that matched, and where the file really is. */
export interface FoundFile {
  readonly path: string;
  readonly real: string;
}

/**
 * The files the globs match, less those `excludeFiles` matches, sorted, each file once
 * (CONTRACT.md section 2): a file reached twice (through a symbolic link to a folder, or by
 * two globs) is kept under the first of its paths in sorted order. `real` is where the file
 * really is (expressed under `cwd` when it lies there, even if `cwd` itself is reached through
 * a link): it is read there, so that its imports resolve the way Node resolves them.
 */
export async function findToolFiles(
  globs: readonly string[],
  cwd: string,
  excludeFiles: readonly string[] = [],
): Promise<FoundFile[]> {
  const ignore = ["**/node_modules/**", "**/*.d.ts", ...excludeFiles];
  const matched = (await glob([...globs], { cwd, absolute: true, ignore })).sort();
  const realCwd = await fs.realpath(cwd).catch(() => cwd);
  const seen = new Set<string>();
  const files: FoundFile[] = [];
  for (const file of matched) {
    let real = await fs.realpath(file).catch(() => file);
    const inside = path.relative(realCwd, real);
    if (!inside.startsWith("..") && !path.isAbsolute(inside)) real = path.join(cwd, inside);
    if (seen.has(real)) continue;
    seen.add(real);
    files.push({ path: file, real });
  }
  return files;
}

/** The `excludeFiles` globs that leave out none of the files the tool globs match. */
export async function unusedFileExclusions(
  globs: readonly string[],
  cwd: string,
  excludeFiles: readonly string[],
): Promise<string[]> {
  if (excludeFiles.length === 0) return [];
  const all = await glob([...globs], { cwd, ignore: ["**/node_modules/**", "**/*.d.ts"] });
  const unused: string[] = [];
  for (const exclusion of excludeFiles) {
    const kept = await glob([...globs], {
      cwd,
      ignore: ["**/node_modules/**", "**/*.d.ts", exclusion],
    });
    if (kept.length === all.length) unused.push(exclusion);
  }
  return unused;
}
