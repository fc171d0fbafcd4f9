// CONTRACT.md section 3 (what is enforced, what is listed as not), 8 (TV2xxx).
import type { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag, SourceLocation } from "../diagnostics/diagnostics.js";
import type { ExtractedTool } from "../extract/discover.js";
import { entryOf, type StaticEntry, type StaticValue } from "../extract/values.js";
import type { ToolSchema } from "../ir.js";
import {
  type KeywordUse,
  type RegisteredKeyword,
  type Mode,
  type NotEnforced,
  type SchemaNode,
  type SchemaReading,
} from "../keywords/definition.js";
import type { JsonType } from "../keywords/jsonTypes.js";
import { describeValue, joinKey, sentence } from "../keywords/reading.js";
import { enforcedDefinitions, KEYWORDS } from "../keywords/registry.js";
import { classifyKeyword, OTHER_KNOWN_KEYWORDS, type KeywordSets } from "../keywords/table.js";
import { readType, typeKeyword } from "../keywords/type.js";
import { declaredJson } from "./declaration.js";

/** What the schema reader needs to know of a run. */
export interface NormalizeOptions {
  readonly mode: Mode;
  /** The opt-in keyword definitions to enforce, by name (CONTRACT.md section 3.1). */
  readonly enforce: ReadonlySet<string>;
}

/**
 * Checks one tool's `parameters` and reduces it to what is enforced. Problems go to
 * `diagnostics`; the result is meaningful only when no error was added.
 */
export function normalizeTool(
  tool: ExtractedTool & { parameters: StaticValue },
  options: NormalizeOptions,
  diagnostics: DiagnosticBag,
): ToolSchema {
  const reader = new SchemaReader(tool.name, options, diagnostics);
  let root = reader.read(tool.parameters, tool.schemaKey, "");
  if (options.mode === "strict") {
    // `["object", "null"]` is tolerated (arguments are never null), anything else is not an object.
    const objectTypes =
      root.types?.every((t) => t === "object" || t === "null") && root.types.includes("object");
    if (root.never || (root.types && !objectTypes)) {
      reader.report(
        "TV2020",
        'The parameters must describe an object (`type: "object"`): tool arguments are always an object.',
        tool.parameters.location,
        tool.schemaKey,
      );
    } else {
      // Tool arguments are an object even when the declaration leaves `type` out.
      root = { ...root, types: ["object"] };
    }
  }
  return {
    name: tool.name,
    file: tool.file,
    declaredAs: tool.declaredAs,
    location: tool.location,
    description: tool.description,
    root,
    notEnforced: reader.notEnforcedList,
    // Undefined only where the root could not be read, an error: nothing is emitted then.
    declaration: declaredJson(tool.parameters) ?? {},
  };
}

/** The enforced and the known-but-not-enforced keywords of a run. */
export function keywordSets(enforced: readonly RegisteredKeyword[]): KeywordSets {
  const enforcedNames = new Set([
    ...typeKeyword.keywords,
    ...enforced.flatMap((definition) => definition.keywords),
  ]);
  const notEnforced = new Set(
    [...KEYWORDS.flatMap((keyword) => keyword.keywords), ...OTHER_KNOWN_KEYWORDS].filter(
      (keyword) => !enforcedNames.has(keyword),
    ),
  );
  return { enforced: enforcedNames, notEnforced };
}

/**
 * Reads schemas keyword by keyword: every definition in use reads its keywords
 * (keywords/registry.ts); every other keyword is classified (a typo is an error, an unknown or
 * known-but-not-enforced keyword is listed as not enforced).
 */
class SchemaReader {
  readonly notEnforcedList: NotEnforced[] = [];
  readonly mode: Mode;
  readonly #tool: string;
  readonly #diagnostics: DiagnosticBag;
  readonly #definitions: readonly RegisteredKeyword[];
  readonly #sets: KeywordSets;
  readonly #enforce: ReadonlySet<string>;

