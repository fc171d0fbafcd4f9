// The benchmark: `npm run bench` (full: writes BENCHMARKS.md and bench/results.json) or
// `npm run bench -- --quick` / `npm run bench:quick` (fewer rounds, smaller generator cases,
// prints only). See BENCHMARKS.md for what is measured and how.
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as prettier from "prettier";
import {
  compilePeers,
  generatedValidator,
  invalidContenders,
  validContenders,
  type Contender,
} from "./contenders.js";
import {
  corpusFor,
  corpusToolNames,
  shapeCount,
  variedValidCalls,
  type ToolCorpus,
} from "./corpus.js";
import {
  REPO,
  builtinCase,
  startupBaseline,
  syntheticCase,
  type GeneratorCase,
  type ProcessFigure,
} from "./generator.js";
import { renderMarkdown, renderSummary } from "./report.js";
import { loadTools, type BenchTool } from "./schemas.js";
import { measureSizes, type SizeResult } from "./size.js";
import {
  checksum,
  geometricMean,
  timeContenders,
  warmUp,
  type Timing,
  type TimingOptions,
} from "./timing.js";

export interface Series {
  /** Calls in the corpus (one timed call is one of them). */
  readonly inputs: number;
  /** Distinct shapes (key lists) among them. */
  readonly shapes: number;
  readonly timings: readonly Timing[];
}

export interface ToolTimings {
  readonly tool: string;
  /** The hand-written valid calls. */
  readonly valid: Series;
  readonly invalid: Series;
  /** Valid calls of many shapes (see variedValidCalls), timed with freshly compiled peers. */
  readonly varied: Series;
}

export type SeriesName = "valid" | "invalid" | "varied";

export interface Ratio {
  readonly name: string;
  /** What is compared, in words. */
  readonly description: string;
  /** Geometric mean over the tools of the per-tool ratio. */
  readonly value: number;
  readonly perTool: Readonly<Record<string, number>>;
  /** How the target reads, e.g. ">= 2x". */
  readonly target: string;
  readonly met: boolean;
  /** Not one of the stated targets: measured beside them. */
  readonly supplementary?: boolean;
}

export interface Results {
  readonly meta: {
    readonly date: string;
    readonly command: string;
    readonly quick: boolean;
    readonly machine: {
      readonly cpu: string;
      readonly logicalCores: number;
      readonly memoryGiB: number;
      readonly os: string;
      readonly node: string;
      readonly v8: string;
      readonly loadAverageBefore: readonly number[];
      readonly loadAverageAfter: readonly number[];
    };
    readonly git: { readonly commit: string; readonly uncommitted: readonly string[] };
    readonly versions: Readonly<Record<string, string>>;
    readonly timing: TimingOptions;
    readonly checksum: number;
    readonly durationSeconds: number;
  };
  readonly validators: readonly ToolTimings[];
  readonly ratios: readonly Ratio[];
  /** Geometric mean over the tools of (peer ns / ours ns), per peer. */
  readonly speedups: {
    readonly valid: Readonly<Record<string, number>>;
    readonly varied: Readonly<Record<string, number>>;
    readonly invalidIssues: Readonly<Record<string, number>>;
    readonly invalidText: Readonly<Record<string, number>>;
  };
  readonly size: SizeResult;
  readonly generator: {
    readonly startup: ProcessFigure;
    readonly cases: readonly GeneratorCase[];
  };
}

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean" },
    out: { type: "string" },
    render: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (flags.help) {
  process.stdout.write(
    "Usage: npm run bench [-- --quick] [-- --out <dir>]\n\n" +
      "  (none)       full run: writes BENCHMARKS.md and bench/results.json (a few minutes)\n" +
      "  --quick      fewer rounds and smaller generator cases; prints only (under a minute)\n" +
      "  --out <dir>  write BENCHMARKS.md and results.json into <dir> instead (also with --quick)\n" +
      "  --render <results.json>  measure nothing: write BENCHMARKS.md again from saved results\n",
  );
  process.exit(0);
}
if (flags.render !== undefined) {
  const saved = JSON.parse(await fs.readFile(flags.render, "utf8")) as Results;
  const mdPath =
    flags.out === undefined
      ? path.join(REPO, "BENCHMARKS.md")
      : path.join(path.resolve(flags.out), "BENCHMARKS.md");
  await fs.writeFile(mdPath, await formatted(renderMarkdown(saved), "markdown"));
  process.stderr.write(`Wrote ${path.relative(process.cwd(), mdPath)} from ${flags.render}.\n`);
  process.exit(0);
}
const quick = flags.quick ?? false;
const timingOptions: TimingOptions = quick
  ? { rounds: 9, batchMs: 0.5, warmupMs: 5, globalWarmupMs: 3 }
  : { rounds: 31, batchMs: 2, warmupMs: 40, globalWarmupMs: 20 };

