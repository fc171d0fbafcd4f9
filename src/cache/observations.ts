// What a run saw of the file system, recorded as the reader asked it and replayed by the next
// run: the same question with the same answer everywhere means the reading would be the same.
import { createHash } from "node:crypto";
import { nodeFileSystem, type SourceFileSystem } from "../extract/fileSystem.js";

/** Every answer the reader was given, by question: all paths absolute. */
export interface Observations {
  /** Files read: the hash of their bytes (null: they could not be read). */
  readonly reads: Readonly<Record<string, string | null>>;
  /** Paths asked whether they are a file. */
  readonly files: Readonly<Record<string, boolean>>;
  /** Paths asked whether they are a folder. */
  readonly folders: Readonly<Record<string, boolean>>;
  /** Paths whose symbolic links were resolved, and where they led. */
  readonly realpaths: Readonly<Record<string, string>>;
  /** Folders listed, with their sorted names. */
  readonly listings: Readonly<Record<string, readonly string[]>>;
}

/**
 * The file system the reader uses, answering as the file system does and writing down every
 * answer (the first one for each question). A question asked twice in one run that got two
 * answers (a file changed while the run read it) makes the record unusable: `changedDuringRun`
 * says which.
 */
export class RecordingFileSystem implements SourceFileSystem {
  readonly #base: SourceFileSystem;
  readonly #reads = new Map<string, string | null>();
  readonly #files = new Map<string, boolean>();
  readonly #folders = new Map<string, boolean>();
  readonly #realpaths = new Map<string, string>();
  readonly #listings = new Map<string, readonly string[]>();
  #changed: string | undefined;

  constructor(base: SourceFileSystem = nodeFileSystem) {
    this.#base = base;
  }

  readFile(path: string): Uint8Array | NodeJS.ErrnoException {
    const bytes = this.#base.readFile(path);
    this.#note(this.#reads, path, bytes instanceof Uint8Array ? hashOf(bytes) : null);
    return bytes;
  }

  isFile(path: string): boolean {
    return this.#note(this.#files, path, this.#base.isFile(path));
  }

  isDirectory(path: string): boolean {
    return this.#note(this.#folders, path, this.#base.isDirectory(path));
  }

  realpath(path: string): string {
    return this.#note(this.#realpaths, path, this.#base.realpath(path));
  }

  list(path: string): readonly string[] {
    const names = this.#base.list(path);
    this.#note(this.#listings, path, names);
    return names;
  }

  /** The text of `path` changed between two runs of one reader (watch mode): read it afresh. */
  forget(path: string): void {
    this.#reads.delete(path);
    if (this.#changed === path) this.#changed = undefined;
  }

  #note<T>(answers: Map<string, T>, path: string, answer: T): T {
    if (!answers.has(path)) answers.set(path, answer);
    else if (JSON.stringify(answers.get(path)) !== JSON.stringify(answer)) this.#changed ??= path;
    return answer;
  }

  /** A path that gave two answers during the run, if one did. */
  get changedDuringRun(): string | undefined {
    return this.#changed;
  }

  /** The answers, leaving out paths `skip` says are no input. */
  observations(skip: (path: string) => boolean = () => false): Observations {
    const plain = <T>(answers: Map<string, T>) =>
      Object.fromEntries([...answers].filter(([path]) => !skip(path)).sort(byKey));
    return {
      reads: plain(this.#reads),
      files: plain(this.#files),
      folders: plain(this.#folders),
      realpaths: plain(this.#realpaths),
      listings: plain(this.#listings),
    };
  }
}

function byKey([a]: [string, unknown], [b]: [string, unknown]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function hashOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Asks every recorded question again: undefined when every answer is the same, else what
 * differs (the first difference found). Anything but a well-formed record is a difference.
 */
export function changedObservation(observations: Observations | undefined): string | undefined {
  if (!isObservations(observations)) return "the record of what was read is missing";
  const fsNow = nodeFileSystem;
  for (const [path, hash] of Object.entries(observations.reads)) {
    const bytes = fsNow.readFile(path);
    const now = bytes instanceof Uint8Array ? hashOf(bytes) : null;
    if (now !== hash)
      return now === null
        ? `${path} cannot be read`
        : hash === null
          ? `${path} appeared`
          : `${path} changed`;
  }
  for (const [path, was] of Object.entries(observations.files)) {
    const now = fsNow.isFile(path);
    if (now !== was) return now ? `${path} appeared` : `${path} is gone`;
  }
  for (const [path, was] of Object.entries(observations.folders)) {
    const now = fsNow.isDirectory(path);
    if (now !== was) return now ? `the folder ${path} appeared` : `the folder ${path} is gone`;
  }
  for (const [path, was] of Object.entries(observations.realpaths)) {
    if (fsNow.realpath(path) !== was) return `${path} leads elsewhere`;
  }
  for (const [path, was] of Object.entries(observations.listings)) {
    if (JSON.stringify(fsNow.list(path)) !== JSON.stringify(was))
      return `the entries of ${path} changed`;
  }
  return undefined;
}

function isObservations(value: unknown): value is Observations {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return ["reads", "files", "folders", "realpaths", "listings"].every(
    (key) => typeof record[key] === "object" && record[key] !== null,
  );
}
