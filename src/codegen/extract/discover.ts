import path from "node:path";
import { Node, type ObjectLiteralExpression, type SourceFile } from "ts-morph";
import { DiagnosticBag, type SourceLocation } from "../diagnostics.js";
import { StaticEvaluator, propertyKey, unwrap, type Locate } from "./evaluate.js";
import { Modules } from "./modules.js";
import { findArgumentUses, type ArgumentUses } from "./reads.js";
import type { StaticValue } from "./values.js";

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
 * Reads every tool declared in `files` (absolute paths): an exported `const` whose initializer
 * is an object literal with `config.function` (through `as`, `satisfies`, parentheses). Names
 * and parameters are read statically; anything unreadable is reported to `diagnostics`.
 */
export function extractTools(
  files: readonly string[],
  diagnostics: DiagnosticBag,
  displayPath: (absolutePath: string) => string = defaultDisplayPath,
): ExtractResult {
  const modules = new Modules();
  const sources = new Map<string, string>();
  const locate: Locate = (node) => {
    const file = displayPath(node.getSourceFile().getFilePath());
    if (!sources.has(file)) sources.set(file, node.getSourceFile().getFullText());
    return { file, start: node.getStart(), end: node.getEnd() };
  };
  const evaluator = new StaticEvaluator(modules, locate);
  const tools: ExtractedTool[] = [];
  for (const absolutePath of files) {
    const sourceFile = modules.file(absolutePath);
    sources.set(displayPath(absolutePath), sourceFile.getFullText());
    tools.push(...toolsInFile(sourceFile, evaluator, modules, locate, diagnostics, displayPath));
  }
  return { tools, sources };
}

function toolsInFile(
  sourceFile: SourceFile,
  evaluator: StaticEvaluator,
  modules: Modules,
  locate: Locate,
  diagnostics: DiagnosticBag,
  displayPath: (absolutePath: string) => string,
): ExtractedTool[] {
  const tools: ExtractedTool[] = [];
  for (const statement of sourceFile.getVariableStatements()) {
    if (!statement.isExported()) continue;
    for (const declaration of statement.getDeclarations()) {
      const initializer = declaration.getInitializer();
      const toolObject = initializer && unwrap(initializer);
      if (!toolObject || !Node.isObjectLiteralExpression(toolObject)) continue;
      const config = objectProperty(toolObject, "config", modules);
      const fn = config && objectProperty(config.object, "function", modules);
      if (!fn) continue;

      const exportName = declaration.getName();
      const location = locate(declaration.getNameNode());
      const name = toolName(
        toolObject,
        fn.object,
        exportName,
        evaluator,
        modules,
        locate,
        diagnostics,
      );
      if (name === undefined) continue;
      const parametersNode = propertyValue(fn.object, "parameters", modules);
      const descriptionNode = propertyValue(fn.object, "description", modules);
      const description = descriptionNode && evaluator.evaluate(descriptionNode);
      tools.push({
        name,
        file: displayPath(sourceFile.getFilePath()),
        exportName,
        location,
        parameters: parametersNode && evaluator.evaluate(parametersNode),
        description:
          description?.kind === "primitive" && typeof description.value === "string"
            ? description.value
            : undefined,
        argumentUses: findArgumentUses(toolObject, modules, locate),
      });
    }
  }
  return tools;
}

/** The tool's name: `name` and `config.function.name` must agree when both are given. */
function toolName(
  toolObject: ObjectLiteralExpression,
  fn: ObjectLiteralExpression,
  exportName: string,
  evaluator: StaticEvaluator,
  modules: Modules,
  locate: Locate,
  diagnostics: DiagnosticBag,
): string | undefined {
  const names: { value: string; node: Node }[] = [];
  for (const [object, label] of [
    [fn, "config.function.name"],
    [toolObject, "name"],
  ] as const) {
    const node = propertyValue(object, "name", modules);
    if (!node) continue;
    const value = evaluator.evaluate(node);
    if (value.kind === "primitive" && typeof value.value === "string" && value.value !== "") {
      names.push({ value: value.value, node });
    } else {
      const why = value.kind === "unknown" ? value.reason : "it is not a non-empty string";
      diagnostics.report("TV1002", `The tool's ${label} cannot be read: ${why}.`, value.location, {
        tool: exportName,
      });
      return undefined;
    }
  }
  const [first, second] = names;
  if (!first) {
    diagnostics.report("TV1003", "The tool object has no `config.function.name`.", locate(fn), {
      tool: exportName,
    });
    return undefined;
  }
  if (second && second.value !== first.value) {
    diagnostics.report(
      "TV1004",
      `The tool's name "${second.value}" differs from config.function.name "${first.value}"; the model calls the tool by config.function.name.`,
      locate(second.node),
      { tool: first.value },
    );
    return undefined;
  }
  return first.value;
}

/** The expression assigned to `key` in an object literal (last assignment wins; spreads followed). */
function propertyValue(
  object: ObjectLiteralExpression,
  key: string,
  modules: Modules,
): Node | undefined {
  const properties = object.getProperties();
  for (let i = properties.length - 1; i >= 0; i--) {
    const property = properties[i]!;
    if (Node.isPropertyAssignment(property) && propertyKey(property.getNameNode()) === key) {
      return property.getInitializerOrThrow();
    }
    if (Node.isShorthandPropertyAssignment(property) && property.getName() === key) {
      return property.getNameNode();
    }
    if (Node.isSpreadAssignment(property)) {
      const spread = objectLiteralOf(property.getExpression(), modules);
      const found = spread && propertyValue(spread, key, modules);
      if (found) return found;
    }
  }
  return undefined;
}

function objectProperty(
  object: ObjectLiteralExpression,
  key: string,
  modules: Modules,
): { object: ObjectLiteralExpression } | undefined {
  const value = propertyValue(object, key, modules);
  const literal = value && objectLiteralOf(value, modules);
  return literal ? { object: literal } : undefined;
}

/** Follows `const` references until an object literal (or gives up). */
function objectLiteralOf(
  node: Node,
  modules: Modules,
  depth = 0,
): ObjectLiteralExpression | undefined {
  const target = unwrap(node);
  if (Node.isObjectLiteralExpression(target)) return target;
  if (Node.isIdentifier(target) && depth < 16) {
    const binding = modules.lookupLocal(target.getSourceFile(), target.getText());
    if (binding?.kind === "const") return objectLiteralOf(binding.initializer, modules, depth + 1);
  }
  return undefined;
}

function defaultDisplayPath(absolutePath: string): string {
  return path.relative(process.cwd(), absolutePath).split(path.sep).join("/");
}
