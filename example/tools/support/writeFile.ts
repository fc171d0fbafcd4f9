import fs from "node:fs/promises";
import path from "node:path";
import { errorMessage, failed } from "../../core/results.js";
import type { ToolResult } from "../../core/types.js";
import { countLines, plural } from "./textStats.js";

/**
 * Writes a whole file, creating missing parent folders, and reports it as
 * "Created <path> (2 lines, 8 bytes)." for a new file, or with `replaced` ("Wrote", "Overwrote")
 * for one that existed.
 */
export async function writeWholeFile(
  filePath: string,
  content: string,
  created: boolean,
  replaced: "Wrote" | "Overwrote",
): Promise<ToolResult> {
  try {
    await fs.mkdir(path.dirname(filePath), { recursive: true });
    await fs.writeFile(filePath, content, "utf8");
  } catch (error) {
    return failed(`Cannot write ${filePath}: ${errorMessage(error)}`);
  }
  const verb = created ? "Created" : replaced;
  const size = `${plural(countLines(content), "line")}, ${plural(Buffer.byteLength(content, "utf8"), "byte")}`;
  return {
    success: true,
    content: `${verb} ${filePath} (${size}).`,
    shortResult: `${verb.toLowerCase()} ${path.basename(filePath)}`,
    metadata: { created },
  };
}
