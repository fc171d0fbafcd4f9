// The seed and size of the constraint property tests. The seed is random unless
// CONSTRAINT_SEED sets it, and each test file prints it; a failure also prints fast-check's
// seed and path. Replay with
//   CONSTRAINT_SEED=<seed> npx vitest run tests/constraints
// CONSTRAINT_SCALE multiplies every property's number of runs (default 1).
import type fc from "fast-check";
import { integerFromEnv } from "../helpers/env.js";

export const SEED = integerFromEnv(
  "CONSTRAINT_SEED",
  (Date.now() ^ (Math.random() * 0x100000000)) | 0,
);

export const SCALE = integerFromEnv("CONSTRAINT_SCALE", 1);

/** fast-check's parameters: the seed, and `runs` times the scale. */
export function params(runs: number): fc.Parameters<unknown> {
  return { seed: SEED, numRuns: runs * SCALE };
}

export function printSeed(file: string): void {
  console.log(
    `${file}: seed ${SEED} (replay: CONSTRAINT_SEED=${SEED} npx vitest run ${file}), runs x${SCALE}`,
  );
}