const log = (text: string) => process.stderr.write(`${text}\n`);
const started = performance.now();
const loadAverageBefore = os.loadavg();

// 1. Schemas and corpora.
const tools = loadTools();
const missing = tools.filter((t) => !corpusToolNames.includes(t.name)).map((t) => t.name);
const stray = corpusToolNames.filter((name) => !tools.some((t) => t.name === name));
if (missing.length > 0 || stray.length > 0) {
  fail(
    `the corpus does not match the built-in tools: no corpus for ${missing.join(", ") || "-"}; ` +
      `corpus for unknown tools ${stray.join(", ") || "-"}`,
  );
}

// 2. Every contender must give our answers on every corpus entry before anything is timed.
log(`Checking that every validator agrees on ${tools.length} tools' corpora...`);
const prepared = tools.map((tool) => {
  const corpus = corpusFor(tool.name);
  const properties = tool.schema.properties;
  const declared =
    typeof properties === "object" && properties !== null ? Object.keys(properties) : [];
  const required = Array.isArray(tool.schema.required) ? (tool.schema.required as string[]) : [];
  const variedInputs = variedValidCalls(tool.name, declared, required);
  const peers = compilePeers(tool);
  const valid = validContenders(tool, peers);
  const invalid = invalidContenders(tool, peers);
  // The many-shapes series gets peers of its own, so that the shapes it shows them do not
  // reach the peers timed on the hand-written corpus. (Ours is one function per tool: it
  // sees every shape, which can only slow its figures down.)
  const varied = validContenders(tool, compilePeers(tool));
  checkAgreement(tool, corpus, [...valid, ...invalid]);
  checkAgreement(tool, { valid: variedInputs, invalid: corpus.invalid }, varied);
  return { tool, corpus, valid, invalid, varied, variedInputs };
});
const entries = prepared.reduce(
  (n, p) => n + p.corpus.valid.length + p.corpus.invalid.length + p.variedInputs.length,
  0,
);
log(`  all agree (${entries} calls).`);

// 3. Timings, after a warm-up of everything.
log("Warming up...");
for (const { corpus, valid, invalid, varied, variedInputs } of prepared) {
  warmUp(valid, corpus.valid, timingOptions.globalWarmupMs);
  warmUp(
    invalid,
    corpus.invalid.map((entry) => entry.args),
    timingOptions.globalWarmupMs,
  );
  warmUp(varied, variedInputs, timingOptions.globalWarmupMs);
}
log("Timing the validators...");
const validators: ToolTimings[] = [];
for (const { tool, corpus, valid, invalid, varied, variedInputs } of prepared) {
  const validInputs = corpus.valid;
  const invalidInputs = corpus.invalid.map((entry) => entry.args);
  const validTimings = timeContenders(valid, validInputs, timingOptions);
  const invalidTimings = timeContenders(invalid, invalidInputs, timingOptions);
  const variedTimings = timeContenders(varied, variedInputs, timingOptions);
  validators.push({
    tool: tool.name,
    valid: { inputs: validInputs.length, shapes: shapeCount(validInputs), timings: validTimings },
    invalid: {
      inputs: invalidInputs.length,
      shapes: shapeCount(invalidInputs),
      timings: invalidTimings,
    },
    varied: {
      inputs: variedInputs.length,
      shapes: shapeCount(variedInputs),
      timings: variedTimings,
    },
  });
  const ns = (timings: readonly Timing[], id: string) =>
    timings.find((t) => t.id === id)!.ns.toFixed(0);
  log(
    `  ${tool.name.padEnd(16)} valid: ours ${ns(validTimings, "ours-direct")} ns, ajv ${ns(validTimings, "ajv-defaults")} ns;` +
      ` invalid: ours ${ns(invalidTimings, "ours-issues")} ns, ajv allErrors ${ns(invalidTimings, "ajv-allerrors")} ns;` +
      ` many shapes: ours ${ns(variedTimings, "ours-direct")} ns, ajv ${ns(variedTimings, "ajv-defaults")} ns`,
  );
}

// 4. Ratios.
const ratios = computeRatios(validators);
const speedups = {
  valid: peerSpeedups(validators, "valid", "ours-direct"),
  varied: peerSpeedups(validators, "varied", "ours-direct"),
  invalidIssues: peerSpeedups(validators, "invalid", "ours-issues", [
    "ajv-allerrors",
    "ajv-defaults",
    "schemasafe",
    "typebox",
    "zod",
    "cfworker",
  ]),
  invalidText: peerSpeedups(validators, "invalid", "ours-text"),
};

