// The validators being compared, set up for one tool: the generated ones (through the dispatch
// table and called directly) and the peers (ajv, schemasafe, typebox, zod, cfworker), each
// compiled from the tool's strict schema. Each contender says how to call it in a timed loop
// (`body`, compiled with `new Function`, so that every contender gets its own call sites) and
// whether it accepts a value (for the agreement check before any timing).
import { Validator as CfworkerValidator } from "@cfworker/json-schema";
import { validator as schemasafeValidator } from "@exodus/schemasafe";
import { Ajv, type ValidateFunction } from "ajv";
import { Compile } from "typebox/compile";
import { z } from "zod";
import * as generated from "../generated/index.js";
import type { ValidationIssue } from "../generated/types.js";
import { formatValidationError } from "../generated/index.js";
import type { BenchTool } from "./schemas.js";

export type Mode = "valid" | "invalid";

export interface Contender {
  /** A stable key, used in results.json. */
  readonly id: string;
  /** Shown in the report. */
  readonly label: string;
  /** Whether the contender is the generated code. */
  readonly ours: boolean;
  /** Whether the value passes (for the agreement check). */
  readonly accepts: (args: unknown) => boolean;
  /** Passed to the loop as `ctx`. */
  readonly ctx: Record<string, unknown>;
  /**
   * Loop body for one call: the argument is `x`, results are added to `acc` so that no call
   * can be dropped as dead code. `ctx.f` is the validator.
   */
  readonly body: string;
}

type Generated = (args: unknown) => ValidationIssue[] | undefined;

/** The generated validator of a tool, by the exported name `validate<Name>`. */
export function generatedValidator(toolName: string): Generated {
  const exportName = `validate${toolName[0]!.toUpperCase()}${toolName.slice(1)}`;
  const fn = (generated as unknown as Record<string, unknown>)[exportName];
  if (typeof fn !== "function") {
    throw new Error(`generated/index.ts exports no ${exportName} for the tool ${toolName}`);
  }
  return fn as Generated;
}

/** Ajv instances are shared by all tools (as an application would share them). */
const ajvAllErrors = new Ajv({ allErrors: true, ownProperties: true });
const ajvDefaults = new Ajv();

/** The peers' compiled validators for one tool. */
export interface Peers {
  readonly ajvAllErrors: ValidateFunction;
  readonly ajvDefaults: ValidateFunction;
  readonly schemasafe: ReturnType<typeof schemasafeValidator>;
  readonly typebox: ReturnType<typeof Compile>;
  readonly zod: z.ZodType;
  readonly cfworker: CfworkerValidator;
}

export function compilePeers(tool: BenchTool): Peers {
  const schema = tool.strict;
  const typebox = Compile(structuredClone(schema) as never);
  if (!typebox.IsAccelerated()) {
    throw new Error(
      `typebox did not compile the ${tool.name} schema (no JIT): timings would mislead`,
    );
  }
  return {
    ajvAllErrors: ajvAllErrors.compile(structuredClone(schema)),
    ajvDefaults: ajvDefaults.compile(structuredClone(schema)),
    schemasafe: schemasafeValidator(structuredClone(schema) as never, {
      includeErrors: true,
      allErrors: true,
    }),
    typebox,
    zod: z.fromJSONSchema(structuredClone(schema) as never),
    // shortCircuit false: every error, as the generated validators and ajv allErrors report.
    cfworker: new CfworkerValidator(structuredClone(schema) as never, "2020-12", false),
  };
}

/** Contenders for valid calls: the cost of saying "yes". */
export function validContenders(tool: BenchTool, peers: Peers): Contender[] {
  const direct = generatedValidator(tool.name);
  const dispatch = generated.validateToolArgs;
  return [
    {
      id: "ours-dispatch",
      label: "ours (validateToolArgs)",
      ours: true,
      accepts: (x) => dispatch(tool.name, x) === undefined,
      ctx: { f: dispatch, name: tool.name },
      body: "const r = f(ctx.name, x); acc += r === undefined ? 1 : r.length;",
    },
    {
      id: "ours-direct",
      label: `ours (${exportNameOf(tool.name)})`,
      ours: true,
      accepts: (x) => direct(x) === undefined,
      ctx: { f: direct },
      body: "const r = f(x); acc += r === undefined ? 1 : r.length;",
    },
    ajvContender("ajv-allerrors", "ajv allErrors+ownProperties", peers.ajvAllErrors),
    ajvContender("ajv-defaults", "ajv defaults", peers.ajvDefaults),
    {
      id: "schemasafe",
      label: "schemasafe",
      ours: false,
      accepts: (x) => peers.schemasafe(x as never),
      ctx: { f: peers.schemasafe },
      body: "acc += f(x) ? 1 : f.errors.length;",
    },
    {
      id: "typebox",
      label: "typebox Compile",
      ours: false,
      accepts: (x) => peers.typebox.Check(x),
      ctx: { f: peers.typebox },
      body: "acc += f.Check(x) ? 1 : 0;",
    },
    {
      id: "zod",
      label: "zod 4 fromJSONSchema",
      ours: false,
      accepts: (x) => peers.zod.safeParse(x).success,
      ctx: { f: peers.zod },
      body: "const r = f.safeParse(x); acc += r.success ? 1 : r.error.issues.length;",
    },
    {
      id: "cfworker",
      label: "cfworker (interpreter)",
      ours: false,
      accepts: (x) => peers.cfworker.validate(x).valid,
      ctx: { f: peers.cfworker },
      body: "const r = f.validate(x); acc += r.valid ? 1 : r.errors.length;",
    },
  ];
}

