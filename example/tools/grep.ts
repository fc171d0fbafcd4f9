import fs from "node:fs/promises";
import type { ToolPlugin } from "./toolPlugin.js";
import { GREP_TOOL_NAME } from "./names.js";
import { resolveInWorkdir } from "./paths.js";
import { byNewestFirst, compareText } from "./support/fileOrder.js";
import { makeFileFilter } from "./support/fileFilter.js";
import { extensionsOfType, FILE_TYPES } from "./support/fileTypes.js";
import {
  contentEntries,
  looksBinary,
  renderEntries,
  searchText,
  type OutputEntry,
  type TextMatches,
} from "./support/grepSearch.js";
import { skippedFolders } from "./support/ignoredFolders.js";
import { walkFiles } from "./support/walkFiles.js";
import type { GrepArgs } from "../../generated/index.js";
import { errorMessage, failed } from "../core/results.js";
import { plural } from "./support/textStats.js";

const DEFAULT_HEAD_LIMIT = 250;

type OutputMode = "content" | "files_with_matches" | "count";

export const grepTool: ToolPlugin<GrepArgs> = {
  name: GREP_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: GREP_TOOL_NAME,
      description: `Searches file contents with a JavaScript regular expression, in one file or every file under a folder (binary files, node_modules and .git are skipped). File paths in the output are absolute.
output_mode "files_with_matches" (the default) lists the files that match, most recently modified first; "count" gives each file's number of matching lines; "content" shows the matching lines, optionally with context lines. At most ${DEFAULT_HEAD_LIMIT} entries are shown unless head_limit says otherwise; use offset to page on.`,
      parameters: {
        type: "object",
        properties: {
          pattern: {
            type: "string",
            description:
              'The regular expression to look for, in JavaScript syntax (e.g. "function\\s+\\w+", "TODO|FIXME"). Escape literal braces and dots.',
          },
          path: {
            type: "string",
            description:
              "A file or folder to search (absolute, or relative to the working directory). Default: the working directory.",
          },
          glob: {
            type: "string",
            description:
              'Only search files whose path matches this glob, e.g. "*.ts" (file name) or "src/**/*.{ts,tsx}" (path under the searched folder).',
          },
          type: {
            type: "string",
            description:
              "Only search files of this type, given by shorthand: ts, js, py, md, json, go, rust, java, c, cpp, sh, yaml, html, css, ...",
          },
          output_mode: {
            type: "string",
            enum: ["content", "files_with_matches", "count"],
            description:
              '"files_with_matches" (default): the paths of matching files. "count": matching lines per file. "content": the matching lines.',
          },
          "-B": {
            type: "number",
            description: 'Lines of context to show before each match ("content" mode only).',
          },
          "-A": {
            type: "number",
            description: 'Lines of context to show after each match ("content" mode only).',
          },
          "-C": {
            type: "number",
            description:
              'Lines of context to show before and after each match ("content" mode only). -A and -B take precedence on their side.',
          },
          context: {
            type: "number",
            description:
              'Another name for -C: lines of context on both sides ("content" mode only).',
          },
          "-n": {
            type: "boolean",
            description: 'Show line numbers ("content" mode only; default true).',
          },
          "-i": {
            type: "boolean",
            description: "Ignore letter case when matching.",
          },
          multiline: {
            type: "boolean",
            description:
              'Search each file as a whole, so that "." also matches line breaks and a match may span lines. Default: line by line.',
          },
          head_limit: {
            type: "number",
            description: `The most entries (lines, files or counts) to return (default ${DEFAULT_HEAD_LIMIT}; 0 for no limit).`,
          },
          offset: {
            type: "number",
            description: "Skip this many entries first, to page through long results (default 0).",
          },
        },
        required: ["pattern"],
      },
    },
  },
  async execute(args, context) {
    const {
      pattern,
      path: searchPath,
      glob,
      type,
      output_mode,
      "-B": beforeLines,
      "-A": afterLines,
      "-C": aroundLines,
      context: contextLines,
      "-n": lineNumbers,
      "-i": ignoreCase,
      multiline,
      head_limit,
      offset,
    } = args;

    const counts = {
      "-B": beforeLines,
      "-A": afterLines,
      "-C": aroundLines,
      context: contextLines,
      head_limit,
      offset,
    };
    for (const [name, value] of Object.entries(counts)) {
      if (value !== undefined && !(value >= 0)) {
        return failed(`${name} must be a number of 0 or more, but it is ${value}.`);
      }
    }
    const mode: OutputMode = output_mode ?? "files_with_matches";
    let regex: RegExp;
    try {
      regex = new RegExp(
        pattern,
        `g${ignoreCase === true ? "i" : ""}${multiline === true ? "ms" : ""}`,
      );
    } catch (error) {
      // The engine's message repeats the pattern with our flags; keep only the reason.
      const message = errorMessage(error);
      const reason = message.slice(message.lastIndexOf(": ") + 2);
      return failed(
        `The pattern ${JSON.stringify(pattern)} is not a valid JavaScript regular expression: ${reason}.`,
      );
    }
    let extensions: readonly string[] | undefined;
    if (type !== undefined) {
      extensions = extensionsOfType(type);
      if (extensions === undefined) {
        return failed(
          `Unknown file type "${type}". Known types: ${Object.keys(FILE_TYPES).join(", ")}.`,
        );
      }
    }
    const target = resolveInWorkdir(context.workdir, searchPath ?? ".");
    let targetIsFolder: boolean;
    try {
      targetIsFolder = (await fs.stat(target)).isDirectory();
    } catch {
      return failed(`The path ${target} does not exist.`);
    }
    let wanted: (file: string) => boolean;
    try {
      wanted = makeFileFilter(target, glob || undefined, extensions);
    } catch (error) {
      return failed(`The glob ${glob} is not valid: ${errorMessage(error)}`);
    }

    // A file named explicitly is searched whatever glob and type say; a folder's files are filtered.
    const found: FileMatches[] = [];
    const files = targetIsFolder ? walkFiles(target, skippedFolders(glob)) : single(target);
    for await (const file of files) {
      if (context.signal?.aborted) {
        return failed("The search was interrupted (the turn was cancelled).");
      }
      if (targetIsFolder && !wanted(file)) continue;
      let buffer: Buffer;
      try {
        buffer = await fs.readFile(file);
      } catch {
        continue; // Unreadable (permissions, vanished, too large): nothing to report from it.
      }
      if (looksBinary(buffer)) {
        if (targetIsFolder) continue;
        return { success: true, content: `${file} is a binary file; it was not searched.` };
      }
      const matches = searchText(buffer.toString("utf8"), regex, multiline === true);
      if (matches.matchedLines.length > 0) found.push({ file, matches });
    }
    if (found.length === 0) {
      return { success: true, content: "No matches found.", shortResult: "no matches" };
    }

    const around = contextLines ?? aroundLines ?? 0;
    const { entries, separate, footer } = await buildEntries(found, mode, {
      before: Math.floor(beforeLines ?? around),
      after: Math.floor(afterLines ?? around),
      lineNumbers: lineNumbers !== false,
    });
    const skip = Math.floor(offset ?? 0);
    const limit = Math.floor(head_limit ?? DEFAULT_HEAD_LIMIT);
    const shown = entries.slice(skip, limit === 0 ? undefined : skip + limit);
    const matchingLines = found.reduce((sum, entry) => sum + entry.matches.matchedLines.length, 0);
    return {
      success: true,
      content:
        renderEntries(shown, separate) + footer + pageNote(skip, shown.length, entries.length),
      shortResult: plural(found.length, "file") + " with matches",
      metadata: { files: found.length, matchingLines, entries: entries.length },
    };
  },
};

