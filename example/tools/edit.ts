import fs from "node:fs/promises";
import path from "node:path";
import type { ToolPlugin } from "./toolPlugin.js";
import { EDIT_TOOL_NAME, WRITE_TOOL_NAME } from "./names.js";
import { resolveInWorkdir } from "./paths.js";
import { plural } from "./support/textStats.js";
import { writeWholeFile } from "./support/writeFile.js";
import type { EditArgs } from "../../generated/index.js";
import { errorMessage, failed } from "../core/results.js";

export const editTool: ToolPlugin<EditArgs> = {
  name: EDIT_TOOL_NAME,
  permission: "edit",
  config: {
    type: "function",
    function: {
      name: EDIT_TOOL_NAME,
      description: `Replaces exact text in a file. old_string must match the file character for character (whitespace and indentation included) and, unless replace_all is set, occur exactly once.
An empty old_string creates a file that does not exist yet. To replace a whole file, use ${WRITE_TOOL_NAME}.`,
      parameters: {
        type: "object",
        properties: {
          file_path: {
            type: "string",
            description: "The file to change: absolute, or relative to the working directory.",
          },
          old_string: {
            type: "string",
            description:
              "The exact text to replace. Include enough surrounding lines to make it unique in the file.",
          },
          new_string: {
            type: "string",
            description: "The text to put in its place (must differ from old_string).",
          },
          replace_all: {
            type: "boolean",
            default: false,
            description:
              "Replace every occurrence of old_string instead of requiring exactly one (e.g. to rename a variable).",
          },
        },
        required: ["file_path", "old_string", "new_string"],
        additionalProperties: false,
      },
    },
  },
  async execute(args, context) {
    const { file_path, old_string, new_string, replace_all } = args;
    const filePath = resolveInWorkdir(context.workdir, file_path);
    if (old_string === new_string) {
      return failed("old_string and new_string are identical; there is nothing to change.");
    }

    let text: string | undefined;
    try {
      const stat = await fs.stat(filePath);
      if (stat.isDirectory()) return failed(`${filePath} is a directory, not a file.`);
      text = await fs.readFile(filePath, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        return failed(`Cannot read ${filePath}: ${errorMessage(error)}`);
      }
    }

    if (old_string === "") {
      if (text !== undefined && text !== "") {
        return failed(
          `old_string is empty, which creates a new file, but ${filePath} already exists and is not empty. Give the exact text to replace.`,
        );
      }
      return writeWholeFile(filePath, new_string, text === undefined, "Wrote");
    }
    if (text === undefined) {
      return failed(
        `${filePath} does not exist. To create it, use ${WRITE_TOOL_NAME}, or ${EDIT_TOOL_NAME} with an empty old_string.`,
      );
    }

    const count = countOccurrences(text, old_string);
    if (count === 0) {
      return failed(
        `old_string was not found in ${filePath}. It must match the file exactly, including whitespace and indentation.`,
      );
    }
    if (count > 1 && replace_all !== true) {
      return failed(
        `old_string occurs ${count} times in ${filePath}. Include more surrounding context to make it unique, or set replace_all to true to replace every occurrence.`,
      );
    }
    // split/join rather than String.replace, so "$&" and friends in new_string stay literal.
    const updated = text.split(old_string).join(new_string);
    const where = count === 1 ? ` at line ${lineOf(text, text.indexOf(old_string))}` : "";
    try {
      await fs.writeFile(filePath, updated, "utf8");
    } catch (error) {
      return failed(`Cannot write ${filePath}: ${errorMessage(error)}`);
    }
    return {
      success: true,
      content: `Edited ${filePath}: replaced ${plural(count, "occurrence")}${where}.`,
      shortResult: `replaced ${plural(count, "occurrence")} in ${path.basename(filePath)}`,
      metadata: { replacements: count },
    };
  },
};

/** Non-overlapping occurrences, the ones split/join replaces. */
function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) {
    count++;
  }
  return count;
}

/** The 1-based line number of a character offset. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
