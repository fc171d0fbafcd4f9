// A small timing loop: every contender gets its own loop function (compiled with `new Function`,
// so call sites stay monomorphic per contender), a warm-up, a batch size calibrated to a target
// duration, then rounds interleaved A B C A B C... (the starting contender rotates each round),
// so that machine noise hits every contender alike. The figure is the median over rounds.
import v8 from "node:v8";
import vm from "node:vm";

/** One way of validating, timed in a loop of its own. */
export interface Contender {
  /** A stable key, used in results.json. */
  readonly id: string;
  /** Passed to the loop as `ctx`; `ctx.f` is the function called. */
  readonly ctx: Record<string, unknown>;
  /**
   * Loop body for one call: the argument is `x`, results are added to `acc` so that no call
   * can be dropped as dead code.
   */
  readonly body: string;
}

/**
 * A young-generation collection before every batch, so that the garbage one contender leaves
 * behind (zod and typebox leave a lot) is not collected on the next contender's clock. Each
 * batch still pays for the collections its own allocations cause.
 */
export const collectYoung: () => void = (() => {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as
    ((options?: { type: "minor" | "major" }) => void) | undefined;
  return gc ? () => gc({ type: "minor" }) : () => {};
})();

export interface TimingOptions {
  /** Timed rounds per contender. */
  readonly rounds: number;
  /** Target duration of one batch (one contender in one round), in milliseconds. */
  readonly batchMs: number;
  /** Warm-up per contender before calibration, in milliseconds. */
  readonly warmupMs: number;
  /** Warm-up per contender and tool before any tool is timed, in milliseconds. */
  readonly globalWarmupMs: number;
}

export interface Timing {
  readonly id: string;
  /** Median nanoseconds per call. */
  readonly ns: number;
  /** Interquartile range over the rounds, as a share of the median. */
  readonly spread: number;
}

type Loop = (ctx: Record<string, unknown>, inputs: readonly unknown[], reps: number) => number;

/** A checksum of every result, printed at the end so that nothing can be optimised away. */
export let checksum = 0;

/** Adds a batch's result to the checksum (for loops other than this module's). */
export function addToChecksum(acc: number): void {
  checksum = (checksum + acc) | 0;
}

function compileLoop(body: string): Loop {
  return new Function(
    "ctx",
    "inputs",
    "reps",
    `"use strict";
const f = ctx.f;
let acc = 0;
for (let r = 0; r < reps; r++) {
  for (let i = 0; i < inputs.length; i++) {
    const x = inputs[i];
    ${body}
  }
}
return acc;`,
  ) as Loop;
}

function run(
  loop: Loop,
  contender: Contender,
  inputs: readonly unknown[],
  reps: number,
  collect = true,
): number {
  if (collect) collectYoung();
  const start = process.hrtime.bigint();
  const acc = loop(contender.ctx, inputs, reps);
  const elapsed = Number(process.hrtime.bigint() - start);
  checksum = (checksum + acc) | 0;
  return elapsed;
}

/**
 * Runs every contender for `ms` milliseconds without measuring: used once over all tools before
 * any timing, so that code the peers share between tools (zod's and cfworker's runtimes, ajv's
 * error helpers, the generated runtime helpers) is optimised as in a long-running process.
 */
export function warmUp(
  contenders: readonly Contender[],
  inputs: readonly unknown[],
  ms: number,
): void {
  for (const contender of contenders) runFor(compileLoop(contender.body), contender, inputs, ms);
}

function runFor(loop: Loop, contender: Contender, inputs: readonly unknown[], ms: number): void {
  const until = performance.now() + ms;
  // No collection before each warm-up batch: nothing is measured, and a collection costs about
  // as long as a short batch.
  for (let reps = 1; performance.now() < until; reps = Math.min(reps * 2, 1024)) {
    run(loop, contender, inputs, reps, false);
  }
}

/** Times every contender on the same inputs; returns them in the order given. */
export function timeContenders(
  contenders: readonly Contender[],
  inputs: readonly unknown[],
  options: TimingOptions,
): Timing[] {
  const loops = contenders.map((c) => compileLoop(c.body));
  const targetNs = options.batchMs * 1e6;

  // Warm-up: let every contender reach its optimised code before anything is measured.
  for (let c = 0; c < contenders.length; c++) {
    runFor(loops[c]!, contenders[c]!, inputs, options.warmupMs);
  }

  // Calibration: reps per batch so that one batch lasts about batchMs.
  const reps = contenders.map((contender, c) => {
    let n = 1;
    for (;;) {
      const elapsed = run(loops[c]!, contender, inputs, n);
      if (elapsed >= targetNs / 4 || n >= 1 << 24) {
        return Math.max(1, Math.round((n * targetNs) / Math.max(elapsed, 1)));
      }
      n *= 4;
    }
  });

  const samples: number[][] = contenders.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = (round + k) % contenders.length;
      const elapsed = run(loops[c]!, contenders[c]!, inputs, reps[c]!);
      samples[c]!.push(elapsed / (reps[c]! * inputs.length));
    }
  }

  return contenders.map((contender, c) => ({ id: contender.id, ...summary(samples[c]!) }));
}

/** The median of a contender's samples (ns per call) and their interquartile range over it. */
export function summary(samples: readonly number[]): { ns: number; spread: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const ns = quantile(sorted, 0.5);
  return { ns, spread: (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / ns };
}

/** Linear interpolation between order statistics of a sorted list. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

export function median(values: readonly number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}

/** Three significant digits: what a benchmark on a shared machine can tell. */
export function round3(value: number): number {
  return Number(value.toPrecision(3));
}
