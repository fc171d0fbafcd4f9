// Renders the benchmark's results: a short summary for the terminal, BENCHMARKS.md for the repo.
import type { GeneratorCase } from "./generator.js";
import type { Results, SeriesName, ToolTimings } from "./run.js";
import type { StagesResult } from "./stages.js";
import { geometricMean } from "./timing.js";

const VALID_COLUMNS: readonly [string, string][] = [
  ["ours-dispatch", "ours validateToolArgs"],
  ["ours-direct", "ours validateX"],
  ["ajv-allerrors", "ajv allErrors+ownProps"],
  ["ajv-defaults", "ajv defaults"],
  ["schemasafe", "schemasafe"],
  ["typebox", "typebox"],
  ["zod", "zod 4"],
  ["cfworker", "cfworker"],
];

const INVALID_COLUMNS: readonly [string, string][] = [
  ["ours-issues", "ours issues"],
  ["ours-text", "ours issues+text"],
  ["ajv-allerrors", "ajv allErrors"],
  ["ajv-allerrors-text", "ajv allErrors+errorsText"],
  ["ajv-defaults", "ajv defaults (1st error)"],
  ["schemasafe", "schemasafe allErrors"],
  ["typebox", "typebox Check+Errors"],
  ["zod", "zod 4 safeParse"],
  ["zod-text", "zod 4 +prettifyError"],
  ["cfworker", "cfworker all errors"],
];

const PEER_NAMES: Readonly<Record<string, string>> = {
  "ajv-allerrors": "ajv allErrors+ownProperties",
  "ajv-allerrors-text": "ajv allErrors + errorsText",
  "ajv-defaults": "ajv defaults",
  schemasafe: "schemasafe",
  typebox: "typebox Compile",
  zod: "zod 4 fromJSONSchema",
  "zod-text": "zod 4 + prettifyError",
  cfworker: "cfworker",
};

