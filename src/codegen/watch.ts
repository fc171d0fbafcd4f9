import fs from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { DEFAULT_TOOLS_GLOB } from "./generate.js";
import { runOnce, type Io, type Run } from "./run.js";

const SOURCE_FILE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;
const DEBOUNCE_MS = 100;

/**
 * Watch mode: regenerate (with the report) whenever a file that was read changes, or a file
 * appears under a tools glob, until `io.signal` aborts. Errors are reported and watching goes
 * on; the output folder keeps its last good state.
 */
export async function watch(run: Run, io: Io): Promise<number> {
  const globs = run.generate.tools?.length ? run.generate.tools : [DEFAULT_TOOLS_GLOB];
  const roots = [
    ...new Set(globs.map((glob) => path.resolve(io.cwd, picomatch.scan(glob).base || "."))),
  ];
  const watchers = new Map<string, fs.FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let changed = new Set<string>();

  const relevant = (file: string) => SOURCE_FILE.test(file) && !isInside(file, run.outDir);

  const schedule = (file: string) => {
    if (!relevant(file)) return;
    changed.add(path.relative(io.cwd, file).split(path.sep).join("/"));
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

  // Watchers stay open across runs (a change made while one is replaced would be missed);
  // after each run, folders of files no longer read are dropped and new ones added.
  const regenerate = async () => {
    const { sources } = await runOnce(run, io);
    const wanted = new Set(
      sources
        .map((file) => path.dirname(file))
        .filter((dir) => !roots.some((root) => isInside(dir, root))),
    );
    for (const [folder, watcher] of watchers) {
      if (roots.includes(folder) || wanted.has(folder)) continue;
      watcher.close();
      watchers.delete(folder);
    }
    for (const root of roots) watchFolder(root, true);
    for (const folder of wanted) watchFolder(folder, false);
  };

  const watchFolder = (folder: string, recursive: boolean) => {
    if (watchers.has(folder)) return;
    try {
      const watcher = fs.watch(folder, { recursive }, (_event, name) => {
        if (name) schedule(path.join(folder, name.toString()));
      });
      watcher.on("error", () => {
        watcher.close();
        watchers.delete(folder);
      });
      watchers.set(folder, watcher);
    } catch (error) {
      io.stderr(`gen: cannot watch ${folder}: ${(error as Error).message}\n`);
    }
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
  for (const watcher of watchers.values()) watcher.close();
  await running;
  return 0;
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
