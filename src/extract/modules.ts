import path from "node:path";
import {
  Node,
  Project,
  SyntaxKind,
  ts,
  type ClassDeclaration,
  type EnumDeclaration,
  type ExportDeclaration,
  type FunctionDeclaration,
  type ImportDeclaration,
  type ModuleDeclaration,
  type SourceFile,
  type Statement,
  type VariableStatement,
} from "../tsMorph.js";
import type { DiagnosticCode } from "../diagnostics/codes.js";
import {
  declaredNames,
  enumBinding,
  runTimeName,
  unreadable,
  variableBinding,
  type Binding,
} from "./bindings.js";
import { nodeFileSystem, type SourceFileSystem } from "./fileSystem.js";
import { identifierText } from "./identifiers.js";
import { ModuleResolver } from "./resolution.js";
import { decodeSourceText, deepestNesting } from "./sourceText.js";

export type { Binding } from "./bindings.js";

/** A top-level name of a file, before imports are followed. */
type Local =
  | { readonly kind: "binding"; readonly binding: Binding }
  | {
      readonly kind: "import";
      readonly specifier: string;
      readonly imported: string;
      readonly typeOnly: boolean;
    }
  | { readonly kind: "namespace-import"; readonly specifier: string; readonly typeOnly: boolean };

/** Where a top-level name is imported from, as the import is written (nothing is resolved). */
export interface ImportedName {
  /** The module specifier: `zod`, `@sinclair/typebox`, `./schemas.js`. */
  readonly module: string;
  /** The name it exports (`default` for a default import); undefined for `import * as name`. */
  readonly imported: string | undefined;
}

/** A name a file exports, before re-exports are followed. */
type Export =
  | { readonly kind: "local"; readonly name: string }
  | { readonly kind: "from"; readonly specifier: string; readonly name: string }
  | { readonly kind: "namespace-from"; readonly specifier: string }
  | { readonly kind: "binding"; readonly binding: Binding };

