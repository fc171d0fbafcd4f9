// The command's settings in one place: `tool-validators.config.json`, or the "tool-validators"
// key of a package.json, found from the working folder upward. Paths in it are relative to the
// folder that holds it; flags on the command line override it. `gen`, `--check` and `--watch`
// read the same settings, so they agree.
// CONTRACT.md section 7 (settings: the file, the package.json key, flags over them).
import fs from "node:fs/promises";
import path from "node:path";
import { relativeName } from "../diagnostics/paths.js";
import type { Mode } from "../ir.js";
import { OPT_IN_KEYWORDS } from "../keywords/registry.js";
import { closeness, nearest } from "../support/similarity.js";
import {
  readTargetKeys,
  readTargets,
  TARGET_KEYS,
  type FormatterName,
  type FormatterSetting,
  type TargetConfig,
} from "./targets.js";
import { isObject } from "../json.js";

export { relativeName };

export const CONFIG_FILE = "tool-validators.config.json";
export const PACKAGE_KEY = "tool-validators";
export const DEFAULT_TOOLS_GLOB = "src/tools/**/*.ts";
export const DEFAULT_OUT_DIR = "generated";
/** The command generated files name when none is given: the installed command. */
export const DEFAULT_COMMAND = "npx tool-validators";

/** The keys of the settings: a target's, and `targets` for several. */
const KEYS = [...TARGET_KEYS, "targets"] as const;

/** A configuration that cannot be used: the command exits 2 and writes nothing. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * The settings found in a configuration file: one target (its keys at the top level), or
 * several (`targets`; the top-level keys are then defaults each target may override, key by
 * key; `out` is each target's own).
 */
export interface Config extends TargetConfig {
  /** The file, absolute: `tool-validators.config.json` or a `package.json`. */
  readonly file: string;
  /** The folder its paths are relative to (the file's folder). */
  readonly dir: string;
  /** Several outputs, each with its own `out`. */
  readonly targets?: readonly TargetConfig[];
}

/** What the command line says; absent flags are undefined. */
export interface Flags {
  readonly tools?: readonly string[];
  readonly out?: string;
  readonly mode?: Mode;
  readonly enforce?: readonly string[];
  readonly shapes?: readonly string[];
  /** Added to each target's `excludeTools`. */
  readonly excludeTools?: readonly string[];
  /** Added to each target's `excludeFiles` (globs relative to the working folder). */
  readonly excludeFiles?: readonly string[];
  /** Run only the target with this output folder (as the settings write it, or as a path). */
  readonly target?: string;
  /** The formatter, over the settings'. */
  readonly formatter?: FormatterName;
}

/** Everything one run needs, after the configuration and the flags are combined. */
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
  /** The opt-in keywords enforced (none by default). */
  readonly enforce: readonly string[];
  /** The shapes read, by name; undefined: every shape. */
  readonly shapes: readonly string[] | undefined;
  readonly excludeTools: readonly string[];
  /** Globs relative to `base`, with `/`. */
  readonly excludeFiles: readonly string[];
  /** Export names given to tools by name. */
  readonly exportNames: Readonly<Record<string, string>>;
  /** What formats the output; undefined: detected from the host. */
  readonly formatter: FormatterSetting | undefined;
  /** The command that reproduces this run from `base`, for the generated files' first line. */
  readonly command: string;
  /** Where the settings give this target: `targets[1]`, or undefined for a single target. */
  readonly target: string | undefined;
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
function parseConfig(value: unknown, file: string, where: string, cwd: string): Config {
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
  const defaults = readTargetKeys(settings, fail);
  if (settings.targets === undefined) return { file, dir: path.dirname(file), ...defaults };
  if (defaults.out !== undefined)
    fail(
      `"out" is each target's own when there are "targets" (two targets never write one folder): give every target its "out", and none at the top level`,
    );
  return {
    file,
    dir: path.dirname(file),
    ...defaults,
    targets: readTargets(settings.targets, fail),
  };
}

/**
 * Combines the configuration (if any) and the flags into one run per target: every target, or
 * the one `--target` names. Flags win over the settings (`--exclude-tool` and `--exclude-file`
 * add to them); `--tools` and `--out` apply to one target only, and given both, without
 * `--target`, they are a run of their own (the top-level keys its defaults). Throws a ConfigError for a
 * `--target` that names no target, and for flags that cannot apply.
 */
export function resolveTargets(flags: Flags, config: Config | undefined, cwd: string): Settings[] {
  const base = config?.dir ?? path.resolve(cwd);
  const listed = config?.targets ?? [config ?? {}];
  const several = config?.targets !== undefined && config.targets.length > 1;
  const labels = listed.map((target) => target.out ?? DEFAULT_OUT_DIR);
  let chosen = listed.map((_, index) => index);
  if (flags.target !== undefined) {
    const wanted = path.resolve(cwd, flags.target);
    chosen = chosen.filter(
      (index) => path.resolve(base, labels[index]!) === wanted || labels[index] === flags.target,
    );
    if (chosen.length === 0) {
      const suggestion = nearest(flags.target, labels);
      throw new ConfigError(
        `--target ${JSON.stringify(flags.target)} is the output folder of no target${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; the targets write ${labels.map((label) => JSON.stringify(label)).join(", ")}`,
      );
    }
  }
  const defaults: TargetConfig = config?.targets ? config : {};
  // Both --tools and --out describe a run of their own (the top-level keys its defaults).
  if (config?.targets && flags.target === undefined && flags.tools && flags.out !== undefined)
    return [resolveTarget(flags, config, defaults, cwd, undefined, undefined)];
  if (chosen.length > 1 && (flags.tools !== undefined || flags.out !== undefined))
    throw new ConfigError(
      `${flags.tools !== undefined ? "--tools" : "--out"} applies to one target: choose it with --target, or give both --tools and --out for a run of their own (the targets write ${labels.map((label) => JSON.stringify(label)).join(", ")})`,
    );
  return chosen.map((index) =>
    resolveTarget(
      flags,
      config,
      { ...defaults, ...listed[index]! },
      cwd,
      config?.targets ? `targets[${index}]` : undefined,
      several ? labels[index] : undefined,
    ),
  );
}

