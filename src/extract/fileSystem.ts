import fs from "node:fs";

/**
 * The file system as the reader sees it: every question it asks (a file's bytes, whether a
 * file or a folder exists, where a symbolic link leads, what a folder holds) goes through one
 * of these calls, so that a caller can record the answers (the cache does: src/cache) and
 * later ask them again. Answers are synchronous: TypeScript's module resolution asks them so.
 */
export interface SourceFileSystem {
  /** The bytes of a file, or the error that reading it gave. */
  readFile(path: string): Uint8Array | NodeJS.ErrnoException;
  /** Whether `path` is a file (following symbolic links). */
  isFile(path: string): boolean;
  /** Whether `path` is a folder (following symbolic links). */
  isDirectory(path: string): boolean;
  /** The path with every symbolic link resolved; the path itself when it cannot be resolved. */
  realpath(path: string): string;
  /** The names in a folder, sorted; empty when it cannot be listed. */
  list(path: string): readonly string[];
  /**
   * The text of `path` changed (watch mode): a file system that remembers answers forgets its
   * answer to reading it.
   */
  forget?(path: string): void;
}

/** The file system itself, remembering nothing. */
export const nodeFileSystem: SourceFileSystem = {
  readFile(path) {
    try {
      return fs.readFileSync(path);
    } catch (error) {
      return error as NodeJS.ErrnoException;
    }
  },
  isFile(path) {
    return stat(path)?.isFile() ?? false;
  },
  isDirectory(path) {
    return stat(path)?.isDirectory() ?? false;
  },
  realpath(path) {
    try {
      return fs.realpathSync(path);
    } catch {
      return path;
    }
  },
  list(path) {
    try {
      return fs.readdirSync(path).sort();
    } catch {
      return [];
    }
  },
};

function stat(path: string): fs.Stats | undefined {
  try {
    return fs.statSync(path, { throwIfNoEntry: false });
  } catch {
    // ENOTDIR, ELOOP, EACCES...: nothing usable there.
    return undefined;
  }
}
