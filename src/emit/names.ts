import { createHash } from "node:crypto";
import type { ToolSchema } from "../ir.js";
import { pascalIdentifier } from "../code/code.js";

/**
 * The names of the modules an output folder may hold besides one module per tool (index.ts
 * and the support modules, including those only some keywords bring): no tool's file takes
 * one, whatever keywords a run enforces.
 */
export const RESERVED_MODULES = [
  "index",
  "types",
  "issues",
  "runtime",
  "format",
  "similarity",
  "failures",
  "constraints",
] as const;

/** The names generated for one tool's module. */
export interface ToolModuleNames {
  readonly tool: ToolSchema;
  /** File name without extension, e.g. `task-update`. */
  readonly file: string;
  /** The exported validator, e.g. `validateTaskUpdate`. */
  readonly validator: string;
  /** The exported argument type, e.g. `TaskUpdateArgs`. */
  readonly argsType: string;
  /** The exported type guard, e.g. `isTaskUpdateArgs`. */
  readonly guard: string;
}

/** File names and export names longer than this are cut and given a hash of the tool name. */
const MAX_NAME = 48;

/**
 * File and export names from tool names: letters and digits in kebab-case and PascalCase
 * (`TaskUpdate` -> `task-update.ts`, `validateTaskUpdate`). A name with nothing usable in it
 * (non-ASCII letters, punctuation only) becomes `tool-<hash>`, a long one is cut and hashed:
 * the same tool name always gives the same file name, whatever other tools there are, and
 * every file name is safe on every file system. Clashes (`Foo` and `FOO` on a
 * case-insensitive file system) get `-2`, `-3` in name order.
 */
export function assignModuleNames(tools: readonly ToolSchema[]): ToolModuleNames[] {
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files = new Set<string>(RESERVED_MODULES);
  // `validateToolArgs` is the dispatch function of index.ts.
  const bases = new Set<string>(["ToolArgs"]);
  return sorted.map((tool) => {
    const readable = pascalIdentifier(tool.name);
    const hash = createHash("sha256").update(tool.name).digest("hex").slice(0, 8);
    let pascal: string;
    let kebab: string;
    if (readable === undefined) {
      pascal = `Tool${hash}`;
      kebab = `tool-${hash}`;
    } else if (readable.length > MAX_NAME) {
      const kept = readable.slice(0, MAX_NAME - hash.length);
      pascal = `${kept}${hash}`;
      kebab = `${kebabCase(kept)}-${hash}`;
    } else {
      pascal = readable;
      kebab = kebabCase(readable);
    }
    const reserved = (RESERVED_MODULES as readonly string[]).includes(kebab);
    const file = unique(reserved ? `${kebab}-tool` : kebab, files, "-", (name) =>
      name.toLowerCase(),
    );
    const base = unique(pascal, bases, "", (name) => name);
    return {
      tool,
      file,
      validator: `validate${base}`,
      argsType: `${base}Args`,
      guard: `is${base}Args`,
    };
  });
}

function kebabCase(pascal: string): string {
  return pascal
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .toLowerCase();
}

function unique(
  candidate: string,
  taken: Set<string>,
  separator: string,
  fold: (name: string) => string,
): string {
  let name = candidate;
  for (let n = 2; taken.has(fold(name)); n++) name = `${candidate}${separator}${n}`;
  taken.add(fold(name));
  return name;
}
