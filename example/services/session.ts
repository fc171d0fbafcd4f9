import path from "node:path";
import type { HostServices, PermissionMode } from "../core/types.js";
import { BackgroundJobs } from "./backgroundJobs.js";
import { CronScheduler } from "./cronScheduler.js";
import { TaskStore } from "./taskStore.js";

export interface SessionOptions {
  workdir: string;
  permissionMode?: PermissionMode;
  /** Folder of skills (`<name>/SKILL.md`); default `<workdir>/.agent/skills`. */
  skillsDir?: string;
  host?: HostServices;
}

/** A worktree the session entered with EnterWorktree. */
export interface WorktreeState {
  name: string;
  path: string;
  branch: string;
  /** Where the session worked before entering the worktree. */
  previousWorkdir: string;
}

/** Per-session state that tools read and change. One per ToolManager. */
export class Session {
  /** The current working directory; EnterWorktree/ExitWorktree move it. */
  workdir: string;
  /** The directory the session was started in. */
  readonly projectDir: string;
  permissionMode: PermissionMode;
  /** The mode to return to when plan mode ends. */
  modeBeforePlan: PermissionMode | undefined;
  worktree: WorktreeState | undefined;
  readonly skillsDir: string;
  readonly host: HostServices;
  readonly tasks = new TaskStore();
  readonly jobs = new BackgroundJobs();
  readonly crons: CronScheduler;

  constructor(options: SessionOptions) {
    this.projectDir = path.resolve(options.workdir);
    this.workdir = this.projectDir;
    this.permissionMode = options.permissionMode ?? "default";
    this.modeBeforePlan = undefined;
    this.worktree = undefined;
    this.skillsDir = options.skillsDir ?? path.join(this.projectDir, ".agent", "skills");
    this.host = options.host ?? {};
    this.crons = new CronScheduler(this.projectDir, this.host);
  }

  /** Stops background jobs and timers. */
  async dispose(): Promise<void> {
    this.crons.dispose();
    await this.jobs.stopAll();
  }
}
