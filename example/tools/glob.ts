import fs from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";
import type { ToolPlugin } from "./toolPlugin.js";
import { GLOB_TOOL_NAME } from "./names.js";
import { resolveInWorkdir } from "./paths.js";
import { byNewestFirst } from "./support/fileOrder.js";
import { ignoredFolderGlobs } from "./support/ignoredFolders.js";
import type { GlobArgs } from "../../generated/index.js";
import { errorMessage, failed } from "../core/results.js";
import { plural } from "./support/textStats.js";

const DEFAULT_LIMIT = 100;

export const globTool: ToolPlugin<GlobArgs> = {
  name: GLOB_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: GLOB_TOOL_NAME,
      description: `Finds files by name pattern, such as "src/**/*.ts" or "*.{json,md}", under a folder (the working directory unless path is given).
Returns absolute file paths, most recently modified first, at most ${DEFAULT_LIMIT} unless limit says otherwise. node_modules and .git are skipped unless the pattern names them.`,
      parameters: {
        type: "object",
        properties: {
          pattern: {
            type: "string",
            description:
              'The glob pattern, matched against paths relative to the searched folder: "*" within one folder name, "**" across folders, "{a,b}" alternatives.',
          },
          path: {
            type: "string",
            description:
              "The folder to search in (absolute, or relative to the working directory). Leave it out to search the working directory.",
          },
          limit: {
            type: "number",
            description: `The most paths to return (default ${DEFAULT_LIMIT}).`,
          },
        },
        required: ["pattern"],
      },
    },
  },
  async execute(args, context) {
    const { pattern, path: searchPath, limit } = args;
    if (pattern.trim() === "") return failed("The pattern is empty; give a glob such as **/*.ts.");
    const max = limit === undefined ? DEFAULT_LIMIT : Math.floor(limit);
    if (!(max >= 1)) return failed(`limit must be at least 1, but it is ${limit}.`);
    const base = resolveInWorkdir(context.workdir, searchPath ?? ".");
    try {
      if (!(await fs.stat(base)).isDirectory()) {
        return failed(`${base} is a file, not a folder; give the folder to search in as path.`);
      }
    } catch {
      return failed(`The folder ${base} does not exist.`);
    }

    let found: string[];
    try {
      found = await glob(pattern, {
        cwd: base,
        absolute: true,
        dot: true,
        onlyFiles: true,
        // The pattern means what it says: "src" does not silently list everything under src.
        expandDirectories: false,
        // Symlinked folders may loop back on themselves.
        followSymbolicLinks: false,
        ignore: ignoredFolderGlobs(pattern),
      });
    } catch (error) {
      return failed(`Cannot search with the pattern ${pattern}: ${errorMessage(error)}`);
    }
    if (found.length === 0) {
      return {
        success: true,
        content: `No files match ${pattern} in ${base}.`,
        shortResult: "0 files",
      };
    }
    const ordered = await byNewestFirst(found.map((file) => path.normalize(file)));
    const shown = ordered.slice(0, max);
    const note =
      ordered.length > shown.length
        ? `\n(showing the ${shown.length} most recently modified of ${ordered.length} files; narrow the pattern or raise limit to see more)`
        : "";
    return {
      success: true,
      content: shown.join("\n") + note,
      shortResult: plural(ordered.length, "file"),
      metadata: { total: ordered.length, truncated: note !== "" },
    };
  },
};
