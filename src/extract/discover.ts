// CONTRACT.md section 2 (what the generator reads: the tools of the matched files).
import {
  Node,
  ts,
  type ClassDeclaration,
  type ClassExpression,
  type ObjectLiteralExpression,
  type SourceFile,
} from "../tsMorph.js";
import { DiagnosticBag, type Diagnostic, type SourceLocation } from "../diagnostics/diagnostics.js";
import { relativeName } from "../diagnostics/paths.js";
import {
  SHAPES,
  triggerKeys,
  type DeclarationShape,
  type Recognition,
  type ShapeParts,
  valueOf,
} from "./shapes/index.js";
import { StaticEvaluator, type Locate } from "./evaluate.js";
import { declarationLabel, declarationNameNode, oneLine } from "./labels.js";
import { libraryOf } from "./libraries.js";
import { NameUses, Surroundings } from "./shapeContext.js";
import type { SourceFileSystem } from "./fileSystem.js";
import { Modules, type FileProblem } from "./modules.js";
import { findArgumentUses, type ArgumentUses } from "./reads.js";
import { capitalize } from "./readingErrors.js";
import { readTool, type ReadOutcome, type Skip } from "./readTool.js";
import { descendants } from "./walk.js";
import type { StaticObject, StaticValue } from "./values.js";

export type { Skip } from "./readTool.js";

/** A tool declaration as read from source. */
export interface ExtractedTool {
  /** The name the model calls it by. */
  readonly name: string;
  /** The file that declares it, as shown to the user. */
  readonly file: string;
  /**
   * Where it is declared, for messages: the exported or local `const` holding it, or a path to
   * it (`createTools()`, `toolSet.read_file`, `TOOLS[2]`, `export default`).
   */
  readonly declaredAs: string;
  /** The declaration shape it has (shapes/). */
  readonly shape: string;
  readonly location: SourceLocation;
  /**
   * Where its declaration names its schema (the schema key, else the declaration): a problem
   * in a schema another file holds is reported here, in the file that leaves the tool out.
   */
  readonly schemaAt?: SourceLocation;
  /** The key its schema is at (`parameters`, `inputSchema`...), the root of schema paths. */
  readonly schemaKey: string;
  /** Its JSON Schema, or undefined when the tool declares none. */
  readonly parameters: StaticValue | undefined;
  /** Its description when statically known (documentation only). */
  readonly description: string | undefined;
  /** Which argument keys `execute` reads (undefined when not analysed, e.g. schemas given as JSON). */
  readonly argumentUses?: ArgumentUses;
}

/**
 * An object of a tool's shape that gets no validator and is no error (CONTRACT.md section 2):
 * declared with a schema library, built at run time, or named where it is used.
 */
export interface SkippedObject {
  readonly location: SourceLocation;
  readonly declaredAs: string;
  readonly shape: string;
  /** Its name, when it is statically known. */
  readonly name: string | undefined;
  readonly skip: Skip;
}

/** An object with a shape's keys that is not a tool (an MCP resource template, a `tool_choice`). */
export interface IgnoredObject {
  readonly location: SourceLocation;
  /** What it is instead. */
  readonly what: string;
}

export interface ExtractOptions {
  /** The shapes to recognise (default: every shape). */
  readonly shapes?: readonly DeclarationShape[];
  /** Tools left out by name: not read, never an error (CONTRACT.md section 2). */
  readonly excludeTools?: ReadonlySet<string>;
  /** Where files are read and probed (the cache passes one that records every answer). */
  readonly fileSystem?: SourceFileSystem;
  /** The run's output folder (absolute): what is imported from it is not read (modules.ts). */
  readonly outputFolder?: string;
}

export interface ExtractResult {
  readonly tools: ExtractedTool[];
  /**
   * Tools with errors already reported (a name or a part that cannot be read): no validator,
   * but their schemas are checked, so that a run reports every error at once.
   */
  readonly unreadable: ExtractedTool[];
  /** Objects of a tool's shape declared with a schema library or built at run time: skipped. */
  readonly skipped: SkippedObject[];
  /** Objects with a shape's keys that are not tools. */
  readonly ignored: IgnoredObject[];
  /** Tools left out by `excludeTools`, by name, where they were found. */
  readonly excluded: {
    readonly name: string;
    /** The `excludeTools` entry that left it out: its name, or where it is declared. */
    readonly entry: string;
    readonly location: SourceLocation;
  }[];
  /** Every file's text by display path, for code frames. */
  readonly sources: Map<string, string>;
}

