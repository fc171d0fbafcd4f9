// Renders a run's results: a few lines for the terminal, and BENCHMARKS.md.
import { CALLS, LONG_ARRAY, MANY_KEYS } from "./corpus/wrong.js";
import { nsByContender, type Series } from "./measure/validators.js";
import type { Results } from "./results.js";
import { geometricMean } from "./timing.js";

const LABELS: Readonly<Record<string, string>> = {
  "ours-direct": "ours direct",
  "ours-dispatch": "ours dispatch",
  "ours-issues": "ours issues",
  "ours-text": "ours issues + text",
  "ajv-allerrors": "ajv allErrors",
  "ajv-allerrors-text": "ajv allErrors + errorsText",
  "ajv-defaults": "ajv defaults",
  schemasafe: "schemasafe",
  typebox: "typebox",
  zod: "zod 4",
  cfworker: "cfworker",
};
const STAGES = ["find files", "extract", "normalise", "emit", "format"];

function ns(value: number): string {
  if (!Number.isFinite(value)) return "-";
  if (value >= 10_000) return `${(value / 1000).toFixed(value >= 100_000 ? 0 : 1)} µs`;
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

function times(value: number): string {
  return `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)}x`;
}

function whole(value: number): string {
  return Number.isFinite(value) ? value.toFixed(0) : "-";
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const align = header.map((_, i) => (i === 0 ? ":--" : "--:")).join("|");
  return [header, ...rows]
    .map((row, i) => `| ${row.join(" | ")} |${i === 0 ? `\n|${align}|` : ""}`)
    .join("\n");
}

/** A cell of a series: the median, marked † when its rounds spread widely. */
function cell(series: Series, tool: string, id: string): string {
  return `${ns(nsByContender(series, tool)[id]!)}${series.rough.includes(`${tool} ${id}`) ? " †" : ""}`;
}

function geoOf(series: Series, value: (ns: Readonly<Record<string, number>>) => number): number {
  return geometricMean(Object.keys(series.tools).map((tool) => value(nsByContender(series, tool))));
}

/** The lines printed at the end of every run. */
export function renderSummary(results: Results): string {
  const { meta, mixedDispatch: mixed } = results;
  const lines = [
    "",
    `${meta.command}: ${meta.machine.cpu}, ${meta.machine.logicalCores} cores, Node ${meta.machine.node}, load ${meta.machine.loadAverageBefore[0]} -> ${meta.machine.loadAverageAfter[0]}`,
    "",
    "Targets:",
    ...results.targets.map(
      (t) =>
        `  ${t.met ? "met   " : "MISSED"} ${t.name.padEnd(18)} ${times(t.value).padStart(7)}  (target ${t.target})`,
    ),
    "",
    ...(["beforeWrongCalls", "afterWrongCalls"] as const).map(
      (when) =>
        `Mixed valid calls ${when === "beforeWrongCalls" ? "before" : "after"} the wrong calls: looked up once ${ns(mixed[when].lookedUp)} ns, validateToolArgs ${ns(mixed[when].dispatch)} ns`,
    ),
    "Valid calls, peer ns / ours (direct) ns, geometric mean over tools:",
    ...peerRatios(results.validators.valid, "ours-direct").map(
      ([id, r]) => `  ${LABELS[id]!.padEnd(24)} ${times(r)}`,
    ),
    ...constraintsLines(results),
    "Generator:",
    ...results.generator.cases.map(
      (c) =>
        `  ${c.name.padEnd(14)} gen ${whole(c.gen.wallMs)} ms, ${whole(c.gen.peakRssMiB)} MiB; stages ${c.stages.map((s) => `${s.name} ${whole(s.ms)}`).join(", ")}`,
    ),
    "",
  ];
  return `${lines.join("\n")}\n`;
}

/** Geometric mean over tools of peer ns / ours ns, per peer. */
function peerRatios(series: Series, ours: string): [string, number][] {
  return series.contenders
    .filter((id) => !id.startsWith("ours"))
    .map((id) => [id, geoOf(series, (n) => n[id]! / n[ours]!)]);
}

export function renderMarkdown(results: Results): string {
  const { meta, validators, mixedDispatch: mixed } = results;
  const m = meta.machine;
  const corpusSize = (series: Series) =>
    Object.values(series.tools).reduce((sum, t) => sum + t.calls, 0);
  const out = [
    "# Benchmarks",
    "",
    `Written by \`${meta.command}\` (bench/run.ts) on ${meta.date.slice(0, 10)}${meta.quick ? ", a quick run: rough figures" : ""}; the figures are in [bench/results.json](bench/results.json). \`npm run bench -- --help\` lists the options.`,
    "",
    "## Machine",
    "",
    `- ${m.cpu}, ${m.logicalCores} logical cores, ${m.memoryGiB} GiB, ${m.os}; Node ${m.node} (V8 ${m.v8})`,
    `- Load average (1/5/15 min) before: ${m.loadAverageBefore.join(" / ")}, after: ${m.loadAverageAfter.join(" / ")}. Rounds are interleaved, so that other work on the machine hits every contender alike.`,
    `- ${meta.date}, ${meta.durationSeconds} s; commit ${meta.git.commit}${meta.git.uncommitted.length > 0 ? ` with uncommitted changes in ${meta.git.uncommitted.map((l) => `\`${l.trim()}\``).join(", ")}` : ""}`,
    `- ${Object.entries(meta.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
    "",
    "## Targets",
    "",
    table(
      ["Target", "Measured", "Target", "Result"],
      results.targets.map((t) => [
        t.description,
        times(t.value),
        t.target,
        t.met ? "met" : "**missed**",
      ]),
    ),
    "",
    "## Method",
    "",
    '- **Schemas**: each built-in tool\'s `config.function.parameters`. Ours are the committed validators in generated/. Peers get the same rules in standard JSON Schema (bench/schemas.ts): `additionalProperties: false` where strict mode rejects unknown keys, `nullable` as a `"null"` type, and no keyword the validators do not enforce.',
    `- **Corpora**: *hand-written* (bench/corpus/realistic.ts): ${corpusSize(validators.valid)} valid and ${corpusSize(validators.invalid)} invalid calls a model plausibly sends, each invalid one with the issue codes ours must report. *Generated wrong* (bench/corpus/wrong.ts): ${corpusSize(validators.wrong)} calls, ${CALLS + 2} per tool, made with a fixed seed from each declaration: a valid call given one to three mistakes at any depth (wrong types, JSON text in a string, near-miss keys such as \`outputMode\` for \`output_mode\`, enum values in another case or with spaces, missing required keys, extra keys, wrong roots), plus two large calls (${MANY_KEYS} unexpected keys; a ${LONG_ARRAY}-element array of wrong elements). Every call goes through \`JSON.parse\`.`,
    "- **Agreement** before any timing: every valid call passes ours (directly and through `validateToolArgs`) and every peer; every invalid or wrong call fails all of them, and ours reports the listed codes for the hand-written ones. Any disagreement stops the run.",
    `- **Timing** (bench/timing.ts): each contender runs a tool's whole corpus in a loop of its own (compiled with \`new Function\`, so call sites are its own); ${meta.timing.warmupMs} ms warm-up, batches of about ${meta.timing.batchMs} ms, ${meta.timing.rounds} rounds interleaved with the starting contender rotating; the figure is the median over rounds of ns per call. Before a corpus is timed, every contender runs every tool's calls of it for ${meta.timing.globalWarmupMs} ms, so that shared code is optimised as in a long-running process; the hand-written corpus is timed first, the generated wrong calls after it. A young-generation GC runs before each batch. Every result feeds a checksum (${meta.checksum}).`,
    "- **Contenders**: ajv 8 with `allErrors: true, ownProperties: true` (every error, as ours) and with its defaults; schemasafe with `allErrors`; typebox `Compile`; zod 4 `z.fromJSONSchema` then `safeParse`; cfworker (an interpreter, every error). On invalid calls: ours producing its issues and then the text for the model, against ajv's `errors` and `ajv.errorsText(errors)`.",
    "- **Ours** is called directly (the tool's `validate<Name>` export) and through the dispatch (`validateToolArgs(name, args)`, with the name from `JSON.parse`, as in a model's call).",
    "- **Ratios** are per tool, then the geometric mean over tools; † marks a median whose rounds spread widely (interquartile range above 30%): read it as rough.",
    "",
    "## Valid calls (ns per call, median)",
    "",
    seriesTable(validators.valid, [
      ["dispatch / direct", (n) => times(n["ours-dispatch"]! / n["ours-direct"]!)],
      ["fastest peer / ours", (n) => times(fastestPeer(validators.valid, n) / n["ours-direct"]!)],
    ]),
    "",
    "Peer ns / ours ns, geometric mean over tools (above 1: ours is faster):",
    "",
    table(
      ["Peer", "/ ours direct", "/ ours dispatch"],
      peerRatios(validators.valid, "ours-direct").map(([id, r]) => [
        LABELS[id]!,
        times(r),
        times(geoOf(validators.valid, (n) => n[id]! / n["ours-dispatch"]!)),
      ]),
    ),
    "",
    "## Invalid calls (ns per call, median)",
    "",
    ...(["invalid", "wrong"] as const).flatMap((name) => [
      `### ${name === "invalid" ? "Hand-written invalid calls" : "Generated wrong calls"}`,
      "",
      seriesTable(validators[name], [
        ["ajv / ours issues", (n) => times(n["ajv-allerrors"]! / n["ours-issues"]!)],
        ["ajv text / ours text", (n) => times(n["ajv-allerrors-text"]! / n["ours-text"]!)],
      ]),
      "",
    ]),
    ...(results.constraints
      ? [
          "## Every constraint keyword enforced",
          "",
          `Valid calls of one tool declaring all ${results.constraints.keywords} opt-in constraint keywords (bench/corpus/constraints.ts, ${results.constraints.calls} calls), ours generated with \`enforce: "all"\`, against ajv 8 (draft 2020-12) on the same schema:`,
          "",
          table(
            ["Contender", "ns per call", "/ ours"],
            Object.entries(results.constraints.ns).map(([id, value]) => [
              LABELS[id] ?? id,
              ns(value),
              times(value / results.constraints!.ns["ours-direct"]!),
            ]),
          ),
          "",
        ]
      : []),
    "## Dispatch",
    "",
    `One tool at a time, \`validateToolArgs\` against \`validate<Name>\` is the "dispatch / direct" column above. All tools' valid calls mixed in one loop (${mixed.calls} calls in a fixed shuffled order), the way a process calls them: each tool's validator looked up once with \`validatorFor\` (as the tool manager does when it registers a tool) and called through one call site, against \`validateToolArgs(name, args)\`. Timed after the hand-written calls, and again after the generated wrong calls, to show whether their large calls (hundreds of keys) leave the validators slower for the calls that follow.`,
    "",
    table(
      ["When", "looked up once ns", "validateToolArgs ns", "validateToolArgs / looked up"],
      (["beforeWrongCalls", "afterWrongCalls"] as const).map((when) => [
        when === "beforeWrongCalls" ? "after the hand-written calls" : "after the wrong calls too",
        ns(mixed[when].lookedUp),
        ns(mixed[when].dispatch),
        times(mixed[when].dispatch / mixed[when].lookedUp),
      ]),
    ),
    "",
    "## Code size",
    "",
    sizeSection(results),
    "",
    "## Generator",
    "",
    generatorSection(results),
  ];
  return `${out.join("\n").trimEnd()}\n`;
}

type Extra = [string, (ns: Readonly<Record<string, number>>) => string];

/** One row per tool: calls, every contender, extra ratio columns; then the geometric means. */
function seriesTable(series: Series, extras: readonly Extra[]): string {
  const rows = Object.entries(series.tools).map(([tool, t]) => [
    tool,
    String(t.calls),
    ...series.contenders.map((id) => cell(series, tool, id)),
    ...extras.map(([, f]) => f(nsByContender(series, tool))),
  ]);
  const geo: Record<string, number> = {};
  for (const id of series.contenders) geo[id] = geoOf(series, (n) => n[id]!);
  rows.push([
    "**geometric mean**",
    "",
    ...series.contenders.map((id) => ns(geo[id]!)),
    ...extras.map(([, f]) => f(geo)),
  ]);
  return table(
    [
      "Tool",
      "calls",
      ...series.contenders.map((id) => LABELS[id]!),
      ...extras.map(([label]) => label),
    ],
    rows,
  );
}

function fastestPeer(series: Series, n: Readonly<Record<string, number>>): number {
  return Math.min(...series.contenders.filter((id) => !id.startsWith("ours")).map((id) => n[id]!));
}

function sizeSection({ size }: Results): string {
  const sum = (f: (t: (typeof size.tools)[number]) => number) =>
    size.tools.reduce((s, t) => s + f(t), 0);
  const row = (name: string, f: (g: (t: (typeof size.tools)[number]) => number) => number) => [
    name,
    String(f((t) => t.ours.minified)),
    String(f((t) => t.ours.gzip)),
    String(f((t) => t.ajvAllErrors.minified)),
    String(f((t) => t.ajvAllErrors.gzip)),
    String(f((t) => t.ajvDefaults.minified)),
    times(f((t) => t.ajvAllErrors.minified) / f((t) => t.ours.minified)),
  ];
  const requires = size.ajvRequires;
  return [
    "Bytes per tool after the same minifier (esbuild `minify`, types stripped from ours), and gzip of that: ours is the tool's generated file, ajv is `ajv/dist/standalone` output for the same strict schema.",
    "",
    table(
      [
        "Tool",
        "ours min",
        "ours min+gz",
        "ajv allErrors min",
        "ajv allErrors min+gz",
        "ajv defaults min",
        "ajv allErrors / ours",
      ],
      [...size.tools.map((t) => row(t.tool, (g) => g(t))), row("**total**", sum)],
    ),
    "",
    `Shared by all generated validators (${size.sharedFiles.join(", ")}): ${size.oursShared.minified} bytes minified, ${size.oursShared.gzip} with gzip. ajv's standalone code ${requires.length === 0 ? "needs no runtime module for these schemas" : `requires ${requires.join(", ")}`}.`,
  ].join("\n");
}

function generatorSection({ generator }: Results): string {
  const { startup, cases } = generator;
  const rows = cases.map((c) => [
    c.name,
    String(c.tools),
    String(c.gen.runs),
    whole(c.gen.wallMs),
    whole(c.gen.peakRssMiB),
    c.check ? whole(c.check.wallMs) : "-",
    c.checkFull ? whole(c.checkFull.wallMs) : "-",
    c.check ? whole(c.check.peakRssMiB) : "-",
    ...STAGES.map((name) => whole(c.stages.find((s) => s.name === name)?.ms ?? NaN)),
  ]);
  return [
    `The command as it is installed (compiled to dist/, run by Node alone), in a child process: \`gen --no-cache\` into an empty folder (a first run), then \`gen --check\` against the folder it wrote with nothing changed, with the cache of the last run (verified on disk) and with \`--no-cache\` (wall ms, the median over the runs; peak RSS in MiB, the largest). Startup alone (\`gen --help\`) takes ${whole(startup.wallMs)} ms and ${whole(startup.peakRssMiB)} MiB. The stage columns are what \`generate()\` reports (GenerateResult.stages), one run in a child process of its own: extract includes loading the TypeScript parser, format waits for prettier's worker threads (started before extract).`,
    "",
    table(
      [
        "Case",
        "tools",
        "runs",
        "gen ms",
        "gen MiB",
        "check ms",
        "check --no-cache ms",
        "check MiB",
        ...STAGES.map((s) => `${s} ms`),
      ],
      rows,
    ),
  ].join("\n");
}

/** The summary's lines for the tool with every constraint keyword enforced. */
function constraintsLines(results: Results): string[] {
  const c = results.constraints;
  if (!c) return [];
  return [
    `Every constraint keyword enforced (${c.tool}, ${c.calls} valid calls): ours ${ns(c.ns["ours-direct"]!)} ns; ${Object.entries(
      c.ratios,
    )
      .map(([id, r]) => `${LABELS[id] ?? id} ${times(r)}`)
      .join(", ")}`,
  ];
}
