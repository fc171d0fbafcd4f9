import fs from "node:fs";
import path from "node:path";
import {
  Node,
  Project,
  SyntaxKind,
  VariableDeclarationKind,
  type Expression,
  type FunctionDeclaration,
  type SourceFile,
} from "ts-morph";

/** What a name refers to, as far as static reading needs to know. */
export type Binding =
  | {
      readonly kind: "const";
      readonly name: string;
      readonly initializer: Expression;
      readonly declaration: Node;
    }
  | { readonly kind: "namespace"; readonly file: SourceFile }
  | { readonly kind: "function"; readonly name: string; readonly declaration: FunctionDeclaration }
  | { readonly kind: "unreadable"; readonly reason: string };

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

/** A name a file exports, before re-exports are followed. */
type Export =
  | { readonly kind: "local"; readonly name: string }
  | { readonly kind: "from"; readonly specifier: string; readonly name: string }
  | { readonly kind: "namespace-from"; readonly specifier: string }
  | { readonly kind: "binding"; readonly binding: Binding };

/** Every top-level name of a file, read in one pass over its statements. */
interface FileIndex {
  readonly locals: Map<string, Local>;
  readonly exports: Map<string, Export>;
  /** `export * from "..."` specifiers, in order. */
  readonly starExports: string[];
}

const SOURCE_EXTENSIONS: Record<string, readonly string[]> = {
  ".js": [".ts", ".tsx", ".js"],
  ".jsx": [".tsx", ".jsx"],
  ".mjs": [".mts", ".mjs"],
  ".cjs": [".cts", ".cjs"],
  ".ts": [".ts"],
  ".tsx": [".tsx"],
  ".mts": [".mts"],
  ".cts": [".cts"],
};

/**
 * Source files parsed on demand, and name lookup across them by following `import` and
 * `export ... from` statements. Only syntax is used: no program is built and nothing is
 * type-checked, which keeps reading fast and independent of the code base's compiler setup.
 * Each file's top-level names are indexed once, so a lookup costs the same however many
 * constants a module holds.
 */