/**
 * Reads every tool declared in `files` (absolute paths), wherever it sits (CONTRACT.md section
 * 2): every object literal of a file, outermost first, is asked whether it has one of the
 * declaration shapes; one that has is a tool (its inner objects are not looked at), one that
 * has not is looked into (a tool set's values, an array's elements, a function's returns).
 * Names and schemas are read statically, with JavaScript's semantics; anything unreadable is
 * reported to `diagnostics`, and a tool whose declaration cannot be read exactly is left out.
 */
export function extractTools(
  files: readonly string[],
  diagnostics: DiagnosticBag,
  displayPath: (absolutePath: string) => string = defaultDisplayPath,
  options: ExtractOptions = {},
): ExtractResult {
  const reader = new ToolFileReader(files, displayPath, options);
  const read = reader.run();
  return mergeReadings(
    files.map((file) => read(file)),
    diagnostics,
    displayPath,
  );
}

/** What reading one tool file found, and what the reading depended on. */
export interface FileReading {
  /** The tools and the other objects found, in the order written. */
  readonly found: Omit<ExtractResult, "sources">;
  /** The diagnostics reported, in order. */
  readonly diagnostics: readonly Diagnostic[];
  /**
   * The files met that cannot be read, each where the reading first met it (before
   * `diagnostics[at]`): a run reports each once, where its first reading met it.
   */
  readonly unreadableFiles: readonly { readonly at: number; readonly problem: FileProblem }[];
  /** The text of every file located, by displayed path (for code frames). */
  readonly sources: ReadonlyMap<string, string>;
  /** Every file the reading asked for (absolute): when one of them changes, it is read again. */
  readonly dependencies: ReadonlySet<string>;
}

/** The reading under way: what it asks for is written down. */
interface Asking {
  readonly dependencies: Set<string>;
  readonly unreadableFiles: { at: number; problem: FileProblem }[];
  readonly diagnostics: DiagnosticBag;
}

/**
 * Reads the tool files of a run one file at a time. A file's reading has its own evaluator and
 * diagnostics and depends on the files it asked for alone (`FileReading.dependencies`), so that
 * watch mode (CONTRACT.md section 7) reads again only the files whose dependencies changed and
 * keeps the other readings: the result is the same as reading every file. The parsed files are kept for the
 * reader's life; `forget` the ones whose text changed. The tool files (`files`, in order) are
 * the same for the reader's life.
 */
export class ToolFileReader {
  readonly #modules: Modules;
  readonly #files: readonly string[];
  readonly #displayPath: (absolutePath: string) => string;
  readonly #options: ExtractOptions;
  #asking: Asking | undefined;

  constructor(
    files: readonly string[],
    displayPath: (absolutePath: string) => string,
    options: ExtractOptions = {},
  ) {
    this.#files = files;
    this.#displayPath = displayPath;
    this.#options = options;
    this.#modules = new Modules({
      onFile: (file) => this.#asked(file),
      display: displayPath,
      ...(options.fileSystem ? { fileSystem: options.fileSystem } : {}),
      ...(options.outputFolder !== undefined ? { outputFolder: options.outputFolder } : {}),
    });
  }

  /** A file whose text changed: read again when next asked for. */
  forget(absolutePath: string): void {
    this.#modules.forget(absolutePath);
  }

  /**
   * The reading of one run: its files' readings share where names are used in the tool files
   * (found once per run, when a shape first asks).
   */
  run(): (absolutePath: string) => FileReading {
    const uses = new NameUses(
      () =>
        this.#files.map((file) => this.#modules.file(file)).filter((file) => file !== undefined),
      this.#modules,
    );
    return (absolutePath) => this.#read(absolutePath, uses);
  }

  #read(absolutePath: string, uses: NameUses): FileReading {
    const diagnostics = new DiagnosticBag();
    const asking: Asking = { dependencies: new Set(), unreadableFiles: [], diagnostics };
    this.#asking = asking;
    try {
      const sources = new Map<string, string>();
      const locate = locator(this.#displayPath, sources);
      const discovery = new Discovery(this.#modules, locate, diagnostics, this.#options, uses);
      // A file that cannot be read is among `unreadableFiles`.
      const sourceFile = this.#modules.file(absolutePath);
      if (sourceFile) {
        const file = this.#displayPath(absolutePath);
        sources.set(file, sourceFile.getFullText());
        discovery.file(sourceFile, file);
      }
      return {
        found: discovery.result(),
        diagnostics: diagnostics.items,
        unreadableFiles: asking.unreadableFiles,
        sources,
        dependencies: asking.dependencies,
      };
    } finally {
      this.#asking = undefined;
    }
  }

  #asked(file: string): void {
    const asking = this.#asking;
    if (!asking || asking.dependencies.has(file)) return;
    asking.dependencies.add(file);
    const problem = this.#modules.problemOf(file);
    if (problem) asking.unreadableFiles.push({ at: asking.diagnostics.items.length, problem });
  }
}

