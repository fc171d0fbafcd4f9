// Where a host package declares its tools: every TypeScript file of the package that could hold
// a declaration (its sources wherever they are: src/, the root, examples/..., not its tests,
// fixtures, builds, generated code, dependencies or the packages nested in it), read by the
// generator's own discovery, which tells each file's tools and shapes, what it skips and why,
// and what it could not read.
import fs from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";
import { DiagnosticBag, type Diagnostic } from "../diagnostics/diagnostics.js";
import { relativeName } from "../diagnostics/paths.js";
import { GENERATED_MARKER } from "../emit/outputFile.js";
import type { ExtractResult } from "../extract/discover.js";
import { SHAPES } from "../extract/shapes/index.js";

/** The files `init` looks at: TypeScript sources, without declarations files. */
export const SOURCE_EXTENSIONS = ["ts", "tsx", "mts", "cts"] as const;

/** Tests and what only tests use: never where a host's tools are declared. */
export const TEST_FILES = [
  "**/*.test.*",
  "**/*.spec.*",
  "**/*.mock.*",
  "**/__tests__/**",
  "**/__mocks__/**",
  "**/__fixtures__/**",
  "**/test/**",
  "**/tests/**",
  "**/fixtures/**",
  "**/mocks/**",
];

/** Never where tools are declared: dependencies, builds, generated code, tests and fixtures. */
export const NOT_SOURCES = [
  "**/node_modules/**",
  "**/*.d.ts",
  "**/*.d.mts",
  "**/*.d.cts",
  "**/dist/**",
  "**/build/**",
  "**/out/**",
  "**/coverage/**",
  "**/__generated__/**",
  "**/*.generated.*",
  "**/.*/**",
  ...TEST_FILES,
];

/** A tool as discovery found it. */
export interface FoundTool {
  readonly name: string;
  /** Its shape's name (`plugin`, `mcp`, `openai-chat`...). */
  readonly shape: string;
}

/** What one file holds. */
export interface FileFinding {
  /** Relative to the package folder, with `/`. */
  readonly file: string;
  readonly tools: readonly FoundTool[];
  /** The errors located in this file. */
  readonly errors: readonly Diagnostic[];
}

export interface Detection {
  /** Every source file looked at (relative, sorted). */
  readonly sources: readonly string[];
  /** The files that hold a tool or an error (relative, sorted). */
  readonly findings: readonly FileFinding[];
  /** Files that declare no tool but name tools declared elsewhere (a tool set's keys). */
  readonly namingFiles: readonly string[];
  /** Errors located nowhere, or in a file that is not a source (an imported module elsewhere). */
  readonly otherErrors: readonly Diagnostic[];
  /** What discovery read: the tools, and the objects it skipped or ignored, as the generator does. */
  readonly extracted: ExtractResult;
  /** Every file's text by relative path, for the errors' code frames. */
  readonly texts: ReadonlyMap<string, string>;
  /**
   * Packages nested in this one (a folder with its own package.json) whose sources mention a
   * schema key: not looked at, named when this package declares no tool.
   */
  readonly nestedPackages: readonly string[];
}

/** A word every shape's schema key is: a file without one holds no declaration. */
const SCHEMA_KEYS = new RegExp(`\\b(?:${[...new Set(schemaKeys())].join("|")})\\b`);

function schemaKeys(): string[] {
  return SHAPES.flatMap((shape) => shape.schemaKeys);
}

/**
 * Reads the package in `dir`: its TypeScript sources, except those `ignore` names (globs
 * relative to `dir`) and those of nested packages; each file that mentions a schema key and was
 * not written by the generator is read by the generator's discovery, which takes what is
 * imported from `out` (relative to `dir`) as the generator's output, never read.
 */
