// Formatting with a command the settings name (`"formatter": { "command": "..." }`), for any
// formatter that reads the text on stdin and prints it formatted (dprint, oxfmt, ...): run
// through the shell in the settings' folder, with node_modules/.bin on PATH as `npm run` has it,
// once per file, `{file}` in the command replaced by the file's path (relative, quoted). Its
// version and configuration are not known here, so its output is never cached.
import path from "node:path";
import { Formatter, FormatterError, invalidCode, reasonText, type FormatJob } from "./formatter.js";
import { inParallel, runProcess, type ProcessResult } from "./process.js";

export interface CommandOptions {
  readonly command: string;
  /** The output folder, absolute. */
  readonly outDir: string;
  /** The settings' folder, absolute: the command runs there. */
  readonly cwd: string;
  readonly display: (file: string) => string;
}

export class CommandFormatter extends Formatter {
  readonly identity;
  readonly #options: CommandOptions;

  constructor(options: CommandOptions) {
    super(undefined);
    this.#options = options;
    this.identity = { kind: "command", command: options.command } as const;
  }

  protected resolveOptions(): Promise<unknown> {
    return Promise.resolve(null);
  }

  protected override notCached(): string {
    return "a formatter command's version and configuration are not known";
  }

  protected formatJobs(jobs: readonly FormatJob[]): Promise<string[]> {
    return inParallel(jobs, async (job) => {
      const result = await this.#run(job.name, job.text);
      if (result.code === 0 && (result.stdout !== "" || job.text === "")) return result.stdout;
      // The file's own text, or the command: its answer on a file that must pass.
      const probe = await this.#run(job.name, "export {};\n");
      if (probe.code === 0 && probe.stdout !== "") throw invalidCode(job.name, this.#why(result));
      throw new FormatterError(
        `the formatter command ${JSON.stringify(this.#options.command)} failed on ${this.#shown(job.name)}: ${this.#why(result)}.`,
      );
    });
  }

  #shown(name: string): string {
    return this.#options.display(path.join(this.#options.outDir, name));
  }

  #why(result: ProcessResult): string {
    const said = reasonText(
      result.stderr.trim() || result.stdout.trim() || "",
      this.#options.display,
    );
    const status = result.code === null ? "stopped by a signal" : `exit ${result.code}`;
    if (result.code === 0) return "it printed nothing";
    return said === "unknown error" ? status : `${status}, ${said}`;
  }

  #run(name: string, text: string): Promise<ProcessResult> {
    const { command, cwd, outDir } = this.#options;
    const file = path.relative(cwd, path.join(outDir, name)).split(path.sep).join("/");
    return runProcess(command.replaceAll("{file}", shellQuote(file)), [], {
      cwd,
      input: text,
      shell: true,
    });
  }
}

/** A path as one word of the shell's command line. */
function shellQuote(text: string): string {
  if (/^[\w./-]+$/.test(text)) return text;
  return process.platform === "win32" ? `"${text}"` : `'${text.replace(/'/g, `'\\''`)}'`;
}
