// Formatting with the host's Biome: its own binary (the one its `biome` command runs), one
// process per file, the text on stdin (`biome format --stdin-file-path=<file>`), run in the
// settings' folder. That is the host's `biome format --write` itself: the configuration it
// finds there (biome.json or biome.jsonc, `extends`, overrides, nested configurations,
// .editorconfig when it reads it) applies as it does there, whatever the Biome version. A file
// whose formatter the configuration disables keeps the emitted text, as `biome format --write`
// keeps it. A file the configuration ignores is an error: Biome ignores a file given on stdin
// only while it exists (2.6.8), so it would format a first run and leave the next alone, and
// the drift check could not follow it; the setting "none" is then what the host does.
//
// Not @biomejs/js-api: it loads no configuration (the caller would reimplement Biome's: its
// discovery, `extends`, nested configurations, .editorconfig, ignore files), its WebAssembly
// build must be exactly the host's Biome version (there is none for Biome 2.6: the last
// @biomejs/wasm-nodejs is 2.5.14), it weighs 44 MB installed, and it was slower here: 105 ms to
// load and 26 ms a file against 19 ms a file for the binary, process start included (the
// repository's 32 output files).
import fs from "node:fs";
import path from "node:path";
import { BIOME_CONFIG_FILES, readJsonc } from "./detect.js";
import {
  Formatter,
  FormatterError,
  invalidCode,
  reasonText,
  sha256,
  type FormatCache,
  type FormatJob,
} from "./formatter.js";
import { inParallel, runProcess, type ProcessResult } from "./process.js";

export interface BiomeOptions {
  readonly binary: string;
  readonly version: string;
  /** The output folder, absolute. */
  readonly outDir: string;
  /** The folder Biome runs in (the settings'), absolute. */
  readonly cwd: string;
  readonly display: (file: string) => string;
  readonly cache?: FormatCache | undefined;
}

/** The files besides Biome's configuration files that change what it does with a file. */
const OTHER_INPUTS = [".editorconfig", ".gitignore", ".ignore"];

export class BiomeFormatter extends Formatter {
  readonly identity;
  readonly #options: BiomeOptions;
  #configuration: Promise<BiomeConfiguration> | undefined;
  #notCached: string | undefined;

  constructor(options: BiomeOptions) {
    super(options.cache);
    this.#options = options;
    this.identity = { kind: "biome", path: options.binary, version: options.version } as const;
  }

  /**
   * The hash of every file Biome may read for its configuration (their contents, or their
   * absence): the same for every output file.
   */
  protected async resolveOptions(): Promise<unknown> {
    this.#configuration ??= Promise.resolve(biomeConfiguration(this.#options));
    const configuration = await this.#configuration;
    this.#notCached = configuration.notCached;
    return { configuration: sha256(JSON.stringify(configuration.files)) };
  }

  protected override notCached(): string | undefined {
    return this.#notCached;
  }

  protected async formatJobs(jobs: readonly FormatJob[]): Promise<string[]> {
    return inParallel(jobs, async (job) => {
      const result = await this.#run(job.name, job.text);
      if (/\bis ignored\b/.test(result.stderr))
        throw new FormatterError(
          `Biome ignores ${this.#shown(job.name)}: it formats a file it ignores while the file does not exist, so the drift check could not follow it; set "formatter": "none" for this output folder (its files are then the generator's own text), or let Biome format them.`,
        );
      const text = formattedText(job.text, result);
      if (text !== undefined) return text;
      // The file's own text, or the configuration: Biome's answer on a file that must pass.
      if (formattedText(PROBE, await this.#run(job.name, PROBE)) === undefined)
        throw new FormatterError(
          `cannot format with Biome ${this.#options.version}: ${biomeReason(result.stderr, this.#options.display)}.`,
        );
      throw invalidCode(job.name, biomeReason(result.stderr, this.#options.display));
    });
  }

  #shown(name: string): string {
    return this.#options.display(path.join(this.#options.outDir, name));
  }

  #run(name: string, text: string): Promise<ProcessResult> {
    const { binary, cwd, outDir } = this.#options;
    const file = path.relative(cwd, path.join(outDir, name));
    return runProcess(binary, ["format", "--colors=off", `--stdin-file-path=${file}`], {
      cwd,
      input: text,
    });
  }
}

const PROBE = "export {};\n";

/**
 * The text Biome printed for `input`, or undefined when it failed. Biome prints the input back
 * unchanged for a file it does not format: exit 0 for an ignored file, 1 when its formatter is
 * disabled (`--write` would leave the file as it is in both cases); a failure prints nothing.
 */
function formattedText(input: string, result: ProcessResult): string | undefined {
  if (result.code === 0 && result.stdout !== "") return result.stdout;
  if (result.stdout === input) return input;
  return undefined;
}

/** Biome's first diagnostic on one line: `biome.json:1:3: Property key must be double quoted`. */
function biomeReason(stderr: string, display: (file: string) => string): string {
  const lines = stderr.split("\n");
  const first = lines.findIndex((line) => line.trim().startsWith("×"));
  if (first < 0) return reasonText(stderr || "Biome failed", display);
  const reason = reasonText(lines[first]!.trim().slice(1).trim(), display);
  const header = lines
    .slice(0, first)
    .reverse()
    .find((line) => /━/.test(line));
  const location = header && /^(\S+?):(\d+):(\d+)\s/.exec(header);
  if (!location) return reason;
  return `${reasonText(location[1]!, display)}:${location[2]}:${location[3]}: ${reason}`;
}

interface BiomeConfiguration {
  /** Every file Biome may read for its configuration (absolute), with its hash, or null when absent. */
  readonly files: Readonly<Record<string, string | null>>;
  /** Why the output cannot be cached (a configuration that extends a package). */
  readonly notCached: string | undefined;
}

/**
 * The files Biome may read to decide how it formats an output file: its configuration files,
 * .editorconfig and the ignore files, in the output folder and the folder it runs in and every
 * folder above them, and the files their `extends` name. The cache compares their contents.
 */
function biomeConfiguration(options: BiomeOptions): BiomeConfiguration {
  const files: Record<string, string | null> = {};
  let notCached: string | undefined;
  const folders = new Set([...ancestors(options.outDir), ...ancestors(options.cwd)]);
  for (const folder of [...folders].sort()) {
    for (const name of [...BIOME_CONFIG_FILES, ...OTHER_INPUTS]) {
      const file = path.join(folder, name);
      const text = readText(file);
      files[file] = text === undefined ? null : sha256(text);
      if (text === undefined || !BIOME_CONFIG_FILES.includes(name)) continue;
      for (const extended of extendsOf(text)) {
        if (extended === "//") continue;
        if (!extended.startsWith(".") && !path.isAbsolute(extended)) {
          notCached ??= `${options.display(file)} extends ${JSON.stringify(extended)}, whose files are not tracked`;
          continue;
        }
        const target = path.resolve(folder, extended);
        const content = readText(target);
        files[target] = content === undefined ? null : sha256(content);
      }
    }
  }
  return { files, notCached };
}

/** The `extends` of a Biome configuration; [] when it cannot be read. */
function extendsOf(text: string): string[] {
  const value = (readJsonc(text) as { extends?: unknown } | undefined)?.extends;
  const list = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
  return list.filter((item): item is string => typeof item === "string");
}

function ancestors(dir: string): string[] {
  const list: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    list.push(current);
    if (path.dirname(current) === current) return list;
  }
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
