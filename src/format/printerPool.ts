import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * Worker threads that print with the printer (printer/worker.ts), so that printing runs beside
 * this thread: while it reads the declarations (the support files), and on the other cores when
 * there are many files. Each worker loads the printer, and TypeScript's parser with it, once.
 */

export interface PrintJob {
  readonly text: string;
  readonly options: Record<string, unknown>;
}

interface Pending {
  resolve(texts: (string | null)[]): void;
  reject(error: Error): void;
}

/**
 * A new worker running printer/worker: the compiled module as it is; the TypeScript source
 * (tests, `npm run gen`) through tsx, registered in the worker (a loader in `execArgv` does not
 * reach a worker's own module on Node 20).
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith(".ts"))
    return new Worker(new URL("./printer/worker.js", import.meta.url), { execArgv: [] });
  const tsxApi = createRequire(import.meta.url)
    .resolve("tsx/package.json")
    .replace(/package\.json$/, "dist/esm/api/index.mjs");
  return new Worker(
    `const { workerData } = require("node:worker_threads");
import(workerData.tsxApi).then(({ register }) => { register(); return import(workerData.url); });`,
    {
      eval: true,
      execArgv: [],
      workerData: {
        tsxApi: pathToFileURL(tsxApi).href,
        url: new URL("./printer/worker.ts", import.meta.url).href,
      },
    },
  );
}

class PrinterWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  /** The characters sent and not yet answered: how busy it is. */
  queued = 0;

  constructor() {
    this.#worker = startWorker();
    this.#worker.on("message", (reply: { id: number; texts: (string | null)[] }) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      pending?.resolve(reply.texts);
    });
    const failAll = (error: Error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    this.#worker.on("error", failAll);
    this.#worker.on("exit", () => failAll(new Error("the printing worker stopped")));
    // An idle worker must not keep a finished process alive.
    this.#worker.unref();
  }

  print(jobs: readonly PrintJob[]): Promise<(string | null)[]> {
    const id = this.#nextId++;
    const size = jobs.reduce((n, job) => n + job.text.length, 0);
    this.queued += size;
    return new Promise<(string | null)[]>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ id, jobs });
    }).finally(() => {
      this.queued -= size;
    });
  }

  stop(): void {
    this.#worker.unref();
    this.#worker.terminate().catch(() => {});
  }
}

export class PrinterPool {
  readonly #workers: PrinterWorker[];

  constructor(count: number) {
    this.#workers = Array.from({ length: count }, () => new PrinterWorker());
  }

  get size(): number {
    return this.#workers.length;
  }

  /**
   * Prints the jobs in the workers, each batch to the least busy one; undefined where the
   * printer declines, or where a worker failed (prettier formats those).
   */
  async print(batches: readonly (readonly PrintJob[])[]): Promise<(string | undefined)[][]> {
    return Promise.all(
      batches.map(async (jobs) => {
        if (jobs.length === 0) return [];
        const worker = this.#workers.reduce((a, b) => (b.queued < a.queued ? b : a));
        try {
          return (await worker.print(jobs)).map((text) => text ?? undefined);
        } catch {
          return jobs.map(() => undefined);
        }
      }),
    );
  }

  stop(): void {
    for (const worker of this.#workers) worker.stop();
  }
}
