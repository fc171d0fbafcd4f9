// The generator's cost, each run in a child process of its own: the command as it is installed
// (compiled to dist/ by `npm run build`, run by Node alone): `gen` into an empty folder with
// nothing cached, `gen --check` against the folder it wrote with nothing changed (the verified
// cache) and without the cache (a drift check on a fresh machine); wall time, CPU time and peak
// RSS. Also the stages `generate()` reports (GenerateResult.stages), and, on the SDK-shaped
// case, a one-tool edit under `--watch` (measure/watchEdit.ts). On the built-in tools, on a
// code base of a real agent SDK's shape (bench/sdkShape.ts: 25 tools importing 150 files) and
// on synthetic code bases of 100 and 1,000 tools (bench/synthetic.ts); a quick run measures the
// SDK-shaped case alone.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { StageTiming } from "../../src/pipeline/generate.js";
import { writeSdkShapedTools } from "../sdkShape.js";
import { writeSyntheticTools } from "../synthetic.js";
import { median } from "../timing.js";
import { measureWatchEdit, type WatchEditFigure } from "./watchEdit.js";

export const REPO = path.resolve(import.meta.dirname, "../..");
/** The name of the case of a real agent SDK's shape (bench/sdkShape.ts). */
export const SDK_CASE = "SDK-shaped";
const TSX = import.meta.resolve("tsx");
const GEN = path.join(REPO, "dist/bin.js");
const GENERATE = path.join(REPO, "src/pipeline/generate.ts");
/** Reports the child's peak resident set size and its CPU time (user + system) when it exits. */
const MAXRSS = `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("\\nBENCH_MAXRSS_KB="+u.maxRSS+"\\nBENCH_CPU_US="+(u.userCPUTime+u.systemCPUTime)+"\\n")})`;
/** Calls generate() and prints its stages. */
const STAGES = `const { generate } = await import(process.argv[1]);
const result = await generate({ cwd: process.cwd(), tools: process.argv.slice(2) });
if (!result.output) throw new Error(result.diagnostics.map((d) => d.message).join("\\n"));
process.stdout.write(JSON.stringify(result.stages));`;

export interface ProcessFigure {
  /** Median over the runs. */
  readonly wallMs: number;
  /**
   * CPU time (user + system, every thread of the process), median over the runs: steadier
   * than wall time on a machine shared with other work.
   */
  readonly cpuMs?: number;
  /** The largest over the runs. */
  readonly peakRssMiB: number;
  readonly runs: number;
}

export interface GeneratorCase {
  readonly name: string;
  readonly tools: number;
  /** `gen --no-cache` into an empty --out folder: a first run. */
  readonly gen: ProcessFigure;
  /** `gen --check` against an up-to-date folder, nothing changed: the cache is verified and used. */
  readonly check?: ProcessFigure;
  /** `gen --check --no-cache` against an up-to-date folder (not in quick runs). */
  readonly checkFull?: ProcessFigure;
  /** What generate() reports, one run. */
  readonly stages: readonly StageTiming[];
  /** One tool's file edited under `--watch`: from the write to the output written. */
  readonly watchEdit?: WatchEditFigure;
}

export interface GeneratorResult {
  /** `gen --help`: Node and the command's modules loaded, nothing generated. */
  readonly startup: ProcessFigure;
  readonly cases: readonly GeneratorCase[];
}

interface RunOutput {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly peakRssMiB: number;
}

/** Node on `args`; `tsx` for sources in TypeScript (the command itself is compiled). */
function runNode(args: readonly string[], cwd: string, tsx = false): Promise<RunOutput> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const loaders = tsx ? ["--import", TSX] : [];
    const child = spawn(process.execPath, [...loaders, "--import", MAXRSS, ...args], {
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
      const rss = /^BENCH_MAXRSS_KB=(\d+)$/m.exec(stderr);
      const cpu = /^BENCH_CPU_US=(\d+)$/m.exec(stderr);
      resolve({
        code,
        stdout,
        stderr,
        wallMs,
        cpuMs: cpu ? Number(cpu[1]) / 1000 : NaN,
        peakRssMiB: rss ? Number(rss[1]) / 1024 : NaN,
      });
    });
  });
}

/** Runs the command `runs` times (`args` may differ by run). */
async function measure(
  args: readonly string[] | ((run: number) => readonly string[]),
  cwd: string,
  runs: number,
): Promise<ProcessFigure> {
  const figures: RunOutput[] = [];
  for (let i = 0; i < runs; i++) {
    const runArgs = typeof args === "function" ? args(i) : args;
    const result = await runNode(runArgs, cwd);
    if (result.code !== 0) {
      throw new Error(
        `\`node ${runArgs.join(" ")}\` in ${cwd} exited with ${result.code}:\n${result.stderr.slice(0, 4000)}`,
      );
    }
    figures.push(result);
  }
  return {
    wallMs: median(figures.map((f) => f.wallMs)),
    cpuMs: median(figures.map((f) => f.cpuMs)),
    peakRssMiB: Math.max(...figures.map((f) => f.peakRssMiB)),
    runs,
  };
}

