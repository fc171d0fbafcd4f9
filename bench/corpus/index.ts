// The two corpora of each tool, and the check that every validator gives our answers on them
// before anything is timed.
import { exportedValidator, validateToolArgs } from "../ours.js";
import { peerVerdicts, type Peers } from "../peers.js";
import type { BenchTool } from "../schemas.js";
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
 */
export function disagreements(tool: BenchTool, corpora: Corpora, peers: Peers): string[] {
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
  return problems;
}
