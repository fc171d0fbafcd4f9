// What a run keeps (bench/results.json): the machine, per tool and contender the median ns, code
// size and the generator's figures (no raw samples); and the guards read from them: the figures
// a change must not make worse, each shown beside the last full run's (none is a target).
import type { ConstraintsResult } from "./measure/constraints.js";
import { SDK_CASE, type GeneratorResult } from "./measure/generator.js";
import type { TypiaCalls } from "./corpus/index.js";
import type { MixedDispatch } from "./measure/dispatch.js";
import type { SizeResult } from "./measure/size.js";
import {
  nsByContender,
  peerOverOurs,
  type Series,
  type ValidatorSeries,
} from "./measure/validators.js";
import { geometricMean, type TimingOptions } from "./timing.js";

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
  /** Every contender through one call site, tools and contenders mixed (measure/callSite.ts). */
  readonly callSite: ValidatorSeries;
  /** Each contender in a loop of its own (measure/validators.ts; not in quick runs). */
  readonly validators?: ValidatorSeries;
  /** Per tool, the calls of each corpus left out of typia's comparison, by reason. */
  readonly typiaExcluded: Readonly<Record<string, TypiaCalls["excluded"]>>;
  /** Not in quick runs. */
  readonly mixedDispatch?: MixedDispatch;
  readonly size?: SizeResult;
  readonly generator: GeneratorResult;
  /** Valid calls with every opt-in constraint keyword enforced (absent in older results). */
  readonly constraints?: ConstraintsResult;
}

/** A figure a change must not make worse: reported beside the last full run's, never judged. */
export interface Guard {
  /** A few words (the terminal's summary). */
  readonly name: string;
  /** What is measured, in words. */
  readonly description: string;
  /** Undefined where the run did not measure it (a quick run, older results). */
  readonly value: number | undefined;
  readonly unit: "x" | "ms";
  /** Whether a larger value is better (a ratio of a peer's time to ours) or worse (ms). */
  readonly larger: "better" | "worse";
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

/** Names of the peers in the guards' words. */
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

/**
 * The guards (issue "Speed stays measured, not chased"): through one call site, valid calls
 * against the fastest peer, issues against ajv with `allErrors`, issues with the text (and its
 * hints) against ajv's errors and `errorsText`, on the hand-written calls; the command on the
 * SDK-shaped case with the host's prettier: a first run, a check with nothing changed (the
 * cache), and a one-tool edit under `--watch`.
 */
export function guardsOf(results: Pick<Results, "callSite" | "generator">): Guard[] {
  const { callSite } = results;
  const fastest = fastestPeer(callSite.valid, "ours-lookedup");
  const sdk = results.generator.cases.find((c) => c.name === SDK_CASE);
  const command = `the command on the ${SDK_CASE} case (${sdk?.tools ?? 25} tools), host's prettier`;
  return [
    {
      name: `valid calls: fastest peer (${PEER_NAMES[fastest.peer] ?? fastest.peer}) / ours`,
      description: `valid calls: fastest peer (${PEER_NAMES[fastest.peer] ?? fastest.peer}) ns / ours \`validatorFor\` ns`,
      value: fastest.ratio,
      unit: "x",
      larger: "better",
    },
    {
      name: "invalid calls: ajv allErrors / ours issues",
      description: "invalid calls: ajv allErrors (errors array) ns / ours issues ns",
      value: ratioOf(callSite.invalid, "ajv-allerrors", "ours-issues"),
      unit: "x",
      larger: "better",
    },
    {
      name: "invalid calls: ajv + errorsText / ours issues + text",
      description:
        "invalid calls: ajv allErrors + errorsText ns / ours issues + text with hints ns",
      value: ratioOf(callSite.invalid, "ajv-allerrors-text", "ours-text"),
      unit: "x",
      larger: "better",
    },
    {
      name: `${SDK_CASE}: first run`,
      description: `${command}: first run (no cache)`,
      value: sdk?.gen.wallMs,
      unit: "ms",
      larger: "worse",
    },
    {
      name: `${SDK_CASE}: --check, nothing changed`,
      description: `${command}: \`--check\` with nothing changed (the cache)`,
      value: sdk?.check?.wallMs,
      unit: "ms",
      larger: "worse",
    },
    {
      name: `${SDK_CASE}: one-tool edit under --watch`,
      description: `${command}: one tool's file edited under \`--watch\`, from the write to the output written`,
      value: sdk?.watchEdit?.medianMs,
      unit: "ms",
      larger: "worse",
    },
  ];
}
