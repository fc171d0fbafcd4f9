import type { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag, SourceLocation } from "../diagnostics/diagnostics.js";
import type { ExtractedTool } from "../extract/discover.js";
import { entryOf, type StaticEntry, type StaticValue } from "../extract/values.js";
import type { Mode, NotEnforced, SchemaNode, ToolSchema } from "../ir.js";
import { readEnum } from "../keywords/enum.js";
import { readItems } from "../keywords/items.js";
import { readObject } from "../keywords/object.js";
import { describeValue, joinKey, sentence, type SchemaReading } from "../keywords/reading.js";
import { classifyKeyword } from "../keywords/table.js";
import { readType } from "../keywords/type.js";

/**
 * Checks one tool's `parameters` and reduces it to what is enforced. Problems go to
 * `diagnostics`; the result is meaningful only when no error was added.
 */
export function normalizeTool(
  tool: ExtractedTool & { parameters: StaticValue },
  mode: Mode,
  diagnostics: DiagnosticBag,
): ToolSchema {
  const reader = new SchemaReader(tool.name, mode, diagnostics);
  let root = reader.read(tool.parameters, "parameters", "");
  if (mode === "strict") {
    // `["object", "null"]` is tolerated (arguments are never null), anything else is not an object.
    const objectTypes =
      root.types?.every((t) => t === "object" || t === "null") && root.types.includes("object");
    if (root.never || (root.types && !objectTypes)) {
      reader.report(
        "TV2020",
        'The parameters must describe an object (`type: "object"`): tool arguments are always an object.',
        tool.parameters.location,
        "parameters",
      );
    } else {
      // Tool arguments are an object even when the declaration leaves `type` out.
      root = { ...root, types: ["object"] };
    }
  }
  return {
    name: tool.name,
    file: tool.file,
    exportName: tool.exportName,
    description: tool.description,
    root,
    notEnforced: reader.notEnforcedList,
  };
}

/** Reads schemas keyword by keyword (each keyword's reading lives in its file in keywords/). */
class SchemaReader implements SchemaReading {
  readonly notEnforcedList: NotEnforced[] = [];
  readonly mode: Mode;
  readonly #tool: string;
  readonly #diagnostics: DiagnosticBag;

  constructor(tool: string, mode: Mode, diagnostics: DiagnosticBag) {
    this.#tool = tool;
    this.mode = mode;
    this.#diagnostics = diagnostics;
  }

  report(
    code: DiagnosticCode,
    message: string,
    location: SourceLocation,
    schemaPath: string,
  ): void {
    this.#diagnostics.report(code, message, location, { tool: this.#tool, schemaPath });
  }

  notEnforced(item: NotEnforced): void {
    this.notEnforcedList.push(item);
  }

  read(value: StaticValue, schemaPath: string, at: string): SchemaNode {
    if (value.kind === "primitive" && typeof value.value === "boolean")
      return value.value ? {} : { never: true };
    if (value.kind === "unknown") {
      this.report(
        "TV2001",
        `The schema is not statically known: ${value.reason}.`,
        value.location,
        schemaPath,
      );
      return {};
    }
    if (value.kind !== "object") {
      this.report(
        "TV2002",
        `A schema must be an object (or true/false), not ${describeValue(value)}.`,
        value.location,
        schemaPath,
      );
      return {};
    }
    for (const problem of value.problems)
      this.report("TV1001", sentence(problem.reason), problem.location, schemaPath);
    for (const entry of value.entries) this.#classify(entry, schemaPath, at);

    const node: { -readonly [K in keyof SchemaNode]: SchemaNode[K] } = {};
    const types = readType(value, schemaPath, this);
    if (types) node.types = types;
    const enumValues = readEnum(value, types, schemaPath, this);
    if (enumValues) node.enumValues = enumValues;
    const object = readObject(value, schemaPath, at, this);
    if (object) node.object = object;
    const items = readItems(value, schemaPath, at, this);
    if (items) node.items = items;
    const description = entryOf(value, "description")?.value;
    if (description?.kind === "primitive" && typeof description.value === "string")
      node.description = description.value;
    return node;
  }

  #classify(entry: StaticEntry, schemaPath: string, at: string): void {
    const keyword = entry.key;
    const path = joinKey(schemaPath, keyword);
    const kind = classifyKeyword(keyword);
    switch (kind.kind) {
      case "enforced":
        return;
      case "annotation": {
        const unknown = firstUnknown(entry.value);
        if (unknown) {
          this.report(
            "TV2103",
            `\`${keyword}\` is not statically known and is left out: ${unknown.reason}.`,
            unknown.location,
            path,
          );
        }
        return;
      }
      case "typo":
        this.report(
          "TV2010",
          `Unknown keyword "${keyword}". Did you mean "${kind.suggestion}"?`,
          entry.keyLocation,
          path,
        );
        return;
      case "unknown": {
        const hint = kind.suggestion ? ` Did you mean "${kind.suggestion}"?` : "";
        this.report(
          "TV2102",
          `Unknown keyword "${keyword}" is not enforced.${hint}`,
          entry.keyLocation,
          path,
        );
        break;
      }
      case "not-enforced":
        break;
    }
    this.requireStatic(entry.value, path);
    this.notEnforced({ keyword, at });
  }

  requireStatic(value: StaticValue, schemaPath: string): void {
    const unknown = firstUnknown(value);
    if (unknown)
      this.report(
        "TV2001",
        `The value is not statically known: ${unknown.reason}.`,
        unknown.location,
        schemaPath,
      );
  }
}

/** The first part of a static value that is not statically known, if any. */
function firstUnknown(
  value: StaticValue,
): { reason: string; location: SourceLocation } | undefined {
  switch (value.kind) {
    case "unknown":
      return value;
    case "array":
      for (const element of value.elements) {
        const found = firstUnknown(element);
        if (found) return found;
      }
      return undefined;
    case "object":
      if (value.problems[0]) return value.problems[0];
      for (const entry of value.entries) {
        const found = firstUnknown(entry.value);
        if (found) return found;
      }
      return undefined;
    case "primitive":
      return undefined;
  }
}
