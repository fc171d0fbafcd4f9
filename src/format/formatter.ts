import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { ConfigError } from "../settings/settings.js";
import { isSupportedOptions } from "./printer/options.js";
import { PrinterPool, type PrintJob } from "./printerPool.js";
import type { OutputFile } from "../emit/files.js";

/**
 * Formatting follows the host: each output file is formatted with the options prettier resolves
 * for it (`prettier.resolveConfig(<output folder>/<file>, { editorconfig: true })`, as the prettier
 * CLI does), by the host's own prettier when one is installed where the output folder is (else
 * this package's), and the parser is the one prettier infers from the file name, as the CLI
 * does. So the host's `prettier --check` passes on the output, and its `prettier --write`
 * changes nothing. The same inputs (declarations, configuration, prettier version) give the
 * same bytes; writing and the drift check share this code.
 *
 * When that prettier is the version the printer reproduces (printer/index.ts,
 * PRINTER_PRETTIER_VERSION) and the options are ones it supports, each file is printed by the
 * printer, in this thread, without prettier's parser and printer: the same text prettier gives
 * (tests/format/printer.test.ts proves it on every file the generator writes, over the
 * options prettier allows). A file it declines goes to prettier as before; prettier's worker
 * threads start only then (or at once when the printer cannot be used at all, so that they warm
 * up while the declarations are read). TOOL_VALIDATORS_FORMATTER=prettier formats everything
 * with prettier, =printer fails where a file would need prettier (for tests and comparisons).
 */

/** The prettier that formats: where it is and its version. */
export interface PrettierInfo {
  /** Its entry module, absolute. */
  readonly path: string;
  readonly version: string;
  /** True when it is this package's own prettier (the host has none). */
  readonly own: boolean;
}

/** The prettier installed where `outDir` is (resolved as Node would from there), else this package's. */
export function locatePrettier(outDir: string): PrettierInfo {
  let entry: string | undefined;
  try {
    entry = createRequire(path.join(outDir, "index.js")).resolve("prettier");
  } catch {
    entry = undefined;
  }
  const ownEntry = createRequire(import.meta.url).resolve("prettier");
  const found = entry ?? ownEntry;
  return { path: found, version: packageVersion(found, "prettier"), own: found === ownEntry };
}

/** The version in the package.json of the package `name` that holds `entry`. */
export function packageVersion(entry: string, name: string): string {
  for (let dir = path.dirname(entry); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    try {
      const json = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (json.name === name && typeof json.version === "string") return json.version;
    } catch {
      // No package.json here: look further up.
    }
  }
  return "unknown";
}

/** The prettier API as used here (versions 2 and 3). */
interface PrettierApi {
  format(text: string, options: Record<string, unknown>): string | Promise<string>;
  resolveConfig(
    file: string,
    options: { editorconfig: boolean },
  ): Promise<Record<string, unknown> | null>;
  resolveConfigFile(file: string): Promise<string | null>;
  clearConfigCache?(): unknown;
}

const modules = new Map<string, PrettierApi>();

function loadPrettier(entry: string): PrettierApi {
  let prettier = modules.get(entry);
  if (!prettier) {
    prettier = createRequire(import.meta.url)(entry) as PrettierApi;
    modules.set(entry, prettier);
  }
  return prettier;
}

/**
 * Forgets the configurations the prettier modules loaded here have read (prettier keeps them
 * for the life of the process): watch mode, before a run, as they may have changed.
 */
export async function clearPrettierConfigCache(): Promise<void> {
  for (const prettier of modules.values()) await prettier.clearConfigCache?.();
}

/** What formatting depends on, recorded for the cache (see output/manifest.ts). */
export interface FormatRecord {
  readonly prettier: PrettierInfo;
  /** The options each output file was formatted with, by file name. */
  readonly options: Readonly<Record<string, unknown>>;
  /** Whether the options are plain data and name no plugin: only then can results be reused. */
  readonly cacheable: boolean;
  /** The text given to prettier for each output file, by name: its hash, the cache key. */
  readonly inputs: Readonly<Record<string, string>>;
  /** How many files were taken from the cache instead of being formatted. */
  readonly reused: number;
}

