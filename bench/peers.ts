// The peers, compiled from a tool's strict schema (bench/schemas.ts): ajv (every error, and its
// defaults), schemasafe, typebox, zod 4 and cfworker.
import { Validator as CfworkerValidator } from "@cfworker/json-schema";
import { validator as schemasafeValidator } from "@exodus/schemasafe";
import { Ajv, type ValidateFunction } from "ajv";
import { Compile } from "typebox/compile";
import { z } from "zod";
import type { BenchTool } from "./schemas.js";

/** Shared by all tools, as an application shares one instance; also gives `errorsText`. */
export const ajvAllErrors = new Ajv({ allErrors: true, ownProperties: true });
const ajvDefaults = new Ajv();

export interface Peers {
  readonly ajvAllErrors: ValidateFunction;
  readonly ajvDefaults: ValidateFunction;
  readonly schemasafe: ReturnType<typeof schemasafeValidator>;
  readonly typebox: ReturnType<typeof Compile>;
  readonly zod: z.ZodType;
  readonly cfworker: CfworkerValidator;
}

export function compilePeers(tool: BenchTool): Peers {
  const schema = () => structuredClone(tool.strict) as never;
  const typebox = Compile(schema());
  if (!typebox.IsAccelerated()) {
    throw new Error(
      `typebox did not compile the ${tool.name} schema (no JIT): timings would mislead`,
    );
  }
  return {
    ajvAllErrors: ajvAllErrors.compile(schema()),
    ajvDefaults: ajvDefaults.compile(schema()),
    schemasafe: schemasafeValidator(schema(), { includeErrors: true, allErrors: true }),
    typebox,
    zod: z.fromJSONSchema(schema()),
    // shortCircuit false: every error, as ours and ajv allErrors report.
    cfworker: new CfworkerValidator(schema(), "2020-12", false),
  };
}

/** Each peer's yes or no, for the agreement check. */
export function peerVerdicts(
  peers: Peers,
): { label: string; accepts: (value: unknown) => boolean }[] {
  return [
    { label: "ajv allErrors", accepts: (x) => peers.ajvAllErrors(x) === true },
    { label: "ajv defaults", accepts: (x) => peers.ajvDefaults(x) === true },
    { label: "schemasafe", accepts: (x) => peers.schemasafe(x as never) },
    { label: "typebox", accepts: (x) => peers.typebox.Check(x) },
    { label: "zod", accepts: (x) => peers.zod.safeParse(x).success },
    { label: "cfworker", accepts: (x) => peers.cfworker.validate(x).valid },
  ];
}
