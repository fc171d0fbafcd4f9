// The cache that makes a run with nothing changed fast, and that cannot lie: a run records what
// its output depended on, taken from the stages themselves (the tool files the globs matched
// and where they really are; every question the reader asked of the file system, as it asked
// it, with the answer it got: the files it read and resolved, the candidates it probed, the
// tsconfig.json and package.json files the module resolution read, the links it resolved; the
// formatter, its configuration and the plugins prettier 2 loads by itself), and the next run asks every one
// of those questions again. Only when every answer is the same is the recorded output the
// output, which is then compared with (or written to) the output folder as always; any
// difference, a record that cannot be read, and the run generates from scratch.
// CONTRACT.md section 7 (the cache in node_modules/.cache/tool-validators/).
import { relativeName } from "../diagnostics/paths.js";
import type { OutputFile } from "../emit/files.js";
import { findToolFiles } from "../find/files.js";
import {
  sha256,
  type FormatCache,
  type FormatRecord,
  type Formatter,
  type FormatterIdentity,
} from "../format/formatter.js";
import { openFormatter } from "../format/open.js";
import type { GenerateOptions, GenerateResult } from "../pipeline/generate.js";
import {
  cacheFolder,
  changedSetup,
  formatCacheOf,
  generatorFingerprint,
  manifestFile,
  outputOf,
  readManifest,
  writeManifest,
  type Manifest,
  type ManifestSettings,
  type RunSummary,
  type ToolFile,
} from "./manifest.js";
import { changedObservation, RecordingFileSystem } from "./observations.js";
import { autoLoadedPlugins, type PluginListing } from "./prettierPlugins.js";

export type { RunSummary } from "./manifest.js";

/** A run as the cache sees it: where its output goes and the options it generates with. */
export interface CachedRun {
  /** The output folder, absolute. */
  readonly outDir: string;
  readonly generate: GenerateOptions & { readonly cwd: string; readonly command: string };
}

/** The output of an earlier run that this one reuses. */
export interface Reused {
  readonly output: readonly OutputFile[];
  readonly summary: RunSummary;
  /** The files that run read (absolute): watch mode watches their folders. */
  readonly sources: readonly string[];
}

/**
 * The cache of one output folder (in the nearest node_modules/.cache/tool-validators): what
 * the last run recorded, reused only once every input it depended on is verified, and the
 * record of this run. A run asks `reusable()`; when it generates, it passes `generateOptions()`
 * to the generator (the file system that records what the reader asks, the formatted texts it
 * may reuse) and then `record()`s what it produced.
 */
export class RunCache {
  readonly #run: CachedRun;
  readonly #file: string;
  readonly #manifest: Manifest | undefined;
  readonly #fileSystem = new RecordingFileSystem();

  private constructor(run: CachedRun, file: string, manifest: Manifest | undefined) {
    this.#run = run;
    this.#file = file;
    this.#manifest = manifest;
  }

  /** The cache of the run's output folder; undefined when there is no node_modules to hold it. */
  static async open(run: CachedRun): Promise<RunCache | undefined> {
    const folder = await cacheFolder(run.generate.cwd);
    if (folder === undefined) return undefined;
    const file = manifestFile(folder, run.outDir);
    return new RunCache(run, file, await readManifest(file));
  }

