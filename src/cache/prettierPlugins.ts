// Prettier 2 loads plugins by itself: every `prettier-plugin-*`, `@prettier/plugin-*` and
// `@*/prettier-plugin-*` package in the node_modules folder above it (or in the folders its
// `pluginSearchDirs` option names), whatever the configuration says. Their code is not tracked,
// so with any there the output is not cached; and one that appears must spoil what was cached.
// Prettier 3 loads only the plugins its configuration names (which are never cached).
import fs from "node:fs";
import path from "node:path";

/** The plugins prettier 2 would load by itself, by node_modules folder searched (sorted names). */
export type PluginListing = Readonly<Record<string, readonly string[]>>;

/**
 * What prettier (`{ path, version }`: its entry module, its version) loads by itself when it
 * formats with each of `options`, as prettier 2's `load-plugins.js` finds it: `pluginSearchDirs:
 * false` searches nothing, a list searches `<dir>/node_modules` of each (relative to the working
 * folder), and no list searches the node_modules folder of the nearest folder above prettier
 * that has one. Empty for prettier 3 and later.
 */
export function autoLoadedPlugins(
  prettier: { readonly path: string; readonly version: string },
  options: Iterable<unknown>,
): PluginListing {
  const major = Number.parseInt(prettier.version, 10);
  if (major >= 3) return {};
  const folders = new Set<string>();
  for (const option of options) {
    const dirs = (option as { pluginSearchDirs?: unknown } | null)?.pluginSearchDirs;
    if (dirs === false) continue;
    if (Array.isArray(dirs) && dirs.length > 0) {
      for (const dir of dirs)
        if (typeof dir === "string") folders.add(path.resolve(process.cwd(), dir, "node_modules"));
      continue;
    }
    const parent = folderHolding(path.dirname(prettier.path), "node_modules");
    if (parent !== undefined) folders.add(path.join(parent, "node_modules"));
  }
  const listing: Record<string, readonly string[]> = {};
  for (const folder of [...folders].sort()) listing[folder] = pluginsIn(folder);
  return listing;
}

/** The nearest folder from `start` up that holds an entry `name` (find-parent-dir, as prettier 2 uses it). */
function folderHolding(start: string, name: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, name))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The plugin packages (a folder with a package.json) whose names prettier 2 looks for, sorted. */
function pluginsIn(folder: string): string[] {
  const found: string[] = [];
  const isPackage = (name: string) => fs.existsSync(path.join(folder, name, "package.json"));
  for (const entry of list(folder)) {
    if (entry.startsWith("prettier-plugin-") && isPackage(entry)) found.push(entry);
    else if (entry.startsWith("@")) {
      for (const inner of list(path.join(folder, entry))) {
        const name = `${entry}/${inner}`;
        const matches =
          inner.startsWith("prettier-plugin-") ||
          (entry === "@prettier" && inner.startsWith("plugin-"));
        if (matches && isPackage(name)) found.push(name);
      }
    }
  }
  return found.sort();
}

function list(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch {
    return [];
  }
}
