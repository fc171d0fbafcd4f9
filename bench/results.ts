// What a run keeps (bench/results.json): the machine, per tool and contender the median ns, the
// targets with their ratios, code size and the generator's figures. No raw samples.
import type { ConstraintsResult } from "./measure/constraints.js";
import type { GeneratorResult } from "./measure/generator.js";
import type { MixedDispatch } from "./measure/dispatch.js";
import type { SizeResult } from "./measure/size.js";
import { nsByContender, type Series, type ValidatorSeries } from "./measure/validators.js";
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
    readonly timing: TimingOptions;
    /** Every timed result feeds it, so that no call is dead code. */
    readonly checksum: number;
  };
  readonly targets: readonly Target[];
  readonly validators: ValidatorSeries;
  readonly mixedDispatch: MixedDispatch;
  readonly size: SizeResult;
  readonly generator: GeneratorResult;
  /** Valid calls with every opt-in constraint keyword enforced (absent in older results). */
  readonly constraints?: ConstraintsResult;
}

export interface Target {
  readonly name: string;
  /** What is compared, in words. */
  readonly description: string;
  readonly value: number;
  /** How the target reads, e.g. ">= 1x". */
  readonly target: string;
  readonly met: boolean;
}

/** Per tool: `numerator` ns / `denominator` ns. */
function perTool(series: Series, numerator: string, denominator: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const tool of Object.keys(series.tools)) {
    const ns = nsByContender(series, tool);
    out[tool] = round3(ns[numerator]! / ns[denominator]!);
  }
  return out;
}

function atLeastAsFast(
  name: string,
  description: string,
  series: Series,
  peer: string,
  ours: string,
): Target {
  const value = round3(geometricMean(Object.values(perTool(series, peer, ours))));
  return { name, description, value, target: ">= 1x", met: value >= 1 };
}

export function computeTargets(series: ValidatorSeries, mixed: MixedDispatch): Target[] {
  const worst = Math.max(...Object.values(perTool(series.valid, "ours-dispatch", "ours-direct")));
  const mixedRatio = round3(mixed.beforeWrongCalls.dispatch / mixed.beforeWrongCalls.lookedUp);
  return [
    atLeastAsFast(
      "invalid-issues",
      "hand-written invalid calls: ajv allErrors (errors array) ns / ours (issues) ns, geometric mean over tools",
      series.invalid,
      "ajv-allerrors",
      "ours-issues",
    ),
    atLeastAsFast(
      "wrong-issues",
      "generated wrong calls: ajv allErrors (errors array) ns / ours (issues) ns, geometric mean over tools",
      series.wrong,
      "ajv-allerrors",
      "ours-issues",
    ),
    atLeastAsFast(
      "invalid-text",
      "hand-written invalid calls: ajv allErrors + errorsText ns / ours issues + text ns, geometric mean over tools",
      series.invalid,
      "ajv-allerrors-text",
      "ours-text",
    ),
    atLeastAsFast(
      "wrong-text",
      "generated wrong calls: ajv allErrors + errorsText ns / ours issues + text ns, geometric mean over tools",
      series.wrong,
      "ajv-allerrors-text",
      "ours-text",
    ),
    {
      name: "dispatch-per-tool",
      description:
        "valid calls, one tool at a time: `validateToolArgs` ns / `validate<Name>` ns, worst tool",
      value: worst,
      target: "<= 1.10x",
      met: worst <= 1.1,
    },
    {
      name: "dispatch-mixed",
      description:
        "valid calls of all tools mixed: `validateToolArgs` ns / validator looked up once per tool ns",
      value: mixedRatio,
      target: "<= 1.10x",
      met: mixedRatio <= 1.1,
    },
  ];
}
