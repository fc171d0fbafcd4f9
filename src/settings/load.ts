// The settings and the flags as the runs of one command: the nearest settings read, combined
// with the flags into one run per target (CONTRACT.md section 7), and the check that no two
// targets write one folder (through symbolic links too), made over every target of the
// settings, also those `--target` did not choose.
import {
  ConfigError,
  findConfig,
  relativeName,
  resolveTargets,
  type Flags,
  type Settings,
} from "./settings.js";
import { sameOutput } from "./targets.js";

/** The targets to run, from `cwd`'s settings and the flags; throws a ConfigError. */
export async function loadTargets(flags: Flags, cwd: string): Promise<Settings[]> {
  const config = await findConfig(cwd);
  const targets = resolveTargets(flags, config, cwd);
  // Those not chosen with --target, as the settings give them.
  const others =
    flags.target === undefined
      ? []
      : resolveTargets(
          { ...flags, target: undefined, tools: undefined, out: undefined },
          config,
          cwd,
        ).filter((other) => !targets.some((chosen) => chosen.target === other.target));
  const overlap = await sameOutput([...targets, ...others]);
  if (overlap) {
    const [first, second] = overlap;
    const through = first.outDir === second.outDir ? "" : " (through a symbolic link)";
    throw new ConfigError(
      `${first.target ?? "the settings"} and ${second.target ?? "the settings"} both write ${relativeName(cwd, second.outDir)}/${through}: give each target its own "out"`,
    );
  }
  return targets;
}
