// CONTRACT.md section 7 (`--watch`).
import type { Stats } from "node:fs";
import path from "node:path";
import { watch as watchPaths, type ChokidarOptions, type FSWatcher } from "chokidar";
import picomatch from "picomatch";
import { relativeName } from "../diagnostics/paths.js";
import { BIOME_CONFIG_FILES } from "../format/detect.js";
import { PRETTIER_CONFIG_FILES } from "../format/prettier.js";
import { DEFAULT_TOOLS_GLOB } from "../pipeline/generate.js";
import { CONFIG_FILE } from "../settings/settings.js";
import { EXIT_OK, reportFailure, runOnce, WatchedRun, type Io, type Run } from "./run.js";

const SOURCE_FILE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;

/** A file changed (its text), or came, or went. */
type ChangeEvent = "add" | "change" | "unlink";
const DEBOUNCE_MS = 100;

/** The files whose change means the settings may have changed: they are read again. */
const SETTINGS_FILES = new Set([CONFIG_FILE, "package.json"]);

/**
 * The files formatters read for the output folder's configuration (in it or any folder above):
 * prettier's configuration files, package.json's and package.yaml's "prettier" key (and the
 * package.json that lists a formatter), .editorconfig; Biome's configuration files; and those of
 * the formatters a command usually runs (dprint, oxfmt).
 */
