import fs from "node:fs";
import path from "node:path";
import {
  Node,
  type FunctionDeclaration,
  Project,
  SyntaxKind,
  VariableDeclarationKind,
  type Expression,
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
 */
export class Modules {
  readonly #project = new Project({
    useInMemoryFileSystem: false,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true, noLib: true, noResolve: true },
  });

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
    for (const statement of file.getStatements()) {
      if (Node.isVariableStatement(statement)) {
        for (const declaration of statement.getDeclarations()) {
          const nameNode = declaration.getNameNode();
          if (!Node.isIdentifier(nameNode)) {
            if (
              nameNode
                .getDescendantsOfKind(SyntaxKind.Identifier)
                .some((id) => id.getText() === name)
            ) {
              return {
                kind: "unreadable",
                reason: `"${name}" is declared by destructuring, which is not read`,
              };
            }
            continue;
          }
          if (nameNode.getText() !== name) continue;
          if (statement.getDeclarationKind() !== VariableDeclarationKind.Const) {
            return {
              kind: "unreadable",
              reason: `"${name}" is a \`${statement.getDeclarationKind()}\` variable; only \`const\` values are read`,
            };
          }
          const initializer = declaration.getInitializer();
          if (!initializer) return { kind: "unreadable", reason: `"${name}" has no initializer` };
          return { kind: "const", name, initializer, declaration };
        }
      } else if (Node.isImportDeclaration(statement)) {
        const binding = this.#lookupImport(statement, name, seen);
        if (binding) return binding;
      } else if (Node.isFunctionDeclaration(statement) && statement.getName() === name) {
        return { kind: "function", name, declaration: statement };
      } else if (
        (Node.isClassDeclaration(statement) || Node.isEnumDeclaration(statement)) &&
        statement.getName() === name
      ) {
        return {
          kind: "unreadable",
          reason: `"${name}" is a ${declarationWord(statement)}, not a constant value`,
        };
      }
    }
    return undefined;
  }

  /** What the module `file` exports as `name` (following re-exports). */
  lookupExport(file: SourceFile, name: string, seen = new Set<string>()): Binding | undefined {
    const key = `${file.getFilePath()}#${name}`;
    if (seen.has(key)) return { kind: "unreadable", reason: `"${name}" is re-exported in a cycle` };
    seen.add(key);
    const starExports: SourceFile[] = [];
    for (const statement of file.getStatements()) {
      if (Node.isVariableStatement(statement) && statement.isExported()) {
        const local = statement.getDeclarations().some((d) => d.getName() === name);
        if (local) return this.lookupLocal(file, name, seen);
      } else if (
        Node.isFunctionDeclaration(statement) &&
        statement.isExported() &&
        statement.getName() === name
      ) {
        return { kind: "function", name, declaration: statement };
      } else if (Node.isExportDeclaration(statement) && !statement.isTypeOnly()) {
        const specifier = statement.getModuleSpecifierValue();
        const target = specifier === undefined ? undefined : this.resolveImport(file, specifier);
        if (target && "reason" in target) {
          if (
            statement
              .getNamedExports()
              .some((e) => (e.getAliasNode()?.getText() ?? e.getName()) === name)
          ) {
            return { kind: "unreadable", reason: `"${name}" cannot be followed: ${target.reason}` };
          }
          continue;
        }
        const targetFile = target ? this.file(target.path) : undefined;
        const namespaceExport = statement.getNamespaceExport();
        if (namespaceExport) {
          if (namespaceExport.getName() === name && targetFile)
            return { kind: "namespace", file: targetFile };
          continue;
        }
        const named = statement.getNamedExports();
        if (named.length === 0 && targetFile) {
          starExports.push(targetFile);
          continue;
        }
        for (const specifierNode of named) {
          const exported = specifierNode.getAliasNode()?.getText() ?? specifierNode.getName();
          if (exported !== name) continue;
          const original = specifierNode.getName();
          return targetFile
            ? this.lookupExport(targetFile, original, seen)
            : this.lookupLocal(file, original, seen);
        }
      } else if (
        Node.isExportAssignment(statement) &&
        name === "default" &&
        !statement.isExportEquals()
      ) {
        return {
          kind: "const",
          name: "default",
          initializer: statement.getExpression(),
          declaration: statement,
        };
      }
    }
    for (const target of starExports) {
      const binding = this.lookupExport(target, name, seen);
      if (binding) return binding;
    }
    return undefined;
  }

  #lookupImport(
    statement: import("ts-morph").ImportDeclaration,
    name: string,
    seen: Set<string>,
  ): Binding | undefined {
    const defaultImport = statement.getDefaultImport();
    const namespaceImport = statement.getNamespaceImport();
    const namedImport = statement
      .getNamedImports()
      .find((specifier) => (specifier.getAliasNode()?.getText() ?? specifier.getName()) === name);
    const importedName =
      defaultImport?.getText() === name
        ? "default"
        : namedImport
          ? namedImport.getName()
          : undefined;
    const isNamespace = namespaceImport?.getText() === name;
    if (importedName === undefined && !isNamespace) return undefined;
    if (statement.isTypeOnly() || namedImport?.isTypeOnly()) {
      return { kind: "unreadable", reason: `"${name}" is a type-only import` };
    }
    const specifier = statement.getModuleSpecifierValue();
    const target = this.resolveImport(statement.getSourceFile(), specifier);
    if ("reason" in target)
      return { kind: "unreadable", reason: `"${name}" cannot be followed: ${target.reason}` };
    const targetFile = this.file(target.path);
    if (isNamespace) return { kind: "namespace", file: targetFile };
    return (
      this.lookupExport(targetFile, importedName!, seen) ?? {
        kind: "unreadable",
        reason: `"${specifier}" has no export named "${importedName}"`,
      }
    );
  }
}

function isFile(candidate: string): boolean {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
}

function declarationWord(node: Node): string {
  if (Node.isFunctionDeclaration(node)) return "function";
  if (Node.isClassDeclaration(node)) return "class";
  return "enum";
}
