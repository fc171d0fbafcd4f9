import fs from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";

/** A file the tool globs matched: the path that matched, and where the file really is. */
export interface FoundFile {
  readonly path: string;
  readonly real: string;
}

/** What the tool globs always leave out: dependencies and declaration files. */
const ALWAYS_IGNORED = ["**/node_modules/**", "**/*.d.ts"];

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
  return uniqueFiles(await matched(globs, cwd, excludeFiles), cwd);
}

/** A run's tool files, and what its `excludeFiles` leaves out. */
export interface FoundFiles {
  readonly found: FoundFile[];
  /** The files (as matched, absolute) that `excludeFiles` leaves out. */
  readonly excluded: string[];
  /** The `excludeFiles` globs that leave out none of the files the tool globs match. */
  readonly unusedExclusions: string[];
}

/** The tool files, and, when there are exclusions, the files they leave out and those unused. */
export async function findFiles(
  globs: readonly string[],
  cwd: string,
  excludeFiles: readonly string[],
): Promise<FoundFiles> {
  const found = await findToolFiles(globs, cwd, excludeFiles);
  if (excludeFiles.length === 0) return { found, excluded: [], unusedExclusions: [] };
  const all = await matched(globs, cwd, []);
  const kept = new Set(found.map((file) => file.path));
  const excluded = (await uniqueFiles(all, cwd))
    .filter((file) => !kept.has(file.path))
    .map((file) => file.path);
  const unusedExclusions: string[] = [];
  for (const exclusion of excludeFiles)
    if ((await matched(globs, cwd, [exclusion])).length === all.length)
      unusedExclusions.push(exclusion);
  return { found, excluded, unusedExclusions };
}

/** The absolute paths the globs match, sorted, less `ignore` and what is always ignored. */
async function matched(
  globs: readonly string[],
  cwd: string,
  ignore: readonly string[],
): Promise<string[]> {
  const options = { cwd, absolute: true, ignore: [...ALWAYS_IGNORED, ...ignore] };
  return (await glob([...globs], options)).sort();
}

/** Each file once, under the first of its paths, with where it really is. */
async function uniqueFiles(paths: readonly string[], cwd: string): Promise<FoundFile[]> {
  const realCwd = await fs.realpath(cwd).catch(() => cwd);
  const seen = new Set<string>();
  const files: FoundFile[] = [];
  for (const file of paths) {
    let real = await fs.realpath(file).catch(() => file);
    const inside = path.relative(realCwd, real);
    if (!inside.startsWith("..") && !path.isAbsolute(inside)) real = path.join(cwd, inside);
    if (seen.has(real)) continue;
    seen.add(real);
    files.push({ path: file, real });
  }
  return files;
}
