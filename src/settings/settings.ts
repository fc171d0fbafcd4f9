// The command's settings in one place: `tool-validators.config.json`, or the "tool-validators"
// key of a package.json, found from the working folder upward. Paths in it are relative to the
// folder that holds it; flags on the command line override it. `gen`, `--check` and `--watch`
// read the same settings, so they agree.
// CONTRACT.md section 7 (settings: the file, the package.json key, flags over them).
import fs from "node:fs/promises";
import path from "node:path";
import { relativeName } from "../diagnostics/paths.js";
import type { Mode } from "../ir.js";

export { relativeName };
import { closeness, nearest } from "../support/similarity.js";

export const CONFIG_FILE = "tool-validators.config.json";
export const PACKAGE_KEY = "tool-validators";
export const DEFAULT_TOOLS_GLOB = "src/tools/**/*.ts";
export const DEFAULT_OUT_DIR = "generated";
/** The command generated files name when none is given: the installed command. */
export const DEFAULT_COMMAND = "npx tool-validators";

const KEYS = ["tools", "out", "mode", "command"] as const;

/** A configuration that cannot be used: the command exits 2 and writes nothing. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** The settings found in a configuration file. */
export interface Config {
  /** The file, absolute: `tool-validators.config.json` or a `package.json`. */
  readonly file: string;
  /** The folder its paths are relative to (the file's folder). */
  readonly dir: string;
  readonly tools?: readonly string[];
  readonly out?: string;
  readonly mode?: Mode;
  /** How the host runs the command, named in every generated file's first line. */
  readonly command?: string;
}

/** What the command line says; absent flags are undefined. */
export interface Flags {
  readonly tools?: readonly string[];
  readonly out?: string;
  readonly mode?: Mode;
}

/** Everything a run needs, after the configuration and the flags are combined. */
export interface Settings {
  /** The folder displayed paths are relative to: the configuration's, else the working folder. */
  readonly base: string;
  readonly config: Config | undefined;
  /** Globs relative to `base`, with `/`. */
  readonly tools: readonly string[];
  /** The output folder, absolute. */
  readonly outDir: string;
  /** The output folder relative to `base`, with `/` (`.` for `base` itself). */
  readonly outName: string;
  readonly mode: Mode;
  /** The command that reproduces this run from `base`, for the generated files' first line. */
  readonly command: string;
}

/**
 * The configuration that applies in `cwd`: the nearest folder, from `cwd` upward, that holds a
 * `tool-validators.config.json` or a package.json with a "tool-validators" key. Throws a
 * ConfigError for a configuration that cannot be used (never falls back silently), and the
 * file-system error (it names the file) for one that cannot be read.
 */
export async function findConfig(cwd: string): Promise<Config | undefined> {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const file = path.join(dir, CONFIG_FILE);
    const packageFile = path.join(dir, "package.json");
    await refuseMisspeltFiles(dir, cwd);
    const own = await readText(file);
    const fromPackage = await packageSettings(packageFile, cwd);
    if (own !== undefined && fromPackage !== undefined) {
      throw new ConfigError(
        `two configurations in one folder: ${shown(file, cwd)} and the "${PACKAGE_KEY}" key of ${shown(packageFile, cwd)}; keep one.`,
      );
    }
    if (own !== undefined) return parseConfig(parseJson(own, file, cwd), file, file, cwd);
    if (fromPackage !== undefined)
      return parseConfig(
        fromPackage,
        packageFile,
        `${shown(packageFile, cwd)} ("${PACKAGE_KEY}")`,
        cwd,
      );
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The "tool-validators" value of a package.json, if it has one. */
async function packageSettings(file: string, cwd: string): Promise<unknown> {
  const text = await readText(file);
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // A broken package.json elsewhere is not this command's business, unless it holds settings.
    if (!text.includes(`"${PACKAGE_KEY}"`)) return undefined;
    throw new ConfigError(`cannot read ${shown(file, cwd)}: ${jsonReason(error, text)}.`);
  }
  if (!isObject(json)) return undefined;
  // A key close to "tool-validators" is settings misspelt, never a silently dropped check
  // (CONTRACT.md 7); a package.json's other keys (and there are many) are not this command's.
  const misspelt = Object.keys(json).find((key) => key !== PACKAGE_KEY && isNear(key, PACKAGE_KEY));
  if (misspelt !== undefined) {
    throw new ConfigError(
      `${shown(file, cwd)}: unknown key ${JSON.stringify(misspelt)} (did you mean "${PACKAGE_KEY}"?); the settings are read from a "${PACKAGE_KEY}" key only.`,
    );
  }
  if (!Object.hasOwn(json, PACKAGE_KEY)) return undefined;
  return json[PACKAGE_KEY];
}

