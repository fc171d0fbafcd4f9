// The generator's cost: the real command line spawned as a child process (wall time and peak
// RSS), and its stages timed one by one in a child of their own (bench/stages.ts), on the
// built-in tools and on synthetic code bases of 100 and 1,000 tools.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { StagesResult } from "./stages.js";
import { median } from "./timing.js";

export const REPO = path.resolve(import.meta.dirname, "..");
const TSX_LOADER = import.meta.resolve("tsx");
const GEN_SCRIPT = path.join(REPO, "scripts/gen.ts");
const STAGES_SCRIPT = path.join(REPO, "bench/stages.ts");
const MAXRSS_SCRIPT = path.join(REPO, "bench/maxrss.ts");
const TIME = "/usr/bin/time";
export const HAS_TIME = existsSync(TIME);

export interface ProcessFigure {
  /** Wall milliseconds, median over the runs. */
  readonly wallMs: number;
  /** Peak resident set size in MiB, the largest over the runs. */
  readonly maxRssMiB: number;
  readonly runs: readonly { wallMs: number; maxRssMiB: number; exitCode: number | null }[];
  /** How peak RSS was read: `/usr/bin/time -v` or process.resourceUsage() in the child. */
  readonly rssSource: string;
}

export interface GeneratorCase {
  /** `built-in` or `synthetic`. */
  readonly kind: string;
  readonly tools: number;
  readonly sourceFiles: number;
  /** `npm run gen` equivalent, into an empty temporary --out folder. */
  readonly gen: ProcessFigure;
  /** `npm run gen:check` equivalent, against an up-to-date folder. */
  readonly check?: ProcessFigure;
  /** Stage by stage, in one process. */
  readonly stages?: StagesResult;
}

interface RunOutput {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
  readonly maxRssMiB: number;
}

/** Runs `node --import tsx <args>` in `cwd`, measuring wall time and peak RSS. */
function runNode(args: readonly string[], cwd: string): Promise<RunOutput> {
  const nodeArgs = HAS_TIME
    ? ["-v", process.execPath, "--import", TSX_LOADER, ...args]
    : ["--import", TSX_LOADER, "--import", MAXRSS_SCRIPT, ...args];
  const command = HAS_TIME ? TIME : process.execPath;
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, nodeArgs, {
      cwd,
      env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - start;
      const match = HAS_TIME
        ? /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)
        : /^BENCH_MAXRSS_KB=(\d+)$/m.exec(stderr);
      resolve({
        code,
        stdout,
        stderr,
        wallMs,
        maxRssMiB: match ? Number(match[1]) / 1024 : Number.NaN,
      });
    });
  });
}

async function measureProcess(
  args: readonly string[],
  cwd: string,
  runs: number,
  before?: () => Promise<void>,
  expectCodes: readonly number[] = [0],
): Promise<ProcessFigure> {
  const figures: { wallMs: number; maxRssMiB: number; exitCode: number | null }[] = [];
  for (let i = 0; i < runs; i++) {
    if (before) await before();
    const result = await runNode(args, cwd);
    if (result.code === null || !expectCodes.includes(result.code)) {
      throw new Error(
        `\`node --import tsx ${args.join(" ")}\` in ${cwd} exited with ${result.code}:\n${result.stderr.slice(0, 4000)}`,
      );
    }
    figures.push({ wallMs: result.wallMs, maxRssMiB: result.maxRssMiB, exitCode: result.code });
  }
  return {
    wallMs: median(figures.map((f) => f.wallMs)),
    maxRssMiB: Math.max(...figures.map((f) => f.maxRssMiB)),
    runs: figures,
    rssSource: HAS_TIME ? "/usr/bin/time -v" : "process.resourceUsage().maxRSS",
  };
}

async function runStages(
  cwd: string,
  toolsArgs: readonly string[],
  compare: string,
  write: string,
): Promise<StagesResult> {
  await fs.rm(write, { recursive: true, force: true });
  const result = await runNode(
    [STAGES_SCRIPT, "--cwd", cwd, ...toolsArgs, "--compare", compare, "--write", write],
    cwd,
  );
  if (result.code !== 0)
    throw new Error(`bench/stages.ts failed:\n${result.stderr.slice(0, 4000)}`);
  const line = result.stdout.trim().split("\n").pop() ?? "";
  return JSON.parse(line) as StagesResult;
}

/** Node, tsx and the generator's modules loaded, nothing generated: `gen --help`. */
export async function startupBaseline(runs: number): Promise<ProcessFigure> {
  return measureProcess([GEN_SCRIPT, "--help"], REPO, runs);
}

/**
 * The built-in tools: `gen` into an empty temporary folder, `gen --check` against generated/
 * (exit 1 is accepted and recorded: generated/ may be stale while someone edits the emitter).
 */
export async function builtinCase(
  tmp: string,
  runs: number,
  options: { check: boolean; stages: boolean },
  toolCount: number,
): Promise<GeneratorCase> {
  const out = path.join(tmp, "builtin-out");
  const gen = await measureProcess([GEN_SCRIPT, "--out", out], REPO, runs, () =>
    fs.rm(out, { recursive: true, force: true }),
  );
  const check = options.check
    ? await measureProcess([GEN_SCRIPT, "--check"], REPO, runs, undefined, [0, 1])
    : undefined;
  const stages = options.stages
    ? await runStages(REPO, [], "generated", path.join(tmp, "builtin-stages-out"))
    : undefined;
  const sourceFiles = (await fs.readdir(path.join(REPO, "src/tools"), { recursive: true })).filter(
    (f) => String(f).endsWith(".ts"),
  ).length;
  return { kind: "built-in", tools: toolCount, sourceFiles, gen, check, stages };
}

/** A synthetic code base of `count` tools: `gen` into an empty folder, then `gen --check` on it. */
export async function syntheticCase(
  tmp: string,
  count: number,
  runs: number,
  options: { check: boolean; stages: boolean },
): Promise<GeneratorCase> {
  const { writeSyntheticTools } = await import("./synthetic.js");
  const dir = path.join(tmp, `synthetic-${count}`);
  await fs.rm(dir, { recursive: true, force: true });
  const sourceFiles = await writeSyntheticTools(dir, count);
  const toolsArgs = ["--tools", "tools/**/*.ts"];
  const out = path.join(dir, "generated");
  const gen = await measureProcess(
    [GEN_SCRIPT, ...toolsArgs, "--out", "generated"],
    dir,
    runs,
    () => fs.rm(out, { recursive: true, force: true }),
  );
  const files = await fs.readdir(out);
  if (files.length !== count + 3) {
    throw new Error(`the generator wrote ${files.length} files for ${count} synthetic tools`);
  }
  const check = options.check
    ? await measureProcess([GEN_SCRIPT, ...toolsArgs, "--out", "generated", "--check"], dir, runs)
    : undefined;
  const stages = options.stages
    ? await runStages(dir, toolsArgs, "generated", path.join(dir, "stages-out"))
    : undefined;
  return { kind: "synthetic", tools: count, sourceFiles, gen, check, stages };
}