/**
 * The readings of a run's tool files, in the files' order, as one result: their diagnostics
 * reported to `diagnostics` in order, each file that cannot be read reported once, where the
 * first reading met it (as one reading of every file in a row reports it).
 */
export function mergeReadings(
  readings: readonly FileReading[],
  diagnostics: DiagnosticBag,
  displayPath: (absolutePath: string) => string,
): ExtractResult {
  const result: ExtractResult = {
    tools: [],
    unreadable: [],
    skipped: [],
    ignored: [],
    excluded: [],
    sources: new Map(),
  };
  const reported = new Set<string>();
  for (const reading of readings) {
    const unreadable = reading.unreadableFiles;
    let next = 0;
    const reportUnreadable = (upTo: number) => {
      for (; next < unreadable.length && unreadable[next]!.at <= upTo; next++) {
        const { problem } = unreadable[next]!;
        if (reported.has(problem.path)) continue;
        reported.add(problem.path);
        const file = displayPath(problem.path);
        result.sources.set(file, problem.text);
        diagnostics.report(problem.code, problem.message, {
          file,
          start: problem.start,
          end: problem.end,
        });
      }
    };
    reading.diagnostics.forEach((diagnostic, index) => {
      reportUnreadable(index);
      diagnostics.add(diagnostic);
    });
    reportUnreadable(Infinity);
    for (const [file, text] of reading.sources) result.sources.set(file, text);
    const { found } = reading;
    result.tools.push(...found.tools);
    result.unreadable.push(...found.unreadable);
    result.skipped.push(...found.skipped);
    result.ignored.push(...found.ignored);
    result.excluded.push(...found.excluded);
  }
  return result;
}

/** Where a node is, as shown to the user; the text of every file located is kept for frames. */
function locator(displayPath: (file: string) => string, sources: Map<string, string>): Locate {
  const displayed = new WeakMap<SourceFile, string>();
  return (node) => {
    const sourceFile = node.getSourceFile();
    let file = displayed.get(sourceFile);
    if (file === undefined) {
      file = displayPath(sourceFile.getFilePath());
      displayed.set(sourceFile, file);
      if (!sources.has(file)) sources.set(file, sourceFile.getFullText());
    }
    return { file, start: node.getStart(), end: node.getEnd() };
  };
}

/** A shape that recognised an object, and what it found. */
interface Match {
  readonly shape: DeclarationShape;
  readonly recognition: Recognition;
}

/** The reading of one tool file's objects. */
class Discovery {
  readonly #evaluator: StaticEvaluator;
  readonly #modules: Modules;
  readonly #locate: Locate;
  readonly #diagnostics: DiagnosticBag;
  /** The shapes asked about object literals, and those asked about classes. */
  readonly #shapes: readonly DeclarationShape[];
  readonly #classShapes: readonly DeclarationShape[];
  readonly #triggers: ReadonlySet<string>;
  readonly #classTriggers: ReadonlySet<string>;
  readonly #surroundings: Surroundings;
  /** The `excludeTools` entries, by their one-line form (labels.ts). */
  readonly #excludeTools: ReadonlyMap<string, string>;
  readonly #tools: ExtractedTool[] = [];
  readonly #unreadable: ExtractedTool[] = [];
  readonly #skipped: SkippedObject[] = [];
  readonly #ignored: IgnoredObject[] = [];
  readonly #excluded: ExtractResult["excluded"] = [];

