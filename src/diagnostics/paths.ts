import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `target` relative to `base`, with `/`; `.` for `base` itself: how every path is shown
 * (headers, messages), never absolute (CONTRACT.md section 7).
 */
export function relativeName(base: string, target: string): string {
  return path.relative(base, target).split(path.sep).join("/") || ".";
}

/** Where this package is installed, from where prettier and its plugins may resolve. */
const PACKAGE_FILE = fileURLToPath(import.meta.url);

/**
 * A run's text with every absolute path under the working folder's top folder, or under this
 * package's, written relative to the working folder (`file://` URLs too): what the command
 * prints, so that a message built from another library's error ("Cannot find package 'x'
 * imported from /home/me/app/noop.js") names no absolute path either (CONTRACT.md section 7).
 * The source lines of code frames are the declaration's own text and stay as they are; a
 * path outside those folders (`/etc/hosts` in a declared value) is not the run's.
 */
export function withRelativePaths(text: string, cwd: string): string {
  const pattern = absolutePaths(cwd);
  if (pattern === undefined || !pattern.test(text)) return text;
  const lines = text.split("\n");
  return lines
    .map((line, i) =>
      /^\d+ /.test(line) && /^\s*~+\s*$/.test(lines[i + 1] ?? "")
        ? line
        : line.replace(pattern, (token) => relativeToken(token, cwd)),
    )
    .join("\n");
}

const patterns = new Map<string, RegExp | undefined>();

/** Absolute paths (and `file://` URLs) under the top folders of `cwd` and of this package. */
function absolutePaths(cwd: string): RegExp | undefined {
  if (patterns.has(cwd)) return patterns.get(cwd);
  const tops = [...new Set([topFolder(path.resolve(cwd)), topFolder(PACKAGE_FILE)])].filter(
    (top): top is string => top !== undefined,
  );
  const escaped = tops.map((top) => top.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&"));
  const pattern =
    escaped.length === 0
      ? undefined
      : new RegExp(
          `(?:file://|(?<![\\w.~-]))(?:${escaped.join("|")})(?![\\w.-])(?:[\\\\/][^\\s'"\`<>()|,;]*)?`,
          "g",
        );
  patterns.set(cwd, pattern);
  return pattern;
}

/** The first folder below the file-system root on the way to `folder` (`/home`, `C:\Users`). */
function topFolder(folder: string): string | undefined {
  const { root } = path.parse(folder);
  const first = folder.slice(root.length).split(/[\\/]/)[0];
  return first ? path.join(root, first) : undefined;
}

/** One path token written relative to `cwd`, a trailing `.`, `:` or `!` kept outside it. */
function relativeToken(token: string, cwd: string): string {
  const trailing = /[.:!]+$/.exec(token)?.[0] ?? "";
  const bare = token.slice(0, token.length - trailing.length);
  const absolute = bare.startsWith("file://") ? fileURLToPath(bare) : bare;
  return `${relativeName(cwd, absolute)}${trailing}`;
}
