import path from "node:path";
import { Node, type ObjectLiteralExpression, type SourceFile } from "ts-morph";
import type { DiagnosticCode } from "../diagnostics/codes.js";
import { DiagnosticBag, type SourceLocation } from "../diagnostics/diagnostics.js";
import { joinKey } from "../diagnostics/schemaPath.js";
import { StaticEvaluator, unwrap, type Locate } from "./evaluate.js";
import { Modules } from "./modules.js";
import { findArgumentUses, type ArgumentUses } from "./reads.js";
import {
  MAX_VALUE_DEPTH,
  lookup,
  tooDeepReason,
  type Lookup,
  type StaticObject,
  type StaticProblem,
  type StaticValue,
} from "./values.js";

/** A built-in tool declaration as read from source. */
export interface ExtractedTool {
  /** The name the model calls it by. */
  readonly name: string;
  /** The file that declares it, as shown to the user. */
  readonly file: string;
  /** The exported `const` holding the tool object. */
  readonly exportName: string;
  readonly location: SourceLocation;
  /** `config.function.parameters`, or undefined when the tool declares none. */
  readonly parameters: StaticValue | undefined;
  /** `config.function.description` when statically known (documentation only). */
  readonly description: string | undefined;
  /** Which argument keys `execute` reads (undefined when not analysed, e.g. schemas given as JSON). */
  readonly argumentUses?: ArgumentUses;
}

export interface ExtractResult {
  readonly tools: ExtractedTool[];
  /** Every file's text by display path, for code frames. */
  readonly sources: Map<string, string>;
}

/**
 * Reads every tool declared in `files` (absolute paths): an exported variable (`export const`,
 * or named in `export { }` or `export default`) whose initializer is an object literal with
 * `config.function` (through `as`, `satisfies`, parentheses). Names
 * and parameters are read statically, with JavaScript's semantics; anything unreadable is
 * reported to `diagnostics`. A tool whose declaration cannot be read exactly (a spread that
 * could replace its parameters, a number JSON cannot carry...) is reported and left out.
 */
export function extractTools(
  files: readonly string[],
  diagnostics: DiagnosticBag,
  displayPath: (absolutePath: string) => string = defaultDisplayPath,
): ExtractResult {
  const sources = new Map<string, string>();
  const modules = new Modules((problem) => {
    const file = displayPath(problem.path);
    sources.set(file, problem.text);
    diagnostics.report(problem.code, problem.message, {
      file,
      start: problem.start,
      end: problem.end,
    });
  });
  const displayed = new WeakMap<SourceFile, string>();
  const locate: Locate = (node) => {
    const sourceFile = node.getSourceFile();
    let file = displayed.get(sourceFile);
    if (file === undefined) {
      file = displayPath(sourceFile.getFilePath());
      displayed.set(sourceFile, file);
      if (!sources.has(file)) sources.set(file, sourceFile.getFullText());
    }
    return { file, start: node.getStart(), end: node.getEnd() };
  };
  const reader = new ToolReader(new StaticEvaluator(modules, locate), modules, locate, diagnostics);
  const tools: ExtractedTool[] = [];
  for (const absolutePath of files) {
    // A file that cannot be read has been reported by `modules`.
    const sourceFile = modules.file(absolutePath);
    if (!sourceFile) continue;
    sources.set(displayPath(absolutePath), sourceFile.getFullText());
    tools.push(...reader.toolsInFile(sourceFile, displayPath(absolutePath)));
  }
  return { tools, sources };
}

class ToolReader {
  readonly #evaluator: StaticEvaluator;
  readonly #modules: Modules;
  readonly #locate: Locate;
  readonly #diagnostics: DiagnosticBag;

  constructor(
    evaluator: StaticEvaluator,
    modules: Modules,
    locate: Locate,
    diagnostics: DiagnosticBag,
  ) {
    this.#evaluator = evaluator;
    this.#modules = modules;
    this.#locate = locate;
    this.#diagnostics = diagnostics;
  }