  constructor(
    modules: Modules,
    locate: Locate,
    diagnostics: DiagnosticBag,
    options: ExtractOptions,
    uses: NameUses,
  ) {
    this.#modules = modules;
    this.#locate = locate;
    this.#diagnostics = diagnostics;
    this.#evaluator = new StaticEvaluator(modules, locate);
    this.#surroundings = new Surroundings(this.#evaluator, modules, locate, uses);
    const shapes = options.shapes ?? SHAPES;
    this.#shapes = shapes.filter((shape) => shape.declaredBy === undefined);
    this.#classShapes = shapes.filter((shape) => shape.declaredBy === "class");
    this.#triggers = triggerKeys(this.#shapes);
    this.#classTriggers = triggerKeys(this.#classShapes);
    this.#excludeTools = new Map([...(options.excludeTools ?? [])].map((e) => [oneLine(e), e]));
  }

  result(): Omit<ExtractResult, "sources"> {
    return {
      tools: this.#tools,
      unreadable: this.#unreadable,
      skipped: this.#skipped,
      ignored: this.#ignored,
      excluded: this.#excluded,
    };
  }

  /** Every candidate object literal of a file, outermost first; a tool's insides are not looked at. */
  file(sourceFile: SourceFile, file: string): void {
    let toolEnd = -1;
    const candidates = descendants<ObjectLiteralExpression>(
      sourceFile,
      (node) => ts.isObjectLiteralExpression(node) && this.#isCandidate(node),
    );
    for (const literal of candidates) {
      if (literal.getStart() < toolEnd) continue;
      if (this.#literal(literal, file)) toolEnd = literal.getEnd();
    }
    if (this.#classShapes.length === 0) return;
    const classes = descendants<ClassDeclaration | ClassExpression>(
      sourceFile,
      (node) =>
        (ts.isClassDeclaration(node) || ts.isClassExpression(node)) &&
        node.members.some(
          (member) =>
            (ts.isPropertyDeclaration(member) || ts.isGetAccessorDeclaration(member)) &&
            ts.isIdentifier(member.name) &&
            this.#classTriggers.has(member.name.text),
        ),
    );
    for (const cls of classes) {
      const fields = this.#surroundings.fieldsOf(cls);
      const context = this.#surroundings.of(cls);
      const matches = this.#classShapes.flatMap((shape) => {
        const recognition = shape.recognize(fields, context);
        return recognition ? [{ shape, recognition }] : [];
      });
      if (matches.length > 0) this.#recognized(matches, cls, file);
    }
  }