/** Contenders for invalid calls: the cost of saying "no" and why. */
export function invalidContenders(tool: BenchTool, peers: Peers): Contender[] {
  const direct = generatedValidator(tool.name);
  return [
    {
      id: "ours-issues",
      label: `ours, issues (${exportNameOf(tool.name)})`,
      ours: true,
      accepts: (x) => direct(x) === undefined,
      ctx: { f: direct },
      body: "const r = f(x); acc += r === undefined ? 1 : r.length;",
    },
    {
      id: "ours-text",
      label: "ours, issues + text (formatValidationError)",
      ours: true,
      accepts: (x) => direct(x) === undefined,
      ctx: { f: direct, format: formatValidationError, name: tool.name },
      body: "const r = f(x); acc += r === undefined ? 1 : ctx.format(ctx.name, r).length;",
    },
    {
      id: "ajv-allerrors",
      label: "ajv allErrors+ownProperties, errors",
      ours: false,
      accepts: (x) => peers.ajvAllErrors(x) === true,
      ctx: { f: peers.ajvAllErrors },
      body: "acc += f(x) ? 1 : f.errors.length;",
    },
    {
      id: "ajv-allerrors-text",
      label: "ajv allErrors, errors + errorsText",
      ours: false,
      accepts: (x) => peers.ajvAllErrors(x) === true,
      ctx: { f: peers.ajvAllErrors, ajv: ajvAllErrors },
      body: "acc += f(x) ? 1 : ctx.ajv.errorsText(f.errors).length;",
    },
    {
      id: "ajv-defaults",
      label: "ajv defaults, first error",
      ours: false,
      accepts: (x) => peers.ajvDefaults(x) === true,
      ctx: { f: peers.ajvDefaults },
      body: "acc += f(x) ? 1 : f.errors.length;",
    },
    {
      id: "schemasafe",
      label: "schemasafe allErrors, errors",
      ours: false,
      accepts: (x) => peers.schemasafe(x as never),
      ctx: { f: peers.schemasafe },
      body: "acc += f(x) ? 1 : f.errors.length;",
    },
    {
      id: "typebox",
      label: "typebox Check + Errors",
      ours: false,
      accepts: (x) => peers.typebox.Check(x),
      ctx: { f: peers.typebox },
      body: "acc += f.Check(x) ? 1 : f.Errors(x).length;",
    },
    {
      id: "zod",
      label: "zod 4 failed safeParse, error issues",
      ours: false,
      accepts: (x) => peers.zod.safeParse(x).success,
      ctx: { f: peers.zod },
      body: "const r = f.safeParse(x); acc += r.success ? 1 : r.error.issues.length;",
    },
    {
      id: "zod-text",
      label: "zod 4 failed safeParse + prettifyError",
      ours: false,
      accepts: (x) => peers.zod.safeParse(x).success,
      ctx: { f: peers.zod, pretty: z.prettifyError },
      body: "const r = f.safeParse(x); acc += r.success ? 1 : ctx.pretty(r.error).length;",
    },
    {
      id: "cfworker",
      label: "cfworker, all errors",
      ours: false,
      accepts: (x) => peers.cfworker.validate(x).valid,
      ctx: { f: peers.cfworker },
      body: "const r = f.validate(x); acc += r.valid ? 1 : r.errors.length;",
    },
  ];
}

function ajvContender(id: string, label: string, validate: ValidateFunction): Contender {
  return {
    id,
    label,
    ours: false,
    accepts: (x) => validate(x) === true,
    ctx: { f: validate },
    body: "acc += f(x) ? 1 : f.errors.length;",
  };
}

function exportNameOf(toolName: string): string {
  return `validate${toolName[0]!.toUpperCase()}${toolName.slice(1)}`;
}