/** Combines the configuration and the flags for a configuration of one target. */
export function resolveSettings(flags: Flags, config: Config | undefined, cwd: string): Settings {
  const targets = resolveTargets(flags, config, cwd);
  if (targets.length !== 1)
    throw new ConfigError(
      `the settings have ${targets.length} targets: resolve them with resolveTargets`,
    );
  return targets[0]!;
}

function resolveTarget(
  flags: Flags,
  config: Config | undefined,
  target: TargetConfig,
  cwd: string,
  where: string | undefined,
  /** The `--target` that selects it, named in the command when other flags are too. */
  selector: string | undefined,
): Settings {
  const base = config?.dir ?? path.resolve(cwd);
  const configTools = target.tools ?? [DEFAULT_TOOLS_GLOB];
  const flagTools = flags.tools?.map((glob) => rebaseGlob(glob, cwd, base));
  const tools = flagTools ?? configTools;
  const configOut = path.resolve(base, target.out ?? DEFAULT_OUT_DIR);
  const outDir = flags.out !== undefined ? path.resolve(cwd, flags.out) : configOut;
  const mode = flags.mode ?? target.mode ?? "strict";
  const enforce = flags.enforce ?? target.enforce ?? [];
  const shapes = flags.shapes ?? target.shapes;
  const flagFiles = (flags.excludeFiles ?? []).map((glob) => rebaseGlob(glob, cwd, base));
  const excludeTools = [
    ...new Set([...(target.excludeTools ?? []), ...(flags.excludeTools ?? [])]),
  ];
  const excludeFiles = [...new Set([...(target.excludeFiles ?? []), ...flagFiles])];
  const outName = relativeName(base, outDir);

  const command = commandLine(flags, target, {
    flagTools,
    configTools,
    moved: outDir !== configOut ? outName : undefined,
    mode,
    flagFiles,
    selector,
  });
  return {
    base,
    config,
    tools,
    outDir,
    outName,
    mode,
    enforce,
    shapes,
    excludeTools,
    excludeFiles,
    exportNames: target.exportNames ?? {},
    formatter: flags.formatter ?? target.formatter,
    command,
    target: where,
  };
}

/**
 * The command that reproduces a target's run: the settings' `command`, and only the flags that
 * change what the settings (or the defaults) say, after `--` for `npm run`.
 */
function commandLine(
  flags: Flags,
  target: TargetConfig,
  resolved: {
    readonly flagTools: readonly string[] | undefined;
    readonly configTools: readonly string[];
    /** The output folder as shown, when `--out` moved it. */
    readonly moved: string | undefined;
    readonly mode: Mode;
    /** `--exclude-file` globs, relative to the settings' folder. */
    readonly flagFiles: readonly string[];
    readonly selector: string | undefined;
  },
): string {
  const { flagTools, configTools, moved, mode, flagFiles, selector } = resolved;
  const extra: string[] = [];
  if (flagTools && !sameList(flagTools, configTools))
    for (const glob of flagTools) extra.push("--tools", shellQuote(glob));
  if (moved !== undefined) extra.push("--out", shellQuote(moved));
  if (mode !== (target.mode ?? "strict")) extra.push("--mode", mode);
  if (flags.enforce && !sameSet(flags.enforce, target.enforce ?? []))
    extra.push("--enforce", enforceText(flags.enforce));
  if (flags.shapes && !sameSet(flags.shapes, target.shapes ?? []))
    extra.push("--shapes", shellQuote(flags.shapes.join(",")));
  for (const name of flags.excludeTools ?? [])
    if (!target.excludeTools?.includes(name)) extra.push("--exclude-tool", shellQuote(name));
  for (const glob of flagFiles)
    if (!target.excludeFiles?.includes(glob)) extra.push("--exclude-file", shellQuote(glob));
  if (flags.formatter !== undefined && flags.formatter !== target.formatter)
    extra.push("--formatter", flags.formatter);
  if (extra.length > 0 && selector !== undefined) extra.unshift("--target", shellQuote(selector));
  const command = target.command ?? DEFAULT_COMMAND;
  const separator = extra.length > 0 && /^npm\s+(?:run|run-script)\s/.test(command) ? ["--"] : [];
  return [command, ...separator, ...extra].join(" ");
}

/** `all` for every keyword, else the keywords separated by commas. */
function enforceText(keywords: readonly string[]): string {
  return sameSet(keywords, OPT_IN_KEYWORDS) ? "all" : keywords.join(",");
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(b);
  return new Set(a).size === set.size && a.every((item) => set.has(item));
}

/** A glob written relative to `from`, rewritten relative to `to` (unchanged when they agree). */
function rebaseGlob(glob: string, from: string, to: string): string {
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

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
