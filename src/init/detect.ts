// Where a host package declares its tools: every TypeScript file of the package that could hold
// a declaration (its sources, not tests, builds or dependencies), read by the generator's own
// discovery, which tells each file's tools and shapes and what it could not read.
import fs from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";
import { DiagnosticBag, type Diagnostic } from "../diagnostics/diagnostics.js";
import { relativeName } from "../diagnostics/paths.js";
import { GENERATED_MARKER } from "../emit/outputFile.js";
import { SHAPES } from "../extract/shapes/index.js";

/** The files `init` looks at: TypeScript sources, without declarations files. */
export const SOURCE_EXTENSIONS = ["ts", "mts", "cts"] as const;

/** Never where tools are declared: dependencies, builds, tests and their fixtures. */
export const NOT_SOURCES = [
  "**/node_modules/**",
  "**/*.d.ts",
  "**/*.d.mts",
  "**/*.d.cts",
  "**/dist/**",
  "**/build/**",
  "**/coverage/**",
  "**/.*/**",
  "**/*.test.*",
  "**/*.spec.*",
  "**/__tests__/**",
  "**/__mocks__/**",
  "**/test/**",
  "**/tests/**",
  "**/fixtures/**",
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
  /** Objects of a tool's shape built at run time (skipped by the generator). */
  readonly skipped: number;
}

export interface Detection {
  /** Every source file looked at (relative, sorted). */
  readonly sources: readonly string[];
  /** The files that hold a tool, an error, or a skipped object (relative, sorted). */
  readonly findings: readonly FileFinding[];
  /** Errors located nowhere, or in a file that is not a source (an imported module elsewhere). */
  readonly otherErrors: readonly Diagnostic[];
  /** Every file's text by relative path, for the errors' code frames. */
  readonly texts: ReadonlyMap<string, string>;
}

/** A word every shape's schema key is: a file without one holds no declaration. */
const SCHEMA_KEYS = new RegExp(`\\b(?:${[...new Set(schemaKeys())].join("|")})\\b`);

function schemaKeys(): string[] {
  return SHAPES.flatMap((shape) => shape.schemaKeys);
}

/**
 * Reads the package in `dir`: its sources under `src/` (or the whole package when it has no
 * `src/`), except those `ignore` names (globs relative to `dir`); each file that mentions a
 * schema key is read by the generator's discovery.
 */
export async function detectTools(dir: string, ignore: readonly string[] = []): Promise<Detection> {
  const hasSrc = await fs
    .stat(path.join(dir, "src"))
    .then((stat) => stat.isDirectory())
    .catch(() => false);
  const pattern = `${hasSrc ? "src/" : ""}**/*.{${SOURCE_EXTENSIONS.join(",")}}`;
  const sources = (await glob([pattern], { cwd: dir, ignore: [...NOT_SOURCES, ...ignore] }))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
  const candidates: string[] = [];
  for (const file of sources) {
    const text = await fs.readFile(path.join(dir, file), "utf8").catch(() => "");
    if (text.startsWith(GENERATED_MARKER)) continue;
    if (SCHEMA_KEYS.test(text)) candidates.push(file);
  }
  const diagnostics = new DiagnosticBag();
  // Loaded here: the TypeScript parser takes a while to load.
  const { extractTools } = await import("../extract/discover.js");
  const result = extractTools(
    candidates.map((file) => path.join(dir, file)),
    diagnostics,
    (absolute) => relativeName(dir, absolute),
  );
  const byFile = new Map<string, { tools: FoundTool[]; errors: Diagnostic[]; skipped: number }>();
  const entry = (file: string) => {
    let found = byFile.get(file);
    if (!found) byFile.set(file, (found = { tools: [], errors: [], skipped: 0 }));
    return found;
  };
  for (const tool of result.tools)
    entry(tool.file).tools.push({ name: tool.name, shape: tool.shape });
  for (const object of result.skipped) entry(object.location.file).skipped++;
  const otherErrors: Diagnostic[] = [];
  const isSource = new Set(sources);
  for (const diagnostic of diagnostics.sorted()) {
    if (diagnostic.severity !== "error") continue;
    const file = diagnostic.location?.file;
    if (file !== undefined && isSource.has(file)) entry(file).errors.push(diagnostic);
    else otherErrors.push(diagnostic);
  }
  const findings = [...byFile.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, found]) => ({ file, ...found }));
  return { sources, findings, otherErrors, texts: result.sources };
}
