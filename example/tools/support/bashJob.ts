import type { BackgroundJob } from "../../services/backgroundJobs.js";
import type { ShellRun } from "../../services/shell.js";

/** A shell command started with `run_in_background`, listed in the session's jobs. */
export class BashJob implements BackgroundJob {
  readonly kind = "bash";

  constructor(
    readonly id: string,
    readonly description: string,
    readonly command: string,
    readonly run: ShellRun,
  ) {}

  get running(): boolean {
    return this.run.running;
  }

  /** The exit code once the command has finished (null when a signal ended it). */
  get exitCode(): number | null | undefined {
    return this.run.exit?.code;
  }

  /** Everything the command printed so far (stdout and stderr together), cut to a budget. */
  output(): string {
    return this.run.output();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    await this.run.stop();
  }
}
