// CONTRACT.md section 7 (the lock that serialises runs on one output folder).
import fs from "node:fs/promises";
import path from "node:path";
import { lock } from "proper-lockfile";
import { errorCode, FileSystemError, reason, throwIfStopped } from "./errors.js";

/**
 * The lock that serialises runs on one output folder: a folder of this name inside the output
 * folder (creating a folder is atomic), whose modification time its holder refreshes every
 * second (proper-lockfile). A lock not refreshed for `LOCK_STALE_MS` belongs to a run that was
 * killed: the next run takes it over, so a killed run blocks the next one for a few seconds at
 * most.
 */
export const LOCK_NAME = ".tool-validators.lock";
export const LOCK_STALE_MS = 4_000;
const LOCK_UPDATE_MS = 1_000;
/** How long a run waits for another run that holds the lock (a run holds it for moments). */
export const LOCK_WAIT_MS = 60_000;

export type LockState = "none" | "held" | "stale";

export interface FolderLock {
  /** Set when the lock was lost: this run stalled and another one took it over. */
  readonly lost: Error | undefined;
  /** The lock of a killed run was in place and this run took it over. */
  readonly tookOver: boolean;
  release(): Promise<void>;
}

/** Whether a run holds the lock on `outDir` now (read only: creates and removes nothing). */
export async function lockState(outDir: string): Promise<LockState> {
  try {
    const stat = await fs.stat(path.join(outDir, LOCK_NAME));
    // The same test as proper-lockfile's.
    return stat.mtimeMs < Date.now() - LOCK_STALE_MS ? "stale" : "held";
  } catch (error) {
    if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") return "none";
    throw error;
  }
}

/**
 * Waits (reading only) while another run holds the lock; returns what is there then: no lock,
 * the stale lock of a killed run, or, after `timeoutMs`, a lock still held.
 */
export async function waitWhileLocked(
  outDir: string,
  timeoutMs = LOCK_WAIT_MS,
  signal?: AbortSignal,
): Promise<LockState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    throwIfStopped(signal);
    const state = await lockState(outDir);
    if (state !== "held" || Date.now() > deadline) return state;
    await sleep(25);
  }
}

/**
 * Takes the lock on `outDir` (an existing folder), waiting while another run holds it and taking
 * over the lock of a killed run. `display` is the folder as shown to the user; `signal` ends
 * the wait (`Interrupted`).
 */
export async function lockFolder(
  outDir: string,
  display: string,
  signal?: AbortSignal,
): Promise<FolderLock> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  const lockfilePath = path.join(outDir, LOCK_NAME);
  let delay = 10;
  for (;;) {
    // A signal ends the wait (nothing is held yet).
    throwIfStopped(signal);
    const before = await lockState(outDir).catch(() => "none" as const);
    try {
      let lost: Error | undefined;
      const release = await lock(outDir, {
        lockfilePath,
        realpath: false,
        stale: LOCK_STALE_MS,
        update: LOCK_UPDATE_MS,
        retries: 0,
        onCompromised: (error) => {
          lost = error;
        },
      });
      return {
        get lost() {
          return lost;
        },
        tookOver: before === "stale",
        release: async () => {
          // A lock already lost or removed is no longer this run's to remove.
          await release().catch(() => {});
        },
      };
    } catch (error) {
      if (errorCode(error) !== "ELOCKED") {
        throw new FileSystemError(
          `cannot write to ${display}/: ${reason(error)}. Nothing was written.`,
        );
      }
      if (Date.now() > deadline) {
        throw new FileSystemError(
          `${display}/ is locked by another run (${display}/${LOCK_NAME}) that did not finish within ${LOCK_WAIT_MS / 1000} s. Nothing was written.`,
        );
      }
      await sleep(delay);
      delay = Math.min(delay * 2, 100);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
