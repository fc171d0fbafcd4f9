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