/** A file that cannot be read: a syntax error, not UTF-8, too deeply nested to be parsed. */
export interface FileProblem {
  readonly code: DiagnosticCode;
  readonly message: string;
  /** The file's absolute path. */
  readonly path: string;
  /** As much of the file's text as can be shown, for the code frame. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Every top-level name of a file, read in one pass over its statements. */
interface FileIndex {
  readonly locals: Map<string, Local>;
  readonly exports: Map<string, Export>;
  /** `export * from "..."` specifiers, in order. */
  readonly starExports: string[];
}

/** Imports and re-exports followed in a row for one name (the stack stays small). */
const MAX_LOOKUP_HOPS = 200;
/** Modules looked into for one name: `export *` from modules that share theirs multiplies them. */
const MAX_LOOKUP_VISITS = 10_000;

/** One lookup of a name: the exports on the way (one met again is a cycle), and how many so far. */
interface LookupWalk {
  readonly path: Set<string>;
  visits: number;
}

function newWalk(): LookupWalk {
  return { path: new Set(), visits: 0 };
}

export interface ModulesOptions {
  /**
   * Told of every file the reading asks for, each time it asks (after reading it, the first
   * time): what a reading depended on (an incremental run reads again the tool files whose
   * dependencies changed). `problemOf` says whether it could be read.
   */
  readonly onFile?: (absolutePath: string) => void;
  /** Where files are read, probed and listed (default: the file system, unrecorded). */
  readonly fileSystem?: SourceFileSystem;
  /** How an absolute path is shown in reasons. */
  readonly display?: (absolutePath: string) => string;
  /**
   * The output folder of the run (absolute): what is imported from it is the generator's own
   * output, which exists when the code runs, never a declaration (CONTRACT.md section 2).
   */
  readonly outputFolder?: string;
}

/**
 * Source files parsed on demand, and name lookup across them by following `import` and
 * `export ... from` statements, each resolved as the host's TypeScript resolves it
 * (resolution.ts). Only syntax is used: no program is built and nothing is type-checked, which
 * keeps reading fast. Every file read, probed or listed goes through one SourceFileSystem.
 * Each file's top-level names are indexed once, so a lookup costs the same however many
 * constants a module holds. A file that cannot be read exactly (not UTF-8, a syntax error) is
 * not read at all (`problemOf` says why): names imported from it are unreadable. The parsed
 * files are kept until `forget`: watch mode keeps them between runs.
 */
export class Modules {
  // An in-memory file system: every file is read through `#fs` and handed over as text. On the
  // real one, `createSourceFile(path, text, { overwrite: true })` of a file that exists on disk
  // reads and parses it from there first, then parses the text given: each file twice.
  readonly #project = new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true, noLib: true, noResolve: true },
  });
  readonly #indexes = new Map<SourceFile, FileIndex>();
  /** Files that cannot be read: a few words saying why, and the problem to report. */
  readonly #unreadable = new Map<string, { readonly why: string; readonly problem: FileProblem }>();
  readonly #onFile: (absolutePath: string) => void;
  readonly #fs: SourceFileSystem;
  readonly #resolver: ModuleResolver;
  readonly #display: (absolutePath: string) => string;
  readonly #outputFolder: string | undefined;

  constructor(options: ModulesOptions = {}) {
    this.#onFile = options.onFile ?? (() => {});
    this.#fs = options.fileSystem ?? nodeFileSystem;
    this.#display = options.display ?? ((file) => file);
    this.#resolver = new ModuleResolver(this.#fs, this.#display);
    this.#outputFolder = options.outputFolder;
  }

  /** The parsed file at an absolute path (parsed once), or undefined when it cannot be read. */
  file(absolutePath: string): SourceFile | undefined {
    const file = this.#parsed(absolutePath);
    this.#onFile(absolutePath);
    return file;
  }

  /** Why a file asked for cannot be read; undefined when it can (or was not asked for). */
  problemOf(absolutePath: string): FileProblem | undefined {
    return this.#unreadable.get(absolutePath)?.problem;
  }

  /** Forgets a file read (its text changed): the next `file` reads it again. */
  forget(absolutePath: string): void {
    this.#unreadable.delete(absolutePath);
    const parsed = this.#project.getSourceFile(absolutePath);
    if (!parsed) return;
    this.#indexes.delete(parsed);
    this.#project.removeSourceFile(parsed);
  }

  #parsed(absolutePath: string): SourceFile | undefined {
    if (this.#unreadable.has(absolutePath)) return undefined;
    const parsed = this.#project.getSourceFile(absolutePath);
    if (parsed) return parsed;
    const source = decodeSourceText(this.#fs.readFile(absolutePath));
    if ("message" in source) {
      const { why, ...problem } = source;
      return this.#reject(absolutePath, why, { code: "TV1006", ...problem });
    }
    const text = source.text;
    let sourceFile: SourceFile;
    try {
      sourceFile = this.#project.createSourceFile(absolutePath, text, { overwrite: true });
    } catch (error) {
      // TypeScript's parser recurses once per nesting level and gives up some hundreds deep.
      if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) throw error;
      const start = deepestNesting(text);
      return this.#reject(absolutePath, "it nests too deeply to be parsed", {
        code: "TV1009",
        message:
          "The file nests brackets too deeply to be parsed (the TypeScript parser ran out of stack); the deepest nesting starts here.",
        text,
        start,
        end: start + 1,
      });
    }
    const syntaxErrors = parseDiagnostics(sourceFile);
    const first = syntaxErrors[0];
    if (first) {
      const message = ts.flattenDiagnosticMessageText(first.messageText, " ").replace(/\.$/, "");
      const count =
        syntaxErrors.length > 1 ? ` (the first of ${syntaxErrors.length} in this file)` : "";
      this.#project.removeSourceFile(sourceFile);
      return this.#reject(absolutePath, "it has a syntax error", {
        code: "TV1005",
        message: `Syntax error TS${first.code}: ${message}${count}.`,
        text,
        start: first.start,
        end: first.start + Math.max(1, first.length),
      });
    }
    return sourceFile;
  }

  #reject(absolutePath: string, why: string, problem: Omit<FileProblem, "path">): undefined {
    this.#unreadable.set(absolutePath, { why, problem: { ...problem, path: absolutePath } });
    return undefined;
  }

  /** The file a name is imported from, or why it cannot be read. */
  #target(from: SourceFile, specifier: string): { file: SourceFile } | { reason: string } {
    const target = this.resolveImport(from, specifier);
    if ("reason" in target) return target;
    const file = this.file(target.path);
    if (file) return { file };
    return {
      reason: `the module "${specifier}" cannot be read: ${this.#unreadable.get(target.path)?.why}`,
    };
  }

  /**
   * A name imported from the run's output folder (the generated index, a tool's Standard
   * Schema): a value of the generator's output, which has one only when the code runs. Told by
   * where the import leads, or, for a relative import of an output folder not written yet, by
   * the path it names.
   */
  #fromOutput(from: SourceFile, specifier: string, name: string): Binding | undefined {
    const folder = this.#outputFolder;
    if (folder === undefined) return undefined;
    const target = this.resolveImport(from, specifier);
    const named =
      "path" in target
        ? target.path
        : specifier.startsWith(".")
          ? path.resolve(path.dirname(from.getFilePath()), specifier)
          : undefined;
    // The output is flat: its modules sit in the folder itself. A file of the folder importing
    // its neighbour is not a host reading the output.
    const importer = path.dirname(from.getFilePath());
    if (named === undefined || path.dirname(named) !== folder || importer === folder)
      return undefined;
    return runTimeName(
      `"${name}" is imported from the generator's output (${this.#display(folder)}/), a value of the code when it runs`,
    );
  }

  /**
   * The absolute path an import specifier names, resolved as the host's TypeScript resolves it
   * (resolution.ts), or a reason it cannot be followed.
   */
  resolveImport(from: SourceFile, specifier: string): { path: string } | { reason: string } {
    return this.#resolver.resolve(from.getFilePath(), specifier);
  }

  /** What `name` means at the top level of `file`. */
  lookupLocal(file: SourceFile, name: string, walk = newWalk()): Binding | undefined {
    const local = this.#index(file).locals.get(name);
    if (!local) return undefined;
    if (local.kind === "binding") return local.binding;
    if (local.typeOnly) return { kind: "unreadable", reason: `"${name}" is a type-only import` };
    const output = this.#fromOutput(file, local.specifier, name);
    if (output) return output;
    const target = this.#target(file, local.specifier);
    if ("reason" in target) {
      return { kind: "unreadable", reason: `"${name}" cannot be followed: ${target.reason}` };
    }
    const targetFile = target.file;
    if (local.kind === "namespace-import") return { kind: "namespace", file: targetFile };
    return (
      this.lookupExport(targetFile, local.imported, walk) ?? {
        kind: "unreadable",
        reason: `"${local.specifier}" has no export named "${local.imported}"`,
      }
    );
  }

  /**
   * The module a top-level name of `file` is imported from, as written: which library a call
   * belongs to is told by the import, without resolving (a library need not be installed).
   */
  importOf(file: SourceFile, name: string): ImportedName | undefined {
    const local = this.#index(file).locals.get(name);
    if (local?.kind === "import") return { module: local.specifier, imported: local.imported };
    if (local?.kind === "namespace-import") return { module: local.specifier, imported: undefined };
    return undefined;
  }

  /**
   * Where an imported name comes from: the imports and re-exports of the modules it is imported
   * through are followed (`export { Type } from "typebox"` in a package of the host's) until a
   * module `known` accepts. Undefined where a module on the way cannot be read, or declares the
   * name itself.
   */
  originOf(
    imported: ImportedName,
    from: SourceFile,
    known: (module: string) => boolean,
  ): ImportedName | undefined {
    let current = imported;
    let file = from;
    for (let hop = 0; hop < MAX_LOOKUP_HOPS; hop++) {
      if (known(current.module)) return current;
      if (current.imported === undefined) return undefined;
      const target = this.#target(file, current.module);
      if ("reason" in target) return undefined;
      const index = this.#index(target.file);
      const exported = index.exports.get(current.imported);
      let next: ImportedName | undefined;
      if (exported?.kind === "from") next = { module: exported.specifier, imported: exported.name };
      else if (exported?.kind === "local") next = this.importOf(target.file, exported.name);
      else if (!exported) {
        const star = index.starExports.find(known);
        if (star !== undefined) return { module: star, imported: current.imported };
      }
      if (!next) return undefined;
      [current, file] = [next, target.file];
    }
    return undefined;
  }

  /** Whether the top-level `name` of `file` is exported (`export const`, `export { name }`...). */
  isExportedLocal(file: SourceFile, name: string): boolean {
    for (const exported of this.#index(file).exports.values()) {
      if (exported.kind === "local" && exported.name === name) return true;
      if (exported.kind === "binding" && exported.binding.kind === "const") {
        // `export default name`
        const expression = exported.binding.initializer;
        if (Node.isIdentifier(expression) && identifierText(expression) === name) return true;
      }
    }
    return false;
  }

  /** What the module `file` exports as `name` (following re-exports). */
  lookupExport(file: SourceFile, name: string, walk = newWalk()): Binding | undefined {
    const key = `${file.getFilePath()}#${name}`;
    if (walk.path.has(key))
      return { kind: "unreadable", reason: `"${name}" is re-exported in a cycle` };
    if (walk.path.size >= MAX_LOOKUP_HOPS || ++walk.visits > MAX_LOOKUP_VISITS) {
      return {
        kind: "unreadable",
        reason: `"${name}" is imported or re-exported through too many modules to be followed`,
      };
    }
    walk.path.add(key);
    try {
      return this.#exported(file, name, walk);
    } finally {
      walk.path.delete(key);
    }
  }

  #exported(file: SourceFile, name: string, walk: LookupWalk): Binding | undefined {
    const index = this.#index(file);
    const exported = index.exports.get(name);
    if (exported) {
      switch (exported.kind) {
        case "binding":
          return exported.binding;
        case "local":
          return this.lookupLocal(file, exported.name, walk);
        case "from":
        case "namespace-from": {
          const output = this.#fromOutput(file, exported.specifier, name);
          if (output) return output;
          const target = this.#target(file, exported.specifier);
          if ("reason" in target) {
            return { kind: "unreadable", reason: `"${name}" cannot be followed: ${target.reason}` };
          }
          const targetFile = target.file;
          if (exported.kind === "namespace-from") return { kind: "namespace", file: targetFile };
          return this.lookupExport(targetFile, exported.name, walk);
        }
      }
    }
    if (name === "default") return undefined;
    // A module that cannot be read could export the name: say so rather than "not found".
    let unreadable: Binding | undefined;
    for (const specifier of index.starExports) {
      const target = this.#target(file, specifier);
      if ("reason" in target) {
        unreadable ??= {
          kind: "unreadable",
          reason: `"${name}" cannot be followed: ${target.reason}`,
        };
        continue;
      }
      // `export *` in a cycle adds nothing the modules on the path do not already export.
      if (walk.path.has(`${target.file.getFilePath()}#${name}`)) continue;
      const binding = this.lookupExport(target.file, name, walk);
      if (binding) return binding;
    }
    return unreadable;
  }

  #index(file: SourceFile): FileIndex {
    let index = this.#indexes.get(file);
    if (!index) {
      index = indexFile(file);
      this.#indexes.set(file, index);
    }
    return index;
  }
}

