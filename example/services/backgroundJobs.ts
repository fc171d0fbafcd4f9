/**
 * Long-running work started by a tool call (a background shell, a background subagent) that a
 * later call may stop by id (TaskStop). Ids are "bash_1", "agent_1", ... per kind, per session.
 */
export interface BackgroundJob {
  readonly id: string;
  readonly kind: string;
  readonly description: string;
  /** True while the job is still running. */
  readonly running: boolean;
  /** Stops the job; resolves when it has stopped. Stopping a finished job does nothing. */
  stop(): Promise<void>;
}

export class BackgroundJobs {
  readonly #jobs = new Map<string, BackgroundJob>();
  readonly #counters = new Map<string, number>();

  /** A fresh id for a job of this kind. */
  nextId(kind: string): string {
    const n = (this.#counters.get(kind) ?? 0) + 1;
    this.#counters.set(kind, n);
    return `${kind}_${n}`;
  }

  add(job: BackgroundJob): void {
    this.#jobs.set(job.id, job);
  }

  get(id: string): BackgroundJob | undefined {
    return this.#jobs.get(id);
  }

  list(): BackgroundJob[] {
    return [...this.#jobs.values()];
  }

  /** Stops every job that still runs (session end). */
  async stopAll(): Promise<void> {
    await Promise.all(this.list().map((job) => job.stop()));
  }
}