/**
 * A settings name misspelt: equal once case, `_`, `-` and spaces are ignored, or a typo (at
 * most 2 edits); a name that merely starts or ends with the other (`validators`) is not.
 */
function isNear(name: string, wanted: string): boolean {
  const value = closeness(name, wanted);
  return value !== undefined && value <= 2;
}

/**
 * Throws for a file in `dir` whose name is the settings file's misspelt (`tool-validator.config.json`,
 * `tool-validators.json`, `toolValidators.config.json`, `tool-validators.config.js`): such a file
 * is never read, so its settings would be silently dropped.
 */
async function refuseMisspeltFiles(dir: string, cwd: string): Promise<void> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    // A folder that cannot be listed holds nothing this command can read either.
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory() || !isMisspeltConfigName(entry.name)) continue;
    throw new ConfigError(
      `${shown(path.join(dir, entry.name), cwd)}: not a settings file name (did you mean "${CONFIG_FILE}"?); rename it, or remove it.`,
    );
  }
}

/** `tool-validators` (near), then `.json`, `.jsonc`, `.json5`, `.config.<anything>` or near `.config.json`. */
function isMisspeltConfigName(name: string): boolean {
  if (name === CONFIG_FILE) return false;
  const bare = name.startsWith(".") ? name.slice(1) : name;
  const dot = bare.indexOf(".");
  if (dot <= 0 || !isNear(bare.slice(0, dot), PACKAGE_KEY)) return false;
  const rest = bare.slice(dot + 1).toLowerCase();
  return (
    rest === "json" ||
    rest === "jsonc" ||
    rest === "json5" ||
    /^config\.[a-z0-9]+$/.test(rest) ||
    isNear(rest, "config.json")
  );
}

/** The file's text without a leading BOM (npm reads a package.json that has one); undefined when absent. */
async function readText(file: string): Promise<string | undefined> {
  try {
    const text = await fs.readFile(file, "utf8");
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    // A folder of that name is not a configuration file; anything else is a real problem,
    // which the command reports as one (`cannot read <relative path>: <reason>`).
    if (code === "EISDIR") return undefined;
    throw error;
  }
}

function parseJson(text: string, file: string, cwd: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`cannot read ${shown(file, cwd)}: ${jsonReason(error, text)}.`);
  }
}

/** `Unexpected token } in JSON at position 41 (line 3, column 1)`. */
function jsonReason(error: unknown, text: string): string {
  const message = ((error as Error).message || "invalid JSON").split("\n")[0]!.replace(/\.$/, "");
  const position = /at position (\d+)/.exec(message);
  if (!position || /\bline \d+/.test(message)) return `invalid JSON: ${message}`;
  const before = text.slice(0, Number(position[1]));
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return `invalid JSON: ${message} (line ${line}, column ${column})`;
}

