// Renders a run's results: a few lines for the terminal, and BENCHMARKS.md.
import { CORPUS_NAMES, type CorpusName, type TypiaExclusion } from "./corpus/index.js";
import { CALLS, LONG_ARRAY, MANY_KEYS } from "./corpus/wrong.js";
import type { MixedDispatch } from "./measure/dispatch.js";
import { SDK_CASE } from "./measure/generator.js";
import type { SizeResult } from "./measure/size.js";
import { nsByContender, peerOverOurs, type Series } from "./measure/validators.js";
import { guardsOf, netOfParse, peerRatio, peersOf, type Guard, type Results } from "./results.js";
import { geometricMean } from "./timing.js";

const LABELS: Readonly<Record<string, string>> = {
  "ours-lookedup": "ours validatorFor",
  "ours-direct": "ours direct",
  "ours-dispatch": "ours validateToolArgs",
  "ours-issues": "ours issues",
  "ours-text": "ours issues + text",
  floor: "floor",
  "json-parse": "JSON.parse alone",
  "ajv-allerrors": "ajv allErrors",
  "ajv-allerrors-text": "ajv allErrors + errorsText",
  "ajv-defaults": "ajv defaults",
  schemasafe: "schemasafe",
  typebox: "typebox",
  zod: "zod 4",
  cfworker: "cfworker",
  typia: "typia",
  arktype: "arktype",
};
const STAGES = ["find files", "extract", "normalise", "emit", "format"];

function label(id: string, corpus: CorpusName = "valid"): string {
  if (id === "typia") return corpus === "valid" ? "typia equals" : "typia validateEquals";
  return LABELS[id] ?? id;
}

