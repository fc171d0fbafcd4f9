// The peers, compiled from a tool's strict schema (bench/schemas.ts): ajv (every error, and its
// defaults), schemasafe, typebox, zod 4, cfworker and arktype (bench/arktype.ts); and typia,
// generated ahead of time from the tool's generated argument type (bench/typia.ts).
import { Validator as CfworkerValidator } from "@cfworker/json-schema";
import { validator as schemasafeValidator } from "@exodus/schemasafe";
import { Ajv, type ValidateFunction } from "ajv";
import { Compile } from "typebox/compile";
import { z } from "zod";
import { arkErrors, arktypeFor, type ArkType } from "./arktype.js";
import type { BenchTool } from "./schemas.js";
import type { TypiaPeer } from "./typia.js";

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
  /** Undeclared keys rejected where the schema closes an object. */
  readonly arktype: ArkType;
  /** `equals` and `validateEquals` of the tool's argument type. */
  readonly typia: TypiaPeer;
}

export function compilePeers(tool: BenchTool, typia: ReadonlyMap<string, TypiaPeer>): Peers {
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
    arktype: arktypeFor(schema()),
    typia: typia.get(tool.name) ?? missingTypia(tool.name),
  };
}

function missingTypia(toolName: string): never {
  throw new Error(`typia has no validator for the tool ${toolName}`);
}

export interface Verdict {
  readonly label: string;
  readonly accepts: (value: unknown) => boolean;
}

/**
 * Each peer's yes or no, for the agreement check; typia's two (bench/corpus/index.ts checks them
 * on the calls where its semantics and ours agree) are typiaVerdicts.
 */
export function peerVerdicts(peers: Peers): Verdict[] {
  return [
    { label: "ajv allErrors", accepts: (x) => peers.ajvAllErrors(x) === true },
    { label: "ajv defaults", accepts: (x) => peers.ajvDefaults(x) === true },
    { label: "schemasafe", accepts: (x) => peers.schemasafe(x as never) },
    { label: "typebox", accepts: (x) => peers.typebox.Check(x) },
    { label: "zod", accepts: (x) => peers.zod.safeParse(x).success },
    { label: "cfworker", accepts: (x) => peers.cfworker.validate(x).valid },
    { label: "arktype", accepts: (x) => !(peers.arktype(x) instanceof arkErrors) },
  ];
}

export function typiaVerdicts(peers: Peers): Verdict[] {
  return [
    { label: "typia equals", accepts: (x) => peers.typia.equals(x) },
    { label: "typia validateEquals", accepts: (x) => peers.typia.validateEquals(x).success },
  ];
}
