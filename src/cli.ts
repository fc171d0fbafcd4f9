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
  type Flags,
} from "./settings/settings.js";
import { withRelativePaths } from "./diagnostics/paths.js";
import { parseEnforceFlag } from "./settings/enforce.js";
import { parseFormatterFlag, parseShapesFlag, SHAPE_NAMES } from "./settings/targets.js";
import { packageVersion } from "./format/formatter.js";
import type { Mode } from "./ir.js";
import { COMMAND_NAME, EXIT_ERRORS, EXIT_OK, reportFailure, type Io } from "./run/run.js";
import { runCommand, type RunFlags } from "./run/targets.js";

export { EXIT_DIFFERENCES, EXIT_ERRORS, EXIT_INTERNAL, EXIT_OK, type Io } from "./run/run.js";

export const USAGE = `Usage: tool-validators [options]
       tool-validators init [--dry-run] [--out <dir>] [--tools <glob>...]
       tool-validators report [--json] <log...>

Reads every tool declaration's parameters and writes one validator per tool. With
"init", sets a package up (settings, scripts, wiring; see "init --help"). With "report",
summarises the validation logs a runtime wrote (see "report --help").

Options:
  --tools <glob>         Files holding tool declarations (repeatable; default ${DEFAULT_TOOLS_GLOB})
  --out <dir>            Output folder (default ${DEFAULT_OUT_DIR})
  --mode <mode>          strict (default): undeclared keys are rejected unless additionalProperties allows them
                         standard: undeclared keys are allowed unless additionalProperties forbids them
  --enforce <kw,...>     Opt-in keywords to enforce too (minimum,maxLength,...), or all
  --shapes <name,...>    Read only these declaration shapes (${wrapped(`${SHAPE_NAMES.join(", ")})`, 61, 25, 100)}
  --exclude-tool <name>  Leave a tool out (repeatable; added to the settings' excludeTools)
  --exclude-file <glob>  Leave files out (repeatable; added to the settings' excludeFiles)
  --target <out>         Run only the settings' target that writes this folder
  --formatter <name>     prettier, biome or none: what formats the output (default: the host's,
                         detected; a formatter command is set in the settings)
  --check                Compare the output folder with what would be generated (a diff of each
                         stale file); write nothing
  --watch                Regenerate whenever a file that was read, the settings or a formatter
                         configuration changes, until stopped (Ctrl-C)
  --no-cache             Generate from scratch: neither reuse nor record the last run's output
                         (node_modules/.cache/tool-validators)
  --help                 Show this help
  --version              Print this package's version

Settings: ${CONFIG_FILE} (the nearest, from the working folder upward) or a
"${PACKAGE_KEY}" key in package.json, e.g.
  { "tools": ["src/tools/**/*.ts"], "out": "src/generated", "mode": "strict",
    "command": "npm run gen:validators", "excludeTools": ["Legacy"] }
The keys: tools, out, mode, command, enforce, shapes, excludeTools, excludeFiles, exportNames,
formatter ("prettier", "biome", "none" or { "command": "dprint fmt --stdin {file}" });
or "targets", a list of such objects, each with its own "out" (the keys beside "targets" are
defaults): every run runs them all, one after the other (--target runs one). Paths are relative
to the settings' folder; flags override them. "command" is how the generated files say to regenerate them (default
${DEFAULT_COMMAND}).

The output is formatted by the host's own formatter: the prettier (with its configuration for
the output folder) or Biome installed there, when the host lists it or a configuration of it
applies to the folder; else it is written as the generator lays it out.

Exit codes: 0 done (or up to date); 1 the check found differences; 2 bad declarations, bad options
or settings, or a file-system problem (nothing was written); 3 an internal error (a bug in the
generator); 130 or 143 stopped by SIGINT or SIGTERM (before its first rename: nothing was written).
`;

/**
 * Text starting at column `start`, broken at spaces so that no line is wider than `width`, its
 * later lines indented by `indent`: the help's list of shapes, which the shapes registry gives.
 */
