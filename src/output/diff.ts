// The drift check's diff of a stale file (CONTRACT.md section 7): a unified diff, what the
// folder holds (`-`) against what the run generates (`+`), with 3 lines of context, so that a
// change can be read in a CI log; at most `maxLines` lines, then a note of how many more. The
// line diff is jsdiff's (Myers), loaded only when a file differs.
import { createRequire } from "node:module";

/** Lines of context around each change, as `diff -u` gives. */
const CONTEXT = 3;
/** Lines of one file's diff shown, headers included. */
export const FILE_DIFF_LINES = 40;
/** Beyond this many edits, a diff is not worth computing: the files differ throughout. */
const MAX_EDITS = 4000;

let jsdiff: typeof import("diff") | undefined;

export function unifiedDiff(
  file: string,
  before: string,
  after: string,
  maxLines = FILE_DIFF_LINES,
): string {
  jsdiff ??= createRequire(import.meta.url)("diff") as typeof import("diff");
  const patch = jsdiff.createTwoFilesPatch(
    file,
    file,
    before,
    after,
    "in the folder",
    "generated",
    {
      context: CONTEXT,
      maxEditLength: MAX_EDITS,
      headerOptions: { includeIndex: false, includeUnderline: false, includeFileHeaders: true },
    },
  );
  if (patch === undefined) {
    const count = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    return [
      `--- ${file}\tin the folder`,
      `+++ ${file}\tgenerated`,
      `@@ the files differ throughout (${count(before)} lines in the folder, ${count(after)} generated) @@`,
    ].join("\n");
  }
  return bounded(patch.replace(/\n$/, "").split("\n"), maxLines).join("\n");
}

/** At most `max` lines, the rest said in one line. */
export function bounded(lines: readonly string[], max: number): string[] {
  if (lines.length <= max) return [...lines];
  const hidden = lines.length - max;
  return [...lines.slice(0, max), `... ${hidden} more line${hidden === 1 ? "" : "s"}`];
}
