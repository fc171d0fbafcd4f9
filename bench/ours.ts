// The code under test, imported in this one place only: the generated validators, the dispatch
// and the text a model reads. When the generated folder's layout changes, only this file changes.
import * as generated from "../generated/index.js";
import type { ValidationIssue } from "../generated/types.js";

export type Issue = ValidationIssue;
export type Validator = (args: unknown) => readonly Issue[] | undefined;

export const validateToolArgs: (toolName: string, args: unknown) => readonly Issue[] | undefined =
  generated.validateToolArgs;

/** A tool's validator as a caller that registers tools looks it up once. */
export function validatorFor(toolName: string): Validator {
  const validator = generated.validatorFor(toolName);
  if (!validator) throw new Error(`generated/index.ts has no validator for the tool ${toolName}`);
  return validator;
}

/** A tool's validator by its exported name, `validate<Name>`, as a caller imports it. */
export function exportedValidator(toolName: string): Validator {
  const exportName = `validate${toolName[0]!.toUpperCase()}${toolName.slice(1)}`;
  const validator = (generated as Record<string, unknown>)[exportName];
  if (typeof validator !== "function") {
    throw new Error(`generated/index.ts exports no ${exportName} for the tool ${toolName}`);
  }
  return validator as Validator;
}

/** The text the model reads for a failed call: `formatValidationError` with its defaults (hints). */
export function textForModel(toolName: string, issues: readonly Issue[]): string {
  return generated.formatValidationError(toolName, issues);
}