  constructor(tool: string, options: NormalizeOptions, diagnostics: DiagnosticBag) {
    this.#tool = tool;
    this.mode = options.mode;
    this.#diagnostics = diagnostics;
    this.#enforce = options.enforce;
    this.#definitions = enforcedDefinitions(options.enforce);
    this.#sets = keywordSets(this.#definitions);
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
      return value.value ? { keywords: [] } : { never: true, keywords: [] };
    if (value.kind === "unknown") {
      const why = `The schema is not statically known: ${value.reason}.`;
      this.report("TV2001", why, value.location, schemaPath);
      return { keywords: [] };
    }
    if (value.kind !== "object") {
      const why = `A schema must be an object (or true/false), not ${describeValue(value)}.`;
      this.report("TV2002", why, value.location, schemaPath);
      return { keywords: [] };
    }
    for (const problem of value.problems)
      this.report("TV1001", sentence(problem.reason), problem.location, schemaPath);
    // Where each keyword listed as not enforced is in the list, in case a definition claims it.
    const listed = new Map<string, number>();
    for (const entry of value.entries) {
      if (this.#classify(entry, schemaPath, at))
        listed.set(entry.key, this.notEnforcedList.length - 1);
    }

    const types = readType(value, schemaPath, this);
    const claimed = new Set<string>();
    const reading = this.#reading(types, schemaPath, at, claimed);
    const keywords: KeywordUse[] = [];
    for (const definition of this.#definitions) {
      const use = definition.readUse(value, reading);
      if (use) keywords.push(use);
    }
    const unlisted = [...claimed].flatMap((keyword) => listed.get(keyword) ?? []);
    for (const index of unlisted.sort((a, b) => b - a)) this.notEnforcedList.splice(index, 1);
    const description = entryOf(value, "description")?.value;
    return {
      ...(types ? { types } : {}),
      keywords,
      ...(description?.kind === "primitive" && typeof description.value === "string"
        ? { description: description.value }
        : {}),
    };
  }

  /** What the keyword definitions see of one schema. */
  #reading(
    types: JsonType[] | undefined,
    schemaPath: string,
    at: string,
    claimed: Set<string>,
  ): SchemaReading {
    return {
      mode: this.mode,
      types,
      schemaPath,
      at,
      isEnforced: (name) =>
        this.#definitions.some((definition) => definition.keywords[0] === name) ||
        this.#enforce.has(name),
      report: (code, message, location, path) => this.report(code, message, location, path),
      read: (nested, path, nestedAt) => this.read(nested, path, nestedAt),
      requireStatic: (nested, path) => this.requireStatic(nested, path),
      notEnforced: (item) => this.notEnforced(item),
      claim: (keyword) => claimed.add(keyword),
    };
  }

  /** Classifies a schema's keyword; true when it was listed as not enforced. */
  #classify(entry: StaticEntry, schemaPath: string, at: string): boolean {
    const keyword = entry.key;
    const path = joinKey(schemaPath, keyword);
    const kind = classifyKeyword(keyword, this.#sets);
    switch (kind.kind) {
      case "enforced":
        return false;
      case "annotation": {
        const unknown = firstUnknown(entry.value);
        if (unknown) {
          const why = `\`${keyword}\` is not statically known and is left out: ${unknown.reason}.`;
          this.report("TV2103", why, unknown.location, path);
        }
        return false;
      }
      case "typo": {
        const why = `Unknown keyword "${keyword}". Did you mean "${kind.suggestion}"?`;
        this.report("TV2010", why, entry.keyLocation, path);
        return false;
      }
      case "unknown": {
        const hint = kind.suggestion ? ` Did you mean "${kind.suggestion}"?` : "";
        const why = `Unknown keyword "${keyword}" is not enforced.${hint}`;
        this.report("TV2102", why, entry.keyLocation, path);
        break;
      }
      case "not-enforced":
        break;
    }
    this.requireStatic(entry.value, path);
    this.notEnforced({ keyword, at });
    return true;
  }

  requireStatic(value: StaticValue, schemaPath: string): void {
    const unknown = firstUnknown(value);
    if (unknown) {
      const why = `The value is not statically known: ${unknown.reason}.`;
      this.report("TV2001", why, unknown.location, schemaPath);
    }
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
