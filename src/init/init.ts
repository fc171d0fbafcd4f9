// `tool-validators init`: sets a host package up. It finds the files that declare tools wherever
// they are in the package (by their shapes, with the generator's own reading), proposes a
// folder's glob for each folder of them (or takes the user's) and the exclusions the generator
// needs (each with its reason), checks the proposal with a real run in memory, writes the
// settings and the two scripts into package.json (keeping its layout), and prints the wiring for
// the framework it found and the commands to run. Settings the command would refuse, and scripts
// of the same names that do something else, stop it before anything is written. Idempotent: a
// second run finds everything in place and changes nothing.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import picomatch from "picomatch";
import { plural } from "../diagnostics/counts.js";
import { relativeName } from "../diagnostics/paths.js";
import type { JsonValue } from "../extract/values.js";
import { isObject } from "../json.js";
import { canonical } from "../keywords/enum.js";
import { coverageLines } from "../run/messages.js";
import { CONFIG_FILE, ConfigError, findConfig, PACKAGE_KEY } from "../settings/settings.js";
import { detectTools, type Detection } from "./detect.js";
import { escapeGlob } from "./globs.js";
import { localRun, readHost, runScript, type HostPackage } from "./host.js";
import { lineDiff } from "./lineDiff.js";
import { addToPackageJson, PackageJsonError } from "./packageJson.js";
import { oneLine, propose, type Proposal, type ProposedSettings } from "./proposal.js";
import { sayWiring } from "./say.js";
import { scriptConflicts, SCRIPTS } from "./scripts.js";

export { SCRIPTS } from "./scripts.js";
export type { ProposedSettings } from "./proposal.js";

export interface InitOptions {
  /** The host package's folder (where its package.json is). */
  readonly dir: string;
  /** Print what would be written; write nothing. */
  readonly dryRun: boolean;
  /** The output folder, relative to `dir` (default `src/generated/validators`, or `generated/validators` without `src/`). */
  readonly out?: string;
  /** The `tools` globs, relative to `dir`, as the user gives them (default: proposed). */
  readonly tools?: readonly string[];
}

export interface InitIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

type Say = (line?: string) => void;

/** The reading's words for an import of a package that is not installed (extract/resolution.ts). */
const NOT_INSTALLED = /cannot be found from .*if it is not installed, install the dependencies/;

export async function init(options: InitOptions, io: InitIo): Promise<number> {
  const dir = path.resolve(options.dir);
  const pkg = await readPackage(dir, io);
  if (pkg === undefined) return 2;
  const current = await currentSettings(dir, pkg, io);
  if (current === undefined) return 2;
  const host = await readHost(dir, pkg.json);
  const hasSrc = await isFolder(path.join(dir, "src"));
  const out =
    options.out ??
    existingOut(current.value) ??
    (hasSrc ? "src/generated/validators" : "generated/validators");
  const detection = await detectTools(dir, out, [`${escapeGlob(out)}/**`]);
  const lines: string[] = [];
  const say: Say = (line = "") => lines.push(line);
  const fail = (message: string) => {
    io.stdout(`${lines.join("\n")}\n`);
    io.stderr(`tool-validators init: ${message}\n`);
    return 2;
  };
  const label = host.name ? `${host.name} (${relativeOrDot(dir)})` : relativeOrDot(dir);
  say(`tool-validators init: ${label}, ${host.manager} (from ${host.managerFrom}).`);

  const toolFindings = detection.findings.filter((finding) => finding.tools.length > 0);
  if (toolFindings.length === 0 && options.tools === undefined)
    return fail(nothingFound(detection));
  const command = localRun(host.manager, "gen:validators");
  const proposal = await propose(dir, out, detection, command, options.tools);
  const read = proposal.run.tools.length + proposal.run.withoutParameters.length;
  if (read === 0 && proposal.remaining.length === 0)
    return fail(nothingFound(detection, proposal.settings.tools));
  sayProposal(say, dir, detection, proposal, options.tools !== undefined);
  say();
  const conflicts = scriptConflicts(pkg.json.scripts, current.command ?? command);
  if (conflicts.length > 0)
    return fail(
      `${conflicts.join("\n")}\nNothing was written: rename that script, or make it run tool-validators as said.`,
    );
  const newText = editedPackage(say, pkg, current, proposal.settings, options.dryRun);
  if (newText instanceof PackageJsonError)
    return fail(`cannot edit package.json: ${newText.message}; nothing was written.`);
  sayDependency(say, dir, host);
  await sayWiring(say, dir, detection, proposal, host, out);
  sayCommands(say, dir, host, out);
  if (!options.dryRun && newText !== pkg.text) await fs.writeFile(pkg.file, newText);
  io.stdout(`${lines.join("\n")}\n`);
  return 0;
}