/** Checks a configuration's value: every key known, every value of the right kind. */
export function parseConfig(value: unknown, file: string, where: string, cwd: string): Config {
  const name = where === file ? shown(file, cwd) : where;
  const fail = (reason: string): never => {
    throw new ConfigError(`${name}: ${reason}.`);
  };
  if (!isObject(value))
    fail(`expected an object with the keys ${keyList()}, found ${kindOf(value)}`);
  const settings = value as Record<string, unknown>;
  for (const key of Object.keys(settings)) {
    if ((KEYS as readonly string[]).includes(key)) continue;
    const suggestion = nearest(key, KEYS);
    fail(
      `unknown key ${JSON.stringify(key)}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; the keys are ${keyList()}`,
    );
  }
  const config: {
    -readonly [K in keyof Config]: Config[K];
  } = { file, dir: path.dirname(file) };
  if (settings.tools !== undefined) {
    const tools = typeof settings.tools === "string" ? [settings.tools] : settings.tools;
    if (
      !Array.isArray(tools) ||
      tools.length === 0 ||
      tools.some((glob) => typeof glob !== "string" || glob === "")
    )
      fail(
        `"tools" must be a glob or a non-empty list of globs, not ${JSON.stringify(settings.tools)}`,
      );
    config.tools = tools as string[];
  }
  if (settings.out !== undefined) {
    if (typeof settings.out !== "string" || settings.out === "")
      fail(`"out" must be a folder name, not ${JSON.stringify(settings.out)}`);
    config.out = settings.out as string;
  }
  if (settings.mode !== undefined) {
    if (settings.mode !== "strict" && settings.mode !== "standard")
      fail(`"mode" must be "strict" or "standard", not ${JSON.stringify(settings.mode)}`);
    config.mode = settings.mode as Mode;
  }
  if (settings.command !== undefined) {
    if (
      typeof settings.command !== "string" ||
      settings.command.trim() === "" ||
      /[\r\n]/.test(settings.command)
    )
      fail(
        `"command" must be the command line as the host runs it, on one line, not ${JSON.stringify(settings.command)}`,
      );
    config.command = (settings.command as string).trim();
  }
  return config;
}

/** Combines the configuration (if any) and the flags: flags win. */
export function resolveSettings(flags: Flags, config: Config | undefined, cwd: string): Settings {
  const base = config?.dir ?? path.resolve(cwd);
  const configTools = config?.tools ?? [DEFAULT_TOOLS_GLOB];
  const flagTools = flags.tools?.map((glob) => rebaseGlob(glob, cwd, base));
  const tools = flagTools ?? configTools;
  const configOut = path.resolve(base, config?.out ?? DEFAULT_OUT_DIR);
  const outDir = flags.out !== undefined ? path.resolve(cwd, flags.out) : configOut;
  const mode = flags.mode ?? config?.mode ?? "strict";
  const outName = relativeName(base, outDir);

  // The command names only the flags that change what the configuration (or the defaults) say.
  const extra: string[] = [];
  if (flagTools && !sameList(flagTools, configTools))
    for (const glob of flagTools) extra.push("--tools", shellQuote(glob));
  if (outDir !== configOut) extra.push("--out", shellQuote(outName));
  if (mode !== (config?.mode ?? "strict")) extra.push("--mode", mode);
  const command = config?.command ?? DEFAULT_COMMAND;
  const separator = extra.length > 0 && /^npm\s+(?:run|run-script)\s/.test(command) ? ["--"] : [];
  return {
    base,
    config,
    tools,
    outDir,
    outName,
    mode,
    command: [command, ...separator, ...extra].join(" "),
  };
}

/** A glob written relative to `from`, rewritten relative to `to` (unchanged when they agree). */
export function rebaseGlob(glob: string, from: string, to: string): string {
  const negated = glob.startsWith("!");
  const pattern = negated ? glob.slice(1) : glob;
  if (!path.isAbsolute(pattern) && path.resolve(from) === path.resolve(to)) return glob;
  const rebased = relativeName(to, path.resolve(from, pattern));
  return `${negated ? "!" : ""}${rebased}`;
}

function shown(file: string, cwd: string): string {
  return relativeName(cwd, file);
}

function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function keyList(): string {
  return `${KEYS.slice(0, -1).join(", ")} and ${KEYS[KEYS.length - 1]}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
