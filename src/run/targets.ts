// Every target of the settings, one after the other (CONTRACT.md section 7): each run's report
// under a line naming its target, the exit code the worst of theirs, and a last line saying
// which targets did not pass. A signal stops the sequence with the run it stopped.
import path from "node:path";
import { ConfigError, relativeName, type Flags, type Settings } from "../settings/settings.js";
import { loadTargets } from "../settings/load.js";
import {
  EXIT_DIFFERENCES,
  EXIT_ERRORS,
  EXIT_INTERNAL,
  EXIT_OK,
  runOnce,
  type Io,
  type Run,
} from "./run.js";
import { watch } from "./watch.js";

/** What the command line asks of the runs, beside the settings' flags. */
export interface RunFlags extends Flags {
  readonly check: boolean;
  readonly watch: boolean;
  readonly cache: boolean;
}

/**
 * The generator's runs for the flags: every target of the settings one after the other (or
 * the one `--target` chooses), or, with `--watch`, the one target watched. Returns the exit
 * code; throws a ConfigError for unusable settings.
 */
export async function runCommand(flags: RunFlags, io: Io): Promise<number> {
  const cwd = path.resolve(io.cwd);
  const targets = await loadTargets(flags, cwd);
  if (flags.watch) return watchTarget(flags, targets, io);
  // Each run's paths are shown from the settings' folder.
  return runTargets(
    targets.map((settings) => ({
      run: runOf(settings, flags, cwd),
      label: `${settings.outName}/${settings.target ? ` (${settings.target})` : ""}`,
    })),
    { ...io, cwd: targets[0]!.base },
  );
}

/** `--watch`: one target, its settings read again (the same target) when they change. */
function watchTarget(flags: RunFlags, targets: readonly Settings[], io: Io): Promise<number> {
  if (targets.length > 1)
    throw new ConfigError(
      `--watch watches one target: choose it with --target (the targets write ${targets.map((t) => JSON.stringify(t.outName)).join(", ")})`,
    );
  const cwd = path.resolve(io.cwd);
  const run = runOf(targets[0]!, flags, cwd);
  const reload = async () => {
    const again = await loadTargets(flags, cwd);
    const same = again.find((target) => target.target === targets[0]!.target) ?? again[0]!;
    return runOf(same, flags, cwd);
  };
  return watch(run, { ...io, cwd: run.generate.cwd }, { reload, settingsFrom: cwd });
}

/** One target's run; `cwd` is the working folder. */
export function runOf(
  settings: Settings,
  flags: Pick<RunFlags, "check" | "cache">,
  cwd: string,
): Run {
  return {
    outDir: settings.outDir,
    outName: settings.outName,
    check: flags.check,
    cache: flags.cache,
    generate: {
      tools: settings.tools,
      mode: settings.mode,
      enforce: settings.enforce,
      ...(settings.shapes ? { shapes: settings.shapes } : {}),
      excludeTools: settings.excludeTools,
      excludeFiles: settings.excludeFiles,
      exportNames: settings.exportNames,
      ...(settings.formatter ? { formatter: settings.formatter } : {}),
      cwd: settings.base,
      cwdName: relativeName(cwd, settings.base),
      command: settings.command,
    },
  };
}

/** A run and how its report is labelled. */
export interface TargetRun {
  readonly run: Run;
  /** `generated/ (targets[0])`. */
  readonly label: string;
}

/** The exit codes from the best to the worst. */
const RANK = [EXIT_OK, EXIT_DIFFERENCES, EXIT_ERRORS, EXIT_INTERNAL];

export async function runTargets(targets: readonly TargetRun[], io: Io): Promise<number> {
  if (targets.length === 1) return (await runOnce(targets[0]!.run, io)).code;
  let worst = EXIT_OK;
  const failed: string[] = [];
  for (const [index, target] of targets.entries()) {
    const heading = `Target ${index + 1} of ${targets.length}: ${target.label}\n`;
    const code = (await runOnce(target.run, labelled(io, heading, index > 0))).code;
    if (!RANK.includes(code)) return code; // stopped by a signal: the rest does not run
    if (RANK.indexOf(code) > RANK.indexOf(worst)) worst = code;
    if (code !== EXIT_OK) failed.push(`${target.label} (exit ${code})`);
    if (io.signal?.aborted) break;
  }
  if (failed.length > 0)
    io.stderr(
      `${failed.length} of ${targets.length} targets did not pass: ${failed.join(", ")}.\n`,
    );
  return worst;
}

/**
 * The run's output under its heading: the heading goes before the first text on each stream
 * (both show which target a message belongs to, whichever of them is read), after a blank
 * line on stdout between targets.
 */
function labelled(io: Io, heading: string, blankFirst: boolean): Io {
  let onStdout = false;
  let onStderr = false;
  return {
    ...io,
    stdout: (text) => {
      if (!onStdout) {
        onStdout = true;
        io.stdout(`${blankFirst ? "\n" : ""}${heading}`);
      }
      return io.stdout(text);
    },
    stderr: (text) => {
      if (!onStderr) {
        onStderr = true;
        io.stderr(heading);
      }
      io.stderr(text);
    },
  };
}
