import fs from "node:fs";
import path from "node:path";
import { Cron } from "croner";
import type { HostServices, ScheduledJob } from "../core/types.js";
import { errorMessage } from "../core/results.js";

export interface NewScheduledJob {
  cron: string;
  prompt: string;
  recurring: boolean;
  durable: boolean;
}

/** Where durable jobs live, relative to the project folder. */
export const DURABLE_JOBS_FILE = path.join(".agent", "scheduled_tasks.json");

/** Parses a 5-field expression; throws the parser's error when it is invalid. */
function parseCron(expression: string): Cron {
  return new Cron(expression, { mode: "5-part" });
}

/** Why a cron expression cannot be scheduled, or undefined when it can. */
export function cronExpressionProblem(expression: string): string | undefined {
  let next: Date | null;
  try {
    next = parseCron(expression).nextRun();
  } catch (error) {
    return errorMessage(error);
  }
  return next === null ? "it never matches a future date" : undefined;
}

interface Entry {
  job: ScheduledJob;
  timer: Cron;
}

/**
 * The session's cron jobs. Timers never keep the process alive; `dispose()` stops them all.
 * Durable jobs are written to `<projectDir>/.agent/scheduled_tasks.json` and loaded back when a
 * session starts; the file is re-read before each write so other sessions' jobs are kept.
 */
export class CronScheduler {
  readonly #projectDir: string;
  readonly #host: HostServices;
  readonly #entries = new Map<string, Entry>();
  #counter = 0;
  #disposed = false;
  /** Why the durable jobs file could not be loaded, if it could not. */
  readonly loadProblem: string | undefined;

  /** `projectDir` holds the durable jobs file; `host` receives the prompts of jobs that fire. */
  constructor(projectDir: string, host: HostServices) {
    this.#projectDir = projectDir;
    this.#host = host;
    this.loadProblem = this.#loadDurable();
  }

  get durableFile(): string {
    return path.join(this.#projectDir, DURABLE_JOBS_FILE);
  }

  /** Schedules a job; throws on an invalid expression or when the durable file cannot be written. */
  create(input: NewScheduledJob): ScheduledJob {
    if (this.#disposed) throw new Error("The session has ended; no job can be scheduled.");
    const problem = cronExpressionProblem(input.cron);
    if (problem !== undefined)
      throw new Error(`Invalid cron expression "${input.cron}": ${problem}`);
    const job: ScheduledJob = {
      id: this.#newId(),
      cron: input.cron,
      prompt: input.prompt,
      recurring: input.recurring,
      durable: input.durable,
      createdAt: new Date().toISOString(),
    };
    // Written before the timer starts, so a failed write leaves nothing half-scheduled.
    if (job.durable) this.#updateFile((jobs) => [...jobs, job]);
    this.#schedule(job);
    return job;
  }

  /** Removes a job (and its durable record); false when there is no such job. */
  delete(id: string): boolean {
    const entry = this.#entries.get(id);
    if (!entry) return false;
    if (entry.job.durable) this.#updateFile((jobs) => jobs.filter((j) => !hasId(j, id)));
    entry.timer.stop();
    this.#entries.delete(id);
    return true;
  }

  get(id: string): ScheduledJob | undefined {
    return this.#entries.get(id)?.job;
  }

  list(): ScheduledJob[] {
    return [...this.#entries.values()].map((entry) => entry.job);
  }

  /** When the job fires next, or null (unknown job, or no future match). */
  nextRun(id: string): Date | null {
    return this.#entries.get(id)?.timer.nextRun() ?? null;
  }

  /**
   * Fires a job now, as its timer does: hands the prompt to the host and removes a one-shot job.
   * Returns false when there is no such job.
   */
  async fire(id: string): Promise<boolean> {
    const entry = this.#entries.get(id);
    if (!entry) return false;
    if (!entry.job.recurring) {
      try {
        this.delete(id);
      } catch {
        // The durable file could not be rewritten; the job is still dropped from this session.
        entry.timer.stop();
        this.#entries.delete(id);
      }
    }
    try {
      await this.#host.onScheduledPrompt?.(entry.job);
    } catch {
      // A failing host callback must not stop the scheduler or crash a timer.
    }
    return true;
  }

  /** Stops every timer. The durable file is left as it is for later sessions. */
  dispose(): void {
    this.#disposed = true;
    for (const entry of this.#entries.values()) entry.timer.stop();
    this.#entries.clear();
  }

  #schedule(job: ScheduledJob): void {
    const timer = new Cron(
      job.cron,
      { mode: "5-part", unref: true, catch: true, ...(job.recurring ? {} : { maxRuns: 1 }) },
      () => void this.fire(job.id),
    );
    this.#entries.set(job.id, { job, timer });
  }

  #newId(): string {
    const taken = new Set<unknown>(this.#entries.keys());
    try {
      for (const record of this.#readFile()) taken.add(idOf(record));
    } catch {
      // An unreadable file only matters to durable jobs, which report it when they write.
    }
    let id: string;
    do {
      this.#counter += 1;
      id = `cron_${this.#counter}`;
    } while (taken.has(id));
    return id;
  }

  #loadDurable(): string | undefined {
    let records: unknown[];
    try {
      records = this.#readFile();
    } catch (error) {
      return errorMessage(error);
    }
    for (const record of records) {
      const job = toDurableJob(record);
      if (job && !this.#entries.has(job.id) && cronExpressionProblem(job.cron) === undefined) {
        this.#schedule(job);
      }
    }
    return undefined;
  }

  /** The file's records as stored (unknown shape); [] when there is no file. */
  #readFile(): unknown[] {
    let text: string;
    try {
      text = fs.readFileSync(this.durableFile, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error(`${this.durableFile} is not valid JSON; fix or remove it.`);
    }
    const jobs = (data as { jobs?: unknown } | null)?.jobs;
    if (!Array.isArray(jobs)) {
      throw new Error(`${this.durableFile} has no "jobs" list; fix or remove it.`);
    }
    return jobs;
  }

  #updateFile(change: (jobs: unknown[]) => unknown[]): void {
    const jobs = change(this.#readFile());
    fs.mkdirSync(path.dirname(this.durableFile), { recursive: true });
    const temp = `${this.durableFile}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify({ jobs }, null, 2)}\n`);
    fs.renameSync(temp, this.durableFile);
  }
}

function idOf(record: unknown): unknown {
  return typeof record === "object" && record !== null
    ? (record as { id?: unknown }).id
    : undefined;
}

function hasId(record: unknown, id: string): boolean {
  return idOf(record) === id;
}

/** A well-formed durable job from the file, or undefined. */
function toDurableJob(record: unknown): ScheduledJob | undefined {
  if (typeof record !== "object" || record === null) return undefined;
  const r = record as Record<string, unknown>;
  if (typeof r.id !== "string" || typeof r.cron !== "string" || typeof r.prompt !== "string") {
    return undefined;
  }
  return {
    id: r.id,
    cron: r.cron,
    prompt: r.prompt,
    recurring: r.recurring !== false,
    durable: true,
    createdAt: typeof r.createdAt === "string" ? r.createdAt : new Date().toISOString(),
  };
}
