// CONTRACT.md section 7 (`--watch`).
import type { Stats } from "node:fs";
import path from "node:path";
import { watch as watchPaths, type ChokidarOptions, type FSWatcher } from "chokidar";
import picomatch from "picomatch";
import { relativeName } from "../diagnostics/paths.js";
import { clearPrettierConfigCache } from "../format/formatter.js";
import { DEFAULT_TOOLS_GLOB } from "../pipeline/generate.js";
import { CONFIG_FILE } from "../settings/settings.js";
import { EXIT_OK, reportFailure, runOnce, type Io, type Run } from "./run.js";

const SOURCE_FILE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;
const DEBOUNCE_MS = 100;

/** The files whose change means the settings may have changed: they are read again. */
const SETTINGS_FILES = new Set([CONFIG_FILE, "package.json"]);

/**
 * The files prettier reads for the output folder's configuration (in it or any folder above):
 * its configuration files, package.json's and package.yaml's "prettier" key, .editorconfig.
 */
const PRETTIER_FILES = new Set([
  "package.json",
  "package.yaml",
  ".prettierrc",
  ...["json", "yaml", "yml", "json5", "js", "mjs", "cjs", "ts", "mts", "cts", "toml"].map(
    (extension) => `.prettierrc.${extension}`,
  ),
  ...["js", "mjs", "cjs", "ts", "mts", "cts"].map((extension) => `prettier.config.${extension}`),
  ".editorconfig",
]);

export interface WatchOptions {
  /** Reads the settings again after a settings file changed; throws for unusable settings. */
  readonly reload?: () => Promise<Run>;
  /** The folder settings are looked for from, upward (the working folder). */
  readonly settingsFrom?: string;
}

/**
 * Watch mode: regenerate (with the report) whenever a source file changes, appears or goes away
 * under the tools folders, or in a folder holding another file that a run read (an imported
 * constants module), until `io.signal` aborts. A change of the settings (the settings file or
 * a package.json where they are looked for) reads them again first; a change of the prettier
 * configuration that applies to the output folder (its files, .editorconfig) regenerates too,
 * so that the output stays what `--check` expects. Errors, unusable settings included, are
 * reported and watching goes on; the output folder keeps its last good state (CONTRACT.md 7).
 *
 * The watching is chokidar's: it watches each folder (not each file), so a file replaced by a
 * rename (`sed -i`, an editor's atomic save) goes on being watched, and so does a file deleted
 * and created again. Node 20's recursive `fs.watch` on Linux loses such files.
 */
