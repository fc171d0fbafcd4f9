// The two corpora of each tool, and the check that every validator gives our answers on them
// before anything is timed; the calls on which typia's semantics and ours agree.
import { Ajv } from "ajv";
import { exportedValidator, validateToolArgs } from "../ours.js";
import { peerVerdicts, typiaVerdicts, type Peers } from "../peers.js";
import { hasNonFiniteNumber, typeLevelSchema, type BenchTool } from "../schemas.js";
import { corpusFor, corpusToolNames, type InvalidCall } from "./realistic.js";
import { wrongCalls } from "./wrong.js";

export interface Corpora {
  /** Hand-written valid calls. */
  readonly valid: readonly unknown[];
  /** Hand-written invalid calls with the issue codes ours must report. */
  readonly invalid: readonly InvalidCall[];
  /** Heavily wrong calls generated from the declaration (bench/corpus/wrong.ts). */
  readonly wrong: readonly unknown[];
}

export type CorpusName = "valid" | "invalid" | "wrong";
export const CORPUS_NAMES: readonly CorpusName[] = ["valid", "invalid", "wrong"];

/** Why a call is left out of typia's comparison. */
export type TypiaExclusion = "integer" | "untyped keyword" | "non-finite number";

export interface TypiaCalls {
  /** Per corpus, the calls on which typia's semantics and ours agree (in corpus order). */
  readonly calls: Readonly<Record<CorpusName, readonly unknown[]>>;
  /** Per corpus, how many calls were left out and why. */
  readonly excluded: Readonly<Record<CorpusName, Partial<Record<TypiaExclusion, number>>>>;
}

/**
 * The calls on which typia (a validator of the generated argument types) and ours must give
 * the same answer, and the others by reason:
 *  - "integer": the declaration says `integer` where the type says `number`, and that decides
 *    the call (ours's answer differs from the type-level schema's, bench/schemas.ts);
 *  - "untyped keyword": the same for a keyword no type carries (minimum, maxLength...);
 *  - "non-finite number": the call holds Infinity (JSON.parse of a number beyond the double
 *    range): typia's `number` is `typeof === "number"`, ours takes finite numbers only.
 */
export function typiaCallsFor(
  tool: BenchTool,
  corpora: Corpora,
  oursAccepts: (args: unknown) => boolean = acceptsOf(tool.name),
): TypiaCalls {
  const typeLevel = typeLevelSchema(tool.strict);
  const differs = JSON.stringify(typeLevel) !== JSON.stringify(tool.strict);
  const typeLevelAccepts = differs ? oracle.compile(typeLevel as never) : undefined;
  const reason: TypiaExclusion = JSON.stringify(tool.strict).includes('"integer"')
    ? "integer"
    : "untyped keyword";
  const split = (list: readonly unknown[]) => {
    const calls: unknown[] = [];
    const excluded: Partial<Record<TypiaExclusion, number>> = {};
    for (const args of list) {
      const why = hasNonFiniteNumber(args)
        ? "non-finite number"
        : typeLevelAccepts && typeLevelAccepts(args) !== oursAccepts(args)
          ? reason
          : undefined;
      if (why === undefined) calls.push(args);
      else excluded[why] = (excluded[why] ?? 0) + 1;
    }
    return { calls, excluded };
  };
  const valid = split(corpora.valid);
  const invalid = split(corpora.invalid.map((entry) => entry.args));
  const wrong = split(corpora.wrong);
  return {
    calls: { valid: valid.calls, invalid: invalid.calls, wrong: wrong.calls },
    excluded: { valid: valid.excluded, invalid: invalid.excluded, wrong: wrong.excluded },
  };
}

function acceptsOf(toolName: string): (args: unknown) => boolean {
  const ours = exportedValidator(toolName);
  return (args) => ours(args) === undefined;
}

/** Answers for the type-level schemas (not a contender: never timed). */
const oracle = new Ajv({ strict: false });

export function corporaFor(tool: BenchTool): Corpora {
  return { ...corpusFor(tool.name), wrong: wrongCalls(tool.name, tool.strict) };
}

/** Why the hand-written corpus does not fit the tools, or undefined when it does. */
export function corpusMismatch(tools: readonly BenchTool[]): string | undefined {
  const names = tools.map((tool) => tool.name);
  const missing = names.filter((name) => !corpusToolNames.includes(name));
  const stray = corpusToolNames.filter((name) => !names.includes(name));
  if (missing.length === 0 && stray.length === 0) return undefined;
  return `the corpus does not match the built-in tools: no corpus for ${missing.join(", ") || "-"}; corpus for unknown tools ${stray.join(", ") || "-"}`;
}

/**
 * Every disagreement with the expected answers: valid calls pass ours (directly and through
 * validateToolArgs) and every peer; invalid calls get the listed codes from ours and are
 * rejected by every peer; wrong calls get issues from ours and are rejected by every peer.
 * typia is held to the same on the calls of `typia` (typiaCallsFor).
 */
export function disagreements(
  tool: BenchTool,
  corpora: Corpora,
  peers: Peers,
  typia: TypiaCalls,
): string[] {
  const ours = exportedValidator(tool.name);
  const verdicts = [
    { label: "ours", accepts: (x: unknown) => ours(x) === undefined },
    {
      label: "validateToolArgs",
      accepts: (x: unknown) => validateToolArgs(tool.name, x) === undefined,
    },
    ...peerVerdicts(peers),
  ];
  const problems: string[] = [];
  const expect = (args: unknown, valid: boolean) => {
    for (const { label, accepts } of verdicts) {
      if (accepts(args) !== valid) {
        problems.push(
          `${label} ${valid ? "rejects" : "accepts"} ${JSON.stringify(args).slice(0, 300)}`,
        );
      }
    }
  };
  for (const args of corpora.valid) expect(args, true);
  for (const { args, codes } of corpora.invalid) {
    expect(args, false);
    const got = (ours(args) ?? []).map((issue) => issue.code).join(", ");
    if (got !== codes.join(", ")) {
      problems.push(
        `ours reports [${got}], the corpus expects [${codes.join(", ")}] for ${JSON.stringify(args)}`,
      );
    }
  }
  for (const args of corpora.wrong) expect(args, false);
  for (const corpus of CORPUS_NAMES) {
    for (const args of typia.calls[corpus]) {
      for (const { label, accepts } of typiaVerdicts(peers)) {
        const valid = corpus === "valid";
        if (accepts(args) !== valid) {
          problems.push(
            `${label} ${valid ? "rejects" : "accepts"} ${JSON.stringify(args).slice(0, 300)}`,
          );
        }
      }
    }
  }
  return problems;
}
