// CONTRACT.md section 7 (staged writes, files in the way, leftovers of interrupted runs).
import { randomBytes } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readFileSync, renameSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { GENERATED_MARKER, type OutputFile } from "../emit/files.js";
import { unifiedDiff } from "./diff.js";
import { errorCode, FileSystemError, reason, throwIfStopped } from "./errors.js";
import {
  LOCK_NAME,
  lockFolder,
  lockState,
  waitWhileLocked,
  type FolderLock,
  type LockState,
} from "./lock.js";

/**
 * The folder a run writes its files into first, inside the output folder, before renaming each
 * into place: `.tool-validators.<pid>.<hex>.tmp/`. A run that was killed may leave one.
 */
const STAGING = /^\.tool-validators\.\d+\.[0-9a-f]+\.tmp$/;

/** What stands where the generator wants to write and is never overwritten, followed or removed. */
export type ForeignKind = "file" | "symbolic link" | "folder" | "special file";

type Entry =
  | { readonly kind: "file"; readonly content: string; readonly owned: boolean }
  | { readonly kind: Exclude<ForeignKind, "file"> };

/** The output folder as it is: its `.ts` entries (files read without following links). */
interface FolderState {
  readonly entries: ReadonlyMap<string, Entry>;
  /** Temporary files and folders of interrupted runs (folders end with `/`). */
  readonly leftovers: readonly string[];
}

async function inspectFolder(outDir: string, display: string): Promise<FolderState> {
  const entries = new Map<string, Entry>();
  const leftovers: string[] = [];
  let listing: import("node:fs").Dirent[];
  try {
    listing = await fs.readdir(outDir, { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) === "ENOENT") return { entries, leftovers };
    throw new FileSystemError(`cannot read ${display}/: ${folderReason(error)}.`);
  }
  for (const entry of listing) {
    const name = entry.name;
    if (STAGING.test(name)) {
      leftovers.push(entry.isDirectory() ? `${name}/` : name);
      continue;
    }
    if (!name.endsWith(".ts")) continue;
    if (entry.isSymbolicLink()) entries.set(name, { kind: "symbolic link" });
    else if (entry.isDirectory()) entries.set(name, { kind: "folder" });
    else if (!entry.isFile()) entries.set(name, { kind: "special file" });
    else entries.set(name, readEntry(outDir, name, display));
  }
  leftovers.sort();
  return { entries, leftovers };
}

/**
 * Reads a regular file without following a link that replaced it meanwhile. Synchronous, as
 * are the renames: a folder of 1,000 files took 4 threadpool round trips per file otherwise.
 */