const FORMATTER_FILES = new Set([
  "package.json",
  "package.yaml",
  ".editorconfig",
  ...PRETTIER_CONFIG_FILES,
  ...BIOME_CONFIG_FILES,
  "dprint.json",
  "dprint.jsonc",
  ".dprint.json",
  ".dprint.jsonc",
  ".oxfmtrc.json",
  ".oxfmtrc.jsonc",
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
 * a package.json where they are looked for) reads them again first; a change of a formatter's
 * configuration that applies to the output folder (prettier's or Biome's files, .editorconfig,
 * dprint's and oxfmt's) regenerates too, so that the output stays what `--check` expects.
 * Errors, unusable settings included, are reported and watching goes on; the output folder
 * keeps its last good state (CONTRACT.md 7). The generator is kept between runs: after a file's
 * text changed, a run reads again only the tool files whose reading depended on it, and formats
 * only the files that changed (pipeline/incremental.ts); a file created or removed, or a
 * formatter's configuration changed, makes the next run read everything again, and new
 * settings make a new generator.
 *
 * The watching is chokidar's: it watches each folder (not each file), so a file replaced by a
 * rename (`sed -i`, an editor's atomic save) goes on being watched, and so does a file deleted
 * and created again. Node 20's recursive `fs.watch` on Linux loses such files.
 */
export async function watch(first: Run, io: Io, watchOptions: WatchOptions = {}): Promise<number> {
  const session = new WatchSession(first, io, watchOptions);
  await session.start();
  await new Promise<void>((resolve) => {
    if (io.signal?.aborted) return resolve();
    io.signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  await session.stop();
  return EXIT_OK;
}

/** One `--watch` session: its watchers, the changes waiting for a run, the runs in a row. */
class WatchSession {
  #run: Run;
  readonly #io: Io;
  readonly #options: WatchOptions;
  #roots: string[];
  readonly #sourceOptions: ChokidarOptions = {
    ignoreInitial: true,
    ignored: (file: string, stats?: Stats) =>
      this.#skipped(file) || (stats?.isFile() === true && !SOURCE_FILE.test(file)),
  };
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  /** The changes since the last run, as shown; the files whose text changed, absolute. */
  #changed = new Set<string>();
  #edited = new Set<string>();
  /** A file came or went, or the formatter's configuration changed: the next run reads all. */
  #reread = false;
  #settingsChanged = false;
  /** The generator kept between runs, told what changed. */
  #watched: WatchedRun;

  // The tools folders, with everything under them; then, one level deep, every other folder that
  // holds a file some run read (kept for the session: a file deleted, so no longer read, is seen
  // when it comes back).
  #tree: FSWatcher | undefined;
  #folders: FSWatcher | undefined;
  readonly #watchedFolders = new Set<string>();

  // The settings files from the working folder upward, and the formatters' configuration files
  // from the output folder upward: only those names, one level deep in each folder.
  readonly #configFolders = new Set<string>();
  readonly #configOptions: ChokidarOptions = {
    ignoreInitial: true,
    ignored: (file: string) =>
      !this.#configFolders.has(path.resolve(file)) && !isConfigName(path.basename(file)),
  };
  #config: FSWatcher | undefined;

  constructor(first: Run, io: Io, options: WatchOptions) {
    this.#run = first;
    this.#watched = new WatchedRun(first);
    this.#io = io;
    this.#options = options;
    this.#roots = rootsOf(first);
  }

  async start(): Promise<void> {
    this.#tree = await this.#watch(this.#roots, undefined, this.#schedule);
    await this.#regenerate();
    await this.#watchConfig();
    const base = this.#base();
    this.#io.stdout(
      `Watching ${this.#roots.map((root) => path.relative(base, root) || ".").join(", ")} for changes (Ctrl-C to stop).\n`,
    );
  }

  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    await Promise.all([this.#tree?.close(), this.#folders?.close(), this.#config?.close()]);
    await this.#running;
    this.#watched.close();
  }

  #base(): string {
    return this.#run.generate.cwd;
  }

  #runIo(): Io {
    return { ...this.#io, cwd: this.#base() };
  }

  #shown(file: string): string {
    return relativeName(this.#base(), path.resolve(this.#base(), file));
  }

  #skipped(file: string): boolean {
    return (
      isInside(file, this.#run.outDir) || /(?:^|[\\/])(?:node_modules|\.git)(?:[\\/]|$)/.test(file)
    );
  }

  readonly #schedule = (file: string, event: ChangeEvent): void => {
    if (!SOURCE_FILE.test(file) || this.#skipped(file)) return;
    this.#changed.add(this.#shown(file));
    if (event === "change") this.#edited.add(path.resolve(this.#base(), file));
    else this.#reread = true;
    this.#flushLater();
  };

  readonly #onConfig = (file: string): void => {
    if (!isConfigName(path.basename(file))) return;
    if (SETTINGS_FILES.has(path.basename(file))) this.#settingsChanged = true;
    this.#reread = true;
    this.#changed.add(this.#shown(file));
    this.#flushLater();
  };

  #flushLater(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#running = this.#running.then(() => this.#flush());
    }, DEBOUNCE_MS);
  }

  /**
   * The changes so far: said, told to the generator, then the settings read again if they
   * changed, then a run.
   */
  async #flush(): Promise<void> {
    const files = [...this.#changed].sort();
    const settings = this.#settingsChanged;
    if (this.#reread) this.#watched.invalidate();
    else this.#watched.changed([...this.#edited]);
    this.#changed = new Set();
    this.#edited = new Set();
    this.#reread = false;
    this.#settingsChanged = false;
    this.#io.stdout(`\nChanged: ${files.join(", ")}. Regenerating.\n`);
    try {
      if (settings && this.#options.reload) await this.#use(await this.#options.reload());
      await this.#regenerate();
    } catch (error) {
      // Unusable settings (the last good ones go on being watched), or a folder that
      // cannot be watched: said, and watching goes on.
      reportFailure(error, this.#runIo());
    }
  }

  async #watch(
    paths: string[],
    depth: number | undefined,
    on: (file: string, event: ChangeEvent) => void,
    watching: ChokidarOptions = this.#sourceOptions,
  ): Promise<FSWatcher> {
    const watcher = watchPaths(paths, depth === undefined ? watching : { ...watching, depth });
    watcher.on("all", (event, file) => {
      if (event === "add" || event === "change" || event === "unlink") on(file, event);
    });
    watcher.on("error", (error) => reportFailure(error, this.#runIo()));
    await new Promise<void>((resolve) => watcher.once("ready", resolve));
    return watcher;
  }

  /**
   * Settings read again: the new tools folders and output folder are watched from now on, with
   * a generator of the new settings.
   */
  async #use(next: Run): Promise<void> {
    const nextRoots = rootsOf(next);
    this.#run = next;
    this.#watched.close();
    this.#watched = new WatchedRun(next);
    if (JSON.stringify(nextRoots) !== JSON.stringify(this.#roots)) {
      this.#roots = nextRoots;
      await this.#tree?.close();
      this.#tree = await this.#watch(this.#roots, undefined, this.#schedule);
    }
    await this.#watchConfig();
  }

  /** Watches the configuration folders not watched yet (the output folder's, once it exists). */
  async #watchConfig(): Promise<void> {
    const added = [
      ...ancestors(this.#options.settingsFrom ?? this.#base()),
      ...ancestors(this.#run.outDir),
    ].filter((dir) => !this.#configFolders.has(dir));
    for (const dir of added) this.#configFolders.add(dir);
    if (added.length === 0) return;
    if (this.#config) this.#config.add(added);
    else this.#config = await this.#watch(added, 0, this.#onConfig, this.#configOptions);
  }

  /** One run; the folders of the files it read outside the tools folders are watched from now on. */
  async #regenerate(): Promise<void> {
    const { sources } = await runOnce(this.#run, this.#runIo(), this.#watched);
    const added = [
      ...new Set(
        sources
          .map((file) => path.dirname(file))
          .filter((dir) => !this.#roots.some((root) => isInside(dir, root)) && !this.#skipped(dir)),
      ),
    ].filter((dir) => !this.#watchedFolders.has(dir));
    if (added.length === 0) return;
    for (const dir of added) this.#watchedFolders.add(dir);
    if (this.#folders) this.#folders.add(added);
    else this.#folders = await this.#watch(added, 0, this.#schedule);
  }
}

/** The folders the tool globs of a run start from. */
function rootsOf(of: Run): string[] {
  const globs = of.generate.tools?.length ? of.generate.tools : [DEFAULT_TOOLS_GLOB];
  return [
    ...new Set(
      globs.map((glob) => path.resolve(of.generate.cwd, picomatch.scan(glob).base || ".")),
    ),
  ];
}

function isConfigName(name: string): boolean {
  return SETTINGS_FILES.has(name) || FORMATTER_FILES.has(name);
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