/** Reads a file's top-level declarations, imports and exports once. */
function indexFile(file: SourceFile): FileIndex {
  const indexer = new FileIndexer();
  for (const statement of file.getStatements()) indexer.add(statement);
  return indexer.index;
}

/** The index of one file, built statement by statement (`indexFile`). */
class FileIndexer {
  readonly index: FileIndex = { locals: new Map(), exports: new Map(), starExports: [] };
  /** Each enum's declarations so far: one enum may be declared in several statements. */
  readonly #enums = new Map<string, EnumDeclaration[]>();

  add(statement: Statement): void {
    if (Node.isVariableStatement(statement)) this.#variables(statement);
    else if (Node.isFunctionDeclaration(statement)) this.#function(statement);
    else if (Node.isClassDeclaration(statement)) this.#class(statement);
    else if (Node.isEnumDeclaration(statement)) this.#enum(statement);
    else if (Node.isModuleDeclaration(statement)) this.#namespace(statement);
    else if (Node.isImportDeclaration(statement)) this.#import(statement);
    else if (Node.isExportDeclaration(statement) && !statement.isTypeOnly())
      this.#exportDeclaration(statement);
    else if (Node.isExportAssignment(statement) && !statement.isExportEquals()) {
      this.index.exports.set("default", {
        kind: "binding",
        binding: {
          kind: "const",
          name: "default",
          initializer: statement.getExpression(),
          declaration: statement,
        },
      });
    }
  }

