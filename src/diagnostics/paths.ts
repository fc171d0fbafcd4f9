import path from "node:path";

/**
 * `target` relative to `base`, with `/`; `.` for `base` itself: how every path is shown
 * (headers, messages), never absolute (CONTRACT.md section 7).
 */
export function relativeName(base: string, target: string): string {
  return path.relative(base, target).split(path.sep).join("/") || ".";
}
