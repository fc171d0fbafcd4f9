// The cache that makes a run with nothing changed fast, and that cannot lie: a run records what
// its output depended on, taken from the stages themselves (the tool files the globs matched
// and where they really are; every question the reader asked of the file system, as it asked
// it, with the answer it got: the files it read and resolved, the candidates it probed, the
// tsconfig.json and package.json files the module resolution read, the links it resolved;
// prettier, its options and the plugins it loads by itself), and the next run asks every one
// of those questions again. Only when every answer is the same is the recorded output the
// output, which is then compared with (or written to) the output folder as always; any
// difference, a record that cannot be read, and the run generates from scratch.
import type { OutputFile } from "../emit/files.js";
import { findToolFiles } from "../find/files.js";
import { sha256, type FormatCache, type FormatRecord } from "../format/formatter.js";
import {
  changedSetup,
  formatCacheOf,
  generatorFingerprint,
  type Manifest,
  type ManifestSettings,
  type RunSummary,
  type ToolFile,
} from "./manifest.js";
import { changedObservation, RecordingFileSystem } from "./observations.js";
import { autoLoadedPlugins } from "./prettierPlugins.js";

export { RecordingFileSystem } from "./observations.js";

/** What a run is, as far as the cache needs to know. */
export interface CacheContext {
  /** The settings that decide the output (compared as they are). */
  readonly settings: ManifestSettings;
  /** The folder globs are relative to. */
  readonly cwd: string;
  readonly globs: readonly string[];
  readonly excludeFiles: readonly string[];
  /** The prettier options of an output file, resolved now. */
  readonly resolveOptions: (name: string) => Promise<unknown>;
  /** How a file is shown (relative to `cwd`). */
  readonly display: (file: string) => string;
}

/** Why the manifest's output may not be this run's; undefined when every input is the same. */
export async function staleness(
  manifest: Manifest,
  context: CacheContext,
): Promise<string | undefined> {
  const setup = await changedSetup(manifest, context.settings, context.resolveOptions);
  if (setup) return setup;
  if (context.globs.length === 0) return "no tool globs";
  const found = await findToolFiles(context.globs, context.cwd, context.excludeFiles);
  if (JSON.stringify(toolFilesOf(found, context)) !== JSON.stringify(manifest.toolFiles))
    return "the tool files matched changed";
  const plugins = autoLoadedPlugins(manifest.prettier, Object.values(manifest.options));
  for (const [folder, names] of Object.entries(plugins))
    if (JSON.stringify(names) !== JSON.stringify(manifest.plugins?.[folder] ?? null))
      return `the prettier plugins in ${folder} changed`;
  return changedObservation(manifest.observations);
}

/**
 * The formatted texts of the manifest that this run may reuse: none when prettier would now
 * load other plugins by itself than when they were formatted (the texts are keyed by prettier,
 * its options and the text to format, not by the plugins' code).
 */
export function reusableFormatting(manifest: Manifest): FormatCache | undefined {
  const plugins = autoLoadedPlugins(manifest.prettier, Object.values(manifest.options));
  if (JSON.stringify(plugins) !== JSON.stringify(manifest.plugins ?? {})) return undefined;
  return formatCacheOf(manifest);
}

/** What a run produced that the record needs. */
export interface RunRecord {
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
 * The manifest of a run, or why it is not recorded: prettier plugins whose code is not tracked
 * (named in the options, or loaded by prettier 2 by itself), or a file that gave two answers
 * during the run (it changed while it was read).
 */
export async function manifestOf(
  context: CacheContext,
  run: RunRecord,
): Promise<Manifest | { readonly notCached: string }> {
  const { formatting } = run;
  if (!formatting.cacheable) return { notCached: "the prettier options name plugins" };
  const plugins = autoLoadedPlugins(formatting.prettier, Object.values(formatting.options));
  for (const [folder, names] of Object.entries(plugins))
    if (names.length > 0)
      return {
        notCached: `prettier ${formatting.prettier.version} loads the plugins in ${folder} by itself (${names.join(", ")})`,
      };
  const changed = run.fileSystem.changedDuringRun;
  if (changed) return { notCached: `${changed} changed while it was read` };
  return {
    format: 2,
    generator: await generatorFingerprint(),
    settings: context.settings,
    toolFiles: toolFilesOf(run.toolFiles, context),
    sources: run.sources,
    observations: run.fileSystem.observations(),
    prettier: { path: formatting.prettier.path, version: formatting.prettier.version },
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
