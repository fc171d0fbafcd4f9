// The `tools` globs `init` proposes: a folder's pattern for each folder that declares tools
// (`src/tools/*.ts`; `src/tools/**/*.ts` when folders below it declare too), never a single
// file, so that a tool added beside the others is read without a change of the settings; and
// the `excludeFiles` patterns that leave out what those globs match but is no source (tests,
// fixtures, mocks, builds).
import path from "node:path";
import picomatch from "picomatch";

/** A folder pattern, and the folder it reads. */
export interface ToolGlob {
  readonly glob: string;
  /** The folder (relative, `.` for the package's), and whether its subfolders are read too. */
  readonly folder: string;
  readonly deep: boolean;
}

/**
 * One pattern per folder that declares tools (relative paths, with `/`): `dir/*.ts`, or
 * `dir/**\/*.ts` when a folder below it declares too (then that folder has no pattern of its
 * own), unless `dir` is the package's folder or holds the output folder `out`; the extension is
 * each folder's declaring files' (`*.{mts,ts}` for two).
 */
export function folderGlobs(declared: readonly string[], out: string): ToolGlob[] {
  const folders = [...new Set(declared.map((file) => path.posix.dirname(file)))].sort(compare);
  // Never read deep: the package's own folder (that would be the whole package), nor a folder
  // holding the output folder (the generator's own output is no declaration).
  const deepable = (folder: string) => folder !== "." && !isBelow(out, folder);
  const tops = folders.filter(
    (folder) => !folders.some((other) => deepable(other) && isBelow(folder, other)),
  );
  return tops.map((folder) => {
    const deep = deepable(folder) && folders.some((other) => isBelow(other, folder));
    const covered = declared.filter((file) =>
      deep
        ? isBelow(path.posix.dirname(file), folder) || path.posix.dirname(file) === folder
        : path.posix.dirname(file) === folder,
    );
    const extensions = [...new Set(covered.map((file) => path.posix.extname(file).slice(1)))].sort(
      compare,
    );
    const name = extensions.length === 1 ? `*.${extensions[0]}` : `*.{${extensions.join(",")}}`;
    const prefix = folder === "." ? "" : `${escapeGlob(folder)}/`;
    return { glob: `${prefix}${deep ? "**/" : ""}${name}`, folder, deep };
  });
}

/**
 * The `excludeFiles` patterns that leave out `unwanted`, files the globs match that are no
 * source: a folder that makes them so (`src/tools/__fixtures__/**`), else their ending under
 * the glob's folder (`src/tools/*.test.ts`, `src/**\/*.spec.ts`), else the file itself.
 */
export function exclusionPatterns(
  globs: readonly ToolGlob[],
  unwanted: readonly string[],
  notSources: readonly string[],
): string[] {
  const patterns = new Set<string>();
  for (const file of unwanted) {
    const folder = notSourceFolder(file, notSources);
    if (folder !== undefined) {
      patterns.add(`${escapeGlob(folder)}/**`);
      continue;
    }
    const ending = /(\.(?:test|spec|mock)\.[^/]+)$/.exec(file)?.[1];
    const glob = globs.find((g) => picomatch.isMatch(file, g.glob, { dot: true }));
    if (ending && glob) {
      const prefix = glob.folder === "." ? "" : `${escapeGlob(glob.folder)}/`;
      patterns.add(`${prefix}${glob.deep ? "**/" : ""}*${escapeGlob(ending)}`);
    } else patterns.add(escapeGlob(file));
  }
  return [...patterns].sort(compare);
}

/** The first folder of a path that one of `notSources` (`**\/name/**`) names. */
function notSourceFolder(file: string, notSources: readonly string[]): string | undefined {
  const segments = file.split("/").slice(0, -1);
  for (let i = 0; i < segments.length; i++) {
    const folder = segments.slice(0, i + 1).join("/");
    if (notSources.some((pattern) => picomatch.isMatch(`${folder}/x.ts`, pattern, { dot: true })))
      return folder;
  }
  return undefined;
}

/** Whether `folder` is strictly inside `ancestor` (`.` holds every other folder). */
function isBelow(folder: string, ancestor: string): boolean {
  if (folder === ancestor) return false;
  return ancestor === "." || folder.startsWith(`${ancestor}/`);
}

/** A file or folder name as a glob that matches it alone (`[id].ts`, `(group)`). */
export function escapeGlob(name: string): string {
  return name.replace(/[*?[\]{}()!,]/g, "\\$&");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
