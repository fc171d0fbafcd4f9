import { READ_TOOL_NAME } from "../constants/tools.js";
import type { ToolPlugin } from "./types.js";

export const readTool: ToolPlugin = {
  name: READ_TOOL_NAME,
  config: {
    type: "function",
    function: {
      name: READ_TOOL_NAME,
      description: "Reads a file, optionally from a line on.",
      parameters: {
        type: "object",
        properties: {
          file_path: { type: "string", description: "The file to read" },
          offset: { type: "number", description: "The line to start at (1 is the first)" },
        },
        required: ["file_path"],
      },
    },
  },
  execute: async (args, context) => {
    const text = context.files.get(args.file_path as string);
    if (text === undefined) return { success: false, content: "", error: "File not found" };
    const lines = text.split("\n").slice(((args.offset as number | undefined) ?? 1) - 1);
    return { success: true, content: lines.join("\n") };
  },
};
