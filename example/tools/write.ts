import fs from "node:fs/promises";
import type { ToolPlugin } from "./toolPlugin.js";
import { EDIT_TOOL_NAME, WRITE_TOOL_NAME } from "./names.js";
import { resolveInWorkdir } from "./paths.js";
import { writeWholeFile } from "./support/writeFile.js";
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
    return writeWholeFile(filePath, content, !existed, "Overwrote");
  },
};