  /** The recorded output when every input is as it was, else why it is not reused. */
  async reusable(): Promise<Reused | { readonly why: string }> {
    const manifest = this.#manifest;
    if (!manifest) return { why: "no cache of an earlier run" };
    const why = await staleness(manifest, contextOf(this.#run));
    if (why !== undefined) return { why };
    return { output: outputOf(manifest), summary: manifest.summary, sources: manifest.sources };
  }

  /** What the generator needs to be recorded: the recording file system, reusable formatting. */
  generateOptions(): {
    readonly fileSystem: RecordingFileSystem;
    readonly formatCache?: FormatCache;
  } {
    const formatCache = this.formatCache();
    return formatCache
      ? { fileSystem: this.#fileSystem, formatCache }
      : { fileSystem: this.#fileSystem };
  }

  /** The formatted texts of the last run that this one may reuse. */
  formatCache(): FormatCache | undefined {
    return this.#manifest && reusableFormatting(this.#manifest);
  }

  /**
   * Records what the run that used `generateOptions()` depended on (or the file system the
   * reader asked: watch mode's generator keeps one recorder between runs); why not, when it
   * cannot be reused safely (no output, plugins whose code is not tracked, a file that changed
   * while it was read).
   */
  async record(
    result: GenerateResult,
    summary: RunSummary,
    sources: readonly string[],
    fileSystem: RecordingFileSystem = this.#fileSystem,
  ): Promise<string | undefined> {
    if (!result.output || !result.formatting) return "the run produced no output";
    const manifest = await manifestOf(contextOf(this.#run), {
      toolFiles: result.toolFiles,
      sources,
      output: result.output,
      formatting: result.formatting,
      summary,
      fileSystem,
    });
    if ("notCached" in manifest) return manifest.notCached;
    await writeManifest(this.#file, manifest);
    return undefined;
  }
}

/** The settings that decide a run's output: every option, whatever it is. */
function settingsOf(run: CachedRun): ManifestSettings {
  // An option the cache does not know of still counts.
  const options: Record<string, unknown> = { ...run.generate };
  delete options.formatCache;
  delete options.fileSystem;
  return {
    base: run.generate.cwd,
    tools: [...(run.generate.tools ?? [])],
    outDir: run.outDir,
    mode: run.generate.mode ?? "strict",
    command: run.generate.command,
    options,
  };
}

function contextOf(run: CachedRun): CacheContext {
  const display = (file: string) => relativeName(run.generate.cwd, file);
  return {
    settings: settingsOf(run),
    cwd: run.generate.cwd,
    globs: run.generate.tools ?? [],
    excludeFiles: run.generate.excludeFiles ?? [],
    formatter: () =>
      openFormatter(run.generate.formatter, { outDir: run.outDir, cwd: run.generate.cwd, display }),
    display,
  };
}

/** What a run is, as far as the cache needs to know. */
interface CacheContext {
  /** The settings that decide the output (compared as they are). */
  readonly settings: ManifestSettings;
  /** The folder globs are relative to. */
  readonly cwd: string;
  readonly globs: readonly string[];
  readonly excludeFiles: readonly string[];
  /** The formatter that would format now (FormatterError when none can). */
  readonly formatter: () => Formatter;
  /** How a file is shown (relative to `cwd`). */
  readonly display: (file: string) => string;
}

/** Why the manifest's output may not be this run's; undefined when every input is the same. */
async function staleness(manifest: Manifest, context: CacheContext): Promise<string | undefined> {
  const setup = await changedSetup(manifest, context.settings, context.formatter);
  if (setup) return setup;
  if (context.globs.length === 0) return "no tool globs";
  const found = await findToolFiles(context.globs, context.cwd, context.excludeFiles);
  if (JSON.stringify(toolFilesOf(found, context)) !== JSON.stringify(manifest.toolFiles))
    return "the tool files matched changed";
  const plugins = pluginsOf(manifest.formatter, Object.values(manifest.options));
  for (const [folder, names] of Object.entries(plugins))
    if (JSON.stringify(names) !== JSON.stringify(manifest.plugins?.[folder] ?? null))
      return `the prettier plugins in ${folder} changed`;
  return changedObservation(manifest.observations);
}

/** The plugins prettier 2 loads by itself (none for another formatter). */
function pluginsOf(formatter: FormatterIdentity, options: readonly unknown[]): PluginListing {
  return formatter.kind === "prettier" ? autoLoadedPlugins(formatter, options) : {};
}

/**
 * The formatted texts of the manifest that this run may reuse: none when prettier would now
 * load other plugins by itself than when they were formatted (the texts are keyed by the
 * formatter, its configuration and the text to format, not by the plugins' code).
 */
function reusableFormatting(manifest: Manifest): FormatCache | undefined {
  const plugins = pluginsOf(manifest.formatter, Object.values(manifest.options));
  if (JSON.stringify(plugins) !== JSON.stringify(manifest.plugins ?? {})) return undefined;
  return formatCacheOf(manifest);
}

/** What a run produced that the record needs. */
interface RunRecord {
  /** The tool files the find stage matched. */
  readonly toolFiles: readonly { readonly path: string; readonly real: string }[];
  /** The files the generator reported reading (absolute). */
  readonly sources: readonly string[];
  readonly output: readonly OutputFile[];
  readonly formatting: FormatRecord;
  readonly summary: RunSummary;
  /** The file system the reader used during the run. */
  readonly fileSystem: RecordingFileSystem;
}

/**
 * The manifest of a run, or why it is not recorded: a formatter whose inputs are not tracked
 * (prettier plugins named in the options or loaded by prettier 2 by itself, a Biome
 * configuration that extends a package, a formatter command), or a file that gave two answers
 * during the run (it changed while it was read).
 */
async function manifestOf(
  context: CacheContext,
  run: RunRecord,
): Promise<Manifest | { readonly notCached: string }> {
  const { formatting } = run;
  if (formatting.notCached) return { notCached: formatting.notCached };
  const { identity } = formatting;
  const plugins = pluginsOf(identity, Object.values(formatting.options));
  for (const [folder, names] of Object.entries(plugins))
    if (names.length > 0 && identity.kind === "prettier")
      return {
        notCached: `prettier ${identity.version} loads the plugins in ${folder} by itself (${names.join(", ")})`,
      };
  const changed = run.fileSystem.changedDuringRun;
  if (changed) return { notCached: `${changed} changed while it was read` };
  return {
    format: 3,
    generator: await generatorFingerprint(),
    settings: context.settings,
    toolFiles: toolFilesOf(run.toolFiles, context),
    sources: run.sources,
    observations: run.fileSystem.observations(),
    formatter: formatting.identity,
    plugins,
    options: formatting.options,
    output: run.output.map((out) => ({
      name: out.name,
      input: formatting.inputs[out.name]!,
      sha256: sha256(out.content),
      content: out.content,
    })),
    summary: run.summary,
  };
}

function toolFilesOf(
  found: readonly { readonly path: string; readonly real: string }[],
  context: CacheContext,
): ToolFile[] {
  return found.map((file) => ({ path: context.display(file.path), real: file.real }));
}