export async function watch(first: Run, io: Io, watchOptions: WatchOptions = {}): Promise<number> {
  let run = first;
  const base = () => run.generate.cwd;
  const runIo = (): Io => ({ ...io, cwd: base() });
  const shown = (file: string) => relativeName(base(), path.resolve(base(), file));
  const rootsOf = (of: Run) => {
    const globs = of.generate.tools?.length ? of.generate.tools : [DEFAULT_TOOLS_GLOB];
    return [
      ...new Set(
        globs.map((glob) => path.resolve(of.generate.cwd, picomatch.scan(glob).base || ".")),
      ),
    ];
  };
  let roots = rootsOf(run);
  const skipped = (file: string) =>
    isInside(file, run.outDir) || /(?:^|[\\/])(?:node_modules|\.git)(?:[\\/]|$)/.test(file);
  const options: ChokidarOptions = {
    ignoreInitial: true,
    ignored: (file: string, stats?: Stats) =>
      skipped(file) || (stats?.isFile() === true && !SOURCE_FILE.test(file)),
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let changed = new Set<string>();
  let settingsChanged = false;

  const flushLater = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        const files = [...changed].sort();
        const reread = settingsChanged;
        changed = new Set();
        settingsChanged = false;
        io.stdout(`\nChanged: ${files.join(", ")}. Regenerating.\n`);
        try {
          if (reread && watchOptions.reload) await use(await watchOptions.reload());
          await regenerate();
        } catch (error) {
          // Unusable settings (the last good ones go on being watched), or a folder that
          // cannot be watched: said, and watching goes on.
          reportFailure(error, runIo());
        }
      });
    }, DEBOUNCE_MS);
  };

  const schedule = (file: string) => {
    if (!SOURCE_FILE.test(file) || skipped(file)) return;
    changed.add(shown(file));
    flushLater();
  };

  const start = async (
    paths: string[],
    depth: number | undefined,
    on: (file: string) => void,
    watching: ChokidarOptions = options,
  ): Promise<FSWatcher> => {
    const watcher = watchPaths(paths, depth === undefined ? watching : { ...watching, depth });
    watcher.on("all", (event, file) => {
      if (event === "add" || event === "change" || event === "unlink") on(file);
    });
    watcher.on("error", (error) => reportFailure(error, runIo()));
    await new Promise<void>((resolve) => watcher.once("ready", resolve));
    return watcher;
  };

  // The tools folders, with everything under them; then, one level deep, every other folder that
  // holds a file some run read (kept for the session: a file deleted, so no longer read, is seen
  // when it comes back).
  let tree = await start(roots, undefined, schedule);
  let folders: FSWatcher | undefined;
  const watchedFolders = new Set<string>();

  // The settings files from the working folder upward, and prettier's configuration files
  // from the output folder upward: only those names, one level deep in each folder.
  const configFolders = new Set<string>();
  const configFolderList = () => [
    ...ancestors(watchOptions.settingsFrom ?? base()),
    ...ancestors(run.outDir),
  ];
  const configOptions: ChokidarOptions = {
    ignoreInitial: true,
    ignored: (file: string) =>
      !configFolders.has(path.resolve(file)) && !isConfigName(path.basename(file)),
  };
  const onConfig = (file: string) => {
    if (!isConfigName(path.basename(file))) return;
    if (SETTINGS_FILES.has(path.basename(file))) settingsChanged = true;
    changed.add(shown(file));
    flushLater();
  };
  let config: FSWatcher | undefined;

  /** Settings read again: the new tools folders and output folder are watched from now on. */
  const use = async (next: Run) => {
    const nextRoots = rootsOf(next);
    run = next;
    if (JSON.stringify(nextRoots) !== JSON.stringify(roots)) {
      roots = nextRoots;
      await tree.close();
      tree = await start(roots, undefined, schedule);
    }
    await watchConfig();
  };

  /** Watches the configuration folders not watched yet (the output folder's, once it exists). */
  const watchConfig = async () => {
    const added = configFolderList().filter((dir) => !configFolders.has(dir));
    for (const dir of added) configFolders.add(dir);
    if (added.length === 0) return;
    if (config) config.add(added);
    else config = await start(added, 0, onConfig, configOptions);
  };

  const regenerate = async () => {
    // prettier keeps the configurations it read: they may have changed since.
    await clearPrettierConfigCache();
    const { sources } = await runOnce(run, runIo());
    const added = [
      ...new Set(
        sources
          .map((file) => path.dirname(file))
          .filter((dir) => !roots.some((root) => isInside(dir, root)) && !skipped(dir)),
      ),
    ].filter((dir) => !watchedFolders.has(dir));
    if (added.length === 0) return;
    for (const dir of added) watchedFolders.add(dir);
    if (folders) folders.add(added);
    else folders = await start(added, 0, schedule);
  };

  await regenerate();
  await watchConfig();
  io.stdout(
    `Watching ${roots.map((root) => path.relative(base(), root) || ".").join(", ")} for changes (Ctrl-C to stop).\n`,
  );
  await new Promise<void>((resolve) => {
    if (io.signal?.aborted) return resolve();
    io.signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  clearTimeout(timer);
  await Promise.all([tree.close(), folders?.close(), config?.close()]);
  await running;
  return EXIT_OK;
}

function isConfigName(name: string): boolean {
  return SETTINGS_FILES.has(name) || PRETTIER_FILES.has(name);
}

/**
 * `dir` and every folder above it, short of the file system's root (chokidar cannot watch the
 * root: it reports it gone at once, and the folders below it with it).
 */
function ancestors(dir: string): string[] {
  const list: string[] = [];
  for (let current = path.resolve(dir); path.dirname(current) !== current;) {
    list.push(current);
    current = path.dirname(current);
  }
  return list;
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
