// Formatting with the host's prettier (2 or 3), through its API: each output file with the
// options prettier resolves for it (`resolveConfig(<file>, { editorconfig: true })`, as its
// command line does: configuration files, overrides, .editorconfig), the parser inferred from
// the file's name. So the host's `prettier --check` passes on the output and its
// `prettier --write` changes nothing. Formatting runs in worker threads when there are cores
// to spare: they load prettier and its parser while this thread reads the declarations.
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import {
  Formatter,
  FormatterError,
  invalidCode,
  reasonText,
  type FormatCache,
  type FormatJob,
} from "./formatter.js";

/**
 * prettier's configuration files, whose presence in the output folder or above makes prettier
 * the host's formatter (detect.ts); `--watch` watches them (with package.json, package.yaml and
 * .editorconfig, which prettier reads too).
 */
export const PRETTIER_CONFIG_FILES: readonly string[] = [
  ".prettierrc",
  ...["json", "yaml", "yml", "json5", "js", "mjs", "cjs", "ts", "mts", "cts", "toml"].map(
    (extension) => `.prettierrc.${extension}`,
  ),
  ...["js", "mjs", "cjs", "ts", "mts", "cts"].map((extension) => `prettier.config.${extension}`),
];

/** A configuration file that is a module (prettier loads it with `import` or `require`). */
const MODULE_CONFIG = /\.[cm]?[jt]s$/;

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

export interface PrettierOptions {
  /** The host's prettier: its entry module (absolute) and version. */
  readonly entry: string;
  readonly version: string;
  /** The output folder (absolute): the configuration is resolved for files in it. */
  readonly outDir: string;
  readonly display: (file: string) => string;
  readonly cache?: FormatCache | undefined;
  /** Threads that format, this one included (default: up to 4, one per core). */
  readonly threads?: number;
}

/** From this many files on, this thread formats a share too (below, it is idle but cold). */
const SHARE_HERE_FROM = 64;

export class PrettierFormatter extends Formatter {
  readonly identity;
  readonly #outDir: string;
  readonly #display: (file: string) => string;
  readonly #threads: number;
  #workers: FormatWorker[] | undefined;
  #configWorker: FormatWorker | undefined;
  #plugins = false;

  constructor(options: PrettierOptions) {
    super(options.cache);
    this.identity = { kind: "prettier", path: options.entry, version: options.version } as const;
    this.#outDir = options.outDir;
    this.#display = options.display;
    this.#threads = options.threads ?? Math.min(4, os.availableParallelism());
  }

