import type { Stats } from "node:fs";
import path from "node:path";
import { watch as watchPaths, type ChokidarOptions, type FSWatcher } from "chokidar";
import picomatch from "picomatch";
import { relativeName } from "../diagnostics/paths.js";
import { DEFAULT_TOOLS_GLOB } from "../pipeline/generate.js";
import { EXIT_OK, reportFailure, runOnce, type Io, type Run } from "./run.js";

const SOURCE_FILE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;
const DEBOUNCE_MS = 100;

/**
 * Watch mode: regenerate (with the report) whenever a source file changes, appears or goes away
 * under the tools folders, or in a folder holding another file that a run read (an imported
 * constants module), until `io.signal` aborts. Errors are reported and watching goes on; the
 * output folder keeps its last good state.
 *
 * The watching is chokidar's: it watches each folder (not each file), so a file replaced by a
 * rename (`sed -i`, an editor's atomic save) goes on being watched, and so does a file deleted
 * and created again. Node 20's recursive `fs.watch` on Linux loses such files.
 */
export async function watch(run: Run, io: Io): Promise<number> {
  const globs = run.generate.tools?.length ? run.generate.tools : [DEFAULT_TOOLS_GLOB];
  const roots = [
    ...new Set(globs.map((glob) => path.resolve(io.cwd, picomatch.scan(glob).base || "."))),
  ];
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

  const schedule = (file: string) => {
    if (!SOURCE_FILE.test(file) || skipped(file)) return;
    changed.add(relativeName(io.cwd, path.resolve(io.cwd, file)));
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        const files = [...changed].sort();
        changed = new Set();
        io.stdout(`\nChanged: ${files.join(", ")}. Regenerating.\n`);
        await regenerate();
      });
    }, DEBOUNCE_MS);
  };

  const start = async (paths: string[], depth?: number): Promise<FSWatcher> => {
    const watcher = watchPaths(paths, depth === undefined ? options : { ...options, depth });
    watcher.on("all", (event, file) => {
      if (event === "add" || event === "change" || event === "unlink") schedule(file);
    });
    watcher.on("error", (error) => reportFailure(error, io));
    await new Promise<void>((resolve) => watcher.once("ready", resolve));
    return watcher;
  };

  // The tools folders, with everything under them; then, one level deep, every other folder that
  // holds a file some run read (kept for the session: a file deleted, so no longer read, is seen
  // when it comes back).
  const tree = await start(roots);
  let folders: FSWatcher | undefined;
  const watchedFolders = new Set<string>();

  const regenerate = async () => {
    const { sources } = await runOnce(run, io);
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
    else folders = await start(added, 0);
  };

  await regenerate();
  io.stdout(
    `Watching ${roots.map((root) => path.relative(io.cwd, root) || ".").join(", ")} for changes (Ctrl-C to stop).\n`,
  );
  await new Promise<void>((resolve) => {
    if (io.signal?.aborted) return resolve();
    io.signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  clearTimeout(timer);
  await Promise.all([tree.close(), folders?.close()]);
  await running;
  return EXIT_OK;
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
