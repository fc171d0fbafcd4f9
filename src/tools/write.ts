import fs from "node:fs/promises";
import path from "node:path";
import type { ToolPlugin } from "./toolPlugin.js";
import { EDIT_TOOL_NAME, WRITE_TOOL_NAME } from "./names.js";
import { resolveInWorkdir } from "./paths.js";
import { countLines, plural } from "./support/textStats.js";
import type { WriteArgs } from "../../generated/index.js";
import { failed } from "../core/results.js";

export const writeTool: ToolPlugin<WriteArgs> = {
  name: WRITE_TOOL_NAME,
  permission: "edit",
  config: {
    type: "function",
    function: {
      name: WRITE_TOOL_NAME,
      description: `Writes a whole file: creates it (and any missing parent folders) or replaces everything in it. To change part of an existing file, prefer ${EDIT_TOOL_NAME}.`,
      parameters: {
        type: "object",
        properties: {
          file_path: {
            type: "string",
            description: "The file to write: absolute, or relative to the working directory.",
          },
          content: {
            type: "string",
            description: "The complete new text of the file.",
          },
        },
        required: ["file_path", "content"],
        additionalProperties: false,
      },
    },
  },
  async execute(args, context) {
    const { file_path, content } = args;
    const filePath = resolveInWorkdir(context.workdir, file_path);
    let existed = false;
    try {
      const stat = await fs.stat(filePath);
      if (stat.isDirectory()) {
        return failed(`${filePath} is a directory; give the path of a file to write.`);
      }
      existed = true;
    } catch {
      // Missing: the file is created below.
    }
    try {
      await fs.mkdir(path.dirname(filePath), { recursive: true });
      await fs.writeFile(filePath, content, "utf8");
    } catch (error) {
      return failed(`Cannot write ${filePath}: ${(error as Error).message}`);
    }
    const size = `${plural(countLines(content), "line")}, ${plural(Buffer.byteLength(content, "utf8"), "byte")}`;
    return {
      success: true,
      content: `${existed ? "Overwrote" : "Created"} ${filePath} (${size}).`,
      shortResult: `${existed ? "overwrote" : "created"} ${path.basename(filePath)}`,
      metadata: { created: !existed },
    };
  },
};
