// The validators on each tool's corpora: valid calls (ours directly and through validateToolArgs,
// and every peer), invalid calls of both corpora (ours with issues and with the text for the
// model, against ajv with every error and with errorsText).
import type { Corpora } from "../corpus/index.js";
import { exportedValidator, textForModel, validateToolArgs } from "../ours.js";
import { ajvAllErrors, type Peers } from "../peers.js";
import type { BenchTool } from "../schemas.js";
import { round3, timeContenders, warmUp, type Contender, type TimingOptions } from "../timing.js";
import { nameAsSent } from "./dispatch.js";

export interface Prepared {
  readonly tool: BenchTool;
  readonly corpora: Corpora;
  readonly peers: Peers;
}

/** One tool's corpus: its size and each contender's median ns per call. */
export interface ToolFigures {
  readonly calls: number;
  /** In the order of the series' contenders. */
  readonly ns: readonly number[];
}

export interface Series {
  /** Contender ids, in the order of the report's columns. */
  readonly contenders: readonly string[];
  readonly tools: Readonly<Record<string, ToolFigures>>;
  /** `Tool contender` cells whose rounds spread widely (interquartile range above 30%). */
  readonly rough: readonly string[];
}

export interface ValidatorSeries {
  /** Hand-written valid calls. */
  readonly valid: Series;
  /** Hand-written invalid calls. */
  readonly invalid: Series;
  /** Generated heavily wrong calls. */
  readonly wrong: Series;
}

const COUNT = "acc += r === undefined ? 1 : r.length;";

function validContenders({ tool, peers }: Prepared): Contender[] {
  return [
    {
      id: "ours-direct",
      ctx: { f: exportedValidator(tool.name) },
      body: `const r = f(x); ${COUNT}`,
    },
    {
      id: "ours-dispatch",
      ctx: { f: validateToolArgs, name: nameAsSent(tool.name) },
      body: `const r = f(ctx.name, x); ${COUNT}`,
    },
    {
      id: "ajv-allerrors",
      ctx: { f: peers.ajvAllErrors },
      body: "acc += f(x) ? 1 : f.errors.length;",
    },
    {
      id: "ajv-defaults",
      ctx: { f: peers.ajvDefaults },
      body: "acc += f(x) ? 1 : f.errors.length;",
    },
    { id: "schemasafe", ctx: { f: peers.schemasafe }, body: "acc += f(x) ? 1 : f.errors.length;" },
    { id: "typebox", ctx: { f: peers.typebox }, body: "acc += f.Check(x) ? 1 : 0;" },
    {
      id: "zod",
      ctx: { f: peers.zod },
      body: "const r = f.safeParse(x); acc += r.success ? 1 : r.error.issues.length;",
    },
    {
      id: "cfworker",
      ctx: { f: peers.cfworker },
      body: "const r = f.validate(x); acc += r.valid ? 1 : r.errors.length;",
    },
  ];
}

function invalidContenders({ tool, peers }: Prepared): Contender[] {
  const ours = exportedValidator(tool.name);
  return [
    { id: "ours-issues", ctx: { f: ours }, body: `const r = f(x); ${COUNT}` },
    {
      id: "ours-text",
      ctx: { f: ours, text: textForModel, name: tool.name },
      body: "const r = f(x); acc += r === undefined ? 1 : ctx.text(ctx.name, r).length;",
    },
    {
      id: "ajv-allerrors",
      ctx: { f: peers.ajvAllErrors },
      body: "acc += f(x) ? 1 : f.errors.length;",
    },
    {
      id: "ajv-allerrors-text",
      ctx: { f: peers.ajvAllErrors, ajv: ajvAllErrors },
      body: "acc += f(x) ? 1 : ctx.ajv.errorsText(f.errors).length;",
    },
  ];
}

type ContendersOf = (prepared: Prepared) => Contender[];
type InputsOf = (corpora: Corpora) => readonly unknown[];

const validCalls: InputsOf = (c) => c.valid;
const invalidCalls: InputsOf = (c) => c.invalid.map((entry) => entry.args);
const wrongCalls: InputsOf = (c) => c.wrong;

/**
 * The hand-written corpus: valid and invalid calls. Every contender runs every tool's calls
 * before anything is timed, so that code shared between tools (the peers' runtimes, ajv's error
 * helpers, the dispatch) is optimised as in a long-running process.
 */
export function measureHandWritten(
  prepared: readonly Prepared[],
  options: TimingOptions,
  log: (line: string) => void,
): { valid: Series; invalid: Series } {
  for (const p of prepared) {
    warmUp(validContenders(p), validCalls(p.corpora), options.globalWarmupMs);
    warmUp(invalidContenders(p), invalidCalls(p.corpora), options.globalWarmupMs);
  }
  log("  valid calls");
  const valid = timeSeries(prepared, validContenders, validCalls, options);
  log("  invalid calls");
  return { valid, invalid: timeSeries(prepared, invalidContenders, invalidCalls, options) };
}

/**
 * The generated wrong calls, timed after the hand-written ones: their large calls (hundreds of
 * keys) can leave a validator slower for every later call (measure/dispatch.ts shows it).
 */
export function measureWrong(
  prepared: readonly Prepared[],
  options: TimingOptions,
  log: (line: string) => void,
): Series {
  for (const p of prepared) {
    warmUp(invalidContenders(p), wrongCalls(p.corpora), options.globalWarmupMs);
  }
  log("  wrong calls");
  return timeSeries(prepared, invalidContenders, wrongCalls, options);
}

function timeSeries(
  prepared: readonly Prepared[],
  contendersOf: ContendersOf,
  inputsOf: InputsOf,
  options: TimingOptions,
): Series {
  const tools: Record<string, ToolFigures> = {};
  const rough: string[] = [];
  for (const p of prepared) {
    const inputs = inputsOf(p.corpora);
    const timings = timeContenders(contendersOf(p), inputs, options);
    for (const timing of timings) {
      if (timing.spread > 0.3) rough.push(`${p.tool.name} ${timing.id}`);
    }
    tools[p.tool.name] = { calls: inputs.length, ns: timings.map((timing) => round3(timing.ns)) };
  }
  return { contenders: contendersOf(prepared[0]!).map((c) => c.id), tools, rough };
}

/** A tool's medians by contender id. */
export function nsByContender(series: Series, tool: string): Record<string, number> {
  const { ns } = series.tools[tool]!;
  return Object.fromEntries(series.contenders.map((id, i) => [id, ns[i]!]));
}