// 5. Size.
log("Measuring code size...");
const size = await measureSizes(tools, path.join(REPO, "generated"));

// 6. The generator.
log("Measuring the generator (child processes)...");
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "tv-bench-"));
let generator: Results["generator"];
try {
  const runs = quick ? 1 : 3;
  const startup = await startupBaseline(runs);
  log(`  startup (gen --help): ${startup.wallMs.toFixed(0)} ms`);
  const cases: GeneratorCase[] = [];
  cases.push(await builtinCase(tmp, runs, { check: !quick, stages: true }, tools.length));
  logCase(cases.at(-1)!);
  cases.push(await syntheticCase(tmp, 100, runs, { check: !quick, stages: !quick }));
  logCase(cases.at(-1)!);
  if (!quick) {
    cases.push(await syntheticCase(tmp, 1000, 1, { check: true, stages: true }));
    logCase(cases.at(-1)!);
  }
  generator = { startup, cases };
} finally {
  await fs.rm(tmp, { recursive: true, force: true });
}

const results: Results = {
  meta: {
    date: new Date().toISOString(),
    command: quick ? "npm run bench -- --quick" : "npm run bench",
    quick,
    machine: {
      cpu: os.cpus()[0]?.model.trim() ?? "unknown",
      logicalCores: os.availableParallelism(),
      memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      v8: process.versions.v8,
      loadAverageBefore: loadAverageBefore.map(round2),
      loadAverageAfter: os.loadavg().map(round2),
    },
    git: gitState(),
    versions: await versions([
      "ajv",
      "@exodus/schemasafe",
      "typebox",
      "zod",
      "@cfworker/json-schema",
      "prettier",
      "ts-morph",
      "esbuild",
    ]),
    timing: timingOptions,
    checksum,
    durationSeconds: Math.round((performance.now() - started) / 100) / 10,
  },
  validators,
  ratios,
  speedups,
  size,
  generator,
};

process.stdout.write(renderSummary(results));
if (!quick || flags.out !== undefined) {
  // The full run writes into the repository; --out puts both files in another folder.
  const outDir = flags.out === undefined ? undefined : path.resolve(flags.out);
  const jsonPath = outDir
    ? path.join(outDir, "results.json")
    : path.join(REPO, "bench/results.json");
  const mdPath = outDir ? path.join(outDir, "BENCHMARKS.md") : path.join(REPO, "BENCHMARKS.md");
  if (outDir) await fs.mkdir(outDir, { recursive: true });
  await fs.writeFile(jsonPath, await formatted(JSON.stringify(results), "json"));
  await fs.writeFile(mdPath, await formatted(renderMarkdown(results), "markdown"));
  log(
    `Wrote ${path.relative(process.cwd(), mdPath)} and ${path.relative(process.cwd(), jsonPath)}.`,
  );
}

// ---------------------------------------------------------------------------------------------

