import path from "node:path";
import { ts } from "../tsMorph.js";
import { relativeName } from "../diagnostics/paths.js";
import { nodeFileSystem, type SourceFileSystem } from "../extract/fileSystem.js";

/** Whether the host compiles the output folder's files as CommonJS that must keep ESM syntax out. */
export interface ModuleSystemCheck {
  /** Why the generated ES-module files would not compile there, or undefined when they would. */
  readonly problem: string | undefined;
  /** Every file read to decide (the tsconfig chain, the package.json), absolute. */
  readonly read: readonly string[];
}

/**
 * The generated files are ES modules (`import`, `export`). A host compiles them as CommonJS
 * when its package has no `"type": "module"` and its tsconfig's `module` is `node16`..`nodenext`
 * (or when `module` is `commonjs`); with `verbatimModuleSyntax` TypeScript then rejects every
 * `import` and `export` (TS1286, TS1287, TS1295). That is said before anything is written
 * (CONTRACT.md section 5), with what to set; without `verbatimModuleSyntax` TypeScript compiles
 * them to CommonJS as it does the host's own files. The tsconfig that applies is the nearest
 * `tsconfig.json` from the output folder upward, `extends` followed. Every file looked for or
 * read goes through `fileSystem` (the cache records what it answers).
 */
export function checkModuleSystem(
  outDir: string,
  base: string,
  fileSystem: SourceFileSystem = nodeFileSystem,
): ModuleSystemCheck {
  const read: string[] = [];
  const readFile = (file: string) => {
    read.push(path.resolve(file));
    return textOf(fileSystem.readFile(file));
  };
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    fileExists: (file) => fileSystem.isFile(file),
    readDirectory: () => [],
    readFile,
  };
  const config = ts.findConfigFile(outDir, (file) => fileSystem.isFile(file), "tsconfig.json");
  if (config === undefined) return { problem: undefined, read };
  const parsed = ts.readConfigFile(config, host.readFile);
  if (parsed.error) return { problem: undefined, read };
  const options = ts.parseJsonConfigFileContent(parsed.config, host, path.dirname(config)).options;
  if (!options.verbatimModuleSyntax) return { problem: undefined, read };
  const packageFile = nearest(outDir, "package.json", fileSystem);
  if (packageFile) read.push(packageFile);
  const moduleOption = options.module;
  // `node18` and `node20` are known to newer TypeScript versions only.
  const kinds = ts.ModuleKind as unknown as Record<string, number | undefined>;
  const nodeModules = ["Node16", "Node18", "Node20", "NodeNext"].flatMap((name) =>
    kinds[name] === undefined ? [] : [kinds[name]],
  );
  const commonJs =
    moduleOption === ts.ModuleKind.CommonJS ||
    (moduleOption !== undefined &&
      nodeModules.includes(moduleOption) &&
      packageType(packageFile, fileSystem) !== "module");
  if (!commonJs) return { problem: undefined, read };
  const where = relativeName(base, outDir);
  const packageText = packageFile
    ? `${relativeName(base, packageFile)} has no "type": "module"`
    : 'no package.json says "type": "module"';
  return {
    problem: `${where}/ is compiled as CommonJS (${packageText}; ${relativeName(base, config)} sets "module": "${ts.ModuleKind[moduleOption!]}") with "verbatimModuleSyntax", where TypeScript rejects the generated files' import and export statements. Set "verbatimModuleSyntax": false for them (TypeScript then compiles them to CommonJS as your own files), or put the output folder in an ES-module package ("type": "module").`,
    read,
  };
}

function nearest(from: string, name: string, fileSystem: SourceFileSystem): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const file = path.join(dir, name);
    if (fileSystem.isFile(file)) return file;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function packageType(file: string | undefined, fileSystem: SourceFileSystem): string | undefined {
  if (file === undefined) return undefined;
  try {
    const json = JSON.parse(textOf(fileSystem.readFile(file)) ?? "") as { type?: unknown };
    return typeof json.type === "string" ? json.type : undefined;
  } catch {
    return undefined;
  }
}

/** A text file's content (a byte order mark dropped), or undefined when it cannot be read. */
function textOf(bytes: Uint8Array | NodeJS.ErrnoException): string | undefined {
  return bytes instanceof Uint8Array ? new TextDecoder("utf-8").decode(bytes) : undefined;
}
