// The keys a target of the settings has (CONTRACT.md section 7): the files to read, the output
// folder, the mode, the command its files name, the opt-in keywords, the shapes to read, and
// what to leave out. A configuration is one target (the keys at the top level) or several
// (`targets`, each with its own `out`; the top-level keys are defaults every target may
// override key by key). Here: reading and checking those keys, and the check that no two
// targets write one folder.
import fs from "node:fs/promises";
import path from "node:path";
import type { JsonValue } from "../extract/values.js";
import { SHAPES } from "../extract/shapes/index.js";
import type { Mode } from "../ir.js";
import { nearest } from "../support/similarity.js";
import { readEnforce } from "./enforce.js";
import { EXPORT_NAME } from "../emit/names.js";

/** The keys of one target, in the order messages list them. */
export const TARGET_KEYS = [
  "tools",
  "out",
  "mode",
  "command",
  "enforce",
  "shapes",
  "excludeTools",
  "excludeFiles",
  "exportNames",
  "formatter",
] as const;

export type TargetKey = (typeof TARGET_KEYS)[number];

/** One target's keys as the settings give them (paths as written, relative to their folder). */
export interface TargetConfig {
  readonly tools?: readonly string[];
  readonly out?: string;
  readonly mode?: Mode;
  /** How the host runs the command, named in every generated file's first line. */
  readonly command?: string;
  /** The opt-in keywords enforced beyond the default subset. */
  readonly enforce?: readonly string[];
  /** The declaration shapes read, by name (all when absent). */
  readonly shapes?: readonly string[];
  /** Tools left out by name. */
  readonly excludeTools?: readonly string[];
  /** Files left out, globs relative to the settings' folder. */
  readonly excludeFiles?: readonly string[];
  /** Export names (PascalCase) given to tools by name. */
  readonly exportNames?: Readonly<Record<string, string>>;
  /** What formats the output (detected when absent). */
  readonly formatter?: FormatterSetting;
}

/**
 * What formats the output folder (CONTRACT.md section 7): the host's prettier or Biome, none
 * (the emitted text as it is), or a command that reads the text on stdin and prints it
 * formatted (`{file}` stands for the file's path). Detected from the host when not set.
 */
export type FormatterSetting = FormatterName | { readonly command: string };

/** The formatters the `formatter` setting and `--formatter` name. */
export const FORMATTER_NAMES = ["prettier", "biome", "none"] as const;

export type FormatterName = (typeof FORMATTER_NAMES)[number];

/** The names of the declaration shapes, as the `shapes` setting takes them. */
export const SHAPE_NAMES: readonly string[] = SHAPES.map((shape) => shape.name);

type Fail = (reason: string) => never;

/** Reads one key's value; `key` is its name as messages show it (`"targets[1].mode"`). */
type KeyReader = (value: unknown, key: string, fail: Fail) => unknown;

/** How each key's value is read and checked. */
const READERS: { readonly [K in TargetKey]: KeyReader } = {
  tools: (value, key, fail) =>
    globs(value, () =>
      fail(`${key} must be a glob or a non-empty list of globs, not ${JSON.stringify(value)}`),
    ),
  out: (value, key, fail) => {
    if (typeof value !== "string" || value === "")
      fail(`${key} must be a folder name, not ${JSON.stringify(value)}`);
    return value;
  },
  mode: (value, key, fail) => {
    if (value !== "strict" && value !== "standard")
      fail(`${key} must be "strict" or "standard", not ${JSON.stringify(value)}`);
    return value;
  },
  command: (value, key, fail) => {
    if (typeof value !== "string" || value.trim() === "" || /[\r\n]/.test(value))
      fail(
        `${key} must be the command line as the host runs it, on one line, not ${JSON.stringify(value)}`,
      );
    return (value as string).trim();
  },
  enforce: (value, key, fail) => {
    const read = readEnforce(value as JsonValue);
    if (!read.ok) return fail(read.problem.replace('"enforce"', key));
    return [...read.value];
  },
  shapes: (value, key, fail) => shapeNames(value, key, fail),
  excludeTools: (value, key, fail) => {
    const names = list(value);
    if (!names || names.length === 0)
      fail(
        `${key} must be a tool name or a non-empty list of tool names, not ${JSON.stringify(value)}`,
      );
    return names;
  },
  excludeFiles: (value, key, fail) =>
    globs(value, () =>
      fail(`${key} must be a glob or a non-empty list of globs, not ${JSON.stringify(value)}`),
    ),
  exportNames: (value, key, fail) => exportNames(value, key, fail),
  formatter: (value, key, fail) => formatterSetting(value, key, fail),
};