interface FileMatches {
  file: string;
  matches: TextMatches;
}

/** The output entries of a mode: file paths, per-file counts, or lines with their context. */
async function buildEntries(
  found: FileMatches[],
  mode: OutputMode,
  options: { before: number; after: number; lineNumbers: boolean },
): Promise<{ entries: OutputEntry[]; separate: boolean; footer: string }> {
  if (mode === "files_with_matches") {
    const files = await byNewestFirst(found.map((entry) => entry.file));
    return { entries: files.map((file) => ({ text: file })), separate: false, footer: "" };
  }
  const byPath = [...found].sort((a, b) => compareText(a.file, b.file));
  if (mode === "count") {
    const total = found.reduce((sum, entry) => sum + entry.matches.matchedLines.length, 0);
    return {
      entries: byPath.map(({ file, matches }) => ({
        text: `${file}:${matches.matchedLines.length}`,
      })),
      separate: false,
      footer: `\n(${plural(total, "matching line")} in ${plural(found.length, "file")})`,
    };
  }
  const { before, after, lineNumbers } = options;
  return {
    entries: byPath.flatMap(({ file, matches }) =>
      contentEntries(file, matches, before, after, lineNumbers),
    ),
    // Blocks of context are told apart by "--" lines; plain match lines need no separators.
    separate: before > 0 || after > 0,
    footer: "",
  };
}

/** Says which entries are shown when not all of them are. */
function pageNote(skip: number, shown: number, total: number): string {
  if (shown === 0) return `(offset ${skip} is past the end: there are ${total} entries)`;
  if (skip === 0 && shown === total) return "";
  const more = skip + shown < total ? `; use offset ${skip + shown} to see more` : "";
  return `\n(showing entries ${skip + 1}-${skip + shown} of ${total}${more})`;
}

async function* single(file: string): AsyncGenerator<string> {
  yield file;
}