/** The settings already there: their value (undefined: none), where they are, their command. */
interface CurrentSettings {
  readonly value: unknown;
  readonly place: string;
  readonly command: string | undefined;
}

interface PackageFile {
  readonly file: string;
  readonly text: string;
  readonly json: Record<string, unknown>;
}

/** The host's package.json, or undefined when there is none or it is not a JSON object (said). */
async function readPackage(dir: string, io: InitIo): Promise<PackageFile | undefined> {
  const file = path.join(dir, "package.json");
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    io.stderr(
      `tool-validators init: no package.json here (${dir === "/" ? dir : path.basename(dir)}); run it in the folder of the package that declares the tools.\n`,
    );
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(stripBom(text));
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new Error("not a JSON object");
    return { file, text, json: value as Record<string, unknown> };
  } catch (error) {
    io.stderr(`tool-validators init: cannot read package.json: ${(error as Error).message}.\n`);
    return undefined;
  }
}

/**
 * The settings that apply in `dir`, checked as the command checks them (a misspelt key or file
 * name, an unknown key, a bad value: the command's own message, and undefined); the package's
 * own, if it has some.
 */
async function currentSettings(
  dir: string,
  pkg: PackageFile,
  io: InitIo,
): Promise<CurrentSettings | undefined> {
  let config: Awaited<ReturnType<typeof findConfig>>;
  try {
    config = await findConfig(dir);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr(
      `tool-validators init: ${error.message}\nNothing was written: every run of the command would stop there too.\n`,
    );
    return undefined;
  }
  if (config === undefined || config.dir !== dir)
    return {
      value: undefined,
      place: `the "${PACKAGE_KEY}" key of package.json`,
      command: undefined,
    };
  const own = path.basename(config.file) === CONFIG_FILE;
  const value = own
    ? JSON.parse(stripBom(await fs.readFile(config.file, "utf8")))
    : pkg.json[PACKAGE_KEY];
  return {
    value,
    place: own ? CONFIG_FILE : `the "${PACKAGE_KEY}" key of package.json`,
    command: config.command,
  };
}

/** What to say when no JSON Schema tool was found: what was found instead, and where to look. */
function nothingFound(detection: Detection, globs?: string | readonly string[]): string {
  const where =
    globs === undefined
      ? `the ${plural(detection.sources.length, "TypeScript file")} of the package (tests, fixtures, builds, generated code and node_modules are not looked at)`
      : `the files matching ${[globs]
          .flat()
          .map((g) => JSON.stringify(g))
          .join(", ")}`;
  const lines = [`no JSON Schema tool declaration found in ${where}; nothing was written.`];
  const { skipped, ignored } = detection.extracted;
  const library = new Map<string, number>();
  for (const { skip } of skipped)
    if (skip.kind === "library") library.set(skip.library, (library.get(skip.library) ?? 0) + 1);
  for (const [name, count] of library)
    lines.push(`  ${plural(count, "tool")} declared with ${name}: validated by it at run time`);
  const runTime = skipped.filter((object) => object.skip.kind !== "library").length;
  if (runTime > 0) lines.push(`  ${plural(runTime, "object")} built at run time (skipped)`);
  if (ignored.length > 0) lines.push(`  ${plural(ignored.length, "object")} that is not a tool`);
  for (const error of detection.findings.flatMap((finding) => finding.errors))
    lines.push(`  ${oneLine(error, detection.texts)}`);
  if (detection.nestedPackages.length > 0)
    lines.push(
      `Packages inside this one mention tool schemas; run init in the one that declares the tools: ${detection.nestedPackages.join(", ")}.`,
    );
  return lines.join("\n");
}