export function ns(value: number): string {
  if (!Number.isFinite(value)) return "-";
  if (value >= 100_000) return `${(value / 1000).toFixed(0)} µs`;
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} µs`;
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

export function times(value: number): string {
  return `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)}x`;
}

function ms(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

function mib(value: number): string {
  return Number.isFinite(value) ? value.toFixed(0) : "-";
}

function nsOf(t: ToolTimings, mode: SeriesName, id: string): number {
  return t[mode].timings.find((x) => x.id === id)?.ns ?? Number.NaN;
}

/** Rounds spread widely: the interquartile range exceeds this share of the median. */
const NOISY = 0.3;

/** A table cell: the median, marked † when the rounds spread widely. */
function cell(t: ToolTimings, mode: SeriesName, id: string): string {
  const timing = t[mode].timings.find((x) => x.id === id);
  if (!timing) return "-";
  return `${ns(timing.ns)}${(timing.p75 - timing.p25) / timing.ns > NOISY ? " †" : ""}`;
}

const NOISE_LEGEND = `† marks a figure whose rounds spread widely (interquartile range above ${NOISY * 100}% of the median): read it as rough.`;

function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align?: string,
): string {
  const aligns =
    align ??
    `:${"-".repeat(2)}|${header
      .slice(1)
      .map(() => "--:")
      .join("|")}`;
  const lines = [`| ${header.join(" | ")} |`, `|${aligns}|`];
  for (const row of rows) lines.push(`| ${row.join(" | ")} |`);
  return lines.join("\n");
}

/** The few lines printed at the end of every run. */
export function renderSummary(results: Results): string {
  const lines = [
    "",
    `Tool-argument validators, ${results.validators.length} built-in tools (${results.meta.command}, ${results.meta.machine.cpu}, ${results.meta.machine.logicalCores} cores, Node ${results.meta.machine.node})`,
    "",
    "Targets (geometric mean over the tools):",
  ];
  for (const r of results.ratios) {
    const status = r.supplementary ? "(info)" : r.met ? "met   " : "MISSED";
    lines.push(
      `  ${status} ${r.name.padEnd(32)} ${times(r.value).padStart(8)}  (${r.supplementary ? "not a target; compare with" : "target"} ${r.target})`,
    );
  }
  lines.push("", "Valid calls, peer ns / ours (validateX) ns:");
  for (const [id, value] of Object.entries(results.speedups.valid)) {
    lines.push(`  ${(PEER_NAMES[id] ?? id).padEnd(30)} ${times(value)}`);
  }
  lines.push("", "Valid calls of many shapes, peer ns / ours (validateX) ns:");
  for (const [id, value] of Object.entries(results.speedups.varied)) {
    lines.push(`  ${(PEER_NAMES[id] ?? id).padEnd(30)} ${times(value)}`);
  }
  lines.push("", "Invalid calls, peer ns / ours (issues) ns:");
  for (const [id, value] of Object.entries(results.speedups.invalidIssues)) {
    lines.push(`  ${(PEER_NAMES[id] ?? id).padEnd(30)} ${times(value)}`);
  }
  lines.push("", "Generator (child process, wall / peak RSS):");
  lines.push(
    `  startup (gen --help)           ${ms(results.generator.startup.wallMs)} ms / ${mib(results.generator.startup.maxRssMiB)} MiB`,
  );
  for (const c of results.generator.cases) {
    const check = c.check ? `; check ${ms(c.check.wallMs)} ms / ${mib(c.check.maxRssMiB)} MiB` : "";
    lines.push(
      `  ${`${c.kind} ${c.tools} tools`.padEnd(30)} gen ${ms(c.gen.wallMs)} ms / ${mib(c.gen.maxRssMiB)} MiB${check}`,
    );
  }
  lines.push("");
  return `${lines.join("\n")}\n`;
}

/** BENCHMARKS.md. */
export function renderMarkdown(results: Results): string {
  const { meta } = results;
  const out: string[] = [];
  out.push("# Benchmarks");
  out.push("");
  out.push(
    `Written by \`${meta.command}\` (bench/run.ts) on ${meta.date.slice(0, 10)}; the raw figures are in ` +
      "[bench/results.json](bench/results.json). `npm run bench:quick` gives a rougher run in under a minute and writes nothing.",
  );
  out.push("");

  out.push("## Machine");
  out.push("");
  const m = meta.machine;
  out.push(`- CPU: ${m.cpu}, ${m.logicalCores} logical cores, ${m.memoryGiB} GiB memory, ${m.os}`);
  out.push(`- Node ${m.node} (V8 ${m.v8})`);
  out.push(
    `- Load average (1/5/15 min) before: ${m.loadAverageBefore.join(" / ")}, after: ${m.loadAverageAfter.join(" / ")} ` +
      "(the repository is shared: other work may have run at the same time; rounds are interleaved so that it hits every contender alike)",
  );
  out.push(`- Date: ${meta.date}; run took ${meta.durationSeconds} s`);
  out.push(`- Command: \`${meta.command}\``);
  out.push(`- Commit: ${meta.git.commit}`);
  if (meta.git.uncommitted.length > 0) {
    out.push(
      `- Uncommitted changes in generated/, src/codegen, src/tools or src/validation when measured: ${meta.git.uncommitted.map((l) => `\`${l.trim()}\``).join(", ")}`,
    );
  } else {
    out.push(
      "- No uncommitted changes in generated/, src/codegen, src/tools or src/validation when measured.",
    );
  }
  out.push(
    `- Versions: ${Object.entries(meta.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  out.push("");

  out.push("## Targets");
  out.push("");
  out.push(
    table(
      ["Target", "Measured (geometric mean over tools)", "Target", "Result"],
      results.ratios
        .filter((r) => !r.supplementary)
        .map((r) => [r.description, times(r.value), r.target, r.met ? "met" : "**missed**"]),
      ":--|--:|--:|:--",
    ),
  );
  out.push("");
  out.push("Measured beside the targets (not a target):");
  out.push("");
  out.push(
    table(
      ["Figure", "Measured (geometric mean over tools)", "Compare with"],
      results.ratios
        .filter((r) => r.supplementary)
        .map((r) => [r.description, times(r.value), r.target]),
      ":--|--:|--:",
    ),
  );
  out.push("");
  out.push(...findings(results));
  out.push("");

  out.push("## Method");
  out.push("");
  out.push(
    [
      '- **Schemas**: each built-in tool\'s `config.function.parameters`, read at run time from `builtinTools` (tools without parameters skipped). Ours are the committed validators in generated/. Peers get the *strict equivalent*: an object schema with `properties` and no `additionalProperties` gets `additionalProperties: false`, `nullable` becomes a `"null"` type, and every keyword the validators do not enforce (minItems, maxLength, format, default, description...) is dropped, so that no peer rejects a call the validators accept.',
      "- **Corpora** (bench/corpus.ts): per tool, realistic valid calls (optional keys present and absent) and invalid calls (missing, unexpected, wrong type, bad enum, nested paths such as `questions[0].options[1].label`, non-object roots), each passed through `JSON.parse`. Every invalid call lists the issue codes ours must report.",
      "- **Agreement check** before any timing: every valid call passes every contender and every invalid call fails every contender (and ours reports the listed codes); any disagreement aborts the run and prints the call.",
      `- **Timing** (bench/timing.ts): each contender runs the tool's whole corpus in a loop of its own (compiled with \`new Function\`, so each has monomorphic call sites), after ${meta.timing.warmupMs} ms of warm-up; batch size calibrated to about ${meta.timing.batchMs} ms; ${meta.timing.rounds} rounds interleaved A B C... A B C... with the starting contender rotating; the figure is the median over rounds of ns per call (one call = one corpus entry). Before any tool is timed, every contender of every tool runs for ${meta.timing.globalWarmupMs} ms, so that code shared between tools is optimised as in a long-running process. A young-generation GC runs before every batch, so that one contender's garbage is not collected on the next one's clock. Every result feeds a checksum (${meta.checksum}) so nothing is dead code.`,
      '- **Valid calls**: ours through the dispatch table (`validateToolArgs(name, args)`) and called directly (`validateX(args)`); ajv 8 compiled with `allErrors: true, ownProperties: true` (the same answers, every error) and with its defaults; schemasafe `validator(schema, { includeErrors: true, allErrors: true })`; typebox `Compile(schema).Check`; zod 4 `z.fromJSONSchema(schema).safeParse` (strict objects from `additionalProperties: false`; parsing also copies the value); cfworker `new Validator(schema, "2020-12", false).validate` (an interpreter).',
      "- **Invalid calls**: ours producing the issue list, and ours plus the text for the model (`formatValidationError`); peers producing their error objects (ajv `errors`, ajv + `errorsText`, schemasafe `errors`, typebox `Check` then `Errors`, zod's failed `safeParse` with its `ZodError` issues, and with `z.prettifyError`, cfworker's `errors`).",
      '- **Ratios**: per tool, then the geometric mean over the tools. "Fastest peer" is chosen per tool among all peers, ajv defaults included.',
    ].join("\n"),
  );
  out.push("");

  out.push("## Valid calls (ns per call, median)");
  out.push("");
  out.push(validTable(results));
  out.push("");
  out.push(NOISE_LEGEND);
  out.push("");
  out.push(
    "Geometric mean over the tools of peer ns / ours (validateX) ns (above 1: ours is faster):",
  );
  out.push("");
  out.push(speedupTable(results.speedups.valid));
  out.push("");

  out.push("## Valid calls of many shapes (ns per call, median)");
  out.push("");
  out.push(
    "The same valid contenders on 32 valid calls per tool built from the hand-written ones: the required keys plus a pseudo-random half of the optional keys, in declaration order (bench/corpus.ts `variedValidCalls`). A long-running agent process sees calls of many shapes; code that reads properties directly (ajv, schemasafe, typebox) can slow down once its property reads have seen many shapes. Peers here are compiled afresh and see only these calls; ours is the same function as above (it has seen every call of every series).",
  );
  out.push("");
  out.push(variedTable(results));
  out.push("");
  out.push(NOISE_LEGEND);
  out.push("");
  out.push("Geometric mean over the tools of peer ns / ours (validateX) ns:");
  out.push("");
  out.push(speedupTable(results.speedups.varied));
  out.push("");

  out.push("## Invalid calls (ns per call, median)");
  out.push("");
  out.push(invalidTable(results));
  out.push("");
  out.push(NOISE_LEGEND);
  out.push("");
  out.push("Geometric mean over the tools of peer ns / ours ns (above 1: ours is faster):");
  out.push("");
  out.push(
    table(
      ["Peer", "vs ours issues", "vs ours issues+text"],
      Object.keys(results.speedups.invalidText).map((id) => [
        PEER_NAMES[id] ?? id,
        results.speedups.invalidIssues[id] === undefined
          ? "-"
          : times(results.speedups.invalidIssues[id]!),
        times(results.speedups.invalidText[id]!),
      ]),
    ),
  );
  out.push("");

  out.push("## Code size");
  out.push("");
  out.push(sizeSection(results));
  out.push("");

  out.push("## Generator");
  out.push("");
  out.push(generatorSection(results));
  out.push("");
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}

function validTable(results: Results): string {
  const header = [
    "Tool",
    "calls",
    ...VALID_COLUMNS.map(([, label]) => label),
    "fastest peer / ours",
  ];
  const rows = results.validators.map((t) => {
    const ratio = results.ratios.find((r) => r.name === "valid-vs-fastest-peer")!.perTool[t.tool]!;
    return [
      t.tool,
      String(t.valid.inputs),
      ...VALID_COLUMNS.map(([id]) => cell(t, "valid", id)),
      times(ratio),
    ];
  });
  rows.push([
    "**geometric mean**",
    "",
    ...VALID_COLUMNS.map(([id]) =>
      ns(geometricMean(results.validators.map((t) => nsOf(t, "valid", id)))),
    ),
    times(results.ratios.find((r) => r.name === "valid-vs-fastest-peer")!.value),
  ]);
  return table(header, rows);
}

function variedTable(results: Results): string {
  const columns = VALID_COLUMNS.filter(([id]) => id !== "ours-dispatch");
  const header = [
    "Tool",
    "calls",
    "shapes",
    ...columns.map(([, label]) => label),
    "fastest peer / ours",
  ];
  const ratio = results.ratios.find((r) => r.name === "varied-vs-fastest-peer")!;
  const rows = results.validators.map((t) => [
    t.tool,
    String(t.varied.inputs),
    String(t.varied.shapes),
    ...columns.map(([id]) => cell(t, "varied", id)),
    times(ratio.perTool[t.tool]!),
  ]);
  rows.push([
    "**geometric mean**",
    "",
    "",
    ...columns.map(([id]) =>
      ns(geometricMean(results.validators.map((t) => nsOf(t, "varied", id)))),
    ),
    times(ratio.value),
  ]);
  return table(header, rows);
}

function invalidTable(results: Results): string {
  const header = ["Tool", "calls", ...INVALID_COLUMNS.map(([, label]) => label)];
  const rows = results.validators.map((t) => [
    t.tool,
    String(t.invalid.inputs),
    ...INVALID_COLUMNS.map(([id]) => cell(t, "invalid", id)),
  ]);
  rows.push([
    "**geometric mean**",
    "",
    ...INVALID_COLUMNS.map(([id]) =>
      ns(geometricMean(results.validators.map((t) => nsOf(t, "invalid", id)))),
    ),
  ]);
  return table(header, rows);
}

function speedupTable(speedups: Readonly<Record<string, number>>): string {
  return table(
    ["Peer", "peer / ours"],
    Object.entries(speedups).map(([id, value]) => [PEER_NAMES[id] ?? id, times(value)]),
  );
}

function sizeSection(results: Results): string {
  const { size } = results;
  const rows = size.tools.map((t) => [
    t.tool,
    String(t.ours.raw),
    String(t.ours.minified),
    String(t.ours.gzip),
    String(t.ajvAllErrors.raw),
    String(t.ajvAllErrors.minified),
    String(t.ajvAllErrors.gzip),
    String(t.ajvDefaults.minified),
    times(t.ajvAllErrors.minified / t.ours.minified),
  ]);
  const sum = (f: (t: (typeof size.tools)[number]) => number) =>
    size.tools.reduce((s, t) => s + f(t), 0);
  rows.push([
    "**total**",
    String(sum((t) => t.ours.raw)),
    String(sum((t) => t.ours.minified)),
    String(sum((t) => t.ours.gzip)),
    String(sum((t) => t.ajvAllErrors.raw)),
    String(sum((t) => t.ajvAllErrors.minified)),
    String(sum((t) => t.ajvAllErrors.gzip)),
    String(sum((t) => t.ajvDefaults.minified)),
    times(sum((t) => t.ajvAllErrors.minified) / sum((t) => t.ours.minified)),
  ]);
  const requires = [...new Set(size.tools.flatMap((t) => t.ajvRequires))];
  return [
    "Bytes per tool: ours is the tool's whole generated file as committed (prettier-formatted TypeScript, comments and type declarations included; the shared files are counted once below); ajv is `ajv/dist/standalone` output (ESM) for the same strict schema. **Minified** means both went through the same minifier (esbuild `minify`, types stripped from ours); gzip is of the minified text. Compare the minified columns: the raw columns differ in formatting and comments.",
    "",
    table(
      [
        "Tool",
        "ours raw",
        "ours min",
        "ours min+gz",
        "ajv allErrors raw",
        "ajv allErrors min",
        "ajv allErrors min+gz",
        "ajv defaults min",
        "ajv min / ours min",
      ],
      rows,
    ),
    "",
    `Shared by all generated validators (runtime.ts, types.ts, index.ts): ${size.oursShared.raw} bytes raw, ${size.oursShared.minified} minified, ${size.oursShared.gzip} minified+gzip. ajv's standalone code ${requires.length === 0 ? "needs no runtime module for these schemas" : `requires ${requires.join(", ")}`}.`,
  ].join("\n");
}

function workMs(stages: StagesResult): number {
  return stages.stages.filter((s) => !s.stage.startsWith("load")).reduce((sum, s) => sum + s.ms, 0);
}

function generatorSection(results: Results): string {
  const { startup, cases } = results.generator;
  const parts: string[] = [];
  parts.push(
    "The real command line, spawned as a child process (`node --import tsx scripts/gen.ts ...`): `gen` writes into an empty temporary `--out` folder, `check` is `--check` against an up-to-date folder (for the built-in tools: generated/ itself, read only). Wall time is the median over runs; peak RSS is the largest, read with " +
      `${startup.rssSource}. The startup row is \`gen --help\`: Node, tsx and the generator's modules (ts-morph, TypeScript, prettier) loaded, nothing generated.`,
  );
  parts.push("");
  const rows = [
    [
      "startup (`gen --help`)",
      "-",
      "-",
      ms(startup.wallMs),
      mib(startup.maxRssMiB),
      "-",
      "-",
      "-",
      "-",
      String(startup.runs.length),
    ],
    ...cases.map((c) => [
      c.kind === "built-in" ? "built-in tools" : `synthetic`,
      String(c.tools),
      String(c.sourceFiles),
      ms(c.gen.wallMs),
      mib(c.gen.maxRssMiB),
      c.check ? ms(c.check.wallMs) : "-",
      c.check ? mib(c.check.maxRssMiB) : "-",
      ms(c.gen.wallMs / c.tools),
      ms((c.gen.wallMs - startup.wallMs) / c.tools),
      String(c.gen.runs.length),
    ]),
  ];
  parts.push(
    table(
      [
        "Case",
        "tools",
        "source files",
        "gen wall ms",
        "gen peak RSS MiB",
        "check wall ms",
        "check peak RSS MiB",
        "gen ms / tool",
        "(gen - startup) ms / tool",
        "runs",
      ],
      rows,
    ),
  );
  const checks = cases.filter((c) => c.check?.runs.some((r) => r.exitCode !== 0));
  if (checks.length > 0) {
    parts.push("");
    parts.push(
      `Note: \`--check\` exited with 1 (differences found) for ${checks.map((c) => `${c.kind} ${c.tools}`).join(", ")}: generated/ was not up to date with the generator when measured; the time still covers the full comparison.`,
    );
  }
  parts.push("");
  parts.push("### Scaling");
  parts.push("");
  parts.push(...scaling(cases, startup.wallMs));
  parts.push("");
  parts.push("### Where the time goes");
  parts.push("");
  parts.push(
    "Each stage of the pipeline timed in a process of its own (bench/stages.ts calls the generator's modules in the order `generate()` does; module loading is part of every run). ms, share of the total, and resident memory after the stage. The check stage compares with the folder the command line wrote (0 differences expected).",
  );
  parts.push("");
  const staged = cases.filter(
    (c): c is GeneratorCase & { stages: StagesResult } => c.stages !== undefined,
  );
  const stageNames = [...new Set(staged.flatMap((c) => c.stages.stages.map((s) => s.stage)))];
  const stageRows = stageNames.map((name) => [
    name,
    ...staged.flatMap((c) => {
      const s = c.stages.stages.find((x) => x.stage === name);
      return s
        ? [`${ms(s.ms)} (${((100 * s.ms) / c.stages.totalMs).toFixed(0)}%)`, mib(s.rssMiB)]
        : ["-", "-"];
    }),
  ]);
  stageRows.push([
    "**total**",
    ...staged.flatMap((c) => [ms(c.stages.totalMs), mib(c.stages.maxRssMiB)]),
  ]);
  stageRows.push([
    "work (without module loading) per tool",
    ...staged.flatMap((c) => [ms(workMs(c.stages) / c.tools), "-"]),
  ]);
  stageRows.push([
    "differences found by the check stage",
    ...staged.flatMap((c) => [String(c.stages.differences), "-"]),
  ]);
  parts.push(
    table(["Stage", ...staged.flatMap((c) => [`${caseName(c)} ms`, "RSS MiB"])], stageRows),
  );
  parts.push("");
  parts.push(
    `Generated output: ${staged.map((c) => `${caseName(c)}: ${c.stages.outputFiles} files, ${(c.stages.outputBytes / 1024).toFixed(0)} KiB`).join("; ")}.`,
  );
  return parts.join("\n");
}

function caseName(c: GeneratorCase): string {
  return c.kind === "built-in" ? `built-in (${c.tools})` : `${c.tools} synthetic`;
}

/** How a cost per tool changed from the smaller case to the larger one (±30% counts as linear). */
function verdict(growth: number): string {
  if (growth > 1.3) return "worse than linear";
  if (growth < 0.77) return "better than linear (fixed costs amortised)";
  return "linear";
}

function scaling(cases: readonly GeneratorCase[], startupMs: number): string[] {
  const synthetic = cases.filter((c) => c.kind === "synthetic").sort((a, b) => a.tools - b.tools);
  const lines: string[] = [];
  if (synthetic.length < 2) {
    lines.push("Only one synthetic size was run (quick mode): no scaling figure.");
    return lines;
  }
  const [small, large] = [synthetic[0]!, synthetic.at(-1)!];
  const marginal = (large.gen.wallMs - small.gen.wallMs) / (large.tools - small.tools);
  const perToolSmall = (small.gen.wallMs - startupMs) / small.tools;
  const perToolLarge = (large.gen.wallMs - startupMs) / large.tools;
  lines.push(
    `- Command line: ${small.tools} -> ${large.tools} synthetic tools (x${large.tools / small.tools}) took ${ms(small.gen.wallMs)} -> ${ms(large.gen.wallMs)} ms (x${(large.gen.wallMs / small.gen.wallMs).toFixed(1)}); each extra tool costs ${ms(marginal)} ms. Above the startup cost, ${ms(perToolSmall)} ms per tool at ${small.tools} and ${ms(perToolLarge)} ms per tool at ${large.tools}.`,
  );
  lines.push(
    `- Peak RSS: ${mib(small.gen.maxRssMiB)} -> ${mib(large.gen.maxRssMiB)} MiB, about ${(((large.gen.maxRssMiB - small.gen.maxRssMiB) / (large.tools - small.tools)) * 1024).toFixed(0)} KiB per extra tool.`,
  );
  if (small.stages && large.stages) {
    const a = workMs(small.stages) / small.tools;
    const b = workMs(large.stages) / large.tools;
    lines.push(
      `- Stage work per tool (module loading excluded): ${ms(a)} ms at ${small.tools}, ${ms(b)} ms at ${large.tools} (x${(b / a).toFixed(2)}): **${verdict(b / a)}** overall. Per stage (a stage whose cost per tool grows by more than 30% is not linear, even when the total looks so):`,
    );
    for (const name of ["extract (ts-morph)", "format (prettier)", "emit", "normalise"]) {
      const sa = small.stages.stages.find((s) => s.stage === name);
      const sb = large.stages.stages.find((s) => s.stage === name);
      if (sa && sb) {
        const growth = sb.ms / large.tools / (sa.ms / small.tools);
        lines.push(
          `  - ${name}: ${(sa.ms / small.tools).toFixed(2)} -> ${(sb.ms / large.tools).toFixed(2)} ms per tool (x${growth.toFixed(2)}): ${verdict(growth)}`,
        );
      }
    }
    const format = large.stages.stages.find((s) => s.stage === "format (prettier)");
    const index = large.stages.stages.findIndex((s) => s.stage === "format (prettier)");
    const before = index > 0 ? large.stages.stages[index - 1] : undefined;
    if (format && before) {
      lines.push(
        `- Memory at ${large.tools} tools: resident memory goes from ${mib(before.rssMiB)} to ${mib(format.rssMiB)} MiB during the format stage.`,
      );
    }
  }
  return lines;
}

/** Computed observations: what the figures say about the targets and where ours loses. */
function findings(results: Results): string[] {
  const lines = ["### Findings", ""];
  const missed = results.ratios.filter((r) => !r.met && !r.supplementary);
  lines.push(
    missed.length === 0
      ? "- Every target is met."
      : `- Targets missed: ${missed.map((r) => `${r.name} (${times(r.value)}, target ${r.target})`).join("; ")}.`,
  );
  const tools = results.validators;
  const validPeers = VALID_COLUMNS.map(([id]) => id).filter((id) => !id.startsWith("ours"));
  for (const id of validPeers) {
    const beaten = tools.filter((t) => nsOf(t, "valid", id) < nsOf(t, "valid", "ours-direct"));
    if (beaten.length > 0) {
      lines.push(
        `- Valid calls: ${PEER_NAMES[id]} is faster than ours (validateX) on ${beaten.length} of ${tools.length} tools${beaten.length <= 8 ? ` (${beaten.map((t) => t.tool).join(", ")})` : ""}.`,
      );
    }
  }
  for (const id of validPeers) {
    const beaten = tools.filter((t) => nsOf(t, "varied", id) < nsOf(t, "varied", "ours-direct"));
    if (beaten.length > 0) {
      lines.push(
        `- Valid calls of many shapes: ${PEER_NAMES[id]} is faster than ours on ${beaten.length} of ${tools.length} tools${beaten.length <= 8 ? ` (${beaten.map((t) => t.tool).join(", ")})` : ""}.`,
      );
    }
  }
  for (const id of ["ajv-allerrors", "ajv-defaults", "schemasafe"]) {
    const beaten = tools.filter((t) => nsOf(t, "invalid", id) < nsOf(t, "invalid", "ours-issues"));
    if (beaten.length > 0) {
      lines.push(
        `- Invalid calls: ${PEER_NAMES[id]} builds its errors faster than ours builds issues on ${beaten.length} of ${tools.length} tools.`,
      );
    }
  }
  const textShare = geometricMean(
    tools.map((t) => nsOf(t, "invalid", "ours-text") / nsOf(t, "invalid", "ours-issues")),
  );
  lines.push(
    `- Invalid calls: producing the text multiplies the cost of ours by ${times(textShare)} (geometric mean): formatValidationError costs more than the validation itself.`,
  );
  const staged = results.generator.cases.filter((c) => c.stages);
  const synthetic = staged.filter((c) => c.kind === "synthetic").sort((a, b) => a.tools - b.tools);
  if (synthetic.length >= 2) {
    const [small, large] = [synthetic[0]!, synthetic.at(-1)!];
    for (const stage of small.stages!.stages) {
      const other = large.stages!.stages.find((s) => s.stage === stage.stage);
      // Stages below 5% of the larger run are left out: their growth is mostly noise (GC).
      if (!other || stage.stage.startsWith("load")) continue;
      if (other.ms < 0.05 * large.stages!.totalMs) continue;
      const growth = other.ms / large.tools / (stage.ms / small.tools);
      if (growth > 1.3) {
        lines.push(
          `- Generator: "${stage.stage}" costs x${growth.toFixed(2)} more per tool at ${large.tools} tools than at ${small.tools}: it does not scale linearly.`,
        );
      }
    }
  }
  for (const c of staged) {
    const stages = [...c.stages!.stages].sort((a, b) => b.ms - a.ms);
    const top = stages[0]!;
    lines.push(
      `- Generator, ${caseName(c)}: the largest stage is "${top.stage}", ${((100 * top.ms) / c.stages!.totalMs).toFixed(0)}% of ${ms(c.stages!.totalMs)} ms.`,
    );
  }
  return lines;
}