/**
 * Reads the target keys of `settings` (other keys are the caller's to check); `fail` throws
 * the configuration's error for a bad value, `label` names where the keys are (`targets[1].`).
 */
export function readTargetKeys(
  settings: Readonly<Record<string, unknown>>,
  fail: Fail,
  label = "",
): TargetConfig {
  const config: Record<string, unknown> = {};
  for (const name of TARGET_KEYS)
    if (settings[name] !== undefined)
      config[name] = READERS[name](settings[name], `"${label}${name}"`, fail);
  return config as TargetConfig;
}

/** `exportNames`: an object giving tool names their PascalCase export names. */
function exportNames(value: unknown, key: string, fail: Fail): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    fail(
      `${key} must be an object giving tools their export names ({ "read_file": "ReadFile" }), not ${JSON.stringify(value)}`,
    );
  const names: Record<string, string> = {};
  for (const [tool, name] of Object.entries(value as Record<string, unknown>)) {
    if (typeof name !== "string" || !EXPORT_NAME.test(name))
      fail(
        `${key} gives ${JSON.stringify(tool)} the name ${JSON.stringify(name)}: an export name is PascalCase letters and digits (validate<Name>, <Name>Args)`,
      );
    names[tool] = name as string;
  }
  return names;
}

/** `formatter`: a formatter's name, or `{ "command": "..." }`. */
function formatterSetting(value: unknown, key: string, fail: Fail): FormatterSetting {
  if (typeof value === "string") {
    const name = formatterName(value, key, ' or { "command": "..." }');
    return typeof name === "object" ? fail(name.problem) : name;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return fail(
      `${key} must be ${nameList()} or { "command": "..." }, not ${JSON.stringify(value)}`,
    );
  for (const name of Object.keys(value))
    if (name !== "command")
      fail(
        `${key} has an unknown key ${JSON.stringify(name)}${nearest(name, ["command"]) ? ' (did you mean "command"?)' : ""}; its one key is "command"`,
      );
  const command = (value as { command?: unknown }).command;
  if (typeof command !== "string" || command.trim() === "" || /[\r\n]/.test(command))
    fail(
      `${key.slice(0, -1)}.command" must be a command line on one line, which reads the text on stdin and prints it formatted ({file} stands for the file's path), not ${JSON.stringify(command)}`,
    );
  return { command: (command as string).trim() };
}

/** A formatter's name, or the problem with `value` (`others` says what else the key takes). */
function formatterName(
  value: string,
  key: string,
  others: string,
): FormatterName | { readonly problem: string } {
  if ((FORMATTER_NAMES as readonly string[]).includes(value)) return value as FormatterName;
  const suggestion = nearest(value, FORMATTER_NAMES);
  return {
    problem: `${key} must be ${nameList()}${others}, not ${JSON.stringify(value)}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`,
  };
}

function nameList(): string {
  return FORMATTER_NAMES.map((name) => JSON.stringify(name)).join(", ");
}

/** The `--formatter` flag's value, checked as the setting's (a command is the settings'); a string is the problem. */
export function parseFormatterFlag(text: string): { readonly name: FormatterName } | string {
  const name = formatterName(text, "--formatter", " (a formatter command is set in the settings)");
  return typeof name === "object" ? name.problem : { name };
}

/**
 * The `targets` list: a non-empty array of objects with the target keys, each with its `out`.
 * Unknown keys and bad values are errors naming the target (`targets[1]`).
 */
export function readTargets(value: unknown, fail: Fail): TargetConfig[] {
  if (!Array.isArray(value) || value.length === 0)
    fail(
      `"targets" must be a non-empty list of targets (objects with the keys ${keyList()}), not ${JSON.stringify(value)}`,
    );
  return (value as unknown[]).map((target, index) => {
    const label = `targets[${index}]`;
    if (typeof target !== "object" || target === null || Array.isArray(target))
      fail(
        `"${label}" must be an object with the keys ${keyList()}, not ${JSON.stringify(target)}`,
      );
    const settings = target as Record<string, unknown>;
    for (const key of Object.keys(settings)) {
      if ((TARGET_KEYS as readonly string[]).includes(key)) continue;
      const suggestion = nearest(key, TARGET_KEYS);
      fail(
        `"${label}" has an unknown key ${JSON.stringify(key)}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; a target's keys are ${keyList()}`,
      );
    }
    if (settings.out === undefined)
      fail(`"${label}" has no "out": each target names the folder it writes`);
    return readTargetKeys(settings, fail, `${label}.`);
  });
}

function shapeNames(value: unknown, key: string, fail: Fail): string[] {
  const names = list(value);
  if (!names || names.length === 0)
    fail(
      `${key} must be a shape's name or a non-empty list of them, not ${JSON.stringify(value)}; the shapes are ${shapeList()}`,
    );
  for (const name of names!) {
    if (SHAPE_NAMES.includes(name)) continue;
    const suggestion = nearest(name, SHAPE_NAMES);
    fail(
      `${key} names an unknown shape ${JSON.stringify(name)}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; the shapes are ${shapeList()}`,
    );
  }
  return [...new Set(names)];
}

/** The shapes, each with what it reads: `plugin ({ name, config: ... }), ...`. */
function shapeList(): string {
  return SHAPES.map((shape) => `"${shape.name}" ${shape.pattern}`).join(", ");
}

/** The `--shapes mcp,openai-chat` flag's names, checked as the setting is. */
export function parseShapesFlag(text: string): string[] | string {
  const names = text.split(",").map((name) => name.trim());
  if (names.some((name) => name === ""))
    return `--shapes takes shape names separated by commas, not ${JSON.stringify(text)}; the shapes are ${shapeList()}`;
  try {
    return shapeNames(names, "--shapes", (reason) => {
      throw new Error(reason);
    });
  } catch (error) {
    return (error as Error).message;
  }
}

/** A string or a list of non-empty strings, as a list; undefined for anything else. */
function list(value: unknown): string[] | undefined {
  const items = typeof value === "string" ? [value] : value;
  if (!Array.isArray(items) || items.some((item) => typeof item !== "string" || item === ""))
    return undefined;
  return items as string[];
}

function globs(value: unknown, fail: () => never): string[] {
  const items = list(value);
  if (!items || items.length === 0) fail();
  return items!;
}

function keyList(): string {
  return `${TARGET_KEYS.slice(0, -1).join(", ")} and ${TARGET_KEYS[TARGET_KEYS.length - 1]}`;
}

/**
 * A folder as the file system will resolve it once it exists: its nearest existing ancestor
 * through its symbolic links, then the rest of the path.
 */
export async function realFolder(folder: string): Promise<string> {
  const rest: string[] = [];
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    try {
      return path.join(await fs.realpath(current), ...rest.reverse());
    } catch {
      if (path.dirname(current) === current) return path.resolve(folder);
      rest.push(path.basename(current));
    }
  }
}

/** The first two of `targets` that write one folder (resolved through symbolic links). */
export async function sameOutput<T extends { readonly outDir: string }>(
  targets: readonly T[],
): Promise<[T, T] | undefined> {
  const seen = new Map<string, T>();
  for (const target of targets) {
    const real = await realFolder(target.outDir);
    const first = seen.get(real);
    if (first) return [first, target];
    seen.set(real, target);
  }
  return undefined;
}