async function generatorCase(
  name: string,
  tools: number,
  cwd: string,
  toolGlobs: readonly string[],
  out: string,
  options: {
    runs: number;
    check: boolean;
    stageGlobs?: readonly string[];
    /** The tool file a `--watch` edit changes, the text it changes, and how many edits. */
    watchEdit?: { file: string; text: string; edits: number };
  },
): Promise<GeneratorCase> {
  const toolArgs = toolGlobs.flatMap((glob) => ["--tools", glob]);
  // Each first run writes into a folder of its own that does not exist yet, and they are
  // removed after the last: removing one just before the next run made the file system's
  // work on the removal (its journal, the discard of the blocks) part of that run's writes,
  // measured at 40 ms to 0.9 s for 1,000 files.
  const firstOut = (run: number) => `${out}-first-${run}`;
  const gen = await measure(
    (run) => [GEN, ...toolArgs, "--out", firstOut(run), "--no-cache"],
    cwd,
    options.runs,
  );
  for (let run = 0; run < options.runs; run++)
    await fs.rm(firstOut(run), { recursive: true, force: true });
  // One run that records the cache, then the measured checks against the folder it wrote.
  await runNode([GEN, ...toolArgs, "--out", out], cwd);
  const check = await measure([GEN, ...toolArgs, "--out", out, "--check"], cwd, options.runs);
  const checkFull = options.check
    ? await measure([GEN, ...toolArgs, "--out", out, "--check", "--no-cache"], cwd, options.runs)
    : undefined;
  // The watching starts on the folder written, with its cache, as a developer's would.
  const edit = options.watchEdit;
  const watchEdit = edit
    ? await measureWatchEdit(
        { command: GEN, cwd, tools: toolGlobs, out, file: edit.file, text: edit.text },
        edit.edits,
      )
    : undefined;
  await fs.rm(out, { recursive: true, force: true });
  const staged = await runNode(
    ["--input-type=module", "-e", STAGES, GENERATE, ...(options.stageGlobs ?? toolGlobs)],
    cwd,
    true,
  );
  if (staged.code !== 0) throw new Error(`generate() failed:\n${staged.stderr.slice(0, 4000)}`);
  return {
    name,
    tools,
    gen,
    check,
    ...(checkFull ? { checkFull } : {}),
    stages: JSON.parse(staged.stdout) as StageTiming[],
    ...(watchEdit ? { watchEdit } : {}),
  };
}

/**
 * The `tools` globs of this repository's built-in tools: the settings' target that writes
 * `generated` (package.json, "tool-validators").
 */
async function settingsToolGlobs(): Promise<string[]> {
  type Target = { tools?: string | string[]; out?: string };
  const manifest = JSON.parse(await fs.readFile(path.join(REPO, "package.json"), "utf8")) as {
    "tool-validators"?: Target & { targets?: Target[] };
  };
  const settings = manifest["tool-validators"];
  const target = settings?.targets?.find((t) => t.out === "generated") ?? settings;
  const tools = target?.tools;
  if (tools === undefined) throw new Error('package.json has no tools for "generated"');
  return Array.isArray(tools) ? tools : [tools];
}

export async function measureGenerator(
  builtinTools: number,
  options: { quick: boolean; log: (line: string) => void },
): Promise<GeneratorResult> {
  const runs = options.quick ? 1 : 3;
  const check = !options.quick;
  // The command as it is installed: compiled by the package's own build.
  execFileSync(process.execPath, ["--import", TSX, path.join(REPO, "scripts/build.ts")], {
    stdio: "ignore",
  });
  const startup = await measure([GEN, "--help"], REPO, runs);
  options.log(`  startup (gen --help): ${startup.wallMs.toFixed(0)} ms`);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "tv-bench-"));
  try {
    // Every case's output folder is below `tmp`: a host that formats with its prettier (this
    // repository's, and its configuration), as the command formats only with the host's own.
    await fs.mkdir(path.join(tmp, "node_modules"));
    await fs.symlink(
      path.join(REPO, "node_modules/prettier"),
      path.join(tmp, "node_modules/prettier"),
    );
    await fs.copyFile(path.join(REPO, ".prettierrc.json"), path.join(tmp, ".prettierrc.json"));
    const cases: GeneratorCase[] = [];
    // The built-in tools, generated into a temporary folder: generated/ stays untouched. The
    // command and generate() are given the tools glob of its target in package.json.
    if (!options.quick) {
      const builtinOut = path.join(tmp, "builtin");
      const stageGlobs = await settingsToolGlobs();
      cases.push(
        await generatorCase("built-in", builtinTools, REPO, stageGlobs, builtinOut, {
          runs,
          check,
          stageGlobs,
        }),
      );
    }
    // A real agent SDK's shape: 25 tools in 23 files that import 150 more (wave-agent's
    // packages/agent-sdk: 157 files imported, of which the reader needs 24).
    const sdkDir = path.join(tmp, "sdk-shaped");
    const sdk = await writeSdkShapedTools(sdkDir);
    await fs.mkdir(path.join(sdkDir, "node_modules"));
    cases.push(
      await generatorCase(SDK_CASE, sdk.tools, sdkDir, [sdk.glob], path.join(sdkDir, "generated"), {
        runs,
        check,
        watchEdit: { ...sdk.edit, edits: options.quick ? 5 : 15 },
      }),
    );
    for (const count of options.quick ? [] : [100, 1000]) {
      const dir = path.join(tmp, `synthetic-${count}`);
      await writeSyntheticTools(dir, count);
      // Where a code base keeps its packages, and the command its cache.
      await fs.mkdir(path.join(dir, "node_modules"));
      const out = path.join(dir, "generated");
      cases.push(
        await generatorCase(`${count} synthetic`, count, dir, ["tools/**/*.ts"], out, {
          runs,
          check,
        }),
      );
    }
    for (const c of cases) {
      options.log(
        `  ${c.name}: gen ${c.gen.wallMs.toFixed(0)} ms (CPU ${c.gen.cpuMs?.toFixed(0)} ms), peak RSS ${c.gen.peakRssMiB.toFixed(0)} MiB${c.checkFull ? `; check --no-cache ${c.checkFull.wallMs.toFixed(0)} ms` : ""}${c.watchEdit ? `; one-tool edit under --watch ${c.watchEdit.medianMs.toFixed(0)} ms` : ""}`,
      );
    }
    return { startup, cases };
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
