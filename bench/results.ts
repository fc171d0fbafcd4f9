// What a run keeps (bench/results.json): the machine, per tool and contender the median ns, the
// targets with their ratios, code size and the generator's figures. No raw samples.
import type { ConstraintsResult } from "./measure/constraints.js";
import type { GeneratorResult } from "./measure/generator.js";
import type { CorpusName, TypiaCalls } from "./corpus/index.js";
import type { MixedDispatch } from "./measure/dispatch.js";
import type { SizeResult } from "./measure/size.js";
import {
  nsByContender,
  peerOverOurs,
  type Series,
  type ValidatorSeries,
} from "./measure/validators.js";
import { geometricMean, round3, type TimingOptions } from "./timing.js";

export interface Results {
  readonly meta: {
    readonly date: string;
    readonly command: string;
    readonly quick: boolean;
    readonly durationSeconds: number;
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
    /** The typia toolchain (bench/typia-toolchain) and how long `typia generate` took. */
    readonly typia: {
      readonly typia: string;
      readonly typescript: string;
      readonly generateMs?: number | undefined;
    };
    readonly timing: TimingOptions;
    /** Every timed result feeds it, so that no call is dead code. */
    readonly checksum: number;
  };
  readonly targets: readonly Target[];
  /** Every contender through one call site, tools and contenders mixed (measure/callSite.ts). */
  readonly callSite: ValidatorSeries;
  /** Each contender in a loop of its own (measure/validators.ts). */
  readonly validators: ValidatorSeries;
  /** Per tool, the calls of each corpus left out of typia's comparison, by reason. */
  readonly typiaExcluded: Readonly<Record<string, TypiaCalls["excluded"]>>;
  readonly mixedDispatch: MixedDispatch;
  readonly size: SizeResult;
  readonly generator: GeneratorResult;
  /** Valid calls with every opt-in constraint keyword enforced (absent in older results). */
  readonly constraints?: ConstraintsResult;
}

export interface Target {
  readonly name: string;
  /** Which harness measured it. */
  readonly harness: "one call site" | "own loops";
  /** What is compared, in words. */
  readonly description: string;
  readonly value: number;
  /**
   * Invalid calls: the same ratio with JSON.parse alone taken off both sides, per tool (tools
   * where either side is within the noise of the parse are left out).
   */
  readonly netOfParse?: number;
  /** How the target reads, e.g. ">= 1x". */
  readonly target: string;
  readonly met: boolean;
}

/** Peers of ours on valid calls: every contender but ours and the floor. */
export function peersOf(series: Series): string[] {
  return series.contenders.filter((id) => !id.startsWith("ours") && id !== "floor");
}

/** Geometric mean over tools of a peer's ns over ours's ns on the same calls. */
export function peerRatio(series: Series, peer: string, ours: string): number {
  return geometricMean(
    Object.keys(series.tools).map((tool) => peerOverOurs(series, tool, peer, ours)),
  );
}

/** The peer with the lowest ratio to ours (the fastest, on ours's calls), and that ratio. */
export function fastestPeer(series: Series, ours: string): { peer: string; ratio: number } {
  return peersOf(series)
    .map((peer) => ({ peer, ratio: peerRatio(series, peer, ours) }))
    .filter(({ ratio }) => Number.isFinite(ratio))
    .reduce((best, next) => (next.ratio < best.ratio ? next : best));
}

/** Names of the peers in the targets' words. */
const PEER_NAMES: Readonly<Record<string, string>> = {
  "ajv-allerrors": "ajv allErrors",
  "ajv-defaults": "ajv defaults",
  schemasafe: "schemasafe",
  typebox: "typebox",
  zod: "zod 4",
  cfworker: "cfworker",
  typia: "typia equals",
  arktype: "arktype",
};

/**
 * Geometric mean over tools of (`numerator` - JSON.parse alone) / (`denominator` - JSON.parse
 * alone), over the tools where both differences are positive; and how many tools that is.
 */
