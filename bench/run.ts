// The benchmark: generates typia's validators (bench/typia.ts), checks that every validator
// agrees on every call, then measures the validators on both corpora, every contender through one
// call site in a process of its own (bench/measure/callSite.ts) and each in a loop of its own
// (measure/validators.ts), dispatch over all tools (measure/dispatch.ts), code size
// (measure/size.ts) and the generator (measure/generator.ts: the command's runs and a one-tool
// edit under --watch), and writes the report, with the guards beside the last full run's
// (results.ts). A quick run measures the guards alone. `npm run bench -- --help` lists the
// options.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as prettier from "prettier";
import { corporaFor, corpusMismatch, disagreements, typiaCallsFor } from "./corpus/index.js";
import { floorWalker } from "./floor.js";
import { measureCallSite } from "./measure/callSite.js";
import { mixedCalls, timeMixedDispatch } from "./measure/dispatch.js";
import { REPO, measureGenerator } from "./measure/generator.js";
import { measureSizes } from "./measure/size.js";
import { measureConstraints } from "./measure/constraints.js";
import {
  measureHandWritten,
  measureWrong,
  type Prepared,
  type ValidatorSeries,
} from "./measure/validators.js";
import { compilePeers } from "./peers.js";
import { renderMarkdown, renderReadmeSpeed, renderSummary, withReadmeSpeed } from "./report.js";
import type { Results } from "./results.js";
import { loadTools } from "./schemas.js";
import { addToChecksum, checksum, type TimingOptions } from "./timing.js";
import { buildTypia } from "./typia.js";

const HELP = `Usage: npm run bench [-- <options>]

  (none)            full run (a few minutes): writes BENCHMARKS.md, bench/results.json and
                    README.md's speed lines.
                    Run it on a quiet machine: other load shows in the figures.
  --quick           the guards alone, with fewer and shorter rounds: the one-call-site
                    harness and the command on the SDK-shaped case (one run each, five
                    edits under --watch); prints the summary only. Also: npm run bench:quick
  --out <dir>       write BENCHMARKS.md and results.json into <dir> instead (also with --quick)
  --render <file>   measure nothing: write BENCHMARKS.md (and README.md's speed lines)
                    from a saved results.json
  --check           measure nothing: check that every validator agrees on every call
  --call-site <file>  only the one-call-site measurement, written to <file> as JSON
                    (the full run and --quick run it so, in a process of its own)
  -h, --help        this text
`;

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean" },
    out: { type: "string" },
    render: { type: "string" },
    check: { type: "boolean" },
    "call-site": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
const started = performance.now();
if (flags.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const log = (line: string) =>
  process.stderr.write(
    `${line}${/^\S/.test(line) ? ` (${((performance.now() - started) / 1000).toFixed(1)} s)` : ""}\n`,
  );
const outDir = flags.out === undefined ? undefined : path.resolve(flags.out);
if (flags.render !== undefined) {
  const saved = JSON.parse(await fs.readFile(flags.render, "utf8")) as Results;
  log(`Wrote ${await write(saved, undefined, { json: false })}.`);
  process.exit(0);
}

const quick = flags.quick ?? false;
const timing: TimingOptions = quick
  ? { rounds: 9, batchMs: 0.5, warmupMs: 10, globalWarmupMs: 3 }
  : { rounds: 31, batchMs: 2, warmupMs: 40, globalWarmupMs: 20 };
const loadAverageBefore = os.loadavg();

const tools = loadTools();
const mismatch = corpusMismatch(tools);
if (mismatch) fail(mismatch);
const callSiteFile = flags["call-site"];
const child = flags.check === true || callSiteFile !== undefined;
// At bench time, from the generated argument types: the full run always generates them; quick
// runs and the child processes reuse what the last run wrote when nothing it depends on changed.
if (!child) log("Generating typia's validators (typia generate)...");
const typia = await buildTypia(
  tools.map((tool) => tool.name),
  { reuse: child || quick },
);
const prepared: Prepared[] = tools.map((tool) => {
  const corpora = corporaFor(tool);
  return {
    tool,
    corpora,
    peers: compilePeers(tool, typia.peers),
    typia: typiaCallsFor(tool, corpora),
    floor: floorWalker(tool.strict),
  };
});
if (callSiteFile !== undefined) {
  const callSite = measureCallSite(prepared, timing, log);
  await fs.writeFile(callSiteFile, JSON.stringify({ callSite, checksum }));
  process.exit(0);
}
if (flags.check) {
  for (const { tool, corpora, peers, typia: typiaCalls } of prepared) {
    const problems = disagreements(tool, corpora, peers, typiaCalls);
    if (problems.length > 0) {
      fail(
        `validators disagree on ${tool.name}:\n  ${problems.slice(0, 20).join("\n  ")}\n(strict schema: ${JSON.stringify(tool.strict)})`,
      );
    }
  }
  log(`Every validator agrees on every call of ${tools.length} tools.`);
  process.exit(0);
}
// The agreement check runs in a process of its own: once a validator has seen a call with
// hundreds of keys, it stays slower for the calls that follow, and the hand-written calls are
// timed before the wrong ones.
log("Checking that every validator agrees on every call...");
const check = spawnSync(
  process.execPath,
  [...process.execArgv, fileURLToPath(import.meta.url), "--check"],
  { stdio: "inherit" },
);
if (check.status !== 0) process.exit(check.status ?? 2);

log("Timing the validators through one call site (a process of its own)...");
const callSite = callSiteInChild();
const more = quick ? {} : await measureMore();
log("Measuring the generator (child processes)...");
const generator = await measureGenerator(tools.length, { quick, log });
// The last full run's figures, which the guards are shown beside.
const previous = await fs
  .readFile(path.join(REPO, "bench/results.json"), "utf8")
  .then((text) => JSON.parse(text) as Results)
  .catch(() => undefined);

const results: Results = {
  meta: {
    date: new Date().toISOString(),
    command: quick ? "npm run bench:quick" : "npm run bench",
    quick,
    durationSeconds: Math.round((performance.now() - started) / 1000),
    machine: {
      cpu: os.cpus()[0]?.model.trim() ?? "unknown",
      logicalCores: os.availableParallelism(),
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
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
      "arktype",
      "prettier",
      "ts-morph",
      "esbuild",
    ]),
    typia: {
      ...typia.versions,
      generateMs: typia.generatedMs === undefined ? undefined : Math.round(typia.generatedMs),
    },
    timing,
    checksum,
  },
  callSite,
  ...more,
  typiaExcluded: Object.fromEntries(prepared.map((p) => [p.tool.name, p.typia.excluded])),
  generator,
};
process.stdout.write(renderSummary(results, previous));
if (!quick || outDir) log(`Wrote ${await write(results, previous, { json: true })}.`);

