import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { errorMessage, failed } from "../core/results.js";
import type { ToolPlugin } from "./toolPlugin.js";
import { LSP_TOOL_NAME } from "./names.js";
import { resolveInWorkdir } from "./paths.js";
import type { LSPArgs } from "../../generated/index.js";
import { hostServiceMissing } from "./support/hostService.js";
import { plural } from "./support/textStats.js";

export const lspTool: ToolPlugin<LSPArgs> = {
  name: LSP_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: LSP_TOOL_NAME,
      description: `Asks the language server about code at a position: where a symbol is defined or implemented, where it is used, its type and documentation (hover), the symbols of a file or of the workspace, and call hierarchies (prepareCallHierarchy, then incomingCalls or outgoingCalls).
line and character count from 1, as an editor shows them. Results name places as path:line:character, also counting from 1.`,
      parameters: {
        type: "object",
        properties: {
          operation: {
            type: "string",
            enum: [
              "goToDefinition",
              "findReferences",
              "hover",
              "documentSymbol",
              "workspaceSymbol",
              "goToImplementation",
              "prepareCallHierarchy",
              "incomingCalls",
              "outgoingCalls",
            ],
            description: "What to ask the language server.",
          },
          filePath: {
            type: "string",
            description: "The file to ask about: absolute, or relative to the working directory.",
          },
          line: {
            type: "number",
            description: "The line of the symbol, counting from 1.",
          },
          character: {
            type: "number",
            description: "The column of the symbol within the line, counting from 1.",
          },
        },
        required: ["operation", "filePath", "line", "character"],
      },
    },
  },
  async execute(args, context) {
    const { operation, filePath, line, character } = args;
    const host = context.host;
    if (!host.lsp) {
      return hostServiceMissing(LSP_TOOL_NAME, "a language server");
    }
    if (!Number.isInteger(line) || line < 1) {
      return failed(`line must be a whole number from 1 (the first line is 1), not ${line}.`);
    }
    if (!Number.isInteger(character) || character < 1) {
      return failed(
        `character must be a whole number from 1 (the first column is 1), not ${character}.`,
      );
    }
    const absolutePath = resolveInWorkdir(context.workdir, filePath);
    const stat = await fs.stat(absolutePath).catch(() => undefined);
    if (!stat?.isFile()) return failed(`${absolutePath} is not a file.`);

    let result: unknown;
    try {
      // The protocol counts lines and characters from 0.
      ({ result } = await host.lsp({
        operation,
        filePath: absolutePath,
        line: line - 1,
        character: character - 1,
        signal: context.signal,
      }));
    } catch (error) {
      return failed(`The language server could not answer ${operation}: ${errorMessage(error)}`);
    }
    const where = `${displayPath(absolutePath, context.workdir)}:${line}:${character}`;
    const lines = describeResult(result, context.workdir);
    if (lines.length === 0) {
      return {
        success: true,
        content: `No results for ${operation} at ${where}.`,
        shortResult: "no results",
      };
    }
    return {
      success: true,
      content: lines.join("\n"),
      shortResult: `${operation}: ${plural(lines.length, "line")}`,
    };
  },
};

// The shapes below are the language server protocol's; results are read defensively because the
// host passes them through from the server.
interface Range {
  start: { line: number; character: number };
}

// prettier-ignore
const SYMBOL_KINDS = [
  "", "File", "Module", "Namespace", "Package", "Class", "Method", "Property", "Field",
  "Constructor", "Enum", "Interface", "Function", "Variable", "Constant", "String", "Number",
  "Boolean", "Array", "Object", "Key", "Null", "EnumMember", "Struct", "Event", "Operator",
  "TypeParameter",
];

/** The result as lines of text: places as path:line:character (from 1), hover text as it is. */
function describeResult(result: unknown, workdir: string): string[] {
  if (result === null || result === undefined) return [];
  if (Array.isArray(result)) return result.flatMap((item) => describeItem(item, workdir, 0));
  return describeItem(result, workdir, 0);
}

function describeItem(item: unknown, workdir: string, depth: number): string[] {
  if (typeof item !== "object" || item === null) return [String(item)];
  const value = item as Record<string, unknown>;
  const indent = "  ".repeat(depth);
  if ("contents" in value) return [hoverText(value.contents)].filter((text) => text !== "");
  // Incoming and outgoing calls wrap the calling or called item.
  if (isObject(value.from)) return describeItem(value.from, workdir, depth);
  if (isObject(value.to)) return describeItem(value.to, workdir, depth);
  if (typeof value.targetUri === "string") {
    const range = (value.targetSelectionRange ?? value.targetRange) as Range | undefined;
    return [indent + place(value.targetUri, range, workdir)];
  }
  if (typeof value.name === "string") {
    const kind = SYMBOL_KINDS[value.kind as number] || "Symbol";
    const location = isObject(value.location) ? value.location : value;
    const uri = typeof location.uri === "string" ? location.uri : undefined;
    const range = (value.selectionRange ?? location.range) as Range | undefined;
    const at = uri ? place(uri, range, workdir) : range ? `line ${range.start.line + 1}` : "";
    const children = Array.isArray(value.children)
      ? value.children.flatMap((child) => describeItem(child, workdir, depth + 1))
      : [];
    return [`${indent}${value.name} (${kind})${at ? ` ${at}` : ""}`, ...children];
  }
  if (typeof value.uri === "string")
    return [indent + place(value.uri, value.range as Range, workdir)];
  return [indent + JSON.stringify(item)];
}

function hoverText(contents: unknown): string {
  if (typeof contents === "string") return contents;
  if (Array.isArray(contents)) return contents.map(hoverText).filter(Boolean).join("\n\n");
  if (isObject(contents) && typeof contents.value === "string") return contents.value;
  return "";
}

function place(uri: string, range: Range | undefined, workdir: string): string {
  let file = uri;
  if (uri.startsWith("file:")) {
    try {
      file = displayPath(fileURLToPath(uri), workdir);
    } catch {
      // Not a local file URI: show it as it is.
    }
  }
  return range?.start ? `${file}:${range.start.line + 1}:${range.start.character + 1}` : file;
}

/** A path relative to the working directory when it lies inside it. */
function displayPath(filePath: string, workdir: string): string {
  const relative = path.relative(workdir, filePath);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : filePath;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
