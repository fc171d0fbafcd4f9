import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_OUT_DIR, DEFAULT_TOOLS_GLOB } from "./generate.js";
import type { Mode } from "./ir.js";
import { EXIT_ERRORS, EXIT_OK, reportFailure, runOnce, type Io, type Run } from "./run.js";
import { watch } from "./watch.js";

export { EXIT_DIFFERENCES, EXIT_ERRORS, EXIT_INTERNAL, EXIT_OK, type Io } from "./run.js";

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

Exit codes: 0 done (or up to date); 1 the check found differences; 2 bad declarations, bad options
or a file-system problem (nothing was written); 3 an internal error (a bug in the generator).
`;

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

/** The generator's command line. Returns the exit code; never throws. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    return await command(argv, io);
  } catch (error) {
    return reportFailure(error, io);
  }
}

async function command(argv: readonly string[], io: Io): Promise<number> {
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
    outDir: path.resolve(io.cwd, options.out),
    outName: displayFolder(options.out, io.cwd),
    check: options.check,
    generate: {
      tools: options.tools,
      mode: options.mode,
      cwd: io.cwd,
      command: regenerateCommand(options, io.cwd),
    },
  };
  if (options.watch) return watch(run, io);
  return (await runOnce(run, io)).code;
}
