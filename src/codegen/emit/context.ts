import type { SchemaNode } from "../normalize/schema.js";
import { Code, Names, code, join } from "./code.js";

/** A segment of an issue path: a static key, or a local variable holding an index or key. */
export type PathPart = string | Code;

/** What the keyword emitters share while one validator is emitted. */
export interface EmitContext {
  readonly names: Names;
  /** Module-level constants the validator refers to (enum value lists). */
  readonly constants: Code[];
  /** Helpers imported from `runtime.ts`. */
  readonly helpers: Set<"typeName" | "deepEqual">;
  /** Emits the checks of a nested schema (keyword emitters recurse through it). */
  readonly emitNode: (node: SchemaNode, value: Code, path: readonly PathPart[]) => Code;
}

/** The issue path as an array literal: `["questions", i0, "label"]`. */
export function pathLiteral(path: readonly PathPart[]): Code {
  return code`[${join(
    path.map((part) => (typeof part === "string" ? code`${part}` : part)),
    ", ",
  )}]`;
}

/** Appends an issue; the array is created on the first issue only, so valid calls allocate nothing. */
export function pushIssue(fields: Code): Code {
  return code`(issues ??= []).push({ ${fields} });\n`;
}