export class Modules {
  readonly #project = new Project({
    useInMemoryFileSystem: false,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true, noLib: true, noResolve: true },
  });
  readonly #indexes = new Map<SourceFile, FileIndex>();

  /** The parsed file at an absolute path (parsed once). */
  file(absolutePath: string): SourceFile {
    return (
      this.#project.getSourceFile(absolutePath) ?? this.#project.addSourceFileAtPath(absolutePath)
    );
  }

  /** The absolute path an import specifier names, or a reason it cannot be followed. */
  resolveImport(from: SourceFile, specifier: string): { path: string } | { reason: string } {
    if (
      !specifier.startsWith("./") &&
      !specifier.startsWith("../") &&
      !path.isAbsolute(specifier)
    ) {
      return { reason: `it is imported from the package "${specifier}", which is not read` };
    }
    const base = path.resolve(path.dirname(from.getFilePath()), specifier);
    const extension = path.extname(base);
    const candidates = SOURCE_EXTENSIONS[extension]
      ? SOURCE_EXTENSIONS[extension].map((ext) => base.slice(0, -extension.length) + ext)
      : [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), `${base}.js`];
    for (const candidate of candidates) {
      if (isFile(candidate)) return { path: candidate };
    }
    return { reason: `the module "${specifier}" was not found` };
  }

  /** What `name` means at the top level of `file`. */
  lookupLocal(file: SourceFile, name: string, seen = new Set<string>()): Binding | undefined {
    const local = this.#index(file).locals.get(name);
    if (!local) return undefined;
    if (local.kind === "binding") return local.binding;
    if (local.typeOnly) return { kind: "unreadable", reason: `"${name}" is a type-only import` };
    const target = this.resolveImport(file, local.specifier);
    if ("reason" in target) {
      return { kind: "unreadable", reason: `"${name}" cannot be followed: ${target.reason}` };
    }
    const targetFile = this.file(target.path);
    if (local.kind === "namespace-import") return { kind: "namespace", file: targetFile };
    return (
      this.lookupExport(targetFile, local.imported, seen) ?? {
        kind: "unreadable",
        reason: `"${local.specifier}" has no export named "${local.imported}"`,
      }
    );
  }

  /** What the module `file` exports as `name` (following re-exports). */
  lookupExport(file: SourceFile, name: string, seen = new Set<string>()): Binding | undefined {
    const key = `${file.getFilePath()}#${name}`;
    if (seen.has(key)) return { kind: "unreadable", reason: `"${name}" is re-exported in a cycle` };
    seen.add(key);
    const index = this.#index(file);
    const exported = index.exports.get(name);
    if (exported) {
      switch (exported.kind) {
        case "binding":
          return exported.binding;
        case "local":
          return this.lookupLocal(file, exported.name, seen);
        case "from":
        case "namespace-from": {
          const target = this.resolveImport(file, exported.specifier);
          if ("reason" in target) {
            return { kind: "unreadable", reason: `"${name}" cannot be followed: ${target.reason}` };
          }
          const targetFile = this.file(target.path);
          if (exported.kind === "namespace-from") return { kind: "namespace", file: targetFile };
          return this.lookupExport(targetFile, exported.name, seen);
        }
      }
    }
    if (name === "default") return undefined;
    for (const specifier of index.starExports) {
      const target = this.resolveImport(file, specifier);
      if ("reason" in target) continue;
      const binding = this.lookupExport(this.file(target.path), name, seen);
      if (binding) return binding;
    }
    return undefined;
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
  const locals = new Map<string, Local>();
  const exports = new Map<string, Export>();
  const starExports: string[] = [];
  // The first declaration of a name wins, as later ones would be redeclarations.
  const declare = (name: string, local: Local) => {
    if (!locals.has(name)) locals.set(name, local);
  };
  for (const statement of file.getStatements()) {
    if (Node.isVariableStatement(statement)) {
      const isConst = statement.getDeclarationKind() === VariableDeclarationKind.Const;
      for (const declaration of statement.getDeclarations()) {
        const nameNode = declaration.getNameNode();
        if (!Node.isIdentifier(nameNode)) {
          for (const id of nameNode.getDescendantsOfKind(SyntaxKind.Identifier)) {
            const reason = `"${id.getText()}" is declared by destructuring, which is not read`;
            declare(id.getText(), { kind: "binding", binding: { kind: "unreadable", reason } });
          }
          continue;
        }
        const name = nameNode.getText();
        const initializer = declaration.getInitializer();
        const binding: Binding = !isConst
          ? {
              kind: "unreadable",
              reason: `"${name}" is a \`${statement.getDeclarationKind()}\` variable; only \`const\` values are read`,
            }
          : initializer
            ? { kind: "const", name, initializer, declaration }
            : { kind: "unreadable", reason: `"${name}" has no initializer` };
        declare(name, { kind: "binding", binding });
        if (statement.isExported()) exports.set(name, { kind: "local", name });
      }
    } else if (Node.isFunctionDeclaration(statement)) {
      const name = statement.getName();
      if (name === undefined) continue;
      declare(name, {
        kind: "binding",
        binding: { kind: "function", name, declaration: statement },
      });
      if (statement.isExported()) exports.set(name, { kind: "local", name });
    } else if (Node.isClassDeclaration(statement) || Node.isEnumDeclaration(statement)) {
      const name = statement.getName();
      if (name === undefined) continue;
      const word = Node.isClassDeclaration(statement) ? "class" : "enum";
      const reason = `"${name}" is a ${word}, not a constant value`;
      declare(name, { kind: "binding", binding: { kind: "unreadable", reason } });
    } else if (Node.isImportDeclaration(statement)) {
      const specifier = statement.getModuleSpecifierValue();
      const typeOnly = statement.isTypeOnly();
      const defaultImport = statement.getDefaultImport();
      if (defaultImport) {
        declare(defaultImport.getText(), {
          kind: "import",
          specifier,
          imported: "default",
          typeOnly,
        });
      }
      const namespaceImport = statement.getNamespaceImport();
      if (namespaceImport)
        declare(namespaceImport.getText(), { kind: "namespace-import", specifier, typeOnly });
      for (const named of statement.getNamedImports()) {
        const local = named.getAliasNode()?.getText() ?? named.getName();
        declare(local, {
          kind: "import",
          specifier,
          imported: named.getName(),
          typeOnly: typeOnly || named.isTypeOnly(),
        });
      }
    } else if (Node.isExportDeclaration(statement) && !statement.isTypeOnly()) {
      const specifier = statement.getModuleSpecifierValue();
      const namespaceExport = statement.getNamespaceExport();
      if (namespaceExport && specifier !== undefined) {
        exports.set(namespaceExport.getName(), { kind: "namespace-from", specifier });
        continue;
      }
      const named = statement.getNamedExports();
      if (named.length === 0 && specifier !== undefined) {
        starExports.push(specifier);
        continue;
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
    } else if (Node.isExportAssignment(statement) && !statement.isExportEquals()) {
      const binding: Binding = {
        kind: "const",
        name: "default",
        initializer: statement.getExpression(),
        declaration: statement,
      };
      exports.set("default", { kind: "binding", binding });
    }
  }
  return { locals, exports, starExports };
}

function isFile(candidate: string): boolean {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
}
