// One process, one call site: every contender called the way a tool manager calls a validator.
// Each contender is a small adapter per tool (made by one function literal per contender, so
// that V8 shares its code and its call of the validator across tools, as a tool manager's code
// is shared), and every call of every adapter goes through the one function `call(fn, args)`:
// its call site sees every contender and every tool, so V8 inlines none of them into it, and no
// contender gets a loop of its own. Batches of one tool's calls for one contender, timed with
// hrtime, come in a shuffled order in every round, tools and contenders mixed. Valid calls are
// the parsed values of the hand-written corpus; invalid calls of both corpora are JSON text,
// parsed afresh on every call by every contender (JSON.parse alone is a contender of its own),
// so that nothing can be remembered from an earlier call of the same object. Run in a process of
// its own (bench/run.ts --call-site), hand-written calls first, the generated wrong calls last.
import type { CorpusName } from "../corpus/index.js";
import { arkErrors } from "../arktype.js";
import { textForModel, validateToolArgs, validatorFor } from "../ours.js";
import { ajvAllErrors } from "../peers.js";
import { addToChecksum, collectYoung, round3, summary, type TimingOptions } from "../timing.js";
import { nameAsSent } from "./dispatch.js";
import { inputsOf, type Prepared, type Series, type ValidatorSeries } from "./validators.js";

/** One contender's adapter for one tool: validates one call, returns a count for the checksum. */
export type Probe = (input: unknown) => number;

/** The one call site: every call of every contender goes through it. */
export function call(fn: Probe, args: unknown): number {
  return fn(args);
}

/** The one timing loop, shared by every contender. */
function batch(fn: Probe, inputs: readonly unknown[], reps: number): number {
  let acc = 0;
  for (let r = 0; r < reps; r++) {
    for (let i = 0; i < inputs.length; i++) acc = (acc + call(fn, inputs[i])) | 0;
  }
  return acc;
}

type Factory = (p: Prepared) => Probe;

/** Valid calls: the call's value, as the host parsed it. */
const VALID: readonly (readonly [string, Factory])[] = [
  [
    "ours-lookedup",
    (p) => {
      const validate = validatorFor(p.tool.name);
      return (args) => {
        const issues = validate(args);
        return issues === undefined ? 1 : issues.length;
      };
    },
  ],
  [
    "ours-dispatch",
    (p) => {
      const name = nameAsSent(p.tool.name);
      return (args) => {
        const issues = validateToolArgs(name, args);
        return issues === undefined ? 1 : issues.length;
      };
    },
  ],
  [
    "floor",
    (p) => {
      const walk = p.floor;
      return (args) => walk(args);
    },
  ],
  [
    "ajv-allerrors",
    (p) => {
      const validate = p.peers.ajvAllErrors;
      return (args) => (validate(args) ? 1 : validate.errors!.length);
    },
  ],
  [
    "ajv-defaults",
    (p) => {
      const validate = p.peers.ajvDefaults;
      return (args) => (validate(args) ? 1 : validate.errors!.length);
    },
  ],
  [
    "schemasafe",
    (p) => {
      const validate = p.peers.schemasafe;
      return (args) => (validate(args as never) ? 1 : validate.errors!.length);
    },
  ],
  [
    "typebox",
    (p) => {
      const compiled = p.peers.typebox;
      return (args) => (compiled.Check(args) ? 1 : 0);
    },
  ],
  [
    "zod",
    (p) => {
      const schema = p.peers.zod;
      return (args) => {
        const result = schema.safeParse(args);
        return result.success ? 1 : result.error.issues.length;
      };
    },
  ],
  [
    "cfworker",
    (p) => {
      const validator = p.peers.cfworker;
      return (args) => {
        const result = validator.validate(args);
        return result.valid ? 1 : result.errors.length;
      };
    },
  ],
  [
    "typia",
    (p) => {
      const equals = p.peers.typia.equals;
      return (args) => (equals(args) ? 1 : 0);
    },
  ],
  [
    "arktype",
    (p) => {
      const check = p.peers.arktype;
      return (args) => {
        const result = check(args);
        return result instanceof arkErrors ? result.length : 1;
      };
    },
  ],
];

/** Invalid calls: the arguments' JSON text, parsed on every call. */
const INVALID: readonly (readonly [string, Factory])[] = [
  ["json-parse", () => (text) => (typeof JSON.parse(text as string) === "object" ? 1 : 0)],
  [
    "floor",
    (p) => {
      const walk = p.floor;
      return (text) => walk(JSON.parse(text as string));
    },
  ],
  [
    "ours-issues",
    (p) => {
      const validate = validatorFor(p.tool.name);
      return (text) => {
        const issues = validate(JSON.parse(text as string));
        return issues === undefined ? 1 : issues.length;
      };
    },
  ],
  [
    "ours-text",
    (p) => {
      const validate = validatorFor(p.tool.name);
      const name = p.tool.name;
      return (text) => {
        const issues = validate(JSON.parse(text as string));
        return issues === undefined ? 1 : textForModel(name, issues).length;
      };
    },
  ],
  [
    "ajv-allerrors",
    (p) => {
      const validate = p.peers.ajvAllErrors;
      return (text) => (validate(JSON.parse(text as string)) ? 1 : validate.errors!.length);
    },
  ],
  [
    "ajv-allerrors-text",
    (p) => {
      const validate = p.peers.ajvAllErrors;
      return (text) =>
        validate(JSON.parse(text as string)) ? 1 : ajvAllErrors.errorsText(validate.errors).length;
    },
  ],
  [
    "typia",
    (p) => {
      const validateEquals = p.peers.typia.validateEquals;
      return (text) => {
        const result = validateEquals(JSON.parse(text as string));
        return result.success ? 1 : result.errors.length;
      };
    },
  ],
  [
    "arktype",
    (p) => {
      const check = p.peers.arktype;
      return (text) => {
        const result = check(JSON.parse(text as string));
        return result instanceof arkErrors ? result.length : 1;
      };
    },
  ],
];