function ns(value: number): string {
  if (!Number.isFinite(value)) return "-";
  if (value >= 10_000) return `${(value / 1000).toFixed(value >= 100_000 ? 0 : 1)} µs`;
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

function times(value: number): string {
  if (!Number.isFinite(value)) return "-";
  return `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)}x`;
}

function whole(value: number): string {
  return Number.isFinite(value) ? value.toFixed(0) : "-";
}

/** A Markdown table: the first `left` columns aligned left, the others (figures) right. */
function table(header: readonly string[], rows: readonly (readonly string[])[], left = 1): string {
  const align = header.map((_, i) => (i < left ? ":--" : "--:")).join("|");
  return [header, ...rows]
    .map((row, i) => `| ${row.join(" | ")} |${i === 0 ? `\n|${align}|` : ""}`)
    .join("\n");
}

/** A cell of a series: the median, marked † when its rounds spread widely. */
function cell(series: Series, tool: string, id: string): string {
  const mark = series.rough.includes(`${tool} ${id}`) ? " †" : "";
  const apart = id === "typia" && series.typiaCalls?.[tool] ? " ‡" : "";
  return `${ns(nsByContender(series, tool)[id]!)}${mark}${apart}`;
}

function geoOf(series: Series, value: (ns: Readonly<Record<string, number>>) => number): number {
  return geometricMean(Object.keys(series.tools).map((tool) => value(nsByContender(series, tool))));
}

/** A guard's figure as shown. */
function guardFigure(value: number | undefined, unit: Guard["unit"]): string {
  if (value === undefined || !Number.isFinite(value)) return "-";
  return unit === "x" ? times(value) : `${whole(value)} ms`;
}

/**
 * Each guard (its description, or its name): this run's figure and the previous full run's
 * (`previous`), when there was one.
 */
function guardRows(
  results: Results,
  previous: Results | undefined,
  label: "name" | "description" = "description",
): string[][] {
  const before = previous && guardsOf(previous);
  return guardsOf(results).map((guard, i) => [
    guard[label],
    guardFigure(guard.value, guard.unit),
    guardFigure(before?.[i]?.value, guard.unit),
  ]);
}

function previousRun(previous: Results | undefined): string {
  return previous
    ? `the previous full run: ${previous.meta.date.slice(0, 10)}, commit ${previous.meta.git.commit.slice(0, 7)}`
    : "no previous full run";
}

/** The lines printed at the end of every run; `previous`: bench/results.json before this run. */
export function renderSummary(results: Results, previous?: Results): string {
  const { meta, mixedDispatch: mixed, validators } = results;
  const rows = guardRows(results, previous, "name");
  const width = Math.max(...rows.map(([description]) => description!.length));
  const lines = [
    "",
    `${meta.command}: ${meta.machine.cpu}, ${meta.machine.logicalCores} cores, Node ${meta.machine.node}, load ${meta.machine.loadAverageBefore[0]} -> ${meta.machine.loadAverageAfter[0]}`,
    "",
    `Guards (reported, never judged; beside ${previousRun(previous)}):`,
    ...rows.map(
      ([description, now, before]) =>
        `  ${description!.padEnd(width)}  ${now!.padStart(8)}   was ${before}`,
    ),
    "",
    ...(mixed
      ? (["beforeWrongCalls", "afterWrongCalls"] as const).map(
          (when) =>
            `Mixed valid calls ${when === "beforeWrongCalls" ? "before" : "after"} the wrong calls: looked up once ${ns(mixed[when].lookedUp)} ns, validateToolArgs ${ns(mixed[when].dispatch)} ns`,
        )
      : []),
    ...(
      [
        ["one call site", results.callSite.valid, "ours-lookedup"],
        ...(validators ? [["own loops", validators.valid, "ours-direct"] as const] : []),
      ] as const
    ).flatMap(([harness, series, ours]) => [
      `Valid calls (${harness}), geometric means over tools: ${series.contenders.map((id) => `${label(id)} ${ns(geoOf(series, (n) => n[id]!))}`).join(", ")} ns; peer / ${label(ours)}: ${peersOf(
        series,
      )
        .map((id) => `${label(id)} ${times(peerRatio(series, id, ours))}`)
        .join(", ")}`,
    ]),
    ...constraintsLines(results),
    "Generator:",
    ...results.generator.cases.map(
      (c) =>
        `  ${c.name.padEnd(14)} gen ${whole(c.gen.wallMs)} ms, ${whole(c.gen.peakRssMiB)} MiB; stages ${c.stages.map((s) => `${s.name} ${whole(s.ms)}`).join(", ")}${c.watchEdit ? `; one-tool edit under --watch ${whole(c.watchEdit.medianMs)} ms (${c.watchEdit.edits} edits, ${whole(c.watchEdit.minMs)}-${whole(c.watchEdit.maxMs)})` : ""}`,
    ),
    "",
  ];
  return `${lines.join("\n")}\n`;
}

/** Per tool, the fastest peer's ns over ours's on the same calls. */
function fastestOnTool(series: Series, tool: string, ours: string): number {
  return Math.min(...peersOf(series).map((peer) => peerOverOurs(series, tool, peer, ours)));
}

function validSection(series: Series, direct: string): string[] {
  const directLabel = label(direct);
  return [
    seriesTable(series, "valid", [
      [
        `validateToolArgs / ${direct === "ours-lookedup" ? "validatorFor" : "direct"}`,
        (n) => n["ours-dispatch"]! / n[direct]!,
      ],
      [`fastest peer / ${directLabel}`, (_, tool) => fastestOnTool(series, tool, direct)],
    ]),
    "",
    `Peer ns / ours ns on the same calls, geometric mean over tools (above 1: ours is faster); the "fastest peer / ${directLabel}" column takes the fastest peer of each tool:`,
    "",
    table(
      ["Peer", `/ ${directLabel}`, "/ ours validateToolArgs", "/ floor"],
      peersOf(series).map((id) => [
        label(id),
        times(peerRatio(series, id, direct)),
        times(peerRatio(series, id, "ours-dispatch")),
        times(geoOf(series, (n) => n[id]! / n.floor!)),
      ]),
    ),
    "",
    `The floor is ${times(geoOf(series, (n) => n[direct]! / n.floor!))} faster than ${directLabel} and ${times(geoOf(series, (n) => n["ours-dispatch"]! / n.floor!))} faster than \`validateToolArgs\` (geometric means of ours ns / floor ns).`,
  ];
}

function invalidSections(series: Readonly<Record<CorpusName, Series>>): string[] {
  return (["invalid", "wrong"] as const).flatMap((corpus) => {
    const s = series[corpus];
    const net = (a: string, b: string) => {
      const { ratio, tools } = netOfParse(s, a, b);
      const all = Object.keys(s.tools).length;
      return `${times(ratio)}${tools < all ? ` (over the ${tools} tools where both sides take longer than the parse)` : ""}`;
    };
    return [
      `#### ${corpus === "invalid" ? "Hand-written invalid calls" : "Generated wrong calls"}`,
      "",
      seriesTable(s, corpus, [
        ["ajv / ours issues", (n) => n["ajv-allerrors"]! / n["ours-issues"]!],
        ["ajv text / ours text", (n) => n["ajv-allerrors-text"]! / n["ours-text"]!],
      ]),
      "",
      `With the time of JSON.parse alone taken off each side (per tool), the geometric means are ${net("ajv-allerrors", "ours-issues")} (ajv / ours issues) and ${net("ajv-allerrors-text", "ours-text")} (ajv text / ours text).`,
      "",
    ];
  });
}

const EXCLUSIONS: readonly TypiaExclusion[] = ["integer", "untyped keyword", "non-finite number"];

function exclusionSection(results: Results): string {
  const rows = Object.entries(results.typiaExcluded)
    .map(([tool, excluded]) => {
      const counts = CORPUS_NAMES.map((corpus) =>
        Object.values(excluded[corpus]).reduce((sum, n) => sum + (n ?? 0), 0),
      );
      const reasons = EXCLUSIONS.filter((reason) =>
        CORPUS_NAMES.some((corpus) => (excluded[corpus][reason] ?? 0) > 0),
      );
      return { tool, counts, reasons };
    })
    .filter((row) => row.counts.some((n) => n > 0));
  if (rows.length === 0) {
    return "No call of either corpus was left out of typia's comparison: none of the built-in tools declares `integer` (or a keyword that no TypeScript type carries), and no call holds a number that is not finite. typia gave our answer on every call.";
  }
  return [
    "Calls left out of typia's comparison (typia and ours are compared on the others; ‡ in the tables marks a tool where typia was timed on fewer calls, and its ratios are against ours timed on the same calls):",
    "",
    table(
      ["Tool", "valid", "hand-written invalid", "generated wrong", "why"],
      rows.map(({ tool, counts, reasons }) => [tool, ...counts.map(String), reasons.join(", ")]),
    ),
  ].join("\n");
}

/** README.md's speed lines are those between these two lines; a full run writes them. */
export const README_SPEED = [
  "<!-- speed: written by `npm run bench` from bench/results.json -->",
  "<!-- /speed -->",
] as const;

/**
 * README.md's speed lines, what a user waits for: a valid call against ajv and typia, and the
 * command on the SDK-shaped case, a first run and a check with nothing changed.
 */
export function renderReadmeSpeed(results: Results): string {
  const { meta, callSite } = results;
  const m = meta.machine;
  const sdk = results.generator.cases.find((c) => c.name === SDK_CASE);
  const seconds = (ms: number | undefined) =>
    ms === undefined ? "-" : `${(ms / 1000).toFixed(2)} s`;
  const against = (peer: string) => times(peerRatio(callSite.valid, peer, "ours-lookedup"));
  return [
    `Measured by \`npm run bench\` on ${m.cpu} (${m.logicalCores} cores), Node ${m.node}:`,
    "",
    `- **A valid call**: ${ns(geoOf(callSite.valid, (n) => n["ours-lookedup"]!))} ns through \`validatorFor\`; ajv (its defaults) takes ${against("ajv-defaults")} as long, typia's \`equals\` ${against("typia")} (geometric means over the ${Object.keys(callSite.valid.tools).length} built-in tools, through one call site).`,
    `- **A first run** of the command on ${sdk?.tools ?? "-"} tools shaped like an agent SDK's: ${seconds(sdk?.gen.wallMs)}.`,
    `- **\`--check\` with nothing changed** (the last run's cache): ${seconds(sdk?.check?.wallMs)}.`,
  ].join("\n");
}

/** `readme` with its speed lines replaced by `speed`. */
export function withReadmeSpeed(readme: string, speed: string): string {
  const [open, close] = README_SPEED;
  const start = readme.indexOf(open);
  const end = readme.indexOf(close, start);
  if (start < 0 || end < 0) throw new Error(`README.md has no lines between ${open} and ${close}`);
  return `${readme.slice(0, start + open.length)}\n\n${speed}\n\n${readme.slice(end)}`;
}

export function renderMarkdown(results: Results, previous?: Results): string {
  const { meta, validators, callSite, mixedDispatch: mixed } = results;
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
      .join(
        ", ",
      )}; typia ${meta.typia.typia} on TypeScript ${meta.typia.typescript} (bench/typia-toolchain)${meta.typia.generateMs === undefined ? "" : `, \`typia generate\` and the bundle in ${meta.typia.generateMs} ms`}`,
    "",
    "## Guards",
    "",
    `Figures a change must not make worse, each beside ${previousRun(previous)} (bench/results.json before this run wrote it); none is a target, and nothing asserts them. The validators' ratios are geometric means over tools of per-tool ratios, through one call site (below), on the hand-written calls; invalid calls are parsed from their JSON text on every call by every contender. The command's figures are wall milliseconds of the installed command (Generator, below).`,
    "",
    table(["Guard", "This run", "Previous"], guardRows(results, previous)),
    "",
    "## Method",
    "",
    '- **Schemas**: each built-in tool\'s `config.function.parameters`. Ours are the committed validators in generated/. Peers get the same rules in standard JSON Schema (bench/schemas.ts): `additionalProperties: false` where strict mode rejects unknown keys, `nullable` as a `"null"` type, and no keyword the validators do not enforce.',
    `- **Corpora**: *hand-written* (bench/corpus/realistic.ts): ${corpusSize(callSite.valid)} valid and ${corpusSize(callSite.invalid)} invalid calls a model plausibly sends, each invalid one with the issue codes ours must report. *Generated wrong* (bench/corpus/wrong.ts): ${corpusSize(callSite.wrong)} calls, ${CALLS + 2} per tool, made with a fixed seed from each declaration: a valid call given one to three mistakes at any depth (wrong types, JSON text in a string, near-miss keys such as \`outputMode\` for \`output_mode\`, enum values in another case or with spaces, missing required keys, extra keys, wrong roots), plus two large calls (${MANY_KEYS} unexpected keys; a ${LONG_ARRAY}-element array of wrong elements). Every call goes through \`JSON.parse\`.`,
    "- **Agreement** before any timing, in a process of its own: every valid call passes ours (directly and through `validateToolArgs`) and every peer; every invalid or wrong call fails all of them, and ours reports the listed codes for the hand-written ones; typia's `equals` and `validateEquals` give the same answers on every call where its semantics and ours agree (below). Any disagreement stops the run.",
    '- **Peers**: ajv 8 with `allErrors: true, ownProperties: true` (every error, as ours) and with its defaults; schemasafe with `allErrors`; typebox `Compile`; zod 4 `z.fromJSONSchema` then `safeParse`; cfworker (an interpreter, every error); arktype 2 (bench/arktype.ts): a Type per tool built from the same strict JSON Schema, `"+": "reject"` wherever the schema closes an object, `integer` as `number.integer`, and object levels that require no key narrowed to non-arrays (arktype\'s object types take arrays; JSON Schema\'s `object` does not); called as `T(args)`, failing when the result is an `ArkErrors`. typia 10 (bench/typia.ts), ahead of time: at bench time a TypeScript file is written that imports the generated argument types (`ToolArgsByName["Bash"]`, i.e. `BashArgs`) and calls `typia.createEquals<…>()` and `typia.createValidateEquals<…>()` per tool; `typia generate` (typia on TypeScript 5.9 from bench/typia-toolchain, installed by `npm ci`) turns it into code in the gitignored bench/_exp/typia/, which esbuild bundles with typia\'s helpers (their ES module builds) and the run imports. Nothing typia generates is committed. `equals` answers valid calls (undeclared keys rejected); `validateEquals` (every error) answers invalid ones.',
    '- **typia\'s semantics**: typia validates the TypeScript type, and a type cannot say everything a declaration says. A call is left out of typia\'s comparison (and counted, below) where that decides its answer: `integer` is `number` in the type (the call is left out when a schema with `integer` as `number` answers differently from ours); a keyword no type carries (minimum, maxLength...; strict schemas keep none today), likewise; a number that is not finite (`JSON.parse("1e400")` is Infinity), which typia\'s `number` (`typeof x === "number"`) takes and ours rejects (arktype, schemasafe and cfworker take it too; the corpora hold none, and such a call would stop the run for them). On every other call typia must give our answer, or the run stops.',
    `- **One call site** (bench/measure/callSite.ts), in a process of its own, before the loops: each contender is a small adapter per tool, made by one function literal per contender (so that V8 shares the adapter's code and its call of the validator across the tools, as a tool manager's code is one), and every call of every contender goes through one function \`call(fn, args)\`, whose call site sees every contender and tool: nothing is inlined into it (V8's \`--trace-turbo-inlining\` shows none), and no contender has a loop of its own. A batch is one tool's calls for one contender; the batches of all tools and contenders come in a new shuffled order in every round. ${meta.timing.globalWarmupMs} ms of warm-up per batch kind (a tool and a contender) in eight slices, all kinds mixed in each; batches of about ${meta.timing.batchMs} ms; ${meta.timing.rounds} rounds; the figure is the median over rounds of ns per call. Hand-written calls first (valid, then invalid), the generated wrong calls last. Ours three ways: the validator looked up once (\`validatorFor(name)\`, as a tool manager registering a tool), \`validateToolArgs(name, args)\` (the name from \`JSON.parse\`), and on invalid calls the issues alone and the issues with \`formatValidationError(name, issues)\` (its default: with hints).`,
    `- **Own loops** (bench/timing.ts): each contender runs a tool's whole corpus in a loop of its own (compiled with \`new Function\`, so call sites are its own); ${meta.timing.warmupMs} ms warm-up, batches of about ${meta.timing.batchMs} ms, ${meta.timing.rounds} rounds interleaved with the starting contender rotating; the figure is the median over rounds of ns per call. Before a corpus is timed, every contender runs every tool's calls of it for ${meta.timing.globalWarmupMs} ms, so that shared code is optimised as in a long-running process; the hand-written corpus is timed first, the generated wrong calls after it. Ours is called directly (\`validate<Name>\`, the same function \`validatorFor\` returns) and through \`validateToolArgs\`.`,
    "- **Invalid calls, as a host gets them** (both harnesses): every contender gets the arguments' JSON text and calls `JSON.parse` on it for every call, then validates (nothing can be remembered from an earlier call of the same object); ours gives its issues, and the issues with the text for the model; ajv its `errors`, and `ajv.errorsText(errors)`; typia `validateEquals`; arktype its `ArkErrors`. `JSON.parse alone` is timed as a contender too, and the floor parses and walks.",
    "- **Floor** (bench/floor.ts): per tool, a walk compiled from the schema that reads every own key and its value at every level the declaration declares (objects with properties or a schema for other keys, array elements, at any depth) and checks nothing. No validator can read less of a call.",
    "- A young-generation GC runs before each batch, in both harnesses. Every result feeds a checksum (" +
      `${meta.checksum}).`,
    '- **Ratios** are per tool, then the geometric mean over tools; "fastest peer" in a target is the peer with the lowest geometric mean of peer ns / ours ns; † marks a median whose rounds spread widely (interquartile range above 30%): read it as rough.',
    "",
    "## typia: calls left out",
    "",
    exclusionSection(results),
    "",
    "## One call site (ns per call, median)",
    "",
    "Every contender through `call(fn, args)`, tools and contenders mixed, in a process of its own.",
    "",
    "### Valid calls",
    "",
    ...validSection(callSite.valid, "ours-lookedup"),
    "",
    "### Invalid calls (JSON text parsed on every call)",
    "",
    ...invalidSections(callSite),
    ...(validators
      ? [
          "## Each contender in a loop of its own (ns per call, median)",
          "",
          "### Valid calls",
          "",
          ...validSection(validators.valid, "ours-direct"),
          "",
          "### Invalid calls (JSON text parsed on every call)",
          "",
          ...invalidSections(validators),
        ]
      : []),
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
          "Its `pattern` runs on the linear-time automaton of src/support/patterns.ts, slower per character than V8's RegExp on short texts (bench/patterns.ts measures both; CONTRACT.md section 3.1 gives the figures).",
          "",
        ]
      : []),
    ...(mixed ? dispatchSection(mixed) : []),
    ...(results.size ? ["## Code size", "", sizeSection(results.size), ""] : []),
    "## Generator",
    "",
    generatorSection(results),
  ];
  return `${out.join("\n").trimEnd()}\n`;
}

