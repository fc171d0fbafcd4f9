import { spawn, type ChildProcessByStdio } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { OutputBuffer } from "./outputBuffer.js";

/** How a shell run ended. */
export interface ShellExit {
  /** The exit code, or null when a signal ended the shell or it never started. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when bash could not be started at all. */
  startError?: Error;
}

/** How long a stopped process group gets to exit after SIGTERM before SIGKILL. */
export const KILL_GRACE_MS = 2000;
/**
 * After the shell exits, how long to keep reading output. Children the command left running
 * (`server &`) may hold the pipes open for ever; we do not wait for them.
 */
const DRAIN_MS = 200;
const POLL_MS = 25;

/** A `bash -c` process running in its own process group, with its output collected. */
export class ShellRun {
  readonly pid: number | undefined;
  /** Resolves once the shell has exited and its output has been read. */
  readonly exited: Promise<ShellExit>;
  readonly #output: OutputBuffer;
  readonly #child: ChildProcessByStdio<null, Readable, Readable>;
  #running = true;
  #exit: ShellExit | undefined;
  #stopping: Promise<void> | undefined;

  constructor(command: string, cwd: string, outputLimit: number) {
    this.#output = new OutputBuffer(outputLimit);
    // detached: the shell leads a new process group, so killing the group also reaches the
    // processes the command started.
    const child = (this.#child = spawn("bash", ["-c", command], {
      cwd,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    }));
    this.pid = child.pid;
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => this.#output.append(chunk));
      // A destroyed pipe may report an error; the output already read is what we have.
      stream.on("error", () => {});
    }
    this.exited = new Promise<ShellExit>((resolve) => {
      const finish = (exit: ShellExit) => {
        this.#running = false;
        this.#exit ??= exit;
        resolve(this.#exit);
      };
      child.once("error", (error) => finish({ code: null, signal: null, startError: error }));
      child.once("exit", (code, signal) => {
        this.#running = false;
        const timer = setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
          finish({ code, signal });
        }, DRAIN_MS);
        child.once("close", () => {
          clearTimeout(timer);
          finish({ code, signal });
        });
      });
    });
  }

  /** True until the shell process has exited. */
  get running(): boolean {
    return this.#running;
  }

  /** How the shell ended, once it has. */
  get exit(): ShellExit | undefined {
    return this.#exit;
  }

  /** The output so far (stdout and stderr interleaved as they arrived), cut to the limit. */
  output(): string {
    return this.#output.text();
  }

  /**
   * Stops the shell and everything in its process group: SIGTERM, then SIGKILL for whatever is
   * still there after the grace period. Resolves when the shell has exited.
   */
  stop(graceMs = KILL_GRACE_MS): Promise<void> {
    this.#stopping ??= this.#stopGroup(graceMs);
    return this.#stopping;
  }

  /** Keeps a background run from holding the host process open. */
  unref(): void {
    this.#child.unref();
    for (const stream of [this.#child.stdout, this.#child.stderr]) {
      (stream as Readable & { unref?: () => void }).unref?.();
    }
  }

  async #stopGroup(graceMs: number): Promise<void> {
    const pid = this.pid;
    if (pid === undefined) return;
    if (!signalGroup(pid, "SIGTERM")) {
      await this.exited;
      return;
    }
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && (this.#running || groupAlive(pid))) {
      await sleep(POLL_MS);
    }
    if (this.#running || groupAlive(pid)) signalGroup(pid, "SIGKILL");
    await this.exited;
  }
}

/** Sends a signal to a whole process group; false when the group no longer exists. */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * True while some process of the group still runs. Zombies do not count: an orphaned child is
 * reaped by the system's init process, and some minimal inits (containers, VMs) never do it.
 */
function groupAlive(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  if (process.platform !== "linux") return true;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return true;
  }
  return pids.some((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after "(comm)": state, ppid, pgrp, ...
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(pgrp) === pgid && state !== "Z";
    } catch {
      return false; // Gone while we looked.
    }
  });
}