interface Pair {
  readonly tool: string;
  readonly id: string;
  /** Timed on typia's calls (some of the tool's were left out of typia's comparison). */
  readonly typiaCalls: boolean;
  readonly probe: Probe;
  readonly inputs: readonly unknown[];
  reps: number;
  readonly samples: number[];
}

function pairsOf(prepared: readonly Prepared[], corpus: CorpusName): Pair[] {
  const factories = corpus === "valid" ? VALID : INVALID;
  const pairs: Pair[] = [];
  for (const p of prepared) {
    const inputs = inputsOf(p, corpus);
    const typiaInputs = inputsOf(p, corpus, true);
    const apart = typiaInputs.length !== inputs.length;
    for (const [id, factory] of factories) {
      const pair = (typiaCalls: boolean, list: readonly unknown[]): Pair => ({
        tool: p.tool.name,
        id,
        typiaCalls,
        probe: factory(p),
        inputs: list,
        reps: 1,
        samples: [],
      });
      if (id === "typia") {
        if (typiaInputs.length > 0) pairs.push(pair(apart, typiaInputs));
      } else {
        pairs.push(pair(false, inputs));
        if (apart && id.startsWith("ours") && typiaInputs.length > 0) {
          pairs.push(pair(true, typiaInputs));
        }
      }
    }
  }
  return pairs;
}

function timeBatch(pair: Pair, reps: number, collect = true): number {
  if (collect) collectYoung();
  const start = process.hrtime.bigint();
  const acc = batch(pair.probe, pair.inputs, reps);
  const elapsed = Number(process.hrtime.bigint() - start);
  addToChecksum(acc);
  return elapsed;
}

/** A seeded shuffle: every run times the pairs in the same orders. */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function timeCorpus(
  prepared: readonly Prepared[],
  corpus: CorpusName,
  options: TimingOptions,
): Series {
  const pairs = pairsOf(prepared, corpus);
  const targetNs = options.batchMs * 1e6;
  // Warm-up: every pair runs for about globalWarmupMs in eight slices, all pairs mixed in each,
  // so that the call site and the validators' code see every tool and contender before anything
  // counts (the validators and the peers' runtimes run in many pairs: they warm up for longer).
  const slices = 8;
  for (let slice = 0; slice < slices; slice++) {
    for (const pair of shuffled(pairs, 7919 * (slice + 1))) {
      const until = performance.now() + options.globalWarmupMs / slices;
      for (let reps = 1; performance.now() < until; reps = Math.min(reps * 2, 1024)) {
        timeBatch(pair, reps, false);
      }
    }
  }
  // Calibration: reps per batch so that one batch lasts about batchMs.
  for (const pair of pairs) {
    for (let n = 1; ; n *= 4) {
      const elapsed = timeBatch(pair, n);
      if (elapsed >= targetNs / 4 || n >= 1 << 24) {
        pair.reps = Math.max(1, Math.round((n * targetNs) / Math.max(elapsed, 1)));
        break;
      }
    }
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const pair of shuffled(pairs, 104729 * (round + 1))) {
      pair.samples.push(timeBatch(pair, pair.reps) / (pair.reps * pair.inputs.length));
    }
  }

  const ids = (corpus === "valid" ? VALID : INVALID).map(([id]) => id);
  const tools: Record<string, { calls: number; ns: number[] }> = {};
  const typiaCalls: Record<string, { calls: number; ns: Record<string, number> }> = {};
  const rough: string[] = [];
  for (const p of prepared) {
    const name = p.tool.name;
    const ns: Record<string, number> = {};
    for (const pair of pairs.filter((q) => q.tool === name)) {
      const { ns: median, spread } = summary(pair.samples);
      if (pair.typiaCalls && pair.id !== "typia") {
        typiaCalls[name] ??= { calls: pair.inputs.length, ns: {} };
        typiaCalls[name].ns[pair.id] = round3(median);
        continue;
      }
      if (spread > 0.3) rough.push(`${name} ${pair.id}`);
      ns[pair.id] = round3(median);
    }
    tools[name] = { calls: inputsOf(p, corpus).length, ns: ids.map((id) => ns[id] ?? Number.NaN) };
  }
  return {
    contenders: ids,
    tools,
    rough,
    ...(Object.keys(typiaCalls).length > 0 ? { typiaCalls } : {}),
  };
}

/** Both corpora through the one call site: valid and invalid hand-written calls, then the wrong ones. */
export function measureCallSite(
  prepared: readonly Prepared[],
  options: TimingOptions,
  log: (line: string) => void,
): ValidatorSeries {
  log("  one call site: valid calls");
  const valid = timeCorpus(prepared, "valid", options);
  log("  one call site: invalid calls");
  const invalid = timeCorpus(prepared, "invalid", options);
  log("  one call site: wrong calls");
  const wrong = timeCorpus(prepared, "wrong", options);
  return { valid, invalid, wrong };
}
