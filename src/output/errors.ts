// CONTRACT.md section 7 (file-system problems in one line, exit 2; signals, 130 / 143).
import { constants as osConstants } from "node:os";

/**
 * File-system problems, worded for the user: one line naming the path and the reason, never a
 * stack trace. The command line ends such a run with exit code 2.
 */
export class FileSystemError extends Error {
  override readonly name = "FileSystemError";
}

/** What an error code means, in words; the code itself follows in parentheses. */
const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  ENAMETOOLONG: "name too long",
  ENOTDIR: "a part of the path is not a folder",
  EISDIR: "it is a folder",
  EEXIST: "it already exists",
  ENOENT: "no such file or folder",
  ELOOP: "too many symbolic links",
  EMFILE: "too many open files",
  ENFILE: "too many open files in the system",
  EIO: "input/output error",
  EBUSY: "resource busy",
  ETXTBSY: "file busy",
  EXDEV: "on another file system",
  ENOTEMPTY: "the folder is not empty",
  EFBIG: "file too large",
  EINVAL: "invalid argument",
};

/** `permission denied (EACCES)`. */
export function reason(error: unknown): string {
  const code = errorCode(error);
  if (code === undefined) return (error as Error)?.message ?? String(error);
  const words = REASONS[code];
  return words ? `${words} (${code})` : code;
}

/** The error's `code` (`EACCES`, ...) when it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/** An error from a file-system call (it names the call): `open`, `mkdir`, `rename`... */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException & { code: string } {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).syscall === "string" &&
    typeof errorCode(error) === "string"
  );
}

/** What a system call was doing, for `cannot <verb> <path>`. */
export function verbOf(syscall: string | undefined): string {
  switch (syscall) {
    case "open":
    case "read":
    case "stat":
    case "lstat":
    case "fstat":
    case "realpath":
    case "readlink":
    case "access":
      return "read";
    case "scandir":
    case "opendir":
      return "list";
    case "mkdir":
      return "create";
    case "unlink":
    case "rmdir":
    case "rm":
      return "remove";
    case "watch":
      return "watch";
    default:
      return "write";
  }
}

/**
 * A run stopped by a signal (SIGINT, SIGTERM) at a point where stopping leaves everything as it
 * was: before the first rename into the output folder, or while reading a log. The command
 * exits 128 + the signal's number (130, 143).
 */
export class Interrupted extends Error {
  override readonly name = "Interrupted";
  constructor(readonly signal: string) {
    super(`stopped by ${signal}`);
  }
}

/** Throws `Interrupted` when `signal` was aborted (its reason is the signal's name). */
export function throwIfStopped(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Interrupted(signalName(signal));
}

/** The name of the signal that aborted `signal` (`SIGINT` when the reason is not one). */
export function signalName(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return typeof reason === "string" && /^SIG[A-Z0-9]+$/.test(reason) ? reason : "SIGINT";
}

/** 128 + the signal's number: 130 for SIGINT, 143 for SIGTERM. */
export function signalExitCode(name: string): number {
  const number = (osConstants.signals as Record<string, number | undefined>)[name];
  return 128 + (number ?? 2);
}

/**
 * Settles as `promise` does, or rejects with `Interrupted` as soon as `signal` aborts (what the
 * promise still does is left to the process's exit).
 */
export function untilStopped<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Interrupted(signalName(signal)));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    // Handled either way: what the promise does after the signal is no unhandled rejection.
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
