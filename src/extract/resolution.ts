// CONTRACT.md section 2 (imports resolved as the host's TypeScript resolves them).
import path from "node:path";
import { ts } from "../tsMorph.js";
import type { SourceFileSystem } from "./fileSystem.js";

/** Where an import leads: a file (its real path), or why it cannot be followed. */
export type Resolution = { readonly path: string } | { readonly reason: string };

/** The compiler options of one tsconfig.json (or TypeScript's defaults) and their cache. */
interface Setup {
  readonly options: ts.CompilerOptions;
  readonly cache: ts.ModuleResolutionCache;
  /** The tsconfig.json the options come from (absolute); undefined: TypeScript's defaults. */
  readonly configFile: string | undefined;
  /** Why the tsconfig.json could not be used, when it could not. */
  readonly problem: string | undefined;
}

/**
 * Import specifiers resolved as the host's TypeScript resolves them: `ts.resolveModuleName`
 * with the compiler options of the nearest tsconfig.json of the importing file (its `extends`
 * followed), so that `.js` specifiers lead to `.ts` files, workspace packages are found through
 * node_modules and their package.json `exports`, `types` and `main`, and tsconfig `paths` and
 * `baseUrl` aliases apply. JavaScript files are always candidates (`allowJs`): a module with no
 * TypeScript source is read as it is. The file found is read where it really is (symbolic links
 * resolved), as Node loads it, so that its own imports resolve from there.
 *
 * Every question about the file system (a tsconfig.json looked for or read, a candidate file
 * probed, a package.json read, a link resolved) goes through `fileSystem`, which can record it.
 */
export class ModuleResolver {
  readonly #fs: SourceFileSystem;
  readonly #display: (absolutePath: string) => string;
  readonly #host: ts.ModuleResolutionHost;
  /** The setup of each folder holding an importing file. */
  readonly #byFolder = new Map<string, Setup>();
  /** The setup of each tsconfig.json ("" for TypeScript's defaults). */
  readonly #byConfig = new Map<string, Setup>();
  readonly #resolved = new Map<string, Resolution>();

  constructor(fileSystem: SourceFileSystem, display: (absolutePath: string) => string) {
    this.#fs = fileSystem;
    this.#display = display;
    this.#host = {
      fileExists: (file) => fileSystem.isFile(file),
      readFile: (file) => textOf(fileSystem.readFile(file)),
      directoryExists: (folder) => fileSystem.isDirectory(folder),
      realpath: (file) => fileSystem.realpath(file),
      getDirectories: (folder) =>
        fileSystem.list(folder).filter((name) => fileSystem.isDirectory(path.join(folder, name))),
      getCurrentDirectory: () => process.cwd(),
      useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    };
  }

  /** The file `specifier` names when imported from `fromFile` (absolute), or why it cannot be followed. */
  resolve(fromFile: string, specifier: string): Resolution {
    const key = `${fromFile}\0${specifier}`;
    let resolution = this.#resolved.get(key);
    if (!resolution) {
      resolution = this.#resolve(fromFile, specifier);
      this.#resolved.set(key, resolution);
    }
    return resolution;
  }

  #resolve(fromFile: string, specifier: string): Resolution {
    const setup = this.#setup(path.dirname(fromFile));
    const mode = ts.getImpliedNodeFormatForFile(
      fromFile,
      setup.cache.getPackageJsonInfoCache(),
      this.#host,
      setup.options,
    );
    const { resolvedModule } = ts.resolveModuleName(
      specifier,
      fromFile,
      setup.options,
      this.#host,
      setup.cache,
      undefined,
      mode,
    );
    if (!resolvedModule) return { reason: this.#notFound(fromFile, specifier, setup) };
    if (resolvedModule.extension === ts.Extension.Json)
      return { reason: `the module "${specifier}" is a JSON file, which is not read` };
    return { path: this.#fs.realpath(resolvedModule.resolvedFileName) };
  }

  #notFound(fromFile: string, specifier: string, setup: Setup): string {
    if (ts.isExternalModuleNameRelative(specifier) || path.isAbsolute(specifier))
      return `the module "${specifier}" was not found`;
    const kind = ts.ModuleResolutionKind[moduleResolutionKind(setup.options)];
    const how = setup.configFile
      ? `with ${this.#display(setup.configFile)}${setup.problem ? `, ${setup.problem}` : ""}`
      : "without a tsconfig.json";
    // Most often the code base's dependencies are not installed (a fresh clone).
    return `the package "${specifier}" cannot be found from ${this.#display(fromFile)} (resolved as TypeScript does ${how}: moduleResolution ${kind?.toLowerCase()}); if it is not installed, install the dependencies (npm install, or the equivalent)`;
  }

  /** The options that apply to files in `folder`: its nearest tsconfig.json's. */
  #setup(folder: string): Setup {
    let setup = this.#byFolder.get(folder);
    if (setup) return setup;
    const configFile = ts.findConfigFile(folder, (file) => this.#fs.isFile(file));
    setup = this.#byConfig.get(configFile ?? "");
    if (!setup) {
      setup = this.#parse(configFile);
      this.#byConfig.set(configFile ?? "", setup);
    }
    this.#byFolder.set(folder, setup);
    return setup;
  }

  #parse(configFile: string | undefined): Setup {
    let options: ts.CompilerOptions = {};
    let problem: string | undefined;
    if (configFile) {
      const text = textOf(this.#fs.readFile(configFile));
      const json = text === undefined ? undefined : ts.parseConfigFileTextToJson(configFile, text);
      if (json === undefined || json.error) {
        problem = json?.error
          ? `which is not valid: ${ts.flattenDiagnosticMessageText(json.error.messageText, " ")}`
          : "which cannot be read";
      } else {
        const host: ts.ParseConfigHost = {
          useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
          fileExists: (file) => this.#fs.isFile(file),
          readFile: (file) => textOf(this.#fs.readFile(file)),
          // The files a tsconfig.json includes are not needed, only its options.
          readDirectory: () => [],
        };
        options = ts.parseJsonConfigFileContent(
          json.config,
          host,
          path.dirname(configFile),
          undefined,
          configFile,
        ).options;
      }
    }
    // JavaScript modules are read too, where there is no TypeScript source.
    options = { ...options, allowJs: true };
    const cache = ts.createModuleResolutionCache(
      process.cwd(),
      (file) => (ts.sys.useCaseSensitiveFileNames ? file : file.toLowerCase()),
      options,
    );
    return { options, cache, configFile, problem };
  }
}

/** A text file's content (a UTF-8 byte order mark dropped), or undefined when it cannot be read. */
function textOf(bytes: Uint8Array | NodeJS.ErrnoException): string | undefined {
  if (!(bytes instanceof Uint8Array)) return undefined;
  const text = new TextDecoder("utf-8").decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The module resolution the options mean (TypeScript's default where they name none). */
function moduleResolutionKind(options: ts.CompilerOptions): ts.ModuleResolutionKind {
  const emitKind = (
    ts as unknown as {
      getEmitModuleResolutionKind?: (options: ts.CompilerOptions) => ts.ModuleResolutionKind;
    }
  ).getEmitModuleResolutionKind;
  return emitKind?.(options) ?? options.moduleResolution ?? ts.ModuleResolutionKind.Bundler;
}