/** Formatted as `npm run format` would, so that formatting the repository changes nothing. */
async function formatted(text: string, parser: "json" | "markdown"): Promise<string> {
  const options = (await prettier.resolveConfig(path.join(REPO, "BENCHMARKS.md"))) ?? {};
  return prettier.format(text, { ...options, parser });
}

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\nNo timing was done.\n`);
  process.exit(2);
}

/** Valid calls must pass every contender, invalid ones must fail every contender with our codes. */
function checkAgreement(
  tool: BenchTool,
  corpus: ToolCorpus,
  contenders: readonly Contender[],
): void {
  const ours = generatedValidator(tool.name);
  const problems: string[] = [];
  for (const args of corpus.valid) {
    const issues = ours(args);
    if (issues !== undefined) {
      problems.push(
        `valid call rejected by ours (${issues.map((i) => i.code).join(", ")}): ${JSON.stringify(args)}`,
      );
    }
    for (const contender of contenders) {
      if (!contender.accepts(args))
        problems.push(`${contender.label} rejects the valid call ${JSON.stringify(args)}`);
    }
  }
  for (const { args, codes } of corpus.invalid) {
    const got = (ours(args) ?? []).map((i) => i.code);
    if (got.join(",") !== codes.join(",")) {
      problems.push(
        `ours reports [${got.join(", ")}], the corpus expects [${codes.join(", ")}] for ${JSON.stringify(args)}`,
      );
    }
    for (const contender of contenders) {
      if (contender.accepts(args))
        problems.push(`${contender.label} accepts the invalid call ${JSON.stringify(args)}`);
    }
  }
  if (problems.length > 0) {
    fail(
      `validators disagree on ${tool.name}:\n  ${problems.join("\n  ")}\n(strict schema given to peers: ${JSON.stringify(tool.strict)})`,
    );
  }
}

function timingOf(t: ToolTimings, mode: SeriesName, id: string): Timing {
  const timing = t[mode].timings.find((x) => x.id === id);
  if (!timing) throw new Error(`no timing ${id} for ${t.tool} (${mode})`);
  return timing;
}

function ratio(
  all: readonly ToolTimings[],
  name: string,
  description: string,
  perToolValue: (t: ToolTimings) => number,
  target: string,
  met: (value: number) => boolean,
  supplementary = false,
): Ratio {
  const perTool: Record<string, number> = {};
  for (const t of all) perTool[t.tool] = perToolValue(t);
  const value = geometricMean(Object.values(perTool));
  return { name, description, value, perTool, target, met: met(value), supplementary };
}

function computeRatios(all: readonly ToolTimings[]): Ratio[] {
  return [
    ratio(
      all,
      "valid-vs-fastest-peer",
      "valid calls: fastest peer's ns / ours (direct validateX) ns, fastest peer chosen per tool",
      (t) => {
        const peers = t.valid.timings.filter((x) => !x.ours);
        return Math.min(...peers.map((x) => x.ns)) / timingOf(t, "valid", "ours-direct").ns;
      },
      ">= 2x",
      (v) => v >= 2,
    ),
    ratio(
      all,
      "valid-dispatch-vs-fastest-peer",
      "valid calls: fastest peer's ns / ours through validateToolArgs ns",
      (t) => {
        const peers = t.valid.timings.filter((x) => !x.ours);
        return Math.min(...peers.map((x) => x.ns)) / timingOf(t, "valid", "ours-dispatch").ns;
      },
      ">= 2x",
      (v) => v >= 2,
    ),
    ratio(
      all,
      "invalid-issues-vs-ajv-allerrors",
      "invalid calls: ajv allErrors+ownProperties (errors array) ns / ours (issues) ns",
      (t) => timingOf(t, "invalid", "ajv-allerrors").ns / timingOf(t, "invalid", "ours-issues").ns,
      "> 1x",
      (v) => v > 1,
    ),
    ratio(
      all,
      "invalid-text-vs-zod",
      "invalid calls: zod failed safeParse (incl. its error) ns / ours issues + formatValidationError text ns",
      (t) => timingOf(t, "invalid", "zod").ns / timingOf(t, "invalid", "ours-text").ns,
      ">= 10x",
      (v) => v >= 10,
    ),
    ratio(
      all,
      "dispatch-overhead",
      "valid calls: validateToolArgs ns / validateX ns (1.00 = no overhead)",
      (t) => timingOf(t, "valid", "ours-dispatch").ns / timingOf(t, "valid", "ours-direct").ns,
      "<= 1.10x",
      (v) => v <= 1.1,
    ),
    ratio(
      all,
      "varied-vs-fastest-peer",
      "valid calls of many shapes: fastest peer's ns / ours (direct validateX) ns",
      (t) => {
        const peers = t.varied.timings.filter((x) => !x.ours);
        return Math.min(...peers.map((x) => x.ns)) / timingOf(t, "varied", "ours-direct").ns;
      },
      ">= 2x",
      (v) => v >= 2,
      true,
    ),
  ];
}

function peerSpeedups(
  all: readonly ToolTimings[],
  mode: SeriesName,
  oursId: string,
  only?: readonly string[],
): Record<string, number> {
  const ids = all[0]![mode].timings
    .filter((t) => !t.ours && (!only || only.includes(t.id)))
    .map((t) => t.id);
  const out: Record<string, number> = {};
  for (const id of ids) {
    out[id] = geometricMean(
      all.map((t) => timingOf(t, mode, id).ns / timingOf(t, mode, oursId).ns),
    );
  }
  return out;
}

function logCase(c: GeneratorCase): void {
  const check = c.check ? `, check ${c.check.wallMs.toFixed(0)} ms` : "";
  log(
    `  ${c.kind} ${c.tools} tools: gen ${c.gen.wallMs.toFixed(0)} ms, peak RSS ${c.gen.maxRssMiB.toFixed(0)} MiB${check}`,
  );
}

function gitState(): Results["meta"]["git"] {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: REPO, encoding: "utf8" });
    const commit = git("rev-parse", "HEAD").trim();
    const uncommitted = git(
      "status",
      "--porcelain",
      "--",
      "generated",
      "src/codegen",
      "src/tools",
      "src/validation",
    )
      .split("\n")
      .filter(Boolean);
    return { commit, uncommitted };
  } catch {
    return { commit: "unknown", uncommitted: [] };
  }
}

async function versions(names: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of names) {
    try {
      const text = await fs.readFile(path.join(REPO, "node_modules", name, "package.json"), "utf8");
      out[name] = (JSON.parse(text) as { version: string }).version;
    } catch {
      out[name] = "not installed";
    }
  }
  return out;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
