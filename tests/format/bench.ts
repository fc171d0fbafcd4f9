// The printer's time against prettier's on the same inputs (not a test; run it by hand):
//   node --import tsx tests/format/bench.ts
// 1. The 1,000-tool synthetic code base (bench/synthetic.ts) and this repository's 25 tools:
//    every output file (tool modules, index.ts, the support files), formatted one after the
//    other in this thread by prettier and by the printer, round after round: the first round
//    (the JIT cold, as in a run of the command) and the best of the others, in CPU and wall ms.
// 2. This repository's 25 tools as a first run: a fresh process that loads the formatter and
//    formats every output file, for prettier and for the printer (TypeScript's parser loaded by
//    the printer's process as part of its time, though the generator has it loaded already).
// CPU time is reported beside wall time: on a loaded machine, wall time is mostly waiting.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
// The printer as the package's build ships it: plain JavaScript (tsx would add its own helpers
// to every function), bundled with esbuild into node_modules/.cache so that ts-morph resolves.
const bundle = path.join(root, "node_modules/.cache/printer-bench/index.mjs");
if (process.argv[2] !== "--cold") {
  execFileSync(
    path.join(root, "node_modules/.bin/esbuild"),
    [
      "src/format/printer/index.ts",
      "--bundle",
      "--platform=node",
      "--format=esm",
      "--external:ts-morph",
      `--outfile=${bundle}`,
      "--log-level=warning",
    ],
    { cwd: root, stdio: "inherit" },
  );
}
const loadPrinter = async (): Promise<typeof import("../../src/format/printer/index.js")> =>
  import(pathToFileURL(bundle).href);

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

if (process.argv[2] === "--cold") {
  // One cold run: load the formatter, format the files given (JSON on disk), print the ms.
  const [, , , which, filesJson] = process.argv;
  const files = JSON.parse(fs.readFileSync(filesJson!, "utf8")) as {
    name: string;
    content: string;
  }[];
  const start = performance.now();
  const cpu = cpuMs();
  if (which === "prettier") {
    const prettier = (await import("prettier")).default;
    for (const file of files)
      await prettier.format(file.content, {
        printWidth: 100,
        filepath: `/x/generated/${file.name}`,
      });
  } else {
    const { printLikePrettier } = await loadPrinter();
    let prettier: typeof import("prettier") | undefined;
    for (const file of files) {
      const options = { printWidth: 100, filepath: `/x/generated/${file.name}` };
      if (printLikePrettier(file.content, options) === undefined) {
        prettier ??= (await import("prettier")).default;
        await prettier.format(file.content, options);
      }
    }
  }
  console.log(JSON.stringify({ ms: performance.now() - start, cpu: cpuMs() - cpu }));
  process.exit(0);
}

const { repositoryToolFiles, supportFiles, syntheticToolFiles } = await import("./corpus.js");
const prettier = (await import("prettier")).default;
const { printLikePrettier } = await loadPrinter();

type File = { name: string; content: string };
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const whole = (n: number) => n.toFixed(0);

interface Rounds {
  wall: number[];
  cpu: number[];
}

async function rounds(run: () => Promise<void> | void): Promise<Rounds> {
  const result: Rounds = { wall: [], cpu: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const cpu = cpuMs();
    await run();
    result.cpu.push(cpuMs() - cpu);
    result.wall.push(performance.now() - start);
  }
  return result;
}

const summary = (r: Rounds) =>
  `first ${whole(r.cpu[0]!)} ms CPU (${whole(r.wall[0]!)} wall), best of the others ${whole(Math.min(...r.cpu.slice(1)))} ms CPU (${whole(Math.min(...r.wall.slice(1)))} wall)`;

async function timeBoth(label: string, files: File[]): Promise<void> {
  const options = (file: File) => ({ printWidth: 100, filepath: `/x/generated/${file.name}` });
  // The printer first, in a thread where prettier has not run: its first round is cold.
  let fallbacks = 0;
  const printer = await rounds(async () => {
    fallbacks = 0;
    for (const file of files) {
      if (printLikePrettier(file.content, options(file)) === undefined) {
        fallbacks++;
        await prettier.format(file.content, options(file));
      }
    }
  });
  const formatted = await rounds(async () => {
    for (const file of files) await prettier.format(file.content, options(file));
  });
  // Agreement, checked once both are warm.
  for (const file of files) {
    const got = printLikePrettier(file.content, options(file));
    if (got !== undefined && got !== (await prettier.format(file.content, options(file))))
      throw new Error(`${file.name}: the printer differs from prettier`);
  }
  const chars = files.reduce((n, f) => n + f.content.length, 0);
  console.log(
    `${label}: ${files.length} files, ${(chars / 1e6).toFixed(2)} M characters (${fallbacks} fall back to prettier), one thread, ${ROUNDS} rounds:\n` +
      `  prettier: ${summary(formatted)}\n  printer:  ${summary(printer)}\n` +
      `  printer/prettier CPU: first ${(printer.cpu[0]! / formatted.cpu[0]!).toFixed(2)}, best ${(Math.min(...printer.cpu.slice(1)) / Math.min(...formatted.cpu.slice(1))).toFixed(2)}`,
  );
}

function cold(label: string, files: File[]): void {
  const json = path.join(os.tmpdir(), `printer-bench-${process.pid}.json`);
  fs.writeFileSync(json, JSON.stringify(files));
  const run = (which: string) => {
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", path.join(here, "bench.ts"), "--cold", which, json],
      { encoding: "utf8" },
    );
    return JSON.parse(out.trim().split("\n").at(-1)!) as { ms: number; cpu: number };
  };
  const prettierRuns: { ms: number; cpu: number }[] = [];
  const printerRuns: { ms: number; cpu: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    prettierRuns.push(run("prettier"));
    printerRuns.push(run("printer"));
  }
  fs.rmSync(json);
  const show = (runs: { ms: number; cpu: number }[]) =>
    `${whole(median(runs.map((r) => r.cpu)))} ms CPU (${whole(median(runs.map((r) => r.ms)))} wall)`;
  console.log(
    `${label}: ${files.length} files; cold (fresh process: load, then format), median of ${ROUNDS}: prettier ${show(prettierRuns)}, printer ${show(printerRuns)}`,
  );
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "printer-bench-"));
try {
  const support = supportFiles();
  const synthetic = [...(await syntheticToolFiles(dir, 1000)), ...support];
  await timeBoth("1,000 synthetic tools, every output file", synthetic);
  const repository = [...(await repositoryToolFiles()), ...support];
  await timeBoth("this repository's 25 tools, every output file", repository);
  cold("this repository's 25 tools, every output file", repository);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; Node ${process.version}`,
);