function dispatchSection(mixed: MixedDispatch): string[] {
  return [
    "## Dispatch",
    "",
    `One tool at a time, \`validateToolArgs\` against \`validate<Name>\` is the "validateToolArgs / direct" column above. All tools' valid calls mixed in one loop (${mixed.calls} calls in a fixed shuffled order), the way a process calls them: each tool's validator looked up once with \`validatorFor\` (as the tool manager does when it registers a tool) and called through one call site, against \`validateToolArgs(name, args)\`. Timed after the hand-written calls, and again after the generated wrong calls, to show whether their large calls (hundreds of keys) leave the validators slower for the calls that follow.`,
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
  ];
}

/** A ratio column: its header, and its value for a tool. */
type Extra = [string, (ns: Readonly<Record<string, number>>, tool: string) => number];

/** One row per tool: calls, every contender, extra ratio columns; then the geometric means. */
function seriesTable(series: Series, corpus: CorpusName, extras: readonly Extra[]): string {
  const rows = Object.entries(series.tools).map(([tool, t]) => [
    tool,
    String(t.calls),
    ...series.contenders.map((id) => cell(series, tool, id)),
    ...extras.map(([, f]) => times(f(nsByContender(series, tool), tool))),
  ]);
  const geo: Record<string, number> = {};
  for (const id of series.contenders) geo[id] = geoOf(series, (n) => n[id]!);
  rows.push([
    "**geometric mean**",
    "",
    ...series.contenders.map((id) => ns(geo[id]!)),
    ...extras.map(([, f]) =>
      times(geometricMean(Object.keys(series.tools).map((t) => f(nsByContender(series, t), t)))),
    ),
  ]);
  return table(
    [
      "Tool",
      "calls",
      ...series.contenders.map((id) => label(id, corpus)),
      ...extras.map(([name]) => name),
    ],
    rows,
  );
}