  /**
   * A name declared twice at the top level of a module is a syntax error in JavaScript; only
   * TypeScript's merging is not (overloads of a function, the declarations of one enum, a
   * namespace beside a function, class or enum: the namespace's members are not read).
   */
  #declare(name: string, local: Local): void {
    const locals = this.index.locals;
    const earlier = locals.get(name);
    if (!earlier) locals.set(name, local);
    else if (mergesWith(earlier, local)) {
      // The later enum declaration's binding holds the earlier ones too.
      if (isNamespaceDeclaration(earlier) || isEnum(local)) locals.set(name, local);
    } else if (isValue(earlier) || isValue(local)) {
      const reason = `"${name}" is declared more than once in its module`;
      locals.set(name, { kind: "binding", binding: unreadable(reason) });
    }
  }

  /** Whether `statement` is `export default ...`; a named one exports `name` as `default`. */
  #exportDefault(statement: Node, name: string | undefined): boolean {
    if (!Node.isModifierable(statement) || !statement.hasModifier(SyntaxKind.DefaultKeyword))
      return false;
    if (name !== undefined) this.index.exports.set("default", { kind: "local", name });
    return true;
  }

  /** `hasExportKeyword`, not `isExported`: the latter builds a program to look at symbols. */
  #exported(statement: Node & { hasExportKeyword(): boolean }, name: string): void {
    if (statement.hasExportKeyword() && !this.#exportDefault(statement, name))
      this.index.exports.set(name, { kind: "local", name });
  }

  #variables(statement: VariableStatement): void {
    for (const declaration of statement.getDeclarations()) {
      for (const { name, element } of declaredNames(declaration.getNameNode())) {
        this.#declare(name, {
          kind: "binding",
          binding: variableBinding(declaration, name, element),
        });
        this.#exported(statement, name);
      }
    }
  }

  #function(statement: FunctionDeclaration): void {
    const name = statement.getName();
    if (name === undefined) {
      // `export default function () {}`
      if (this.#exportDefault(statement, undefined))
        this.index.exports.set("default", {
          kind: "binding",
          binding: { kind: "function", name: "default", declaration: statement },
        });
      return;
    }
    this.#declare(name, {
      kind: "binding",
      binding: { kind: "function", name, declaration: statement },
    });
    this.#exported(statement, name);
  }

  #class(statement: ClassDeclaration): void {
    const name = statement.getName();
    const binding: Binding = {
      kind: "class",
      name: name ?? "default",
      declaration: statement,
      declaredAt: statement,
    };
    if (name === undefined) {
      if (this.#exportDefault(statement, undefined))
        this.index.exports.set("default", { kind: "binding", binding });
      return;
    }
    this.#declare(name, { kind: "binding", binding });
    this.#exported(statement, name);
  }

  #enum(statement: EnumDeclaration): void {
    const name = statement.getName();
    const declarations = [...(this.#enums.get(name) ?? []), statement];
    this.#enums.set(name, declarations);
    this.#declare(name, { kind: "binding", binding: enumBinding(name, declarations) });
    this.#exported(statement, name);
  }

  #namespace(statement: ModuleDeclaration): void {
    const nameNode = statement.getNameNode();
    if (!Node.isIdentifier(nameNode)) return;
    const name = identifierText(nameNode);
    this.#declare(name, {
      kind: "binding",
      binding: unreadable(`"${name}" is a namespace, whose members are not read`),
    });
    this.#exported(statement, name);
  }

  #import(statement: ImportDeclaration): void {
    const specifier = statement.getModuleSpecifierValue();
    const typeOnly = statement.isTypeOnly();
    const defaultImport = statement.getDefaultImport();
    if (defaultImport) {
      this.#declare(identifierText(defaultImport), {
        kind: "import",
        specifier,
        imported: "default",
        typeOnly,
      });
    }
    const namespaceImport = statement.getNamespaceImport();
    if (namespaceImport)
      this.#declare(identifierText(namespaceImport), {
        kind: "namespace-import",
        specifier,
        typeOnly,
      });
    for (const named of statement.getNamedImports()) {
      const alias = named.getAliasNode();
      const local = alias ? identifierText(alias) : named.getName();
      this.#declare(local, {
        kind: "import",
        specifier,
        imported: named.getName(),
        typeOnly: typeOnly || named.isTypeOnly(),
      });
    }
  }

  #exportDeclaration(statement: ExportDeclaration): void {
    const { exports, starExports } = this.index;
    const specifier = statement.getModuleSpecifierValue();
    const namespaceExport = statement.getNamespaceExport();
    if (namespaceExport && specifier !== undefined) {
      exports.set(namespaceExport.getName(), { kind: "namespace-from", specifier });
      return;
    }
    const named = statement.getNamedExports();
    if (named.length === 0 && specifier !== undefined) {
      starExports.push(specifier);
      return;
    }
    for (const specifierNode of named) {
      const exported = specifierNode.getAliasNode()?.getText() ?? specifierNode.getName();
      const original = specifierNode.getName();
      exports.set(
        exported,
        specifier === undefined
          ? { kind: "local", name: original }
          : { kind: "from", specifier, name: original },
      );
    }
  }
}

