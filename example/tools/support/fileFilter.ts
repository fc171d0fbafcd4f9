import path from "node:path";
import picomatch from "picomatch";
import { hasExtension } from "./fileTypes.js";

/**
 * A test for files found under a folder: `glob` is matched against the path relative to the
 * folder, or against the file name alone when it has no "/" (so "*.ts" finds files at any
 * depth); `extensions` keeps only files with one of them. Throws when the glob is invalid.
 */
export function makeFileFilter(
  root: string,
  glob: string | undefined,
  extensions: readonly string[] | undefined,
): (file: string) => boolean {
  const matchesGlob = glob ? picomatch(glob, { dot: true }) : undefined;
  const byName = glob !== undefined && !glob.includes("/");
  return (file) => {
    if (extensions && !hasExtension(path.basename(file), extensions)) return false;
    if (!matchesGlob) return true;
    const subject = byName
      ? path.basename(file)
      : path.relative(root, file).split(path.sep).join("/");
    return matchesGlob(subject);
  };
}
