import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_OUT_DIR, DEFAULT_TOOLS_GLOB, generate, type GenerateOptions } from "./generate.js";
import type { Mode } from "./ir.js";
import { watch } from "./watch.js";
import { compareFolder, writeFolder, ForeignFilesError } from "./output/folder.js";
import {
  checkReport,
  coverageLines,
  diagnosticsText,
  differenceCount,
  plural,
  writeReport,
} from "./report.js";

export const USAGE = `Usage: npm run gen -- [options]

Reads every built-in tool's declared parameters and writes one validator per tool.

Options:
  --tools <glob>   Files holding tool declarations (repeatable; default ${DEFAULT_TOOLS_GLOB})
  --out <dir>      Output folder (default ${DEFAULT_OUT_DIR})
  --mode <mode>    strict (default): undeclared keys are rejected unless additionalProperties allows them
                   standard: undeclared keys are allowed unless additionalProperties forbids them
  --check          Compare the output folder with what would be generated; write nothing
  --watch          Regenerate whenever a file that was read changes, until stopped (Ctrl-C)
  --help           Show this help

Exit codes: 0 done (or up to date), 1 the check found differences, 2 bad declarations or bad options.
`;

export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
  /** Ends watch mode (the command line aborts it on SIGINT/SIGTERM). */
  readonly signal?: AbortSignal;
}

export const EXIT_OK = 0;
export const EXIT_DIFFERENCES = 1;
export const EXIT_ERRORS = 2;

interface CliOptions {
  readonly tools: string[];
  readonly out: string;
  readonly mode: Mode;
  readonly check: boolean;
  readonly watch: boolean;
  readonly help: boolean;
}

/** Parses the flags; a string is the error to show. */
export function parseFlags(argv: readonly string[]): CliOptions | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        tools: { type: "string", multiple: true },
        out: { type: "string" },
        mode: { type: "string" },
        check: { type: "boolean" },
        watch: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    return (error as Error).message;
  }
  const mode = values.mode ?? "strict";
  if (mode !== "strict" && mode !== "standard")
    return `--mode must be "strict" or "standard", not ${JSON.stringify(mode)}`;
  if (values.out === "") return "--out needs a folder name";
  if (values.watch && values.check) return "--watch and --check cannot be used together";
  if (values.tools?.some((glob) => glob === "")) return "--tools needs a glob";
  return {
    tools: values.tools ?? [],
    out: values.out ?? DEFAULT_OUT_DIR,
    mode,
    check: values.check ?? false,
    watch: values.watch ?? false,
    help: values.help ?? false,
  };
}

/** The command that reproduces this run, for the generated files' first line. */
export function regenerateCommand(options: CliOptions, cwd: string): string {
  const parts = ["npm run gen"];
  const flags: string[] = [];
  const tools = options.tools.length > 0 ? options.tools : [DEFAULT_TOOLS_GLOB];
  if (tools.length !== 1 || tools[0] !== DEFAULT_TOOLS_GLOB)
    for (const glob of tools) flags.push("--tools", shellQuote(glob));
  const out = displayFolder(options.out, cwd);
  if (out !== DEFAULT_OUT_DIR) flags.push("--out", shellQuote(out));
  if (options.mode !== "strict") flags.push("--mode", options.mode);
  if (flags.length > 0) parts.push("--", ...flags);
  return parts.join(" ");
}

function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function displayFolder(folder: string, cwd: string): string {
  const relative = path.relative(cwd, path.resolve(cwd, folder)).split(path.sep).join("/");
  return relative === "" ? "." : relative;
}

/** The generator's command line. Returns the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const options = parseFlags(argv);
  if (typeof options === "string") {
    io.stderr(`gen: ${options}\nRun \`npm run gen -- --help\` for usage.\n`);
    return EXIT_ERRORS;
  }
  if (options.help) {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  const run: Run = {
    options,
    outDir: path.resolve(io.cwd, options.out),
    outName: displayFolder(options.out, io.cwd),
    generate: {
      tools: options.tools,
      mode: options.mode,
      cwd: io.cwd,
      command: regenerateCommand(options, io.cwd),
    },
  };
  if (options.watch) return watch(run, io, runOnce);
  return (await runOnce(run, io)).code;
}

/** One run's settings, shared by single runs and watch mode. */
export interface Run {
  readonly options: CliOptions;
  readonly outDir: string;
  readonly outName: string;
  readonly generate: GenerateOptions;
}

/** Generates, then writes or checks; returns the exit code and every file that was read. */
export async function runOnce(
  run: Run,
  io: Io,
): Promise<{ code: number; sources: readonly string[] }> {
  const { options, outDir, outName } = run;
  const result = await generate(run.generate);
  const sources = [...result.sources.keys()].map((file) => path.resolve(io.cwd, file));
  const diagnostics = diagnosticsText(result.diagnostics, result.sources);
  if (diagnostics) io.stderr(diagnostics);
  if (!result.output) {
    io.stderr(`Nothing was ${options.check ? "checked" : "written"}: fix the errors above.\n`);
    return { code: EXIT_ERRORS, sources };
  }

  if (options.check) {
    const differences = await compareFolder(outDir, result.output);
    const count = differenceCount(differences);
    if (count > 0) {
      io.stderr(
        `${outName}/ is out of date (${plural(count, "difference")}):\n${checkReport(outName, differences)}`,
      );
      io.stderr(`Run \`${run.generate.command}\` and commit the result.\n`);
      return { code: EXIT_DIFFERENCES, sources };
    }
    const coverage = coverageLines(result);
    io.stdout(
      `${outName}/ is up to date (${plural(result.output.length, "file")}, ${plural(result.tools.length, "validator")}).\n`,
    );
    if (coverage.length > 0) io.stdout(`${coverage.join("\n")}\n`);
    return { code: EXIT_OK, sources };
  }

  try {
    const summary = await writeFolder(outDir, result.output);
    io.stdout(writeReport(result, outName, summary));
    return { code: EXIT_OK, sources };
  } catch (error) {
    if (error instanceof ForeignFilesError) {
      io.stderr(`gen: ${error.message}\n`);
      return { code: EXIT_ERRORS, sources };
    }
    throw error;
  }
}
