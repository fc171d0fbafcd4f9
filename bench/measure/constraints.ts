// Valid calls of a tool with every opt-in constraint keyword enforced (bench/corpus/constraints.ts):
// ours generated with `enforce: "all"` into a temporary folder, against ajv 8 (draft 2020-12,
// every error and its defaults, `multipleOfPrecision: 9` so that 19.99 is a multiple of 0.01)
// on the same calls. Every call must be valid for each of them before anything is timed.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { generateFromSchemas } from "../../src/pipeline/generate.js";
import type { ValidationIssue } from "../../generated/types.js";
import { CONSTRAINTS_CALLS, CONSTRAINTS_SCHEMA, CONSTRAINTS_TOOL } from "../corpus/constraints.js";
import { round3, timeContenders, warmUp, type TimingOptions } from "../timing.js";

export interface ConstraintsResult {
  readonly tool: string;
  readonly keywords: number;
  readonly calls: number;
  /** Median ns per valid call, per contender. */
  readonly ns: Readonly<Record<string, number>>;
  /** ajv's ns over ours (direct), per ajv contender: above 1, ours is faster. */
  readonly ratios: Readonly<Record<string, number>>;
}

export async function measureConstraints(timing: TimingOptions): Promise<ConstraintsResult> {
  const validate = await generatedValidator();
  const schema = () => structuredClone(CONSTRAINTS_SCHEMA) as never;
  // ajv's multipleOf is floating-point (19.99 is not a multiple of 0.01 to it) unless told a
  // precision; a tuple without minItems equal to its length is a strict-mode warning.
  const options = { multipleOfPrecision: 9, strictTuples: false } as const;
  const ajvAllErrors = new Ajv2020({ ...options, allErrors: true, ownProperties: true }).compile(
    schema(),
  );
  const ajvDefaults = new Ajv2020(options).compile(schema());
  for (const call of CONSTRAINTS_CALLS) {
    const issues = validate(call);
    if (issues !== undefined || !ajvAllErrors(call) || !ajvDefaults(call))
      throw new Error(
        `a valid call of ${CONSTRAINTS_TOOL} is not valid for every contender: ${JSON.stringify({ call, issues, ajv: ajvAllErrors.errors })}`,
      );
  }
  const ajvBody = "acc += f(x) ? 1 : f.errors.length;";
  const contenders = [
    {
      id: "ours-direct",
      ctx: { f: validate },
      body: "const r = f(x); acc += r === undefined ? 1 : r.length;",
    },
    { id: "ajv-allerrors", ctx: { f: ajvAllErrors }, body: ajvBody },
    { id: "ajv-defaults", ctx: { f: ajvDefaults }, body: ajvBody },
  ];
  // A longer warm-up than the loops' own: this tool is timed on its own, after the others, and
  // its functions (ours and ajv's) must be optimised before the first batch, on a busy machine
  // too.
  warmUp(contenders, CONSTRAINTS_CALLS, Math.max(400, 10 * timing.globalWarmupMs));
  const timings = timeContenders(contenders, CONSTRAINTS_CALLS, timing);
  const ns = Object.fromEntries(timings.map((t) => [t.id, round3(t.ns)]));
  const ours = ns["ours-direct"]!;
  return {
    tool: CONSTRAINTS_TOOL,
    keywords: OPT_IN_KEYWORDS.length,
    calls: CONSTRAINTS_CALLS.length,
    ns,
    ratios: {
      "ajv-allerrors": round3(ns["ajv-allerrors"]! / ours),
      "ajv-defaults": round3(ns["ajv-defaults"]! / ours),
    },
  };
}

/** Ours, generated with every keyword enforced and imported from a temporary folder. */
async function generatedValidator(): Promise<(args: unknown) => ValidationIssue[] | undefined> {
  const result = await generateFromSchemas(
    [{ name: CONSTRAINTS_TOOL, schema: CONSTRAINTS_SCHEMA }],
    { enforce: OPT_IN_KEYWORDS },
  );
  if (!result.output || result.tools[0]!.notEnforced.length > 0)
    throw new Error(`${CONSTRAINTS_TOOL} is not generated with every keyword enforced`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "tv-bench-constraints-"));
  try {
    for (const file of result.output) await fs.writeFile(path.join(dir, file.name), file.content);
    const index = (await import(pathToFileURL(path.join(dir, "index.ts")).href)) as {
      validatorFor(name: string): ((args: unknown) => ValidationIssue[] | undefined) | undefined;
    };
    return index.validatorFor(CONSTRAINTS_TOOL)!;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
