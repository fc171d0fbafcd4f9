// The cache's record: a manifest of everything the last run's output depended on (the
// generator, the settings, the tool files the globs matched and where they really are, every
// question the reader asked of the file system with its answer, the formatter, the
// configuration it formatted each output file with and the plugins prettier 2 loads by itself)
// and the output itself. cache.ts verifies it and makes it; this module reads and writes it.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OutputFile } from "../emit/files.js";
import {
  formatKey,
  packageVersion,
  sha256,
  type FormatCache,
  type Formatter,
  type FormatterIdentity,
} from "../format/formatter.js";
import type { Mode } from "../ir.js";
import type { Observations } from "./observations.js";
import type { PluginListing } from "./prettierPlugins.js";

const FORMAT = 3;

/** What the report of a run says besides the files (replayed when the output is reused). */
export interface RunSummary {
  readonly toolCount: number;
  readonly fileCount: number;
  /** Tools without a validator and what is not enforced (report.ts `coverageLines`). */
  readonly coverage: readonly string[];
  /** The warnings, as printed (empty when there were none). */
  readonly warnings: string;
}

/** The settings that decide the output. */
export interface ManifestSettings {
  readonly base: string;
  readonly tools: readonly string[];
  readonly outDir: string;
  readonly mode: Mode;
  readonly command: string;
  /** Every other option of the run that can change the output (enforce, shapes, exclusions). */
  readonly options?: Readonly<Record<string, unknown>>;
}

/** A file the tool globs matched: as shown, and where it really is (symbolic links resolved). */
export interface ToolFile {
  readonly path: string;
  readonly real: string;
}

export interface Manifest {
  readonly format: typeof FORMAT;
  readonly generator: string;
  readonly settings: ManifestSettings;
  /** The tool files the globs matched. */
  readonly toolFiles: readonly ToolFile[];
  /** The files the generator reported reading (absolute): watch mode watches their folders. */
  readonly sources: readonly string[];
  /** Every question the reader asked of the file system, with the answer it got. */
  readonly observations: Observations;
  /** What formatted the output: its kind, where it is and its version. */
  readonly formatter: FormatterIdentity;
  /** The plugins prettier 2 loads by itself, by folder searched (nothing is cached with any). */
  readonly plugins: PluginListing;
  /** The configuration each output file was formatted with (prettier's options, Biome's files). */
  readonly options: Readonly<Record<string, unknown>>;
  readonly output: readonly {
    readonly name: string;
    /** Hash of the text given to the formatter. */
    readonly input: string;
    readonly sha256: string;
    readonly content: string;
  }[];
  readonly summary: RunSummary;
}

/** The folder of the cache: `node_modules/.cache/tool-validators` of the nearest node_modules. */
export async function cacheFolder(base: string): Promise<string | undefined> {
  for (let dir = path.resolve(base); ; dir = path.dirname(dir)) {
    const modules = path.join(dir, "node_modules");
    const stat = await fs.stat(modules).catch(() => undefined);
    if (stat?.isDirectory()) return path.join(modules, ".cache", "tool-validators");
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The manifest file of one output folder. */
export function manifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `${sha256(path.resolve(outDir)).slice(0, 16)}.json`);
}

/** Reads a manifest; undefined when absent, unreadable, of another format or damaged. */
export async function readManifest(file: string): Promise<Manifest | undefined> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(file, "utf8")) as Manifest;
  } catch {
    return undefined;
  }
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.output)) return undefined;
  for (const file of manifest.output)
    if (typeof file?.content !== "string" || sha256(file.content) !== file.sha256) return undefined;
  return manifest;
}

/** Writes a manifest (atomically); a cache that cannot be written is no error. */
export async function writeManifest(file: string, manifest: Manifest): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(16).slice(2)}.tmp`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(temporary, JSON.stringify(manifest));
    await fs.rename(temporary, file);
  } catch {
    await fs.rm(temporary, { force: true }).catch(() => {});
  }
}

/** The formatted texts a manifest holds, for the formatter to reuse. */
export function formatCacheOf(manifest: Manifest): FormatCache {
  const cache = new Map<string, string>();
  for (const file of manifest.output) {
    const options = manifest.options[file.name];
    if (options !== undefined)
      cache.set(formatKey(manifest.formatter, options, file.input), file.content);
  }
  return cache;
}

/**
 * Verifies the generator, the settings, the formatter and its configuration (cache.ts verifies
 * the rest): why they differ, or undefined. `formatter` is the one that would format now.
 */
export async function changedSetup(
  manifest: Manifest,
  settings: ManifestSettings,
  formatter: () => Formatter,
): Promise<string | undefined> {
  if (manifest.generator !== (await generatorFingerprint())) return "the generator changed";
  if (JSON.stringify(manifest.settings) !== JSON.stringify(settings)) return "the settings changed";
  const now = formatter();
  try {
    if (JSON.stringify(now.identity) !== JSON.stringify(manifest.formatter))
      return "the formatter changed";
    for (const file of manifest.output) {
      const options = await now.optionsFor(file.name);
      if (JSON.stringify(options) !== JSON.stringify(manifest.options[file.name]))
        return `the formatter's configuration of ${file.name} changed`;
    }
  } finally {
    now.close();
  }
  return undefined;
}

/** The recorded output, as files. */
export function outputOf(manifest: Manifest): OutputFile[] {
  return manifest.output.map(({ name, content }) => ({ name, content }));
}

let fingerprint: Promise<string> | undefined;

/**
 * Identifies the generator's code: the hash of every file of this package's generator (its
 * compiled or its source modules, and the support files it copies), its version and the version
 * of the TypeScript reader it uses. Any change to any of them changes the output potentially.
 */
export function generatorFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const hash = createHash("sha256");
    const require = createRequire(import.meta.url);
    hash.update(`ts-morph ${packageVersion(require.resolve("ts-morph"), "ts-morph")}\n`);
    hash.update(
      `tool-validators ${packageVersion(path.join(root, "index.js"), "tool-validators")}\n`,
    );
    for (const file of await filesUnder(root)) {
      hash.update(`${path.relative(root, file)}\n`);
      hash.update(await fs.readFile(file));
    }
    return hash.digest("hex");
  })();
  return fingerprint;
}

async function filesUnder(root: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && /\.(?:[cm]?[jt]s|json)$/.test(entry.name)) files.push(full);
    }
  };
  await walk(root);
  return files.sort();
}
