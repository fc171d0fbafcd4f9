// The validators on each tool's corpora, each contender in a loop of its own: valid calls (ours
// directly and through validateToolArgs, the floor walk and every peer), invalid calls of both
// corpora, parsed from their JSON text afresh on every call, as a host receives them (ours with
// issues and with the text for the model, against ajv with every error and with errorsText,
// typia's validateEquals, arktype, and JSON.parse alone).
import type { Corpora, CorpusName, TypiaCalls } from "../corpus/index.js";
import type { Walker } from "../floor.js";
import { exportedValidator, textForModel, validateToolArgs } from "../ours.js";
import { ajvAllErrors, type Peers } from "../peers.js";
import { arkErrors } from "../arktype.js";
import type { BenchTool } from "../schemas.js";
import { round3, timeContenders, warmUp, type Contender, type TimingOptions } from "../timing.js";
import { nameAsSent } from "./dispatch.js";

export interface Prepared {
  readonly tool: BenchTool;
  readonly corpora: Corpora;
  readonly peers: Peers;
  /** The calls on which typia's semantics and ours agree, and how many were left out. */
  readonly typia: TypiaCalls;
  readonly floor: Walker;
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
  /**
   * Tools on which typia was timed on fewer calls than the others (some were left out of its
   * comparison): their count, and ours timed on the same calls, by contender id.
   */
  readonly typiaCalls?: Readonly<
    Record<string, { readonly calls: number; readonly ns: Readonly<Record<string, number>> }>
  >;
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
const ARK = "acc += r instanceof ctx.E ? r.length : 1;";

function validContenders({ tool, peers, floor }: Prepared): Contender[] {
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
    { id: "floor", ctx: { f: floor }, body: "acc += f(x);" },
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
    { id: "typia", ctx: { f: peers.typia.equals }, body: "acc += f(x) ? 1 : 0;" },
    { id: "arktype", ctx: { f: peers.arktype, E: arkErrors }, body: `const r = f(x); ${ARK}` },
  ];
}

/** Every contender gets the call as JSON text, and parses it on every call. */
function invalidContenders({ tool, peers, floor }: Prepared): Contender[] {
  const ours = exportedValidator(tool.name);
  const parse = "const a = JSON.parse(x);";
  return [
    { id: "json-parse", ctx: {}, body: `${parse} acc += typeof a === "object" ? 1 : 0;` },
    { id: "floor", ctx: { f: floor }, body: `${parse} acc += f(a);` },
    { id: "ours-issues", ctx: { f: ours }, body: `${parse} const r = f(a); ${COUNT}` },
    {
      id: "ours-text",
      ctx: { f: ours, text: textForModel, name: tool.name },
      body: `${parse} const r = f(a); acc += r === undefined ? 1 : ctx.text(ctx.name, r).length;`,
    },
    {
      id: "ajv-allerrors",
      ctx: { f: peers.ajvAllErrors },
      body: `${parse} acc += f(a) ? 1 : f.errors.length;`,
    },
    {
      id: "ajv-allerrors-text",
      ctx: { f: peers.ajvAllErrors, ajv: ajvAllErrors },
      body: `${parse} acc += f(a) ? 1 : ctx.ajv.errorsText(f.errors).length;`,
    },
    {
      id: "typia",
      ctx: { f: peers.typia.validateEquals },
      body: `${parse} const r = f(a); acc += r.success ? 1 : r.errors.length;`,
    },
    {
      id: "arktype",
      ctx: { f: peers.arktype, E: arkErrors },
      body: `${parse} const r = f(a); ${ARK}`,
    },
  ];
}

type ContendersOf = (prepared: Prepared) => Contender[];

/** The calls of a corpus as the contenders get them: values, or JSON text for invalid calls. */
export function inputsOf(p: Prepared, corpus: CorpusName, typia = false): readonly unknown[] {
  const calls = typia
    ? p.typia.calls[corpus]
    : corpus === "valid"
      ? p.corpora.valid
      : corpus === "invalid"
        ? p.corpora.invalid.map((entry) => entry.args)
        : p.corpora.wrong;
  return corpus === "valid" ? calls : calls.map((args) => JSON.stringify(args));
}

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
    warmUp(validContenders(p), inputsOf(p, "valid"), options.globalWarmupMs);
    warmUp(invalidContenders(p), inputsOf(p, "invalid"), options.globalWarmupMs);
  }
  log("  valid calls");
  const valid = timeSeries(prepared, validContenders, "valid", options);
  log("  invalid calls");
  return { valid, invalid: timeSeries(prepared, invalidContenders, "invalid", options) };
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
    warmUp(invalidContenders(p), inputsOf(p, "wrong"), options.globalWarmupMs);
  }
  log("  wrong calls");
  return timeSeries(prepared, invalidContenders, "wrong", options);
}

function timeSeries(
  prepared: readonly Prepared[],
  contendersOf: ContendersOf,
  corpus: CorpusName,
  options: TimingOptions,
): Series {
  const tools: Record<string, ToolFigures> = {};
  const typiaCalls: Record<string, { calls: number; ns: Record<string, number> }> = {};
  const rough: string[] = [];
  for (const p of prepared) {
    const inputs = inputsOf(p, corpus);
    const typiaInputs = inputsOf(p, corpus, true);
    const contenders = contendersOf(p);
    const apart = typiaInputs.length !== inputs.length;
    const together = apart ? contenders.filter((c) => c.id !== "typia") : contenders;
    const ns: Record<string, number> = {};
    for (const timing of timeContenders(together, inputs, options)) {
      if (timing.spread > 0.3) rough.push(`${p.tool.name} ${timing.id}`);
      ns[timing.id] = round3(timing.ns);
    }
    if (apart && typiaInputs.length > 0) {
      // typia and ours on the calls where their semantics agree.
      const onTypiaCalls = contenders.filter((c) => c.id === "typia" || c.id.startsWith("ours"));
      const figures: Record<string, number> = {};
      for (const timing of timeContenders(onTypiaCalls, typiaInputs, options)) {
        if (timing.id === "typia") {
          if (timing.spread > 0.3) rough.push(`${p.tool.name} typia`);
          ns.typia = round3(timing.ns);
        } else {
          figures[timing.id] = round3(timing.ns);
        }
      }
      typiaCalls[p.tool.name] = { calls: typiaInputs.length, ns: figures };
    } else if (apart) {
      ns.typia = Number.NaN;
      typiaCalls[p.tool.name] = { calls: 0, ns: {} };
    }
    tools[p.tool.name] = { calls: inputs.length, ns: contenders.map((c) => ns[c.id]!) };
  }
  return {
    contenders: contendersOf(prepared[0]!).map((c) => c.id),
    tools,
    rough,
    ...(Object.keys(typiaCalls).length > 0 ? { typiaCalls } : {}),
  };
}

/** A tool's medians by contender id. */
export function nsByContender(series: Series, tool: string): Record<string, number> {
  const { ns } = series.tools[tool]!;
  return Object.fromEntries(series.contenders.map((id, i) => [id, ns[i]!]));
}

/**
 * A peer's ns over ours's on the same calls, for one tool: typia's against ours timed on typia's
 * calls where some were left out of its comparison.
 */
export function peerOverOurs(series: Series, tool: string, peer: string, ours: string): number {
  const ns = nsByContender(series, tool);
  const apart = peer === "typia" ? series.typiaCalls?.[tool] : undefined;
  return ns[peer]! / (apart ? apart.ns[ours]! : ns[ours]!);
}