function wrapped(text: string, start: number, indent: number, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const room = width - (lines.length === 0 ? start : indent);
    if (line && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${" ".repeat(indent)}`);
}

interface CliOptions extends RunFlags {
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
        enforce: { type: "string" },
        shapes: { type: "string" },
        "exclude-tool": { type: "string", multiple: true },
        "exclude-file": { type: "string", multiple: true },
        target: { type: "string" },
        formatter: { type: "string" },
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
  const flags = settingsFlags(values);
  if (typeof flags === "string") return flags;
  if (values.watch && values.check) return "--watch and --check cannot be used together";
  return {
    ...flags,
    check: values.check ?? false,
    watch: values.watch ?? false,
    cache: !(values["no-cache"] ?? false),
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

/** The flags that stand for settings, checked as the settings are; a string is the error. */
function settingsFlags(values: {
  readonly [name: string]: string | boolean | (string | boolean)[] | undefined;
}): Flags | string {
  const text = (name: string) => values[name] as string | undefined;
  const texts = (name: string) => values[name] as string[] | undefined;
  const mode = text("mode");
  if (mode !== undefined && mode !== "strict" && mode !== "standard")
    return `--mode must be "strict" or "standard", not ${JSON.stringify(mode)}`;
  if (text("out") === "") return "--out needs a folder name";
  if (texts("tools")?.some((glob) => glob === "")) return "--tools needs a glob";
  if (texts("exclude-tool")?.some((name) => name === "")) return "--exclude-tool needs a tool name";
  if (texts("exclude-file")?.some((glob) => glob === "")) return "--exclude-file needs a glob";
  if (text("target") === "") return "--target needs the output folder of a target";
  const enforce = text("enforce") === undefined ? undefined : parseEnforceFlag(text("enforce")!);
  if (enforce && !enforce.ok) return enforce.problem.replace(/^"enforce"/, "--enforce");
  const shapes = text("shapes") === undefined ? undefined : parseShapesFlag(text("shapes")!);
  if (typeof shapes === "string") return shapes;
  const formatter =
    text("formatter") === undefined ? undefined : parseFormatterFlag(text("formatter")!);
  if (typeof formatter === "string") return formatter;
  const given = <T>(name: string, value: T | undefined) =>
    value === undefined ? {} : { [name]: value };
  return {
    ...given("tools", texts("tools")),
    ...given("out", text("out")),
    ...given("mode", mode as Mode | undefined),
    ...given("enforce", enforce?.ok ? [...enforce.value] : undefined),
    ...given("shapes", shapes),
    ...given("excludeTools", texts("exclude-tool")),
    ...given("excludeFiles", texts("exclude-file")),
    ...given("target", text("target")),
    ...given("formatter", formatter?.name),
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

/**
 * The generator's command line. Returns the exit code; never throws. Everything it prints
 * names paths relative to the working folder, never absolute (CONTRACT.md section 7), whatever
 * a library's error said; the report's output on stdout is data, printed as it is.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const shown: Io = {
    ...io,
    stderr: (text) => io.stderr(withRelativePaths(text, io.cwd)),
    stdout: argv[0] === "report" ? io.stdout : (text) => io.stdout(withRelativePaths(text, io.cwd)),
  };
  try {
    return await command(argv, shown);
  } catch (error) {
    return reportFailure(error, shown);
  }
}

async function command(argv: readonly string[], io: Io): Promise<number> {
  if (argv[0] === "report") {
    // Loaded only here: the report needs neither ts-morph nor a formatter.
    const { reportCommand } = await import("./failures/index.js");
    return reportCommand(argv.slice(1), {
      ...io,
      command: `${COMMAND_NAME} report`,
      name: `${COMMAND_NAME} report`,
    });
  }
  if (argv[0] === "init") return initCommand(argv.slice(1), io);
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
  return runCommand(options, io);
}

export const INIT_USAGE = `Usage: tool-validators init [--dry-run] [--out <dir>] [--tools <glob>...]

Sets up the package in the working folder: finds the files that declare tools wherever they are
(not its tests, fixtures, builds or generated code), proposes a folder's glob for each folder of
them and what to leave out (each with its reason), checks them with a run in memory, adds the
"${PACKAGE_KEY}" settings and the scripts gen:validators and check:validators to package.json
(its layout kept), and prints the wiring for the framework it found (the AI SDK, OpenAI Agents
JS, an MCP server, a tool manager, an agent loop) and the commands to run with its package
manager. A second run changes nothing.

Options:
  --dry-run       Print what would be added to package.json; write nothing
  --out <dir>     The output folder (default src/generated/validators, or generated/validators)
  --tools <glob>  The tools globs to use instead of those proposed (repeatable)
  --help          Show this help

Exit codes: 0 done (or nothing to change); 2 no package.json, no tool declaration found,
settings the command would refuse, a script of init's names that does something else, or a
package.json that cannot be edited (nothing was written).
`;

async function initCommand(argv: readonly string[], io: Io): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        "dry-run": { type: "boolean" },
        out: { type: "string" },
        tools: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    io.stderr(
      `${COMMAND_NAME} init: ${(error as Error).message}\nRun \`${COMMAND_NAME} init --help\` for usage.\n`,
    );
    return EXIT_ERRORS;
  }
  if (values.help) {
    io.stdout(INIT_USAGE);
    return EXIT_OK;
  }
  if (values.out === "") {
    io.stderr(`${COMMAND_NAME} init: --out needs a folder name\n`);
    return EXIT_ERRORS;
  }
  if (values.tools?.includes("")) {
    io.stderr(`${COMMAND_NAME} init: --tools needs a glob\n`);
    return EXIT_ERRORS;
  }
  // Loaded only here: init reads the package with the generator's discovery.
  const { init } = await import("./init/init.js");
  return init(
    {
      dir: path.resolve(io.cwd),
      dryRun: values["dry-run"] ?? false,
      ...(values.out !== undefined ? { out: values.out } : {}),
      ...(values.tools !== undefined ? { tools: values.tools } : {}),
    },
    io,
  );
}