  /** Whether a literal names a key some shape needs, or spreads one in (cheap: syntax only). */
  #isCandidate(literal: ts.ObjectLiteralExpression): boolean {
    for (const property of literal.properties) {
      if (ts.isSpreadAssignment(property)) return true;
      const name = property.name;
      if (
        name &&
        (ts.isIdentifier(name) || ts.isStringLiteral(name)) &&
        this.#triggers.has(name.text)
      )
        return true;
    }
    return false;
  }

  /**
   * Reads a literal that may be a tool; true when some shape recognised it (a tool, read or
   * not, or something that is not a tool): its insides are not looked at.
   */
  #literal(literal: ObjectLiteralExpression, file: string): boolean {
    const value = this.#evaluator.evaluate(literal);
    if (value.kind !== "object") return false;
    const matches = this.#matches(value, literal);
    if (matches.length === 0) return this.#limitReached(value);
    this.#recognized(matches, literal, file);
    return true;
  }

  /** What the shapes that recognised a literal (or a class) found: read, listed or reported. */
  #recognized(matches: readonly Match[], literal: Node, file: string): void {
    const location = this.#locate(declarationNameNode(literal) ?? literal);
    const notATool = matches.find((match) => match.recognition.kind === "not a tool");
    if (notATool?.recognition.kind === "not a tool") {
      this.#ignored.push({ location, what: notATool.recognition.what });
      return;
    }
    const declaredAs = declarationLabel(literal);
    const [first, second] = matches;
    if (second) this.#ambiguous(matches, location, declaredAs);
    else if (first!.recognition.kind === "unnamed") {
      const { why, schema } = first!.recognition;
      // Declared with a schema library, it needs no validator whatever its name.
      const value = schema && valueOf(schema);
      const library =
        value?.kind === "unknown" && value.origin?.kind === "call"
          ? libraryOf(value.origin.call, this.#evaluator)
          : undefined;
      const skip: Skip = library ? { kind: "library", library } : { kind: "unnamed", why };
      this.#skipped.push({ location, declaredAs, shape: first!.shape.name, name: undefined, skip });
    } else if (first!.recognition.kind === "tool") {
      const parts = first!.recognition.parts;
      const schemaAt = this.#schemaAt(parts, location);
      const where = {
        declaredAs,
        shape: first!.shape.name,
        location,
        schemaAt,
        schemaKey: parts.schemaKey,
      };
      const outcome = readTool(parts, {
        declaredAs,
        file,
        diagnostics: this.#diagnostics.forDeclaration({ declaration: location, schema: schemaAt }),
        exclusion: (name) => this.#exclusion(name, declaredAs),
        libraryOf: (call) => libraryOf(call, this.#evaluator),
      });
      this.#record(outcome, literal, file, where);
    }
  }

  #matches(value: StaticObject, literal: ObjectLiteralExpression): Match[] {
    const context = this.#surroundings.of(literal);
    const matches: Match[] = [];
    for (const shape of this.#shapes) {
      const recognition = shape.recognize(value, context);
      if (recognition) matches.push({ shape, recognition });
    }
    return matches;
  }

  /** Where a declaration names its schema: the schema's key where the declaration holds it. */
  #schemaAt(parts: ShapeParts, declaration: SourceLocation): SourceLocation {
    const found = parts.schema.lookup;
    const key = "entry" in found ? found.entry?.keyLocation : undefined;
    return key && key.file === declaration.file ? key : declaration;
  }

  /** The `excludeTools` entry that leaves out a tool of this name or declared as `declaredAs`. */
  #exclusion(name: string | undefined, declaredAs: string): string | undefined {
    return (
      (name === undefined ? undefined : this.#excludeTools.get(name)) ??
      this.#excludeTools.get(declaredAs)
    );
  }

  /**
   * A key some shape needs whose value a limit of the reading stopped at (too deep, too
   * large): it could have made the object a tool, so the limit is reported.
   */
  #limitReached(value: StaticObject): boolean {
    for (const entry of value.entries) {
      const found = entry.value;
      if (!this.#triggers.has(entry.key) || found.kind !== "unknown" || !found.error) continue;
      this.#diagnostics.report(found.error, `${capitalize(found.reason)}.`, found.location);
      return true;
    }
    return false;
  }

  #record(
    outcome: ReadOutcome,
    literal: Node,
    file: string,
    where: Pick<ExtractedTool, "declaredAs" | "shape" | "location" | "schemaAt" | "schemaKey">,
  ): void {
    switch (outcome.kind) {
      case "skipped":
        this.#skipped.push({
          declaredAs: where.declaredAs,
          shape: where.shape,
          location: where.location,
          name: outcome.name,
          skip: outcome.skip,
        });
        return;
      case "excluded":
        this.#excluded.push({ name: outcome.name, entry: outcome.entry, location: where.location });
        return;
      case "error":
        if (outcome.checked)
          this.#unreadable.push({ ...outcome.checked, description: undefined, ...where, file });
        return;
      case "tool":
        this.#tools.push({
          ...outcome.tool,
          ...where,
          file,
          ...(Node.isObjectLiteralExpression(literal)
            ? {
                argumentUses: findArgumentUses(literal, this.#modules, this.#locate, (node) =>
                  this.#evaluator.evaluate(node),
                ),
              }
            : {}),
        });
    }
  }

  /** An object with the parts of two shapes (two schema keys side by side): which is meant? */
  #ambiguous(matches: readonly Match[], location: SourceLocation, declaredAs: string): void {
    const keys = matches.map((match) =>
      match.recognition.kind === "tool"
        ? `\`${match.recognition.parts.schema.label}\``
        : `\`${match.shape.schemaKeys[0]}\``,
    );
    const shapes = matches.map((match) => `${match.shape.name} \`${match.shape.pattern}\``);
    const distinct = [...new Set(keys)];
    const why =
      distinct.length > 1
        ? `${distinct.join(" and ")} side by side. Keep one schema key`
        : `${distinct[0]} in both. Keep the keys of one shape`;
    this.#diagnostics.report(
      "TV1010",
      `This object has the shape of a tool twice over (${shapes.join(", ")}): ${why}, or restrict the shapes read with the "shapes" setting.`,
      location,
      { tool: declaredAs },
    );
  }
}

function defaultDisplayPath(absolutePath: string): string {
  return relativeName(process.cwd(), absolutePath);
}
