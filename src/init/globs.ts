// The smallest `tools` globs that cover the files declaring tools: one glob per folder, the
// folder's `*.ts` when that reads little else, the files by name otherwise.
import path from "node:path";

export interface GlobInput {
  /**
   * The files that declare tools (relative to the package, with `/`): those the generator
   * reads, and those it cannot read in the same folders (the run lists them as left out).
   */
  readonly declared: readonly string[];
  /**
   * Every file a glob could match, as the generator matches them (every TypeScript file but
   * declarations and dependencies, tests included), relative.
   */
  readonly files: readonly string[];
  /** Tests: a folder glob leaves them out with one pattern. */
  readonly tests: ReadonlySet<string>;
}

/** The globs, and the tests a folder glob matched (to leave out with `excludeFiles`). */
export interface GlobProposal {
  readonly tools: readonly string[];
  readonly matchedTests: readonly string[];
}

/** Beyond this many declaring files, a folder is globbed whatever else it holds. */
const NAMED_FILES = 8;

/**
 * One glob per folder: `dir/*.ts` when the folder's other files (tests aside) are no more
 * than its declaring files, or when it declares in more than NAMED_FILES files; the files by
 * name otherwise (`dir/{a,b}.ts`, `dir/a.ts`).
 */
export function proposeGlobs(input: GlobInput): GlobProposal {
  const declaredByDir = groupByDir(input.declared);
  const filesByDir = groupByDir(input.files);
  const tools: string[] = [];
  const matchedTests: string[] = [];
  for (const [dir, inDir] of [...declaredByDir.entries()].sort(([a], [b]) => compare(a, b))) {
    const names = inDir.map((file) => path.posix.basename(file)).sort(compare);
    const matched = (filesByDir.get(dir) ?? []).filter((file) => file.endsWith(".ts"));
    const tests = matched.filter((file) => input.tests.has(file) && !inDir.includes(file));
    const others = matched.length - tests.length - inDir.filter((f) => f.endsWith(".ts")).length;
    const sameExtension = names.every((name) => name.endsWith(".ts"));
    const useFolder =
      sameExtension && names.length > 1 && (others <= names.length || names.length > NAMED_FILES);
    if (useFolder) {
      tools.push(join(dir, "*.ts"));
      matchedTests.push(...tests);
    } else if (names.length === 1) tools.push(join(dir, escapeGlob(names[0]!)));
    else if (sameExtension)
      tools.push(join(dir, `{${names.map((name) => escapeGlob(name.slice(0, -3))).join(",")}}.ts`));
    else tools.push(join(dir, `{${names.map(escapeGlob).join(",")}}`));
  }
  return { tools, matchedTests: matchedTests.sort(compare) };
}

function groupByDir(files: readonly string[]): Map<string, string[]> {
  const byDir = new Map<string, string[]>();
  for (const file of files) {
    const dir = path.posix.dirname(file);
    let list = byDir.get(dir);
    if (!list) byDir.set(dir, (list = []));
    list.push(file);
  }
  return byDir;
}

/** `dir/name`, with the folder's glob characters escaped (`name` is a pattern already). */
function join(dir: string, name: string): string {
  return dir === "." ? name : `${escapeGlob(dir)}/${name}`;
}

/** A file or folder name as a glob that matches it alone (`[id].ts`, `(group)`). */
export function escapeGlob(name: string): string {
  return name.replace(/[*?[\]{}()!,]/g, "\\$&");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
