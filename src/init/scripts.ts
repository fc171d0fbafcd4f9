// The two scripts `init` writes, and the scripts of those names a package already has: one that
// runs the generator as the name says (`tool-validators --no-cache` for gen:validators) is kept;
// one that does something else is a conflict, since the settings' `command` (the line every
// generated file names) and the commands init prints would run it.

export const SCRIPTS = {
  "gen:validators": "tool-validators",
  "check:validators": "tool-validators --check",
} as const;

/** The command run, at the start of the script or after `&&`, `;`, `npx`, `pnpm exec`... */
const RUNS_GENERATOR =
  /(?:^|&&|\|\||;|\b(?:npx|bunx|exec|dlx)\s+)\s*(?:(?:\.\/)?node_modules\/\.bin\/)?tool-validators(?=\s|$)(?!\s+(?:init|report)\b)/;

/** Whether a script does what init's script of that name does. */
function doesWhatItSays(name: keyof typeof SCRIPTS, script: string): boolean {
  if (!RUNS_GENERATOR.test(script)) return false;
  const checks = /(?:^|\s)--check(?=\s|$)/.test(script);
  const watches = /(?:^|\s)--watch(?=\s|$)/.test(script);
  return name === "check:validators" ? checks : !checks && !watches;
}

/**
 * The scripts of init's names that do something else, each said with who would run it: the
 * settings' `command` (when it runs that script) and the commands init prints.
 */
export function scriptConflicts(scripts: unknown, command: string): string[] {
  if (typeof scripts !== "object" || scripts === null || Array.isArray(scripts)) return [];
  const conflicts: string[] = [];
  for (const name of Object.keys(SCRIPTS) as (keyof typeof SCRIPTS)[]) {
    const script = (scripts as Record<string, unknown>)[name];
    if (script === undefined || (typeof script === "string" && doesWhatItSays(name, script)))
      continue;
    const wanted = name === "check:validators" ? "tool-validators --check" : "tool-validators";
    const named = new RegExp(`(?:^|\\s)${name.replace(":", "\\:")}(?=\\s|$)`).test(command)
      ? `the settings' "command" (${JSON.stringify(command)}) runs it and every generated file names it`
      : name === "check:validators"
        ? "init's command for CI runs it"
        : "init's command to generate runs it";
    conflicts.push(
      `conflict: the script "${name}" is ${JSON.stringify(script)}, which does not run ${wanted}, and ${named}.`,
    );
  }
  return conflicts;
}
