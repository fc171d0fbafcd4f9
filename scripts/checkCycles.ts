// `npm run check:cycles` (src, bench, scripts and tests), or
// `node --import tsx scripts/checkCycles.ts <folder...>`: fails when the TypeScript files of a
// folder take part in an import cycle. dpdm reads the files and resolves each import with
// TypeScript's own module resolution and the project's tsconfig.json (NodeNext: `./x.js` is
// `./x.ts`); `import type` counts like any other import. Two kinds of cycle are reported:
// - file cycles: files that import each other, directly or through others;
// - folder cycles: inside every folder, its subfolders (each standing for all the files in it)
//   and files that depend on each other. A folder is a layer: it may only import from folders
//   it does not feed.
// Each folder on the command line gets its own report; the exit code is 1 if any has a cycle
// (or no TypeScript file at all).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseCircular, parseDependencyTree, type Dependency, type DependencyTree } from "dpdm";

interface FolderReport {
  folder: string;
  files: number;
  fileCycles: string[][];
  folderCycles: string[][];
}

/** Checks one folder (relative to `cwd`, which holds the tsconfig.json used for resolution). */
async function checkFolder(folder: string, cwd: string): Promise<FolderReport> {
  const root = path.relative(cwd, path.resolve(cwd, folder)).split(path.sep).join("/") || ".";
  const tree = await parseDependencyTree(`${root === "." ? "" : `${root}/`}**/*.ts`, {
    cwd,
    context: cwd,
  });
  const inside = (file: string) => root === "." || file.startsWith(`${root}/`);
  const own = Object.keys(tree).filter((file) => inside(file) && tree[file] !== null);
  const fileCycles = parseCircular(tree).filter((cycle) => cycle.some(inside));

  const folderCycles: string[][] = [];
  for (const dir of foldersOf(own, root)) {
    const collapsed = collapse(tree, dir);
    for (const cycle of parseCircular(collapsed)) {
      // Cycles of single files are file cycles, listed above.
      if (cycle.some((node) => node.endsWith("/"))) folderCycles.push(cycle);
    }
  }
  return {
    folder: root,
    files: own.length,
    fileCycles: canonical(fileCycles),
    folderCycles: canonical(folderCycles),
  };
}

/** Each cycle from its smallest member, the list sorted and without repeats (parsing order varies). */
function canonical(cycles: readonly string[][]): string[][] {
  const byText = new Map<string, string[]>();
  for (const cycle of cycles) {
    const start = cycle.indexOf([...cycle].sort()[0]!);
    const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
    byText.set(rotated.join(" -> "), rotated);
  }
  return [...byText.keys()].sort().map((text) => byText.get(text)!);
}

/** `root` and every folder under it that holds one of `files`. */
function foldersOf(files: readonly string[], root: string): string[] {
  const folders = new Set<string>([root]);
  for (const file of files) {
    for (let dir = path.posix.dirname(file); dir !== root && dir !== ".";) {
      folders.add(dir);
      dir = path.posix.dirname(dir);
    }
  }
  return [...folders].sort();
}

/**
 * The dependency tree seen from `dir`: each file below it stands as the child of `dir` that holds
 * it (a subfolder, written with a trailing "/", or the file itself); files elsewhere stay as they
 * are. Imports within one node are dropped.
 */
function collapse(tree: DependencyTree, dir: string): DependencyTree {
  const prefix = dir === "." ? "" : `${dir}/`;
  const node = (file: string): string => {
    if (!file.startsWith(prefix)) return file;
    const rest = file.slice(prefix.length);
    const slash = rest.indexOf("/");
    return slash === -1 ? file : `${prefix}${rest.slice(0, slash)}/`;
  };
  const collapsed: Record<string, Dependency[]> = {};
  for (const [file, dependencies] of Object.entries(tree)) {
    if (dependencies === null) continue;
    const from = node(file);
    const edges = (collapsed[from] ??= []);
    for (const dependency of dependencies) {
      if (dependency.id === null || tree[dependency.id] === null) continue;
      const to = node(dependency.id);
      if (to !== from && !edges.some((edge) => edge.id === to)) {
        edges.push({ ...dependency, issuer: from, id: to });
      }
    }
  }
  return collapsed;
}

function describe(report: FolderReport): string {
  if (report.files === 0) return `${report.folder}: no TypeScript files found.\n`;
  const count = report.fileCycles.length + report.folderCycles.length;
  if (count === 0)
    return `${report.folder}: no import cycles (${report.files} file${report.files === 1 ? "" : "s"}).\n`;
  const lines = [`${report.folder}: ${count} import cycle${count === 1 ? "" : "s"}`];
  const list = (title: string, cycles: string[][]) => {
    if (cycles.length === 0) return;
    lines.push(`  ${title}:`);
    cycles.forEach((cycle, i) => lines.push(`    ${i + 1}) ${[...cycle, cycle[0]].join(" -> ")}`));
  };
  list("file cycles", report.fileCycles);
  list("folder cycles", report.folderCycles);
  return `${lines.join("\n")}\n`;
}

/**
 * The report on each folder (relative to `cwd`; default src) and whether any has a cycle or no
 * TypeScript file: the script's output and its exit code (1 then).
 */
export async function checkCycles(
  folders: readonly string[],
  cwd: string,
): Promise<{ readonly code: number; readonly stdout: string }> {
  let failed = false;
  let stdout = "";
  for (const folder of folders.length > 0 ? folders : ["src"]) {
    const report = await checkFolder(folder, cwd);
    // A folder without files (a misspelt name) must not pass as a folder without cycles.
    if (report.files === 0 || report.fileCycles.length + report.folderCycles.length > 0) {
      failed = true;
    }
    stdout += describe(report);
  }
  return { code: failed ? 1 : 0, stdout };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { code, stdout } = await checkCycles(process.argv.slice(2), process.cwd());
  process.stdout.write(stdout);
  process.exitCode = code;
}