function sizeSection(size: SizeResult): string {
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

function generatorSection(results: Results): string {
  const { startup, cases } = results.generator;
  const cpu = (figure: { cpuMs?: number } | undefined) =>
    figure?.cpuMs !== undefined ? whole(figure.cpuMs) : "-";
  const rows = cases.map((c) => [
    c.name,
    String(c.tools),
    String(c.gen.runs),
    whole(c.gen.wallMs),
    cpu(c.gen),
    whole(c.gen.peakRssMiB),
    c.check ? whole(c.check.wallMs) : "-",
    c.checkFull ? whole(c.checkFull.wallMs) : "-",
    cpu(c.checkFull),
    c.checkFull ? whole(c.checkFull.peakRssMiB) : c.check ? whole(c.check.peakRssMiB) : "-",
    c.watchEdit ? whole(c.watchEdit.medianMs) : "-",
    ...STAGES.map((name) => whole(c.stages.find((s) => s.name === name)?.ms ?? NaN)),
  ]);
  return [
    `The command as it is installed (compiled to dist/, run by Node alone), in a child process: \`gen --no-cache\` into a folder that does not exist yet (a first run; each run its own, all removed after the last, so that the file system's work on one removal does not fall into the next run), then \`gen --check\` against the folder it wrote with nothing changed, with the cache of the last run (verified on disk) and with \`--no-cache\` (wall ms and CPU ms, user + system of every thread, the medians over the runs; peak RSS in MiB, the largest; the check's is that of \`--no-cache\` where it ran). The SDK-shaped case has the shape of a real agent SDK (wave-agent's packages/agent-sdk: 25 tools in 23 files importing 150 more; bench/sdkShape.ts). Startup alone (\`gen --help\`) takes ${whole(startup.wallMs)} ms and ${whole(startup.peakRssMiB)} MiB. The watch edit (bench/measure/watchEdit.ts): the command started with \`--watch\` on the folder it wrote (its cache there), then one tool's file written again with one property's description changed, several times; the figure is the median time from the write to the command's report that the output was written (one file written; the watching's 100 ms pause, which gathers the events of one save, included). The stage columns are what \`generate()\` reports (GenerateResult.stages), one run in a child process of its own: extract includes loading the TypeScript parser; format is the host's prettier (this repository's), in worker threads that load it while the declarations are read.`,
    "",
    table(
      [
        "Case",
        "tools",
        "runs",
        "gen ms",
        "gen CPU ms",
        "gen MiB",
        "check ms",
        "check --no-cache ms",
        "check --no-cache CPU ms",
        "check MiB",
        "watch edit ms",
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
