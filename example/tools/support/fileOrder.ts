import fs from "node:fs/promises";

/** Files sorted by modification time, newest first; equal times by path, for a stable order. */
export async function byNewestFirst(files: readonly string[]): Promise<string[]> {
  const stamped = await Promise.all(
    files.map(async (file) => {
      try {
        return { file, mtime: (await fs.stat(file)).mtimeMs };
      } catch {
        // Deleted since it was found: it goes last.
        return { file, mtime: 0 };
      }
    }),
  );
  stamped.sort((a, b) => b.mtime - a.mtime || compareText(a.file, b.file));
  return stamped.map((entry) => entry.file);
}

/** Plain code-unit order, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
