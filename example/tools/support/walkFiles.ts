import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { compareText } from "./fileOrder.js";

/**
 * Every file under a folder, depth first, in name order. Folders named in `skip` are not entered;
 * symlinks to folders are not followed (they may loop), symlinks to files are listed. Folders that
 * cannot be read are passed over.
 */
export async function* walkFiles(root: string, skip: readonly string[]): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(root, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => compareText(a.name, b.name));
  for (const entry of entries) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) {
      if (!skip.includes(entry.name)) yield* walkFiles(full, skip);
    } else if (entry.isFile()) {
      yield full;
    } else if (entry.isSymbolicLink()) {
      try {
        if ((await fs.stat(full)).isFile()) yield full;
      } catch {
        // A dangling link: nothing to search.
      }
    }
  }
}