  toolsInFile(sourceFile: SourceFile, file: string): ExtractedTool[] {
    const tools: ExtractedTool[] = [];
    for (const statement of sourceFile.getVariableStatements()) {
      for (const declaration of statement.getDeclarations()) {
        if (!this.#modules.isExportedLocal(sourceFile, declaration.getName())) continue;
        const initializer = declaration.getInitializer();
        const toolObject = initializer && unwrap(initializer);
        if (!toolObject || !Node.isObjectLiteralExpression(toolObject)) continue;
        const tool = this.#readTool(toolObject, declaration.getName(), file);
        if (tool) tools.push({ ...tool, location: this.#locate(declaration.getNameNode()) });
      }
    }
    return tools;
  }

  /** The tool declared by an exported object literal, or undefined when it is none or unreadable. */
  #readTool(
    toolObject: ObjectLiteralExpression,
    exportName: string,
    file: string,
  ): Omit<ExtractedTool, "location"> | undefined {
    const tool = this.#evaluator.evaluate(toolObject);
    if (tool.kind !== "object") return undefined;
    // A tool is recognised by `config.function`, as assigned in the literal: an exported object
    // whose `config` could only come from a spread that cannot be read may be anything.
    const config = lookup(tool, "config");
    const configValue = "entry" in config ? config.entry?.value : undefined;
    if (configValue?.kind !== "object") return this.#limitReached(configValue, exportName);
    const fn = lookup(configValue, "function");
    const fnValue = "entry" in fn ? fn.entry?.value : undefined;
    if (fnValue?.kind !== "object") return this.#limitReached(fnValue, exportName);

    // Every key the generator reads, as JavaScript would look it up: a part of the object that
    // cannot be read (a spread, a computed key, a getter) could assign it.
    const keys: [Lookup, string][] = [
      [config, "config"],
      [lookup(tool, "name"), "name"],
      [fn, "config.function"],
      [lookup(fnValue, "name"), "config.function.name"],
      [lookup(fnValue, "parameters"), "config.function.parameters"],
    ];
    if (this.#unreadableKeys(keys, exportName)) return undefined;
    const name = this.#toolName(tool, fnValue, exportName);
    if (name === undefined) return undefined;
    const parameters = lookup(fnValue, "parameters");
    const parametersValue = parameters.kind === "found" ? parameters.entry.value : undefined;
    if (parametersValue) {
      const problems = readingErrors(parametersValue);
      for (const { code, message, location, schemaPath } of problems) {
        this.#diagnostics.report(code, message, location, { tool: name, schemaPath });
      }
      if (problems.length > 0) return undefined;
    }
    const description = lookup(fnValue, "description");
    const descriptionValue = description.kind === "found" ? description.entry.value : undefined;
    return {
      name,
      file,
      exportName,
      parameters: parametersValue,
      description:
        descriptionValue?.kind === "primitive" && typeof descriptionValue.value === "string"
          ? descriptionValue.value
          : undefined,
      argumentUses: findArgumentUses(toolObject, this.#modules, this.#locate),
    };
  }

  /** The tool's name: `name` and `config.function.name` must agree when both are given. */
  #toolName(tool: StaticObject, fn: StaticObject, exportName: string): string | undefined {
    const names: { value: string; location: SourceLocation }[] = [];
    for (const [object, label] of [
      [fn, "config.function.name"],
      [tool, "name"],
    ] as const) {
      const found = lookup(object, "name");
      if (found.kind !== "found") continue;
      const value = found.entry.value;
      if (value.kind === "primitive" && typeof value.value === "string" && value.value !== "") {
        names.push({ value: value.value, location: value.location });
      } else {
        const why = value.kind === "unknown" ? value.reason : "it is not a non-empty string";
        this.#diagnostics.report(
          "TV1002",
          `The tool's ${label} cannot be read: ${why}.`,
          value.location,
          { tool: exportName },
        );
        return undefined;
      }
    }
    const [first, second] = names;
    if (!first) {
      this.#diagnostics.report(
        "TV1003",
        "The tool object has no `config.function.name`.",
        fn.location,
        { tool: exportName },
      );
      return undefined;
    }
    if (second && second.value !== first.value) {
      this.#diagnostics.report(
        "TV1004",
        `The tool's name "${second.value}" differs from config.function.name "${first.value}"; the model calls the tool by config.function.name.`,
        second.location,
        { tool: first.value },
      );
      return undefined;
    }
    return first.value;
  }