export function netOfParse(
  series: Series,
  numerator: string,
  denominator: string,
): { ratio: number; tools: number } {
  const ratios: number[] = [];
  for (const tool of Object.keys(series.tools)) {
    const ns = nsByContender(series, tool);
    const parse = ns["json-parse"]!;
    const top = ns[numerator]! - parse;
    const bottom = ns[denominator]! - parse;
    if (top > 0 && bottom > 0) ratios.push(top / bottom);
  }
  return { ratio: geometricMean(ratios), tools: ratios.length };
}

/** Geometric mean over tools of `numerator` ns / `denominator` ns. */
function ratioOf(series: Series, numerator: string, denominator: string): number {
  return geometricMean(
    Object.keys(series.tools).map((tool) => {
      const ns = nsByContender(series, tool);
      return ns[numerator]! / ns[denominator]!;
    }),
  );
}

const CORPUS_WORDS: Readonly<Record<CorpusName, string>> = {
  valid: "valid calls",
  invalid: "hand-written invalid calls",
  wrong: "generated wrong calls",
};

/** The targets of the issue "Speed where hosts feel it", for one harness. */
function harnessTargets(
  harness: Target["harness"],
  series: ValidatorSeries,
  direct: string,
): Target[] {
  const prefix = harness === "one call site" ? "site" : "loops";
  const directWords = direct === "ours-lookedup" ? "`validatorFor`" : "`validate<Name>`";
  const targets: Target[] = [];
  for (const [ours, words] of [
    [direct, directWords],
    ["ours-dispatch", "`validateToolArgs`"],
  ] as const) {
    const { peer, ratio } = fastestPeer(series.valid, ours);
    const value = round3(ratio);
    targets.push({
      name: `${prefix}-valid-${ours === direct ? "direct" : "dispatch"}`,
      harness,
      description: `valid calls: fastest peer (${PEER_NAMES[peer] ?? peer}) ns / ours ${words} ns`,
      value,
      target: ">= 1.5x",
      met: value >= 1.5,
    });
  }
  const dispatch = round3(ratioOf(series.valid, "ours-dispatch", direct));
  targets.push({
    name: `${prefix}-dispatch`,
    harness,
    description: `valid calls: \`validateToolArgs\` ns / ${directWords} ns`,
    value: dispatch,
    target: "<= 1.10x",
    met: dispatch <= 1.1,
  });
  for (const corpus of ["invalid", "wrong"] as const) {
    for (const [peer, ours, words] of [
      ["ajv-allerrors", "ours-issues", "ajv allErrors (errors array) ns / ours issues ns"],
      ["ajv-allerrors-text", "ours-text", "ajv allErrors + errorsText ns / ours issues + text ns"],
    ] as const) {
      const value = round3(ratioOf(series[corpus], peer, ours));
      targets.push({
        name: `${prefix}-${corpus}-${ours === "ours-issues" ? "issues" : "text"}`,
        harness,
        description: `${CORPUS_WORDS[corpus]}: ${words}`,
        value,
        netOfParse: round3(netOfParse(series[corpus], peer, ours).ratio),
        target: ">= 1x",
        met: value >= 1,
      });
    }
  }
  return targets;
}

export function computeTargets(
  callSite: ValidatorSeries,
  series: ValidatorSeries,
  mixed: MixedDispatch,
): Target[] {
  const worst = Math.max(
    ...Object.keys(series.valid.tools).map((tool) => {
      const ns = nsByContender(series.valid, tool);
      return round3(ns["ours-dispatch"]! / ns["ours-direct"]!);
    }),
  );
  const mixedRatio = round3(mixed.beforeWrongCalls.dispatch / mixed.beforeWrongCalls.lookedUp);
  return [
    ...harnessTargets("one call site", callSite, "ours-lookedup"),
    ...harnessTargets("own loops", series, "ours-direct"),
    {
      name: "loops-dispatch-worst-tool",
      harness: "own loops",
      description:
        "valid calls, one tool at a time: `validateToolArgs` ns / `validate<Name>` ns, worst tool",
      value: worst,
      target: "<= 1.10x",
      met: worst <= 1.1,
    },
    {
      name: "loops-dispatch-mixed",
      harness: "own loops",
      description:
        "valid calls of all tools mixed in one loop: `validateToolArgs` ns / validator looked up once per tool ns",
      value: mixedRatio,
      target: "<= 1.10x",
      met: mixedRatio <= 1.1,
    },
  ];
}