/** The tools found and read, and what else was found. */
function sayProposal(
  say: Say,
  dir: string,
  detection: Detection,
  proposal: Proposal,
  given: boolean,
): void {
  const read = new Set(proposal.run.toolFiles.map((file) => relativeName(dir, file.path)));
  const findings = detection.findings.filter((f) => f.tools.length > 0 && read.has(f.file));
  const toolCount = findings.reduce((count, finding) => count + finding.tools.length, 0);
  say(`Found ${plural(toolCount, "tool")} in ${plural(findings.length, "file")}:`);
  for (const finding of findings) {
    const shapes = [...new Set(finding.tools.map((tool) => tool.shape))].join(", ");
    say(`  ${finding.file}: ${finding.tools.map((tool) => tool.name).join(", ")} (${shapes})`);
  }
  // What every run lists besides (as the command words it): skipped objects, copies, tools
  // without parameters.
  const listed = coverageLines({ ...proposal.run, tools: [], excluded: [], excludedFiles: [] });
  if (listed.length > 0) {
    say("Also found (every run lists them; no validator, no error):");
    for (const line of listed) say(`  ${line}`);
  }
  const excluded = picomatch(proposal.settings.excludeFiles ?? [], { dot: true });
  const outside = detection.findings.filter(
    (f) => f.tools.length > 0 && !read.has(f.file) && !excluded(f.file),
  );
  if (outside.length > 0) {
    say(
      given
        ? "Not matched by the globs given (their tools get no validator):"
        : "Not included: examples, each a program of its own (give --tools to include them):",
    );
    for (const finding of outside)
      say(`  ${finding.file}: ${finding.tools.map((tool) => tool.name).join(", ")}`);
  }
  sayLeftOut(say, proposal);
}

/** What the settings leave out and why, what stays out of them, and what still stops a run. */
function sayLeftOut(say: Say, proposal: Proposal): void {
  if (proposal.exclusions.length > 0) {
    say(
      "Left out (every run lists them; fix a declaration and drop its exclusion to validate it):",
    );
    for (const exclusion of proposal.exclusions) {
      say(`  ${exclusion.setting} ${JSON.stringify(exclusion.value)}:`);
      for (const reason of exclusion.reasons) say(`    ${reason}`);
    }
  }
  if (proposal.exclusions.some((e) => e.reasons.some((reason) => NOT_INSTALLED.test(reason))))
    say(
      "Note: some of these declarations import packages that are not installed: install the dependencies and run init again, which may then read them.",
    );
  if (proposal.notIncluded.length > 0) {
    say("Not included (outside the globs; they declare no tool the generator can read):");
    for (const { file, reasons } of proposal.notIncluded) {
      say(`  ${file}:`);
      for (const reason of reasons) say(`    ${reason}`);
    }
  }
  if (proposal.remaining.length > 0) {
    say(
      `With these settings the generator still stops on ${plural(proposal.remaining.length, "error")}; fix them, or leave their tools out:`,
    );
    for (const error of proposal.remaining) say(`  ${error}`);
  } else
    say(
      `Checked: a run with these settings reads ${plural(proposal.run.tools.length + proposal.run.withoutParameters.length, "tool")} and stops on nothing.`,
    );
}

/**
 * The settings and the scripts: package.json's text with what is missing added (settings already
 * there are left as they are, and said so), or the error that stops the edit.
 */