export async function detectTools(
  dir: string,
  out: string,
  ignore: readonly string[] = [],
): Promise<Detection> {
  const all = await sourceFiles(dir, ["**/*"], ignore);
  const nested = await nestedPackageFolders(dir);
  const inNested = (file: string) => nested.some((folder) => file.startsWith(`${folder}/`));
  const sources = all.filter((file) => !inNested(file));
  const candidates = await mentioningSchemas(dir, sources);
  const nestedPackages = [];
  for (const folder of nested) {
    const files = all.filter((file) => file.startsWith(`${folder}/`));
    if ((await mentioningSchemas(dir, files)).length > 0) nestedPackages.push(folder);
  }
  let diagnostics = new DiagnosticBag();
  let extracted = await extract(dir, out, candidates, diagnostics);
  // A tool named where it is used (an AI SDK tool held by a const, keyed in a tool set
  // elsewhere): the files that use it are read too, and are where its name is.
  const naming = await namingFiles(dir, extracted, sources, candidates);
  if (naming.length > 0) {
    diagnostics = new DiagnosticBag();
    extracted = await extract(dir, out, [...candidates, ...naming], diagnostics);
  }
  const byFile = new Map<string, { tools: FoundTool[]; errors: Diagnostic[] }>();
  const entry = (file: string) => {
    let found = byFile.get(file);
    if (!found) byFile.set(file, (found = { tools: [], errors: [] }));
    return found;
  };
  for (const tool of extracted.tools)
    entry(tool.file).tools.push({ name: tool.name, shape: tool.shape });
  const otherErrors: Diagnostic[] = [];
  const isSource = new Set(sources);
  for (const diagnostic of diagnostics.sorted()) {
    if (diagnostic.severity !== "error") continue;
    const file = diagnostic.location?.file;
    if (file !== undefined && isSource.has(file)) entry(file).errors.push(diagnostic);
    else otherErrors.push(diagnostic);
  }
  const findings = [...byFile.entries()]
    .sort(([a], [b]) => compare(a, b))
    .map(([file, found]) => ({ file, ...found }));
  const named = new Set(extracted.tools.map((tool) => tool.file));
  return {
    sources,
    findings,
    namingFiles: naming.filter((file) => !named.has(file)),
    otherErrors,
    extracted,
    texts: extracted.sources,
    nestedPackages,
  };
}

/** The generator's discovery on `files` (relative to `dir`). */
async function extract(
  dir: string,
  out: string,
  files: readonly string[],
  diagnostics: DiagnosticBag,
): Promise<ExtractResult> {
  // Loaded here: the TypeScript parser takes a while to load.
  const { extractTools } = await import("../extract/discover.js");
  return extractTools(
    files.map((file) => path.join(dir, file)),
    diagnostics,
    (absolute) => relativeName(dir, absolute),
    { outputFolder: path.resolve(dir, out) },
  );
}

/**
 * The sources not read yet that mention, by name, a declaration discovery found unnamed (the
 * `const` or function holding it): where a tool set may key it.
 */
async function namingFiles(
  dir: string,
  extracted: ExtractResult,
  sources: readonly string[],
  read: readonly string[],
): Promise<string[]> {
  const holders = extracted.skipped
    .filter((object) => object.skip.kind === "unnamed")
    .map((object) => /^[A-Za-z_$][\w$]*/.exec(object.declaredAs)?.[0])
    .filter((name): name is string => name !== undefined);
  if (holders.length === 0) return [];
  const mention = new RegExp(`\\b(?:${[...new Set(holders)].join("|")})\\b`);
  const found: string[] = [];
  for (const file of sources) {
    if (read.includes(file)) continue;
    const text = await fs.readFile(path.join(dir, file), "utf8").catch(() => "");
    if (mention.test(text)) found.push(file);
  }
  return found;
}

/** The TypeScript sources `patterns` match in `dir` (relative, with `/`, sorted). */
async function sourceFiles(
  dir: string,
  patterns: readonly string[],
  ignore: readonly string[],
): Promise<string[]> {
  const withExtensions = patterns.map((pattern) => `${pattern}.{${SOURCE_EXTENSIONS.join(",")}}`);
  return (await glob(withExtensions, { cwd: dir, ignore: [...NOT_SOURCES, ...ignore] }))
    .map((file) => file.split(path.sep).join("/"))
    .sort(compare);
}

/** The folders below `dir` with a package.json of their own (relative, with `/`). */
async function nestedPackageFolders(dir: string): Promise<string[]> {
  const manifests = await glob(["**/package.json"], {
    cwd: dir,
    ignore: ["package.json", "**/node_modules/**", "**/.*/**"],
  });
  return manifests.map((file) => path.posix.dirname(file.split(path.sep).join("/"))).sort(compare);
}

/** The files that mention a schema key and were not written by the generator. */
async function mentioningSchemas(dir: string, files: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) {
    const text = await fs.readFile(path.join(dir, file), "utf8").catch(() => "");
    if (text.startsWith(GENERATED_MARKER)) continue;
    if (SCHEMA_KEYS.test(text)) found.push(file);
  }
  return found;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