/** What a full run measures besides the guards: the own loops, dispatch, constraints, size. */
async function measureMore(): Promise<
  Pick<Results, "validators" | "mixedDispatch" | "constraints" | "size">
> {
  log("Timing the validators, each in a loop of its own...");
  const calls = mixedCalls(new Map(prepared.map((p) => [p.tool.name, p.corpora.valid])));
  const handWritten = measureHandWritten(prepared, timing, log);
  log("  all tools' valid calls mixed");
  const beforeWrongCalls = timeMixedDispatch(calls, timing);
  const validators = { ...handWritten, wrong: measureWrong(prepared, timing, log) };
  log("  valid calls of a tool with every constraint keyword enforced");
  const constraints = await measureConstraints(timing);
  log("  all tools' valid calls mixed, after the wrong calls");
  const afterWrongCalls = timeMixedDispatch(calls, timing);
  const mixedDispatch = { calls: calls.length, beforeWrongCalls, afterWrongCalls };
  log("Measuring code size...");
  const size = await measureSizes(tools, path.join(REPO, "generated"));
  return { validators, mixedDispatch, constraints, size };
}

/**
 * Writes BENCHMARKS.md (and results.json), formatted as `npm run format` would, and, from a full
 * run into the repository, README.md's speed lines.
 */
async function write(
  results: Results,
  previous: Results | undefined,
  { json }: { json: boolean },
): Promise<string> {
  const mdPath = path.join(outDir ?? REPO, "BENCHMARKS.md");
  const jsonPath = path.join(outDir ?? path.join(REPO, "bench"), "results.json");
  const options = (await prettier.resolveConfig(path.join(REPO, "BENCHMARKS.md"))) ?? {};
  if (outDir) await fs.mkdir(outDir, { recursive: true });
  await fs.writeFile(
    mdPath,
    await prettier.format(renderMarkdown(results, previous), { ...options, parser: "markdown" }),
  );
  if (!outDir && !results.meta.quick) {
    const readme = path.join(REPO, "README.md");
    const text = withReadmeSpeed(await fs.readFile(readme, "utf8"), renderReadmeSpeed(results));
    await fs.writeFile(readme, await prettier.format(text, { ...options, parser: "markdown" }));
  }
  if (!json) return path.relative(process.cwd(), mdPath);
  await fs.writeFile(
    jsonPath,
    await prettier.format(JSON.stringify(results), { ...options, parser: "json" }),
  );
  return `${path.relative(process.cwd(), mdPath)} and ${path.relative(process.cwd(), jsonPath)}`;
}

/** measure/callSite.ts in a process of its own, so that no other timing has run in it. */
function callSiteInChild(): ValidatorSeries {
  const file = path.join(os.tmpdir(), `tv-bench-call-site-${process.pid}.json`);
  const args = [fileURLToPath(import.meta.url), "--call-site", file, ...(quick ? ["--quick"] : [])];
  const run = spawnSync(process.execPath, [...process.execArgv, ...args], { stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 2);
  const saved = JSON.parse(readFileSync(file, "utf8")) as {
    callSite: ValidatorSeries;
    checksum: number;
  };
  rmSync(file, { force: true });
  addToChecksum(saved.checksum);
  return saved.callSite;
}

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\nNothing was timed.\n`);
  process.exit(2);
}

function gitState(): Results["meta"]["git"] {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: REPO, encoding: "utf8" });
    const uncommitted = git("status", "--porcelain", "--", "generated", "src")
      .split("\n")
      .filter(Boolean);
    return { commit: git("rev-parse", "HEAD").trim(), uncommitted };
  } catch {
    return { commit: "unknown", uncommitted: [] };
  }
}

async function versions(names: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const file = path.join(REPO, "node_modules", name, "package.json");
    out[name] = await fs.readFile(file, "utf8").then(
      (text) => (JSON.parse(text) as { version: string }).version,
      () => "not installed",
    );
  }
  return out;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
