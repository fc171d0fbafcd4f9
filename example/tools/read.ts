import fs from "node:fs/promises";
import type { ToolPlugin } from "./toolPlugin.js";
import { READ_TOOL_NAME } from "./names.js";
import { resolveInWorkdir } from "./paths.js";
import type { ReadArgs } from "../../generated/index.js";
import { errorMessage, failed } from "../core/results.js";

const DEFAULT_LINE_LIMIT = 2000;
const MAX_LINE_LENGTH = 2000;

export const readTool: ToolPlugin<ReadArgs> = {
  name: READ_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: READ_TOOL_NAME,
      description: `Reads a text file and returns its lines numbered from 1, like \`cat -n\`.
By default up to ${DEFAULT_LINE_LIMIT} lines from the start; use offset (the first line to read, 1-based) and limit for longer files. Lines longer than ${MAX_LINE_LENGTH} characters are cut.`,
      parameters: {
        type: "object",
        properties: {
          file_path: {
            type: "string",
            description: "The file to read: absolute, or relative to the working directory.",
          },
          offset: {
            type: "number",
            description:
              "The line number to start from (1-based). Only for files too long to read at once.",
          },
          limit: {
            type: "number",
            description: `How many lines to read (default ${DEFAULT_LINE_LIMIT}).`,
          },
        },
        required: ["file_path"],
      },
    },
  },
  async execute(args, context) {
    const { file_path, offset, limit } = args;
    if (limit !== undefined && !(limit >= 1)) {
      return failed(`limit must be at least 1, but it is ${limit}.`);
    }
    const filePath = resolveInWorkdir(context.workdir, file_path);
    let text: string;
    try {
      const stat = await fs.stat(filePath);
      if (stat.isDirectory()) {
        return failed(`${filePath} is a directory, not a file. Use Glob to list its files.`);
      }
      text = await fs.readFile(filePath, "utf8");
    } catch (error) {
      return failed(`Cannot read ${filePath}: ${errorMessage(error)}`);
    }
    if (text === "") {
      return { success: true, content: "(the file is empty)", shortResult: "empty file" };
    }
    const lines = text.split(/\r?\n/);
    if (lines.at(-1) === "") lines.pop();
    const start = Math.max(1, Math.floor(offset ?? 1));
    const count = Math.max(0, Math.floor(limit ?? DEFAULT_LINE_LIMIT));
    if (start > lines.length) {
      return failed(`The file has ${lines.length} lines; offset ${start} is past its end.`);
    }
    const selected = lines.slice(start - 1, start - 1 + count);
    const width = String(start + selected.length - 1).length;
    const body = selected
      .map((line, i) => {
        const shown =
          line.length > MAX_LINE_LENGTH ? `${line.slice(0, MAX_LINE_LENGTH)}... (line cut)` : line;
        return `${String(start + i).padStart(width, " ")}\t${shown}`;
      })
      .join("\n");
    const end = start + selected.length - 1;
    const more =
      end < lines.length
        ? `\n(lines ${start}-${end} of ${lines.length}; use offset ${end + 1} to read on)`
        : "";
    return { success: true, content: body + more, shortResult: `read ${selected.length} lines` };
  },
};
