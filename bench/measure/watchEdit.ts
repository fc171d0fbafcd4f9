// What a developer waits for in the edit loop: the command running with `--watch` (the
// installed command, in a child process of its own), one tool's file edited, and the time from
// the file's write to the command's report that the output was written (which it prints once
// the files are renamed into place). Each edit changes one tool's description, so that one
// output file changes; the report must say so ("1 written"), or the run stops.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { median } from "../timing.js";

export interface WatchEditFigure {
  /** Milliseconds from the write to the report, median over the edits. */
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly edits: number;
}

export interface WatchEditCase {
  /** The command (a compiled bin.js) run with Node. */
  readonly command: string;
  /** The code base (the command runs there), its tool globs and output folder. */
  readonly cwd: string;
  readonly tools: readonly string[];
  readonly out: string;
  /** The tool file edited (relative to `cwd`), and the text in it each edit changes. */
  readonly file: string;
  readonly text: string;
}

const REPORT = /^Generated validators for .*\((\d+) files?: (\d+) written,/gm;

/** The command's watch loop, driven from outside: started, then told nothing but file writes. */
class WatchedCommand {
  readonly #child;
  #stdout = "";
  #stderr = "";
  #waiting: (() => void) | undefined;
  readonly #exited: Promise<number | null>;

  constructor(command: string, args: readonly string[], cwd: string) {
    this.#child = spawn(process.execPath, [command, ...args], {
      cwd,
      env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
    });
    this.#child.stdout.on("data", (chunk: Buffer) => {
      this.#stdout += chunk.toString();
      this.#waiting?.();
    });
    this.#child.stderr.on("data", (chunk: Buffer) => (this.#stderr += chunk.toString()));
    this.#exited = new Promise((resolve) => this.#child.on("close", resolve));
    void this.#exited.then(() => this.#waiting?.());
  }

  /** Waits until stdout holds what `done` looks for (or the command ends: an error). */
  async until<T>(done: (stdout: string) => T | undefined, what: string): Promise<T> {
    for (;;) {
      const found = done(this.#stdout);
      if (found !== undefined) return found;
      if (this.#child.exitCode !== null || this.#child.signalCode !== null)
        throw new Error(
          `the command ended while waiting for ${what}:\n${this.#stderr.slice(0, 4000)}`,
        );
      await new Promise<void>((resolve) => (this.#waiting = resolve));
    }
  }

  async stop(): Promise<void> {
    this.#child.kill("SIGINT");
    await this.#exited;
  }
}

/** The write reports in stdout so far: how many files each wrote. */
function reports(stdout: string): number[] {
  return [...stdout.matchAll(REPORT)].map((match) => Number(match[2]));
}

/** The command watching `watched`: each `edit` times one one-tool edit (ms). */
export interface Watching {
  edit(): Promise<number>;
  /** Stops the command and puts the edited file back. */
  stop(): Promise<void>;
}

export async function startWatching(watched: WatchEditCase): Promise<Watching> {
  const toolArgs = watched.tools.flatMap((glob) => ["--tools", glob]);
  const command = new WatchedCommand(
    watched.command,
    [...toolArgs, "--out", watched.out, "--watch"],
    watched.cwd,
  );
  const file = path.join(watched.cwd, watched.file);
  const original = await fs.readFile(file, "utf8");
  const stop = async () => {
    await command.stop();
    await fs.writeFile(file, original);
  };
  try {
    if (!original.includes(watched.text))
      throw new Error(`${watched.file} has no "${watched.text}"`);
    await command.until(
      (out) => (out.includes("(Ctrl-C to stop).") ? true : undefined),
      "the first run",
    );
  } catch (error) {
    await stop();
    throw error;
  }
  let edits = 0;
  return {
    async edit() {
      const edit = ++edits;
      const before = reports(await command.until((out) => out, "stdout")).length;
      const edited = original.replace(watched.text, `${watched.text} (edit ${edit})`);
      const start = performance.now();
      await fs.writeFile(file, edited);
      const written = await command.until((out) => {
        const all = reports(out);
        return all.length > before ? all[before] : undefined;
      }, `the output of edit ${edit}`);
      const ms = performance.now() - start;
      if (written !== 1)
        throw new Error(`edit ${edit} of ${watched.file} wrote ${written} files, not 1`);
      return ms;
    },
    stop,
  };
}

/** `edits` one-tool edits under `--watch`, one after the other. */
export async function measureWatchEdit(
  watched: WatchEditCase,
  edits: number,
): Promise<WatchEditFigure> {
  const watching = await startWatching(watched);
  const times: number[] = [];
  try {
    for (let edit = 0; edit < edits; edit++) times.push(await watching.edit());
  } finally {
    await watching.stop();
  }
  return { medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times), edits };
}