function editedPackage(
  say: Say,
  pkg: PackageFile,
  current: CurrentSettings,
  settings: ProposedSettings,
  dryRun: boolean,
): string | PackageJsonError {
  const notes: string[] = [];
  if (current.value !== undefined) {
    if (sameJson(current.value, settings)) say(`Settings (${current.place}): already these.`);
    else {
      say(`Settings (${current.place}): left as they are; init would propose:`);
      notes.push(`${current.place} differs from the proposal; it was left as it is.`);
    }
    say(indent(JSON.stringify(settings, null, 2), "  "));
  } else say(`Settings (${current.place}):\n${indent(JSON.stringify(settings, null, 2), "  ")}`);
  const scripts = isObject(pkg.json.scripts) ? pkg.json.scripts : {};
  for (const [name, command] of Object.entries(SCRIPTS)) {
    const script = scripts[name];
    if (script !== undefined && script !== command)
      notes.push(
        `the script "${name}" is ${JSON.stringify(script)}; it was left as it is (init writes ${JSON.stringify(command)}).`,
      );
  }
  let edited: ReturnType<typeof addToPackageJson>;
  try {
    edited = addToPackageJson(pkg.text, {
      scripts: SCRIPTS,
      ...(current.value === undefined ? { member: { key: PACKAGE_KEY, value: settings } } : {}),
    });
  } catch (error) {
    if (error instanceof PackageJsonError) return error;
    throw error;
  }
  const where = edited.edits.map((edit) => edit.where).join(", ");
  if (edited.edits.length === 0)
    say("package.json already has the settings and the scripts: nothing to change.");
  else if (dryRun) {
    say(`Would add ${where} to package.json:`);
    say(indent(lineDiff(pkg.text, edited.text), "  "));
    say("(--dry-run: nothing was written)");
  } else say(`Added ${where} to package.json.`);
  for (const note of notes) say(`Note: ${note}`);
  return edited.text;
}

/** Whether tool-validators is a dependency, and whether git would leave its tarball out. */
function sayDependency(say: Say, dir: string, host: HostPackage): void {
  if (host.dependency === undefined) {
    say(
      `Note: tool-validators is not a dependency of this package: add it as an exact dev dependency (${installCommand(host)}).`,
    );
    return;
  }
  const ignored = ignoredTarball(dir, host.dependency);
  if (ignored)
    say(
      `Warning: ${ignored.file}, which package.json installs tool-validators from, is ignored by git (${ignored.rule}): a fresh clone cannot install it. Un-ignore it, or keep it in a folder no rule covers.`,
    );
}

/** What to run, with the host's package manager. */
function sayCommands(say: Say, dir: string, host: HostPackage, out: string): void {
  const gen = runScript(host, "gen:validators");
  const check = runScript(host, "check:validators");
  const where = gen.from === dir ? "" : ` (from ${relativeName(dir, gen.from)})`;
  say();
  say(`Then${where}:`);
  say(`  ${gen.command}    writes ${out}/ (commit it)`);
  say(`  ${check.command}  in CI: exit 1 when ${out}/ does not match the declarations`);
  if (host.workspaceRoot !== undefined && host.name === undefined)
    say("  (the package has no name in its package.json; the commands select it by folder)");
}

function installCommand(host: HostPackage): string {
  const add = {
    npm: "npm install -D -E",
    pnpm: "pnpm add -D -E",
    yarn: "yarn add -D -E",
    bun: "bun add -d -E",
  }[host.manager];
  return `${add} tool-validators`;
}

/** A `file:` or path dependency that git ignores (the tarball of an unpublished package). */
function ignoredTarball(dir: string, spec: string): { file: string; rule: string } | undefined {
  const target = spec.startsWith("file:") ? spec.slice(5) : spec;
  if (!/^\.{0,2}\//.test(target) && !spec.startsWith("file:")) return undefined;
  const result = spawnSync("git", ["check-ignore", "-v", "--", target], {
    cwd: dir,
    encoding: "utf8",
  });
  if (result.status !== 0 || !result.stdout) return undefined;
  const rule = result.stdout.split("\t")[0]!.trim();
  return { file: target, rule };
}

function existingOut(existing: unknown): string | undefined {
  return isObject(existing) && typeof existing.out === "string" ? existing.out : undefined;
}

/** Whether two JSON values are equal, object keys in any order. */
function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a as JsonValue) === canonical(b as JsonValue);
}

async function isFolder(file: string): Promise<boolean> {
  return fs.stat(file).then(
    (stat) => stat.isDirectory(),
    () => false,
  );
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : `${prefix}${line}`))
    .join("\n");
}

function relativeOrDot(dir: string): string {
  return path.basename(dir) || dir;
}
