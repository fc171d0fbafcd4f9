// The cache that makes a run with nothing changed fast: a manifest of everything the last run's
// output depended on (the generator, the settings, every file read and the folders that decide
// how imports resolve, prettier and the options it resolved for each output file) and the
// output itself. A later run verifies all of it on disk; only when every part is the same is the
// recorded output the output, which is then compared with (or written to) the output folder by
// the same code as always. Any difference, or a manifest that cannot be read, and the run
// generates from scratch. It never decides on its own that the output folder is up to date.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OutputFile } from "../emit/files.js";
import {
  formatKey,
  locatePrettier,
  packageVersion,
  sha256,
  type FormatCache,
} from "../format/formatter.js";
import type { Mode } from "../ir.js";

const FORMAT = 1;

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
  /** The opt-in keywords enforced, sorted. */
  readonly enforce: readonly string[];
  /** The shapes read, sorted; null: every shape. */
  readonly shapes: readonly string[] | null;
  readonly excludeTools: readonly string[];
  readonly excludeFiles: readonly string[];
  readonly exportNames: Readonly<Record<string, string>>;
}

export interface Manifest {
  readonly format: typeof FORMAT;
  readonly generator: string;
  readonly settings: ManifestSettings;
  /** The tool files the globs matched, as shown. */
  readonly toolFiles: readonly string[];
  /** The files the generator reported reading (absolute): watch mode watches their folders. */
  readonly sources: readonly string[];
  /** Every file read, and every module they import (absolute), with the hash of its bytes. */
  readonly reads: Readonly<Record<string, string>>;
  /** The folders where imports are looked up, with their sorted entries (null: absent). */
  readonly folders: Readonly<Record<string, readonly string[] | null>>;
  readonly prettier: { readonly path: string; readonly version: string };
  /** The prettier options of each output file. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly output: readonly {
    readonly name: string;
    /** Hash of the text given to prettier. */
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
  const prettier = manifest.prettier;
  for (const file of manifest.output) {
    const options = manifest.options[file.name];
    if (options !== undefined) cache.set(formatKey(prettier, options, file.input), file.content);
  }
  return cache;
}

/** What a run read, to record: the files and the folders their imports are looked up in. */
export interface Inputs {
  readonly reads: Record<string, string>;
  readonly folders: Record<string, readonly string[] | null>;
}

// `from "x"`, `import "x"`, `import("x")`: every module a file can name. Finding more than the
// reader follows (type imports, code in comments) only records more.
const SPECIFIER = /\b(?:from|import)\s*\(?\s*["']([^"'\n\r]+)["']/g;

/**
 * The files a run read (absolute paths) and, transitively, every local module they import,
 * with the hash of each one's bytes; and the folders where those imports are looked up (the
 * reader takes the first of `x.ts`, `x.tsx`, `x/index.ts`, `x.js`, so a file added there can
 * change what an import means). `skip` leaves out files and folders that are no input (the
 * output folder: a tool module may import its generated types from there).
 */
export async function collectInputs(
  files: Iterable<string>,
  skip: (file: string) => boolean = () => false,
): Promise<Inputs> {
  const reads: Record<string, string> = {};
  const folders: Record<string, readonly string[] | null> = {};
  const queue = [...files];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = await fs.realpath(queue.pop()!).catch(() => undefined);
    if (file === undefined || seen.has(file) || skip(file)) continue;
    seen.add(file);
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(file);
    } catch {
      continue;
    }
    reads[file] = createHash("sha256").update(bytes).digest("hex");
    for (const match of bytes.toString("utf8").matchAll(SPECIFIER)) {
      const specifier = match[1]!;
      if (!specifier.startsWith(".") && !path.isAbsolute(specifier)) continue;
      const target = path.resolve(path.dirname(file), specifier);
      for (const folder of [path.dirname(target), target]) {
        if (!(folder in folders) && !skip(folder)) folders[folder] = await listing(folder);
      }
      for (const candidate of candidates(target)) {
        const stat = await fs.stat(candidate).catch(() => undefined);
        if (stat?.isFile()) {
          queue.push(candidate);
          break;
        }
      }
    }
  }
  return { reads, folders };
}

/** The files an import of `target` may mean, in the reader's order (see extract/modules.ts). */
function candidates(target: string): string[] {
  const extension = path.extname(target);
  const stem = target.slice(0, target.length - extension.length);
  switch (extension) {
    case ".js":
      return [`${stem}.ts`, `${stem}.tsx`, target];
    case ".jsx":
      return [`${stem}.tsx`, target];
    case ".mjs":
      return [`${stem}.mts`, target];
    case ".cjs":
      return [`${stem}.cts`, target];
    case ".ts":
    case ".tsx":
    case ".mts":
    case ".cts":
      return [target];
    default:
      return [`${target}.ts`, `${target}.tsx`, path.join(target, "index.ts"), `${target}.js`];
  }
}

async function listing(folder: string): Promise<string[] | null> {
  try {
    return (await fs.readdir(folder)).sort();
  } catch {
    return null;
  }
}

/** Why the recorded inputs differ from what is on disk now; undefined when they are the same. */
export async function changedInput(manifest: Manifest): Promise<string | undefined> {
  for (const [file, hash] of Object.entries(manifest.reads)) {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(file);
    } catch {
      return `${file} cannot be read`;
    }
    if (createHash("sha256").update(bytes).digest("hex") !== hash) return `${file} changed`;
  }
  for (const [folder, entries] of Object.entries(manifest.folders)) {
    const now = await listing(folder);
    if (JSON.stringify(now) !== JSON.stringify(entries)) return `the entries of ${folder} changed`;
  }
  return undefined;
}

/**
 * Verifies everything the manifest's output depended on except the files read (`changedInput`)
 * and the tool files matched: the generator, the settings, prettier and its options. Returns
 * why it differs, or undefined. `resolveOptions` resolves the prettier options of a file now.
 */
export async function changedSetup(
  manifest: Manifest,
  settings: ManifestSettings,
  resolveOptions: (name: string) => Promise<unknown>,
): Promise<string | undefined> {
  if (manifest.generator !== (await generatorFingerprint())) return "the generator changed";
  if (JSON.stringify(manifest.settings) !== JSON.stringify(settings)) return "the settings changed";
  const prettier = locatePrettier(settings.outDir);
  if (prettier.path !== manifest.prettier.path || prettier.version !== manifest.prettier.version)
    return "prettier changed";
  for (const file of manifest.output) {
    const options = await resolveOptions(file.name);
    if (JSON.stringify(options) !== JSON.stringify(manifest.options[file.name]))
      return `the prettier options of ${file.name} changed`;
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
