// The format stage (CONTRACT.md sections 5 and 7): the emitted files, already laid out in the
// emitter's own style (code/layout.ts), are formatted by the host's own formatter, the one
// detect.ts chooses: prettier through its API (prettier.ts), Biome through its own binary
// (biome.ts), a command the settings name (command.ts), or none. Writing and the drift check
// format the same way, so the host's `prettier --write` or `biome format --write` on the output
// folder never makes it stale. Here: what they share, the reuse of texts formatted by an
// earlier run, and what the cache records of the formatting.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { OutputFile } from "../emit/outputFile.js";
import { ConfigError } from "../settings/settings.js";

/** What formats, as the cache compares it: its kind, where it is and its version. */
export type FormatterIdentity =
  | { readonly kind: "prettier" | "biome"; readonly path: string; readonly version: string }
  | { readonly kind: "command"; readonly command: string }
  | { readonly kind: "none" };

/** What formatting depended on, recorded for the cache (see cache/manifest.ts). */
export interface FormatRecord {
  readonly identity: FormatterIdentity;
  /** The configuration each output file was formatted with (plain data), by file name. */
  readonly options: Readonly<Record<string, unknown>>;
  /** Why results cannot be reused (plugins whose code is not tracked, a command); undefined when they can. */
  readonly notCached: string | undefined;
  /** The hash of the text given to the formatter for each output file, by name. */
  readonly inputs: Readonly<Record<string, string>>;
  /** How many files were taken from the cache instead of being formatted. */
  readonly reused: number;
}

/** Formatted texts of an earlier run, by `formatKey`. */
export type FormatCache = ReadonlyMap<string, string>;

/** The cache key of a text (given by its hash) formatted with these options by this formatter. */
export function formatKey(
  identity: FormatterIdentity,
  options: unknown,
  inputHash: string,
): string {
  return sha256(JSON.stringify([identity, options, inputHash]));
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * A formatter that cannot be used (a configuration that cannot be loaded, a formatter that is
 * set up but not installed, a command that fails): the command exits 2 and writes nothing.
 */
export class FormatterError extends ConfigError {}

/** One file to format: its name, its text and the configuration it is formatted with. */
export interface FormatJob {
  readonly name: string;
  readonly text: string;
  readonly options: unknown;
}

/**
 * Formats output files, each on its own (the result does not depend on the other files nor on
 * the cache), reusing the texts an earlier run formatted from the same input with the same
 * formatter and configuration. Subclasses give the configuration of a file and the formatting.
 */
export abstract class Formatter {
  abstract readonly identity: FormatterIdentity;
  readonly #cache: FormatCache;
  readonly #options = new Map<string, Promise<unknown>>();
  readonly #used: Record<string, unknown> = {};
  readonly #inputs: Record<string, string> = {};
  #reused = 0;

  constructor(cache: FormatCache | undefined) {
    this.#cache = cache ?? new Map();
  }

  /** The configuration a file is formatted with, as plain data (each file name resolved once). */
  optionsFor(name: string): Promise<unknown> {
    let options = this.#options.get(name);
    if (!options) {
      options = this.resolveOptions(name);
      this.#options.set(name, options);
    }
    return options;
  }

  protected abstract resolveOptions(name: string): Promise<unknown>;

  /** The formatted texts of the jobs, in order. */
  protected abstract formatJobs(jobs: readonly FormatJob[]): Promise<string[]>;

  /** Why results cannot be reused; undefined when they can. */
  protected notCached(): string | undefined {
    return undefined;
  }

  /** Starts what can start before there is anything to format (prettier's threads). */
  warmUp(): void {}

  async format(files: readonly OutputFile[]): Promise<OutputFile[]> {
    const jobs = await Promise.all(
      files.map(async (file) => ({
        name: file.name,
        text: file.content,
        options: await this.optionsFor(file.name),
      })),
    );
    const formatted = jobs.map((job) => {
      const input = sha256(job.text);
      this.#used[job.name] = job.options;
      this.#inputs[job.name] = input;
      if (this.notCached() !== undefined) return undefined;
      return this.#cache.get(formatKey(this.identity, job.options, input));
    });
    this.#reused += formatted.filter((text) => text !== undefined).length;
    const missing = jobs.filter((_, i) => formatted[i] === undefined);
    const texts = missing.length > 0 ? await this.formatJobs(missing) : [];
    let next = 0;
    return files.map((file, i) => ({ name: file.name, content: formatted[i] ?? texts[next++]! }));
  }

  /** What the files formatted so far depended on. */
  record(): FormatRecord {
    return {
      identity: this.identity,
      options: { ...this.#used },
      notCached: this.notCached(),
      inputs: { ...this.#inputs },
      reused: this.#reused,
    };
  }

  /** Stops what it started (always call it, also after a failure). */
  close(): void {}
}

/** No formatter: the emitted text as it is. */
export class NoFormatter extends Formatter {
  readonly identity = { kind: "none" } as const;

  protected resolveOptions(): Promise<unknown> {
    return Promise.resolve(null);
  }

  protected formatJobs(jobs: readonly FormatJob[]): Promise<string[]> {
    return Promise.resolve(jobs.map((job) => job.text));
  }
}

/** The version in the package.json of the package `name` that holds `entry`. */
export function packageVersion(entry: string, name: string): string {
  for (let dir = path.dirname(entry); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    try {
      const json = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (json.name === name && typeof json.version === "string") return json.version;
    } catch {
      // No package.json here: look further up.
    }
  }
  return "unknown";
}

/**
 * A formatter's message on one line: the first line that says what is wrong, without a
 * trailing period or colon, absolute paths shown as `display` shows them.
 */
export function reasonText(error: unknown, display: (file: string) => string): string {
  const raw = typeof error === "string" ? error : String((error as Error)?.message ?? error);
  // prettier colours its messages where the environment forces colour (FORCE_COLOR in CI).
  const lines = stripVTControlCharacters(raw)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/^[\w ]*Error in ".*":?$/.test(line));
  const line = (lines[0] ?? "unknown error").replace(/[.:]$/, "");
  // A path whose first folder exists is a path (a message may hold other slashes).
  return line
    .replace(/(?<![\w.@~-])(?:\/[^\s"':()]+)+/g, (absolute) =>
      fs.existsSync(`/${absolute.split("/")[1]}`) ? display(absolute) : absolute,
    )
    .replace(/\b[A-Za-z]:\\[^\s"':()]+/g, (absolute) => display(absolute));
}

/** Only a generator bug can produce code the formatter cannot parse. */
export function invalidCode(name: string, message: string): Error {
  return new Error(`internal error: generated code is not valid TypeScript (${name}): ${message}`);
}