/** A `const`, `let`, class or import: a name that may not be declared again. */
function isValue(local: Local): boolean {
  return (
    local.kind !== "binding" ||
    local.binding.kind === "const" ||
    local.binding.kind === "destructured" ||
    local.binding.kind === "class" ||
    local.binding.kind === "unreadable"
  );
}

/** An enum (a `declare enum` too). */
function isEnum(local: Local): boolean {
  return local.kind === "binding" && local.binding.kind === "enum";
}

function isNamespaceDeclaration(local: Local): boolean {
  return (
    local.kind === "binding" &&
    local.binding.kind === "unreadable" &&
    local.binding.reason.endsWith("is a namespace, whose members are not read")
  );
}

/** Two declarations TypeScript merges into one: overloads, or a namespace beside a function, class or enum. */
function mergesWith(earlier: Local, later: Local): boolean {
  if (earlier.kind !== "binding" || later.kind !== "binding") return false;
  const kinds = [earlier.binding.kind, later.binding.kind];
  if (kinds[0] === "function" && kinds[1] === "function") return true;
  if (isEnum(earlier) && isEnum(later)) return true;
  const namespaces = [earlier, later].filter(isNamespaceDeclaration).length;
  if (namespaces === 2) return true;
  return (
    namespaces === 1 &&
    kinds.some((kind) => kind === "function" || kind === "class" || kind === "enum")
  );
}

/** The syntax errors the parser found (TypeScript keeps them on the file; no program needed). */
function parseDiagnostics(sourceFile: SourceFile): readonly ts.DiagnosticWithLocation[] {
  return (
    (sourceFile.compilerNode as { parseDiagnostics?: readonly ts.DiagnosticWithLocation[] })
      .parseDiagnostics ?? []
  );
}
