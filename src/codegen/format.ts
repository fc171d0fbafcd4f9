import { createRequire } from "node:module";
import os from "node:os";
import { Worker } from "node:worker_threads";
import type { Options } from "prettier";
import type { OutputFile } from "./emit/files.js";

/**
 * Fixed options, not read from any configuration file: the same input must give byte-identical
 * output on every machine and in every folder. Shared by writing and by the drift check.
 * The `babel-ts` parser formats TypeScript exactly as the `typescript` parser does here, in
 * about half the time.
 */
const PRETTIER_OPTIONS: Options = {
  parser: "babel-ts",
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
};

/** From this many files on, this thread formats a share too (below, it is idle but cold). */
const SHARE_HERE_FROM = 64;

const prettierPath = createRequire(import.meta.url).resolve("prettier");

// Plain JavaScript, run with `eval`: it needs no TypeScript loader in the worker.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const prettier = require(workerData.prettierPath);
parentPort.on("message", async ({ id, texts }) => {
  try {
    const formatted = [];
    for (const text of texts) formatted.push(await prettier.format(text, workerData.options));
    parentPort.postMessage({ id, formatted });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Pending {
  resolve(texts: string[]): void;
  reject(error: Error): void;
}

/** One worker thread running prettier, answering requests in order. */
class FormatWorker {
  readonly #worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // Plain JavaScript needs none of the parent's loaders (`--import tsx`), which only slow
    // the worker's start and can keep it from stopping.
    execArgv: [],
    workerData: { prettierPath, options: PRETTIER_OPTIONS },
  });
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;

  constructor() {
    this.#worker.on("message", (reply: { id: number; formatted?: string[]; error?: string }) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (reply.formatted) pending?.resolve(reply.formatted);
      else pending?.reject(invalidCode(reply.error ?? "unknown error"));
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

  format(texts: readonly string[]): Promise<string[]> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ id, texts });
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
 * depend on how the work was shared: each file is formatted on its own.
 */
export class Formatter {
  readonly #workers: FormatWorker[];

  constructor(threads = Math.min(4, os.availableParallelism())) {
    this.#workers = Array.from({ length: Math.max(0, threads - 1) }, () => new FormatWorker());
  }

  async format(files: readonly OutputFile[]): Promise<OutputFile[]> {
    const here = this.#workers.length === 0 || files.length >= SHARE_HERE_FROM;
    const shares = this.#workers.length + (here ? 1 : 0);
    const buckets: number[][] = Array.from({ length: shares }, () => []);
    files.forEach((_, i) => buckets[i % shares]!.push(i));
    const texts = await Promise.all(
      buckets.map((indexes, share) => {
        const contents = indexes.map((i) => files[i]!.content);
        const worker = this.#workers[share];
        return worker ? worker.format(contents) : formatHere(contents);
      }),
    );
    const formatted: OutputFile[] = new Array(files.length);
    buckets.forEach((indexes, share) =>
      indexes.forEach((fileIndex, k) => {
        formatted[fileIndex] = { name: files[fileIndex]!.name, content: texts[share]![k]! };
      }),
    );
    return formatted;
  }

  /** Stops the workers (always call it, also after a failure). */
  close(): void {
    for (const worker of this.#workers) worker.stop();
  }
}

async function formatHere(contents: readonly string[]): Promise<string[]> {
  const prettier = await import("prettier");
  const formatted: string[] = [];
  for (const text of contents) {
    try {
      formatted.push(await prettier.format(text, PRETTIER_OPTIONS));
    } catch (error) {
      throw invalidCode((error as Error).message);
    }
  }
  return formatted;
}

/** Only a generator bug can produce code prettier cannot parse. */
function invalidCode(message: string): Error {
  return new Error(`internal error: generated code is not valid TypeScript: ${message}`);
}