  /** Starts the workers, which load prettier and its parser while the declarations are read. */
  override warmUp(): void {
    this.#workers ??= Array.from({ length: Math.max(0, this.#threads - 1) }, () =>
      this.#newWorker(),
    );
  }

  #newWorker(): FormatWorker {
    return new FormatWorker(this.identity.path, (message) => this.#unusable(message));
  }

  /** A worker of this formatter's own: the first that formats, or one started for it. */
  #worker(): FormatWorker {
    this.warmUp();
    return this.#workers![0] ?? (this.#configWorker ??= this.#newWorker());
  }

  /**
   * The options prettier resolves for the output file `name`, with the file's path, from which
   * prettier infers the parser. A configuration that cannot be loaded is a FormatterError
   * naming the file.
   */
  protected async resolveOptions(name: string): Promise<Record<string, unknown>> {
    const file = path.join(this.#outDir, name);
    const prettier = loadPrettier(this.identity.path);
    // Where the configuration is (a search prettier keeps): null for none, or when even the
    // search fails, whose error resolveConfig then gives.
    const configFile = await prettier.resolveConfigFile(file).catch(() => null);
    let config: Record<string, unknown> | null;
    try {
      // A configuration module is loaded once per thread (Node keeps its modules for the
      // thread's life): one changed under --watch is read in this formatter's own worker,
      // new with the formatter, unless what it exports cannot leave the worker.
      const fresh =
        configFile !== null && MODULE_CONFIG.test(configFile)
          ? await this.#worker().resolveConfig(file)
          : undefined;
      config = fresh ?? (await prettier.resolveConfig(file, { editorconfig: true }));
    } catch (error) {
      const where = configFile
        ? `the prettier configuration ${this.#display(configFile)}`
        : `the prettier configuration for ${this.#display(this.#outDir)}/`;
      throw new FormatterError(`cannot load ${where}: ${reasonText(error, this.#display)}.`);
    }
    const options = { ...config, filepath: file };
    if (!isPlainData(options)) this.#plugins = true;
    return options;
  }

  /**
   * Options that name a plugin, or are not plain data: a plugin's code can change without
   * anything recorded changing, so results formatted with one are never reused.
   */
  protected override notCached(): string | undefined {
    return this.#plugins ? "the prettier options name plugins" : undefined;
  }

  /** A configuration that loads but that prettier refuses to format with. */
  #unusable(message: string): FormatterError {
    return new FormatterError(
      `cannot format with the prettier configuration for ${this.#display(this.#outDir)}/: ${reasonText(message, this.#display)}.`,
    );
  }

  protected async formatJobs(jobs: readonly FormatJob[]): Promise<string[]> {
    this.warmUp();
    const workers = this.#workers!;
    const here = workers.length === 0 || jobs.length >= SHARE_HERE_FROM;
    const shares = workers.length + (here ? 1 : 0);
    const buckets: FormatJob[][] = Array.from({ length: shares }, () => []);
    jobs.forEach((job, k) => buckets[k % shares]!.push(job));
    const texts = await Promise.all(
      buckets.map((batch, share) => {
        const worker = workers[share];
        return worker ? worker.format(batch) : this.#formatHere(batch);
      }),
    );
    // Back into the jobs' order: job k went to bucket k % shares.
    return jobs.map((_, k) => texts[k % shares]![Math.floor(k / shares)]!);
  }

  async #formatHere(jobs: readonly FormatJob[]): Promise<string[]> {
    const prettier = loadPrettier(this.identity.path);
    const formatted: string[] = [];
    for (const job of jobs) {
      const options = job.options as Record<string, unknown>;
      try {
        formatted.push(await prettier.format(job.text, options));
      } catch (error) {
        const message = (error as Error).message;
        try {
          await prettier.format("export {};\n", options);
        } catch {
          throw this.#unusable(message);
        }
        throw invalidCode(job.name, message);
      }
    }
    return formatted;
  }

  override close(): void {
    for (const worker of [...(this.#workers ?? []), this.#configWorker]) worker?.stop();
  }
}

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

// Plain JavaScript, run with `eval`: it needs no TypeScript loader in the worker.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const prettier = require(workerData.prettierPath);
// Loads the parser prettier infers for TypeScript while the declarations are read.
const warm = Promise.resolve()
  .then(() => prettier.format("export {};\\n", { parser: "typescript" }))
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
async function resolveConfig(id, file) {
  try {
    const config = await prettier.resolveConfig(file, { editorconfig: true });
    try {
      parentPort.postMessage({ id, config });
    } catch {
      // Functions or plugin objects cannot leave the thread: resolved where formatting is.
      parentPort.postMessage({ id, config: undefined });
    }
  } catch (error) {
    parentPort.postMessage({ id, loadError: String((error && error.message) || error) });
  }
}
parentPort.on("message", async ({ id, jobs, configOf }) => {
  if (configOf !== undefined) return resolveConfig(id, configOf);
  await warm;
  const results = [];
  for (const job of jobs) {
    const result = await formatOne(job.text, job.options);
    if (!("text" in result)) return parentPort.postMessage({ id, name: job.name, ...result });
    results.push(result.text);
  }
  parentPort.postMessage({ id, formatted: results });
});
`;

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
}

interface Reply {
  readonly id: number;
  readonly config?: Record<string, unknown> | null;
  readonly loadError?: string;
  readonly formatted?: string[];
  readonly name?: string;
  readonly error?: string;
  readonly configError?: string;
}

/** One worker thread running prettier, answering requests in order. */
class FormatWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;

  constructor(prettierPath: string, onConfigError: (message: string) => Error) {
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Plain JavaScript needs none of the parent's loaders (`--import tsx`), which only slow
      // the worker's start and can keep it from stopping.
      execArgv: [],
      workerData: { prettierPath },
    });
    this.#worker.on("message", (reply: Reply) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (reply.formatted || "config" in reply) pending?.resolve(reply);
      else if (reply.loadError !== undefined) pending?.reject(new Error(reply.loadError));
      else if (reply.configError !== undefined) pending?.reject(onConfigError(reply.configError));
      else pending?.reject(invalidCode(reply.name ?? "?", reply.error ?? "unknown error"));
    });
    const failAll = (error: Error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    this.#worker.on("error", failAll);
    this.#worker.on("exit", () => failAll(new Error("the formatting worker stopped")));
    // An idle worker must not keep a finished process alive.
    this.#worker.unref();
  }

  async format(jobs: readonly FormatJob[]): Promise<string[]> {
    return (await this.#ask({ jobs })).formatted!;
  }

  /** The options prettier resolves for `file` here, or undefined if they cannot be sent. */
  async resolveConfig(file: string): Promise<Record<string, unknown> | null | undefined> {
    return (await this.#ask({ configOf: file })).config;
  }

  #ask(request: { jobs: readonly FormatJob[] } | { configOf: string }): Promise<Reply> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ id, ...request });
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
