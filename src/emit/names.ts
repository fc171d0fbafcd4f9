import { createHash } from "node:crypto";
import { pascalIdentifier } from "../code/code.js";
import type { ToolSchema } from "../ir.js";
import { KEYWORD_SUPPORT } from "../keywords/registry.js";
import { COPIED_MODULES } from "./supportModules.js";

/**
 * The names of the modules an output folder may hold besides one module per tool (index.ts
 * and the support modules, including those only some keywords bring), case ignored: no tool's
 * file takes one, whatever keywords a run enforces.
 */
const RESERVED_MODULES: ReadonlySet<string> = new Set(
  ["index", "types", "issues", ...COPIED_MODULES, ...KEYWORD_SUPPORT].map((name) =>
    name.toLowerCase(),
  ),
);

/**
 * File names Windows reserves for devices, with any extension (`con.ts` cannot be created
 * there): a tool's file never takes one.
 */
const DEVICE_NAMES = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

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
  /** The exported Standard Schema, e.g. `TaskUpdateSchema`. */
  readonly schema: string;
}

/** File names and export names longer than this are cut and given a hash of the tool name. */
const MAX_NAME = 48;

/** What makes a valid export name given in the settings (`exportNames`). */
export const EXPORT_NAME = /^[A-Z][A-Za-z0-9]*$/;

/**
 * The export base and file name of one tool, from its name alone (CONTRACT.md section 5):
 * letters and digits in PascalCase and kebab-case (`TaskUpdate` -> `validateTaskUpdate`,
 * `task-update.ts`). A name with nothing usable in it (non-ASCII letters, punctuation only)
 * becomes `Tool<hash>` / `tool-<hash>`, a long one is cut and hashed; `exportName` (from the
 * settings) replaces the derived PascalCase name. Files that would take a name an output
 * folder reserves, or a Windows device name, get `-tool`.
 */
export function toolNames(tool: ToolSchema, exportName?: string): ToolModuleNames {
  const hash = createHash("sha256").update(tool.name).digest("hex").slice(0, 8);
  const readable = exportName ?? pascalIdentifier(tool.name);
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
  // `validateToolArgs` is index.ts's dispatch.
  if (pascal === "ToolArgs") pascal = "ToolArgsTool";
  const reserved = RESERVED_MODULES.has(kebab.toLowerCase()) || DEVICE_NAMES.test(kebab);
  return {
    tool,
    file: reserved ? `${kebab}-tool` : kebab,
    validator: `validate${pascal}`,
    argsType: `${pascal}Args`,
    guard: `is${pascal}Args`,
    schema: `${pascal}Schema`,
  };
}

/** Two tools whose exports or files would have the same name. */
export interface NameClash {
  readonly first: ToolModuleNames;
  readonly second: ToolModuleNames;
  /** What they share: `the exports validateFoo, FooArgs, isFooArgs and FooSchema`, `the file foo.ts`. */
  readonly what: string;
}

/**
 * The names of every tool, in tool-name order, and the clashes between them: two tools whose
 * export names are the same, or whose file names are the same once case is ignored (on a
 * case-insensitive file system they are one file). A clash is never resolved by numbering:
 * that would move an export from one tool to another when a tool is added.
 */
export function assignModuleNames(
  tools: readonly ToolSchema[],
  exportNames: ReadonlyMap<string, string> = new Map(),
): { modules: ToolModuleNames[]; clashes: NameClash[] } {
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const modules = sorted.map((tool) => toolNames(tool, exportNames.get(tool.name)));
  const clashes: NameClash[] = [];
  const byExport = new Map<string, ToolModuleNames>();
  const byFile = new Map<string, ToolModuleNames>();
  for (const names of modules) {
    const earlier = byExport.get(names.validator);
    if (earlier) {
      const what = `the exports ${names.validator}, ${names.argsType}, ${names.guard} and ${names.schema}`;
      clashes.push({ first: earlier, second: names, what });
    } else byExport.set(names.validator, names);
    const file = names.file.toLowerCase();
    const sameFile = byFile.get(file);
    if (sameFile && sameFile !== earlier)
      clashes.push({ first: sameFile, second: names, what: `the file ${names.file}.ts` });
    else byFile.set(file, names);
  }
  return { modules, clashes };
}

function kebabCase(pascal: string): string {
  return pascal
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .toLowerCase();
}
