// CONTRACT.md section 7 (the command: options, exit codes, messages).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  CONFIG_FILE,
  DEFAULT_COMMAND,
  DEFAULT_OUT_DIR,
  DEFAULT_TOOLS_GLOB,
  PACKAGE_KEY,
  findConfig,
  relativeName,
  resolveSettings,
  type Flags,
} from "./settings/settings.js";
import { packageVersion } from "./format/formatter.js";
import type { Mode } from "./ir.js";
import {
  COMMAND_NAME,
  EXIT_ERRORS,
  EXIT_OK,
  reportFailure,
  runOnce,
  type Io,
  type Run,
} from "./run/run.js";
import { watch } from "./run/watch.js";

export { EXIT_DIFFERENCES, EXIT_ERRORS, EXIT_INTERNAL, EXIT_OK, type Io } from "./run/run.js";

export const USAGE = `Usage: tool-validators [options]
       tool-validators report [--json] <log...>

Reads every built-in tool's declared parameters and writes one validator per tool. With
"report", summarises the validation logs a runtime wrote (see "report --help").

Options:
  --tools <glob>   Files holding tool declarations (repeatable; default ${DEFAULT_TOOLS_GLOB})
  --out <dir>      Output folder (default ${DEFAULT_OUT_DIR})
  --mode <mode>    strict (default): undeclared keys are rejected unless additionalProperties allows them
                   standard: undeclared keys are allowed unless additionalProperties forbids them
  --check          Compare the output folder with what would be generated; write nothing
  --watch          Regenerate whenever a file that was read, the settings or the prettier
                   configuration changes, until stopped (Ctrl-C)
  --no-cache       Generate from scratch: neither reuse nor record the last run's output
                   (node_modules/.cache/tool-validators)
  --help           Show this help
  --version        Print this package's version

Settings: ${CONFIG_FILE} (the nearest, from the working folder upward) or a
"${PACKAGE_KEY}" key in package.json, e.g.
  { "tools": ["src/tools/**/*.ts"], "out": "src/generated", "mode": "strict",
    "command": "npm run gen:validators" }
Paths in it are relative to its folder; flags override it. "command" is how the generated files
say to regenerate them (default ${DEFAULT_COMMAND}).

The output is formatted with the prettier configuration that applies to the output folder, by
the prettier installed there (else this package's).

Exit codes: 0 done (or up to date); 1 the check found differences; 2 bad declarations, bad options
or settings, or a file-system problem (nothing was written); 3 an internal error (a bug in the
generator); 130 or 143 stopped by SIGINT or SIGTERM (before its first rename: nothing was written).
`;

interface CliOptions extends Flags {
  readonly check: boolean;
  readonly watch: boolean;
  readonly cache: boolean;
  readonly help: boolean;
  readonly version: boolean;
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
        "no-cache": { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
      },
    }));
  } catch (error) {
    return (error as Error).message;
  }
  const mode = values.mode;
  if (mode !== undefined && mode !== "strict" && mode !== "standard")
    return `--mode must be "strict" or "standard", not ${JSON.stringify(mode)}`;
  if (values.out === "") return "--out needs a folder name";
  if (values.watch && values.check) return "--watch and --check cannot be used together";
  if (values.tools?.some((glob) => glob === "")) return "--tools needs a glob";
  return {
    ...(values.tools ? { tools: values.tools } : {}),
    ...(values.out !== undefined ? { out: values.out } : {}),
    ...(mode !== undefined ? { mode: mode as Mode } : {}),
    check: values.check ?? false,
    watch: values.watch ?? false,
    cache: !(values["no-cache"] ?? false),
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

/** The version in this package's package.json, the nearest above this module named so. */
function ownVersion(): string {
  return packageVersion(fileURLToPath(import.meta.url), "tool-validators");
}

/** `npm run gen -- --help`: the help command for the way the command is run here. */
function helpCommand(command: string): string {
  return `${command}${/^npm\s+(?:run|run-script)\s/.test(command) ? " --" : ""} --help`;
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
  if (argv[0] === "report") {
    // Loaded only here: the report needs neither ts-morph nor prettier.
    const { reportCommand } = await import("./failures/index.js");
    return reportCommand(argv.slice(1), {
      ...io,
      command: `${COMMAND_NAME} report`,
      name: `${COMMAND_NAME} report`,
    });
  }
  const options = parseFlags(argv);
  if (typeof options === "string") {
    const config = await findConfig(io.cwd).catch(() => undefined);
    io.stderr(
      `${COMMAND_NAME}: ${options}\nRun \`${helpCommand(config?.command ?? DEFAULT_COMMAND)}\` for usage.\n`,
    );
    return EXIT_ERRORS;
  }
  if (options.help) {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  if (options.version) {
    io.stdout(`${ownVersion()}\n`);
    return EXIT_OK;
  }
  const cwd = path.resolve(io.cwd);
  // The settings and the flags, as one run's; read again by watch mode when the settings change.
  const load = async (): Promise<Run> => {
    const settings = resolveSettings(options, await findConfig(cwd), cwd);
    return {
      outDir: settings.outDir,
      outName: settings.outName,
      check: options.check,
      cache: options.cache,
      generate: {
        tools: settings.tools,
        mode: settings.mode,
        cwd: settings.base,
        cwdName: relativeName(cwd, settings.base),
        command: settings.command,
      },
    };
  };
  const run = await load();
  const runIo = { ...io, cwd: run.generate.cwd };
  if (options.watch) return watch(run, runIo, { reload: load, settingsFrom: cwd });
  return (await runOnce(run, runIo)).code;
}