  /** Reports a value a limit of the reading stopped at: it could have been a tool's `config`. */
  #limitReached(value: StaticValue | undefined, exportName: string): undefined {
    if (value?.kind === "unknown" && value.error) {
      this.#diagnostics.report(value.error, `${capitalize(value.reason)}.`, value.location, {
        tool: exportName,
      });
    }
    return undefined;
  }

  /**
   * Reports each part that cannot be read and could assign one of `keys` (once, naming every
   * key it could assign). True when there was any.
   */
  #unreadableKeys(keys: readonly [Lookup, string][], tool: string): boolean {
    const byProblem = new Map<StaticProblem, { labels: string[]; replaces: boolean[] }>();
    for (const [found, label] of keys) {
      if (found.kind !== "unreadable") continue;
      const group = byProblem.get(found.problem) ?? { labels: [], replaces: [] };
      group.labels.push(label);
      group.replaces.push(found.entry !== undefined);
      byProblem.set(found.problem, group);
    }
    for (const [problem, { labels, replaces }] of byProblem) {
      const verb = replaces.every(Boolean)
        ? "replace"
        : replaces.some(Boolean)
          ? "set or replace"
          : "set";
      const what =
        labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
      this.#diagnostics.report(
        "TV1008",
        `${capitalize(problem.reason)}. It could ${verb} ${what}.`,
        problem.location,
        { tool },
      );
    }
    return byProblem.size > 0;
  }
}

interface ReadingError {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly location: SourceLocation;
  /** Where in the declaration, e.g. `parameters.properties.n.enum[1]`. */
  readonly schemaPath: string;
}

/**
 * What in a value read as a tool's parameters cannot be carried exactly into a schema, whatever
 * keyword it sits under: numbers JSON cannot hold, nesting past MAX_VALUE_DEPTH, and parts a
 * limit of the reading stopped at. The walk uses its own stack: values may be deep.
 */
export function readingErrors(value: StaticValue, schemaPath = "parameters"): ReadingError[] {
  const errors: ReadingError[] = [];
  let stoppedByLimit = false;
  // Each part knows its parent and key; a path is only spelled out for an error.
  interface Part {
    readonly value: StaticValue;
    readonly depth: number;
    readonly parent?: Part;
    readonly key?: string | number;
  }
  const pathOf = (part: Part): string => {
    const keys: (string | number)[] = [];
    for (let p: Part | undefined = part; p?.key !== undefined; p = p.parent) keys.push(p.key);
    return keys.reduceRight<string>(
      (path, key) => (typeof key === "number" ? `${path}[${key}]` : joinKey(path, key)),
      schemaPath,
    );
  };
  const pending: Part[] = [{ value, depth: 1 }];
  for (let part = pending.pop(); part; part = pending.pop()) {
    const current = part.value;
    switch (current.kind) {
      case "primitive":
        if (typeof current.value === "number" && !Number.isFinite(current.value)) {
          errors.push({
            code: "TV1007",
            message: `This number is ${current.value} in JavaScript, which JSON cannot carry: a schema holds only finite numbers.`,
            location: current.location,
            schemaPath: pathOf(part),
          });
        }
        break;
      case "unknown":
        // One limit error says enough: past a limit, every later part stops there too.
        if (current.error && !stoppedByLimit) {
          stoppedByLimit = true;
          errors.push({
            code: current.error,
            message: `${capitalize(current.reason)}.`,
            location: current.location,
            schemaPath: pathOf(part),
          });
        }
        break;
      case "array":
      case "object": {
        if (part.depth > MAX_VALUE_DEPTH) {
          if (!stoppedByLimit) {
            stoppedByLimit = true;
            errors.push({
              code: "TV1009",
              message: `${capitalize(tooDeepReason())}.`,
              location: current.location,
              schemaPath: pathOf(part),
            });
          }
          break;
        }
        const depth = part.depth + 1;
        if (current.kind === "array") {
          for (let i = current.elements.length - 1; i >= 0; i--)
            pending.push({ value: current.elements[i]!, depth, parent: part, key: i });
        } else {
          for (let i = current.entries.length - 1; i >= 0; i--) {
            const entry = current.entries[i]!;
            pending.push({ value: entry.value, depth, parent: part, key: entry.key });
          }
        }
        break;
      }
    }
  }
  return errors;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function defaultDisplayPath(absolutePath: string): string {
  return path.relative(process.cwd(), absolutePath).split(path.sep).join("/");
}