function readEntry(outDir: string, name: string, display: string): Entry {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(
      path.join(outDir, name),
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) return { kind: stat.isDirectory() ? "folder" : "special file" };
    const content = readFileSync(descriptor, "utf8");
    return { kind: "file", content, owned: content.startsWith(GENERATED_MARKER) };
  } catch (error) {
    if (errorCode(error) === "ELOOP") return { kind: "symbolic link" };
    if (errorCode(error) === "EISDIR") return { kind: "folder" };
    throw new FileSystemError(`cannot read ${display}/${name}: ${reason(error)}.`);
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

function folderReason(error: unknown): string {
  return errorCode(error) === "ENOTDIR" ? "it is a file, not a folder (ENOTDIR)" : reason(error);
}

export interface FolderDifferences {
  /** Files whose content differs, with their unified diff (diff.ts; computed when read). */
  readonly stale: { readonly name: string; readonly diff: string }[];
  /** Files that should exist and do not. */
  readonly missing: string[];
  /** Generated files for tools that no longer exist. */
  readonly extra: string[];
  /**
   * Entries where a generated file goes that the generator never overwrites: files it did not
   * write (no generated-marker first line), symbolic links, folders, special files.
   */
  readonly foreign: { name: string; kind: ForeignKind }[];
  /** What interrupted runs left: temporary files and folders, a stale lock (folders end with `/`). */
  readonly leftovers: string[];
  readonly unchanged: string[];
}

function differences(
  state: FolderState,
  files: readonly OutputFile[],
  lock: LockState,
  display: string,
): FolderDifferences {
  const result: FolderDifferences = {
    stale: [],
    missing: [],
    extra: [],
    foreign: [],
    leftovers: [...state.leftovers],
    unchanged: [],
  };
  const wanted = new Set(files.map((f) => f.name));
  for (const file of files) {
    const current = state.entries.get(file.name);
    if (!current) result.missing.push(file.name);
    else if (current.kind !== "file") result.foreign.push({ name: file.name, kind: current.kind });
    else if (!current.owned) result.foreign.push({ name: file.name, kind: "file" });
    else if (current.content === file.content) result.unchanged.push(file.name);
    else
      result.stale.push(
        staleFile(`${display}/${file.name}`, file.name, current.content, file.content),
      );
  }
  for (const [name, entry] of state.entries)
    if (entry.kind === "file" && entry.owned && !wanted.has(name)) result.extra.push(name);
  result.extra.sort();
  if (lock === "stale") result.leftovers.push(`${LOCK_NAME}/`);
  return result;
}

/** A stale file, its diff computed only when it is read (a write needs none). */
function staleFile(
  shown: string,
  name: string,
  before: string,
  after: string,
): FolderDifferences["stale"][number] {
  let diff: string | undefined;
  return {
    name,
    get diff() {
      return (diff ??= unifiedDiff(shown, before, after));
    },
  };
}

export interface FolderOptions {
  /** The output folder as shown in messages (default: `outDir`). */
  readonly display?: string;
  /**
   * Stops the run (`Interrupted`) where that leaves the folder as it was: while waiting for the
   * lock, before the first rename. Once renaming has begun, the run finishes it.
   */
  readonly signal?: AbortSignal;
}

/**
 * Compares the output folder with the files that should be there. Reads only: it creates,
 * changes and removes nothing, not even a lock. While another run holds the lock it waits, and
 * it reads again if the folder changed while it was read, so it never reports a run's work half
 * done; the lock of a killed run and its temporary files are reported as leftovers.
 */
export async function compareFolder(
  outDir: string,
  files: readonly OutputFile[],
  options: FolderOptions = {},
): Promise<FolderDifferences> {
  const display = options.display ?? outDir;
  for (let attempt = 1; ; attempt++) {
    const lock = await waitWhileLocked(outDir, undefined, options.signal);
    const before = await folderStamp(outDir);
    const state = await inspectFolder(outDir, display);
    const after = await folderStamp(outDir);
    const settled = before === after && (await lockState(outDir)) === lock;
    if (settled || attempt === 10) return differences(state, files, lock, display);
  }
}

/** Changes whenever an entry of the folder is added, removed or renamed. */
async function folderStamp(outDir: string): Promise<string> {
  try {
    const stat = await fs.stat(outDir, { bigint: true });
    return `${stat.ino}:${stat.mtimeNs}:${stat.ctimeNs}`;
  } catch {
    return "absent";
  }
}

export interface WriteSummary {
  readonly written: string[];
  readonly unchanged: string[];
  readonly removed: string[];
  /** What interrupted runs had left and this run removed (folders end with `/`). */
  readonly cleaned: string[];
}

/**
 * Brings the output folder in line with `files`, holding the folder's lock meanwhile (another run
 * waits). Everything that can be checked is checked before the first write: the output path is a
 * folder (created if missing) that can be written to, and no entry is in the way. Then every
 * changed file is written into a temporary folder inside the output folder, and only when all of
 * them are written are they renamed into place (each rename is atomic; `index.ts` comes after the
 * modules it imports), and generated files for tools that are gone are removed. Files the
 * generator did not write, symbolic links and folders are never touched: if one is in the way,
 * nothing is written at all. What a killed run left is removed.
 */
export async function writeFolder(
  outDir: string,
  files: readonly OutputFile[],
  options: FolderOptions = {},
): Promise<WriteSummary> {
  const display = options.display ?? outDir;
  const { signal } = options;
  throwIfStopped(signal);
  const created = await ensureFolder(outDir, display);
  let lock;
  try {
    lock = await lockFolder(outDir, display, signal);
  } catch (error) {
    await removeCreated(outDir, created);
    throw error;
  }
  let committed = false;
  try {
    throwIfStopped(signal);
    const state = await inspectFolder(outDir, display);
    const found = differences(state, files, "none", display);
    if (found.foreign.length > 0) throw new InTheWayError(display, found.foreign);
    const changed = new Set([...found.missing, ...found.stale.map((s) => s.name)]);
    const toWrite = files
      .filter((file) => changed.has(file.name))
      .sort((a, b) => Number(a.name === "index.ts") - Number(b.name === "index.ts"));

    const staging = toWrite.length > 0 ? await stage(outDir, display, toWrite) : undefined;
    try {
      if (lock.lost) throw lostLock(display, lock.lost);
      // The last point where a signal stops the run with the folder as it was; from here on,
      // the renames (each atomic) are finished, then the staging folder and the lock go.
      throwIfStopped(signal);
      committed = true;
      await replaceFiles(outDir, display, lock, staging, toWrite);
      await removeFiles(outDir, display, found.extra);
    } finally {
      if (staging) await fs.rm(staging, { recursive: true, force: true }).catch(() => {});
    }
    const cleaned = lock.tookOver ? [`${LOCK_NAME}/`] : [];
    cleaned.push(...(await removeLeftovers(outDir, state.leftovers)));
    return {
      written: toWrite.map((file) => file.name),
      unchanged: found.unchanged,
      removed: found.extra,
      cleaned,
    };
  } finally {
    await lock.release();
    if (!committed) await removeCreated(outDir, created);
  }
}

/** Renames the staged files into place, in order, while the lock is held. */
async function replaceFiles(
  outDir: string,
  display: string,
  lock: FolderLock,
  staging: string | undefined,
  toWrite: readonly OutputFile[],
): Promise<void> {
  for (const [index, file] of toWrite.entries()) {
    if (lock.lost) throw lostLock(display, lock.lost, index);
    try {
      renameSync(path.join(staging!, file.name), path.join(outDir, file.name));
    } catch (error) {
      throw new FileSystemError(
        `cannot write ${display}/${file.name}: ${reason(error)}. ${replacedSoFar(index)}`,
      );
    }
  }
}

/** Removes the generated files of tools that are gone. */
async function removeFiles(outDir: string, display: string, names: readonly string[]) {
  for (const name of names) {
    try {
      await fs.rm(path.join(outDir, name), { force: true });
    } catch (error) {
      throw new FileSystemError(`cannot remove ${display}/${name}: ${reason(error)}.`);
    }
  }
}

/** Removes what interrupted runs left; returns what is gone. */
async function removeLeftovers(outDir: string, leftovers: readonly string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const name of leftovers) {
    try {
      await fs.rm(path.join(outDir, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Still there: the drift check goes on reporting it.
    }
  }
  return removed;
}

/**
 * Makes sure the output path is a folder, creating it when missing; returns the first folder
 * it created, if any (removed again when nothing is written).
 */
async function ensureFolder(outDir: string, display: string): Promise<string | undefined> {
  try {
    const stat = await fs.stat(outDir);
    if (stat.isDirectory()) return undefined;
    throw new FileSystemError(
      `cannot write to ${display}: it is a file, not a folder (ENOTDIR). Nothing was written.`,
    );
  } catch (error) {
    if (error instanceof FileSystemError) throw error;
    if (errorCode(error) !== "ENOENT") throw cannotCreate(display, error);
  }
  try {
    return await fs.mkdir(outDir, { recursive: true });
  } catch (error) {
    throw cannotCreate(display, error);
  }
}

function cannotCreate(display: string, error: unknown): FileSystemError {
  const why =
    errorCode(error) === "ENOTDIR" || errorCode(error) === "EEXIST"
      ? `a part of the path is a file, not a folder (${errorCode(error)})`
      : reason(error);
  return new FileSystemError(`cannot create the folder ${display}: ${why}. Nothing was written.`);
}

/** Removes the folders `ensureFolder` created, from the output folder up (only if empty). */
async function removeCreated(outDir: string, created: string | undefined): Promise<void> {
  if (created === undefined) return;
  for (let dir = outDir; ; dir = path.dirname(dir)) {
    try {
      await fs.rmdir(dir);
    } catch {
      return;
    }
    if (dir === created || path.dirname(dir) === dir) return;
  }
}

/**
 * Writes the files into a new temporary folder inside the output folder (the same file system,
 * the same names, so a name too long or a full disk shows here); on any failure removes it and
 * throws, having changed nothing else.
 */
async function stage(
  outDir: string,
  display: string,
  files: readonly OutputFile[],
): Promise<string> {
  const staging = path.join(
    outDir,
    `.tool-validators.${process.pid}.${randomBytes(4).toString("hex")}.tmp`,
  );
  try {
    await fs.mkdir(staging);
  } catch (error) {
    throw new FileSystemError(
      `cannot write to ${display}/: ${reason(error)}. Nothing was written.`,
    );
  }
  const failure = await writeAll(staging, files);
  if (failure) {
    await fs.rm(staging, { recursive: true, force: true }).catch(() => {});
    throw new FileSystemError(
      `cannot write ${display}/${failure.file.name}: ${reason(failure.error)}. Nothing was written.`,
    );
  }
  return staging;
}

/**
 * Writes the files into the folder, a few at a time: asynchronous, so that a signal stops the
 * run before its first rename (CONTRACT.md section 7), and concurrent, so that a folder of 1,000
 * files does not wait for each write in turn (one at a time: 260-300 ms; eight: about 70 ms,
 * when the disk is not flushing).
 * After the first failure no write starts; those under way finish before it is reported.
 */
async function writeAll(
  folder: string,
  files: readonly OutputFile[],
): Promise<{ file: OutputFile; error: unknown } | undefined> {
  let next = 0;
  let failure: { file: OutputFile; error: unknown } | undefined;
  const writer = async () => {
    while (failure === undefined && next < files.length) {
      const file = files[next++]!;
      try {
        await fs.writeFile(path.join(folder, file.name), file.content, { flag: "wx" });
      } catch (error) {
        failure ??= { file, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITERS, files.length) }, writer));
  return failure;
}

/** How many staged writes are under way at once. */
const WRITERS = 8;

function replacedSoFar(count: number): string {
  return count === 0
    ? "Nothing was written."
    : `${count} file${count === 1 ? " was" : "s were"} already replaced, each whole: run again.`;
}

function lostLock(display: string, error: Error, replaced = 0): FileSystemError {
  return new FileSystemError(
    `lost the lock on ${display}/ (${error.message}): another run may be writing. ${replacedSoFar(replaced)}`,
  );
}

const KIND_TEXT: Record<ForeignKind, string> = {
  file: `a file the generator did not write: no "${GENERATED_MARKER}" first line`,
  "symbolic link": "a symbolic link",
  folder: "a folder",
  "special file": "not a regular file",
};

/** How an entry in the way is shown: `index.ts (a symbolic link)`. */
function foreignText(entry: { name: string; kind: ForeignKind }): string {
  return `${entry.name} (${KIND_TEXT[entry.kind]})`;
}

/** Entries in the way of files to write, which the generator never overwrites, follows or removes. */
export class InTheWayError extends FileSystemError {
  constructor(
    readonly outDir: string,
    readonly entries: readonly { name: string; kind: ForeignKind }[],
  ) {
    const one = entries.length === 1;
    super(
      `cannot write to ${outDir}/: ${entries.map((entry) => `${outDir}/${foreignText(entry)}`).join(", ")} ${one ? "is" : "are"} in the way, ` +
        `and the generator never overwrites, follows or removes what it did not write. Move or delete ${one ? "it" : "them"}, or choose another --out folder. Nothing was written.`,
    );
  }
}