/** Formatted texts of an earlier run, by `formatKey`. */
export type FormatCache = ReadonlyMap<string, string>;

/** The cache key of a text (given by its hash) formatted with these options by this prettier. */
export function formatKey(
  prettier: Pick<PrettierInfo, "path" | "version">,
  options: unknown,
  inputHash: string,
): string {
  return sha256(JSON.stringify([prettier.path, prettier.version, options, inputHash]));
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** A prettier configuration that cannot be loaded or used: the command exits 2. */
export class PrettierConfigError extends ConfigError {}

/**
 * The options prettier resolves for the output file `name` (as its CLI does: configuration
 * files, overrides and .editorconfig), with the file's path, from which prettier infers the
 * parser. A configuration that cannot be loaded is a PrettierConfigError naming the file.
 */
export async function resolveFormatOptions(
  info: PrettierInfo,
  outDir: string,
  name: string,
  display: (file: string) => string = (file) => file,
): Promise<Record<string, unknown>> {
  const file = path.join(outDir, name);
  const prettier = loadPrettier(info.path);
  let config: Record<string, unknown> | null;
  try {
    config = await prettier.resolveConfig(file, { editorconfig: true });
  } catch (error) {
    const configFile = await prettier.resolveConfigFile(file).catch(() => null);
    const where = configFile
      ? `the prettier configuration ${display(configFile)}`
      : `the prettier configuration for ${display(outDir)}/`;
    throw new PrettierConfigError(`cannot load ${where}: ${reasonText(error, display)}.`);
  }
  return { ...config, filepath: file };
}

/** The first line that says what is wrong, with absolute paths shown relative. */
function reasonText(error: unknown, display: (file: string) => string): string {
  const message = typeof error === "string" ? error : String((error as Error)?.message ?? error);
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/^[\w ]*Error in ".*":?$/.test(line));
  const line = (lines[0] ?? "unknown error").replace(/[.:]$/, "");
  return line.replace(/(?:\/[^\s"':]+)+/g, (absolute) =>
    path.isAbsolute(absolute) && fs.existsSync(absolute) ? display(absolute) : absolute,
  );
}

export interface FormatterOptions {
  /** The output folder (absolute): the configuration is resolved for files in it. */
  readonly outDir: string;
  /** How a path is shown in messages (relative, `/`). */
  readonly display?: (file: string) => string;
  /** Formatted texts of an earlier run with the same prettier, reused for equal inputs. */
  readonly cache?: FormatCache;
  /** Threads that format with prettier, this one included (default: up to 4, one per core). */
  readonly threads?: number;
  /**
   * Whether the printer may format files prettier would format identically (default: true
   * unless TOOL_VALIDATORS_FORMATTER=prettier); false formats every file with prettier.
   */
  readonly printer?: boolean;
  /**
   * Worker threads that print with the printer beside this thread (default 0: this thread
   * prints; TOOL_VALIDATORS_PRINTER_THREADS=<n> sets it). Measured on two shared cores, a
   * worker cost more than it saved: it loads TypeScript's parser again, and warms the printer
   * up again.
   */
  readonly printerThreads?: number;
}

/** From this many characters to print, the printer's workers start (below, this thread prints). */
const POOL_FROM_CHARS = 20_000;

function printerThreadsFromEnv(): number | undefined {
  const value = process.env.TOOL_VALIDATORS_PRINTER_THREADS;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The printer module, loaded once and only when a file is to be formatted. */
let printerModule: Promise<typeof import("./printer/index.js")> | undefined;

function loadPrinter(): Promise<typeof import("./printer/index.js")> {
  // Loaded on first use: it brings TypeScript's parser, which a run that formats nothing (a
  // check verified from the cache) must not pay for.
  printerModule ??= import("./printer/index.js");
  return printerModule;
}

/** The printer's prettier version (kept equal to printer/index.ts's, which a test checks). */
export const PRINTER_PRETTIER_VERSION = "3.10.1";

/** Whether the environment asks for prettier alone (TOOL_VALIDATORS_FORMATTER=prettier). */
function prettierForced(): boolean {
  return process.env.TOOL_VALIDATORS_FORMATTER === "prettier";
}

/**
 * Whether the environment asks for the printer alone (TOOL_VALIDATORS_FORMATTER=printer, for
 * tests): a file it would leave to prettier is then an internal error.
 */
function printerRequired(): boolean {
  return process.env.TOOL_VALIDATORS_FORMATTER === "printer";
}

/** From this many files on, this thread formats a share too (below, it is idle but cold). */
const SHARE_HERE_FROM = 64;

// Plain JavaScript, run with `eval`: it needs no TypeScript loader in the worker.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const prettier = require(workerData.prettierPath);
// Loads the parser prettier infers for TypeScript while the declarations are read.
const warm = Promise.resolve()
  .then(() => workerData.warm && prettier.format("export {};\\n", { parser: "typescript" }))
  .catch(() => {});
async function formatOne(text, options) {
  try {
    return { text: await prettier.format(text, options) };
  } catch (error) {
    const message = String((error && error.message) || error);
    try {
      await prettier.format("export {};\\n", options);
    } catch {
      return { configError: message };
    }
    return { error: message };
  }
}
parentPort.on("message", async ({ id, jobs }) => {
  await warm;
  const results = [];
  for (const job of jobs) {
    const result = await formatOne(job.text, job.options);
    if (!("text" in result)) return parentPort.postMessage({ id, ...result });
    results.push(result.text);
  }
  parentPort.postMessage({ id, formatted: results });
});
`;

interface Job {
  readonly text: string;
  readonly options: Record<string, unknown>;
}

interface Pending {
  resolve(texts: string[]): void;
  reject(error: Error): void;
}

/** One worker thread running prettier, answering requests in order. */
class FormatWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;

  constructor(prettierPath: string, warm: boolean, onConfigError: (message: string) => Error) {
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Plain JavaScript needs none of the parent's loaders (`--import tsx`), which only slow
      // the worker's start and can keep it from stopping.
      execArgv: [],
      workerData: { prettierPath, warm },
    });
    this.#worker.on(
      "message",
      (reply: { id: number; formatted?: string[]; error?: string; configError?: string }) => {
        const pending = this.#pending.get(reply.id);
        this.#pending.delete(reply.id);
        if (this.#pending.size === 0) this.#worker.unref();
        if (reply.formatted) pending?.resolve(reply.formatted);
        else if (reply.configError !== undefined) pending?.reject(onConfigError(reply.configError));
        else pending?.reject(invalidCode(reply.error ?? "unknown error"));
      },
    );
    const failAll = (error: Error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    this.#worker.on("error", failAll);
    this.#worker.on("exit", () => failAll(new Error("the formatting worker stopped")));
    // An idle worker must not keep a finished process alive.
    this.#worker.unref();
  }

  format(jobs: readonly Job[]): Promise<string[]> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ id, jobs });
    });
  }

  /**
   * Stops the worker without waiting for it: a worker stopped while it loads modules may
   * never report its exit, and nothing here needs it to. Unreferenced, it cannot keep the
   * process alive either way.
   */
  stop(): void {
    this.#worker.unref();
    this.#worker.terminate().catch(() => {});
  }
}

/**
 * Formats generated files with prettier in worker threads when there are cores to spare.
 * Create it before the declarations are read and hand it the fixed files first: the workers
 * load and warm prettier on them while this thread reads the sources. The result does not
 * depend on how the work was shared, nor on the cache: each file is formatted on its own.
 */
export class Formatter {
  readonly prettier: PrettierInfo;
  readonly #outDir: string;
  readonly #display: (file: string) => string;
  readonly #cache: FormatCache;
  readonly #threads: number;
  #workers: FormatWorker[] | undefined;
  readonly #options = new Map<string, Promise<Record<string, unknown>>>();
  readonly #used: Record<string, unknown> = {};
  readonly #inputs: Record<string, string> = {};
  #cacheable = true;
  #reused = 0;
  /** Whether the printer can stand in for this prettier at all (its version, not forced off). */
  readonly #printer: boolean;
  /** Worker threads for the printer (none on one core). */
  readonly #printerThreads: number;
  #printerPool: PrinterPool | undefined;
  #printed = 0;

  constructor(options: FormatterOptions) {
    this.#outDir = options.outDir;
    this.#display = options.display ?? ((file) => file);
    this.#cache = options.cache ?? new Map();
    this.#threads = options.threads ?? Math.min(4, os.availableParallelism());
    this.prettier = locatePrettier(options.outDir);
    this.#printer =
      (options.printer ?? !prettierForced()) && this.prettier.version === PRINTER_PRETTIER_VERSION;
    this.#printerThreads = options.printerThreads ?? printerThreadsFromEnv() ?? 0;
    // Without the printer, prettier formats everything: its workers start now, so that they
    // load prettier and its TypeScript parser while the declarations are read (even a single
    // file to format would otherwise wait for that). With it, they start when a file needs
    // prettier: options the printer does not support, or a file it declines.
    if (!this.#printer) this.#startWorkers();
  }

  #startWorkers(): FormatWorker[] {
    this.#workers ??= Array.from(
      { length: Math.max(0, this.#threads - 1) },
      () => new FormatWorker(this.prettier.path, true, (message) => this.#unusable(message)),
    );
    return this.#workers;
  }

  /** The options prettier resolves for an output file (each file name resolved once). */
  optionsFor(name: string): Promise<Record<string, unknown>> {
    let options = this.#options.get(name);
    if (!options) {
      options = this.#resolve(name);
      this.#options.set(name, options);
    }
    return options;
  }

  #resolve(name: string): Promise<Record<string, unknown>> {
    return resolveFormatOptions(this.prettier, this.#outDir, name, this.#display);
  }

  /** A configuration that loads but that prettier refuses to format with. */
  #unusable(message: string): PrettierConfigError {
    return new PrettierConfigError(
      `cannot format with the prettier configuration for ${this.#display(this.#outDir)}/: ${reasonText(message, this.#display)}.`,
    );
  }

  async format(files: readonly OutputFile[]): Promise<OutputFile[]> {
    const jobs = await Promise.all(
      files.map(async (file) => ({
        text: file.content,
        options: await this.optionsFor(file.name),
      })),
    );
    // Options the printer does not reproduce: prettier will format, its workers warm up now.
    if (this.#printer && jobs.some((job) => !isSupportedOptions(job.options))) this.#startWorkers();
    const formatted: (string | undefined)[] = files.map((file, i) => {
      const options = jobs[i]!.options;
      const input = sha256(file.content);
      this.#used[file.name] = options;
      this.#inputs[file.name] = input;
      if (!isPlainData(options)) this.#cacheable = false;
      return this.#cacheable
        ? this.#cache.get(formatKey(this.prettier, options, input))
        : undefined;
    });
    this.#reused += formatted.filter((text) => text !== undefined).length;
    if (this.#printer) {
      const printable = files
        .map((_, i) => i)
        .filter((i) => formatted[i] === undefined && isSupportedOptions(jobs[i]!.options));
      if (printable.length > 0) await this.#print(printable, jobs, formatted);
    }
    const missing = files.map((_, i) => i).filter((i) => formatted[i] === undefined);
    if (missing.length > 0 && printerRequired())
      throw new Error(
        `internal error: TOOL_VALIDATORS_FORMATTER=printer, but the printer leaves ${missing.map((i) => files[i]!.name).join(", ")} to prettier ${this.prettier.version}`,
      );
    if (missing.length > 0) {
      const workers = this.#startWorkers();
      const here = workers.length === 0 || missing.length >= SHARE_HERE_FROM;
      const shares = workers.length + (here ? 1 : 0);
      const buckets: number[][] = Array.from({ length: shares }, () => []);
      missing.forEach((fileIndex, k) => buckets[k % shares]!.push(fileIndex));
      const texts = await Promise.all(
        buckets.map((indexes, share) => {
          const batch = indexes.map((i) => jobs[i]!);
          const worker = workers[share];
          return worker ? worker.format(batch) : this.#formatHere(batch);
        }),
      );
      buckets.forEach((indexes, share) =>
        indexes.forEach((fileIndex, k) => (formatted[fileIndex] = texts[share]![k]!)),
      );
    }
    return files.map((file, i) => ({ name: file.name, content: formatted[i]! }));
  }

  /**
   * Prints the files at `indexes` with the printer into `formatted` (left undefined where it
   * declines). In worker threads when there are cores to spare and enough to print: the first
   * batch large enough starts them (the support files of a first run, while the declarations
   * are read), and from then on they print, this thread taking a share of large batches.
   */
  async #print(
    indexes: readonly number[],
    jobs: readonly Job[],
    formatted: (string | undefined)[],
  ): Promise<void> {
    const size = indexes.reduce((n, i) => n + jobs[i]!.text.length, 0);
    if (!this.#printerPool && this.#printerThreads > 0 && size >= POOL_FROM_CHARS)
      this.#printerPool = new PrinterPool(this.#printerThreads);
    const pool = this.#printerPool;
    const here = !pool || indexes.length >= SHARE_HERE_FROM;
    const shares = (pool?.size ?? 0) + (here ? 1 : 0);
    // The largest first, each to the share with the fewest characters so far.
    const buckets: number[][] = Array.from({ length: shares }, () => []);
    const loads: number[] = buckets.map(() => 0);
    for (const i of [...indexes].sort((a, b) => jobs[b]!.text.length - jobs[a]!.text.length)) {
      let least = 0;
      for (let b = 1; b < shares; b++) if (loads[b]! < loads[least]!) least = b;
      buckets[least]!.push(i);
      loads[least]! += jobs[i]!.text.length;
    }
    const hereBucket = here ? buckets.pop()! : [];
    const printedThere = pool
      ? pool.print(buckets.map((bucket) => bucket.map((i) => jobs[i]! as PrintJob)))
      : Promise.resolve([]);
    if (hereBucket.length > 0) {
      const printer = await loadPrinter();
      for (const i of hereBucket) {
        let text: string | undefined;
        try {
          text = printer.printLikePrettier(jobs[i]!.text, jobs[i]!.options);
        } catch {
          // A bug of the printer's: prettier formats the file, as it would without it.
          text = undefined;
        }
        formatted[i] = text;
      }
    }
    const texts = await printedThere;
    buckets.forEach((bucket, b) => bucket.forEach((i, k) => (formatted[i] = texts[b]![k])));
    for (const i of indexes) if (formatted[i] !== undefined) this.#printed++;
  }

  async #formatHere(jobs: readonly Job[]): Promise<string[]> {
    const prettier = loadPrettier(this.prettier.path);
    const formatted: string[] = [];
    for (const job of jobs) {
      try {
        formatted.push(await prettier.format(job.text, job.options));
      } catch (error) {
        const message = (error as Error).message;
        try {
          await prettier.format("export {};\n", job.options);
        } catch {
          throw this.#unusable(message);
        }
        throw invalidCode(message);
      }
    }
    return formatted;
  }

  /** What the files formatted so far depended on. */
  record(): FormatRecord {
    return {
      prettier: this.prettier,
      options: { ...this.#used },
      cacheable: this.#cacheable,
      inputs: { ...this.#inputs },
      reused: this.#reused,
    };
  }

  /** How many files the printer formatted (the others were reused or formatted by prettier). */
  get printed(): number {
    return this.#printed;
  }

  /** Stops the workers (always call it, also after a failure). */
  close(): void {
    for (const worker of this.#workers ?? []) worker.stop();
    this.#printerPool?.stop();
  }
}

/**
 * Options that are plain data and name no plugin: a plugin's code can change without anything
 * recorded here changing, so results formatted with one are never reused.
 */
function isPlainData(options: Record<string, unknown>): boolean {
  const plugins = options.plugins;
  if (Array.isArray(plugins) ? plugins.length > 0 : plugins !== undefined) return false;
  const plain = (value: unknown, depth: number): boolean => {
    if (value === null || typeof value === "string" || typeof value === "boolean") return true;
    if (typeof value === "number") return Number.isFinite(value);
    if (depth > 20 || typeof value !== "object") return false;
    if (Array.isArray(value)) return value.every((item) => plain(item, depth + 1));
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
    return Object.values(value).every((item) => plain(item, depth + 1));
  };
  return plain(options, 0);
}

/** Only a generator bug can produce code prettier cannot parse. */
function invalidCode(message: string): Error {
  return new Error(`internal error: generated code is not valid TypeScript: ${message}`);
}
