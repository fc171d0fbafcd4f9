// Dispatch in a process that calls every tool: all tools' valid calls mixed in one loop, the way
// a runtime calls them. One side calls each tool's validator looked up once with validatorFor
// (as a tool manager does when it registers the tool) through one call site; the other calls
// validateToolArgs(name, args). (Per tool, the same pair is timed with the valid calls.) Timed
// twice: after the hand-written calls, and again after the generated wrong calls, whose large
// calls (hundreds of keys) can leave the validators slower for every later call.
import { validateToolArgs, validatorFor } from "../ours.js";
import { round3, timeContenders, warmUp, type TimingOptions } from "../timing.js";

/**
 * A tool name as a model's call carries it: a string from JSON.parse, not the literal in the
 * source (V8 internalises JSON strings of up to 10 characters only, and comparing a string that
 * is not internalised costs more).
 */
export function nameAsSent(toolName: string): string {
  return (JSON.parse(JSON.stringify({ name: toolName })) as { name: string }).name;
}

export interface MixedTiming {
  /** Median ns per call, validator looked up once per tool. */
  readonly lookedUp: number;
  /** Median ns per call through validateToolArgs. */
  readonly dispatch: number;
}

export interface MixedDispatch {
  readonly calls: number;
  readonly beforeWrongCalls: MixedTiming;
  readonly afterWrongCalls: MixedTiming;
}

export interface MixedCall {
  readonly name: string;
  readonly args: unknown;
  readonly validate: unknown;
}

/** Every tool's valid calls, in a fixed shuffled order so that no tool's calls come in a row. */
export function mixedCalls(validCalls: ReadonlyMap<string, readonly unknown[]>): MixedCall[] {
  const calls: MixedCall[] = [];
  for (const [toolName, list] of validCalls) {
    const validate = validatorFor(toolName);
    for (const args of list) calls.push({ name: nameAsSent(toolName), args, validate });
  }
  let seed = 12345;
  for (let i = calls.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [calls[i], calls[j]] = [calls[j]!, calls[i]!];
  }
  return calls;
}

export function timeMixedDispatch(
  calls: readonly MixedCall[],
  options: TimingOptions,
): MixedTiming {
  const count = "acc += r === undefined ? 1 : r.length;";
  const contenders = [
    { id: "looked-up", ctx: {}, body: `const r = x.validate(x.args); ${count}` },
    { id: "dispatch", ctx: { f: validateToolArgs }, body: `const r = f(x.name, x.args); ${count}` },
  ];
  // The optimising compiler recompiles validateToolArgs once it sees all tools mixed, and on a
  // loaded machine that takes a while: a long warm-up, and a first timing that is thrown away.
  // One loop only, so it gets three times the rounds too.
  warmUp(contenders, calls, 200);
  const rounds = { ...options, rounds: options.rounds * 3 };
  timeContenders(contenders, calls, rounds);
  const [lookedUp, dispatch] = timeContenders(contenders, calls, rounds);
  return { lookedUp: round3(lookedUp!.ns), dispatch: round3(dispatch!.ns) };
}
