import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";

export const REPO = path.resolve(import.meta.dirname, "../..");
/** The reference host's tool declarations, as this repository's settings name them. */
export const REPO_TOOLS = "example/tools/**/*.ts";
const TSX_LOADER = import.meta.resolve("tsx");

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Variables set over this process's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Whether the command obeys file permissions even when this process is root: then it runs
   * without the capabilities that override them (`setpriv`), as the same user, so that it reaches
   * every file this process reaches by its owner's permissions, wherever the clone sits.
   */
  readonly obeyPermissions?: boolean;
}

/** Whether a command run with `obeyPermissions` needs its capabilities dropped. */
const ROOT = process.getuid?.() === 0;

/** Runs a command to completion and collects its output. */
export function run(
  command: string,
  args: readonly string[],
  cwd: string,
  options: RunOptions = {},
): Promise<RunResult> {
  const dropped = options.obeyPermissions === true && ROOT;
  return new Promise((resolve, reject) => {
    const child = spawn(
      dropped ? "setpriv" : command,
      dropped ? ["--bounding-set=-dac_override,-dac_read_search", "--", command, ...args] : args,
      { cwd, env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1", ...options.env } },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The generator's real command line, run in `cwd`: compiled once per test run (tests/helpers/
 * build.ts) and run by Node alone, as the installed command runs.
 */
export function runGen(
  args: readonly string[],
  cwd: string,
  options?: RunOptions,
): Promise<RunResult> {
  return run(process.execPath, [...genCommand(), ...args], cwd, options);
}

/** The arguments of `node` that run the generator's command line (its compiled copy). */
export function genCommand(): string[] {
  return [path.join(inject("generatorBuild"), "bin.js")];
}

/** The arguments of `node` that run the command line from its sources, as `npm run gen` does. */
export function genSourceCommand(): string[] {
  return ["--import", TSX_LOADER, path.join(REPO, "src/bin.ts")];
}

/** Every file under a folder with its content, by relative path (for before/after comparisons). */
export async function snapshotFolder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(current: string): Promise<void> {
    let entries;
    try {
      entries = await fs.readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out[path.relative(dir, full)] = await fs.readFile(full, "utf8");
    }
  }
  await walk(dir);
  return out;
}
