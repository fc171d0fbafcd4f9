// The printer's time against prettier's on the same inputs (not a test; run it by hand):
//   node --import tsx tests/format/bench.ts
// 1. The 1,000-tool synthetic code base (bench/synthetic.ts): every output file (tool modules,
//    index.ts, the support files), formatted one after the other in this thread by prettier
//    and by the printer (the printer's fall-backs to prettier counted in its time).
// 2. This repository's 25 tools, as a first run: a fresh process that loads the formatter and
//    formats every output file, for prettier and for the printer (TypeScript's parser loaded
//    by the printer's process as part of its time, though the generator has it loaded already).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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

if (process.argv[2] === "--cold") {
  // One cold run: load the formatter, format the files given (JSON on disk), print the ms.
  const [, , , which, filesJson] = process.argv;
  const files = JSON.parse(fs.readFileSync(filesJson!, "utf8")) as {
    name: string;
    content: string;
  }[];
  const start = performance.now();
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
  console.log(JSON.stringify({ ms: performance.now() - start }));
  process.exit(0);
}

const { repositoryToolFiles, supportFiles, syntheticToolFiles } = await import("./corpus.js");
const prettier = (await import("prettier")).default;
const { printLikePrettier } = await loadPrinter();

type File = { name: string; content: string };
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timeBoth(label: string, files: File[]): Promise<void> {
  const options = (file: File) => ({ printWidth: 100, filepath: `/x/generated/${file.name}` });
  // Warm both, and check agreement.
  let fallbacks = 0;
  for (const file of files) {
    const expected = await prettier.format(file.content, options(file));
    const got = printLikePrettier(file.content, options(file));
    if (got === undefined) fallbacks++;
    else if (got !== expected) throw new Error(`${file.name}: the printer differs from prettier`);
  }
  const prettierMs: number[] = [];
  const printerMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    for (const file of files) await prettier.format(file.content, options(file));
    prettierMs.push(performance.now() - start);
    start = performance.now();
    for (const file of files) {
      if (printLikePrettier(file.content, options(file)) === undefined)
        await prettier.format(file.content, options(file));
    }
    printerMs.push(performance.now() - start);
  }
  const p = median(prettierMs);
  const q = median(printerMs);
  console.log(
    `${label}: ${files.length} files (${fallbacks} fall back to prettier); warm, one thread, median of ${ROUNDS}: prettier ${p.toFixed(0)} ms, printer ${q.toFixed(0)} ms (${(p / q).toFixed(1)}x)`,
  );
}

function cold(label: string, files: File[]): void {
  const json = path.join(os.tmpdir(), `printer-bench-${process.pid}.json`);
  fs.writeFileSync(json, JSON.stringify(files));
  const run = (which: string) => {
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", path.join(here, "bench.ts"), "--cold", which, json],
      {
        encoding: "utf8",
      },
    );
    return (JSON.parse(out.trim().split("\n").at(-1)!) as { ms: number }).ms;
  };
  const prettierMs: number[] = [];
  const printerMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    prettierMs.push(run("prettier"));
    printerMs.push(run("printer"));
  }
  fs.rmSync(json);
  console.log(
    `${label}: ${files.length} files; cold (fresh process: load, then format), median of ${ROUNDS}: prettier ${median(prettierMs).toFixed(0)} ms, printer ${median(printerMs).toFixed(0)} ms`,
  );
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "printer-bench-"));
try {
  const support = supportFiles();
  const synthetic = [...(await syntheticToolFiles(dir, 1000)), ...support];
  await timeBoth("1,000 synthetic tools", synthetic);
  await timeBoth(
    "1,000 synthetic tools, tool modules and index.ts only",
    synthetic.slice(0, -support.length),
  );
  const tools = await repositoryToolFiles();
  const repository = [...tools, ...support];
  await timeBoth("this repository's 25 tools", repository);
  cold("this repository's 25 tools, all output files", repository);
  cold("this repository's 25 tools, tool modules and index.ts only", tools);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; Node ${process.version}`,
);
