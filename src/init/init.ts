// `tool-validators init`: sets a host package up. It finds the files that declare tools (by
// their shapes, with the generator's own reading), proposes the smallest globs covering them
// and the exclusions the generator needs (each with its reason), checks the proposal with a
// real run in memory, writes the settings and the two scripts into package.json (keeping its
// layout), and prints the wiring for the kind of host it found and the commands to run.
// Idempotent: a second run finds everything in place and changes nothing.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { formatDiagnostic, type Diagnostic } from "../diagnostics/diagnostics.js";
import { plural } from "../diagnostics/counts.js";
import type { JsonValue } from "../extract/values.js";
import { canonical } from "../keywords/enum.js";
import { relativeName } from "../diagnostics/paths.js";
import { lineDiff } from "./lineDiff.js";
import { CONFIG_FILE, PACKAGE_KEY } from "../settings/settings.js";
import { detectTools, NOT_SOURCES, SOURCE_EXTENSIONS, type Detection } from "./detect.js";
import { escapeGlob, proposeGlobs } from "./globs.js";
import { localRun, readHost, runScript, type HostPackage } from "./host.js";
import { addToPackageJson, PackageJsonError } from "./packageJson.js";
import { hostKindOf, WIRINGS, wiringCode, type HostKind } from "./wiring.js";
import picomatch from "picomatch";
import { glob } from "tinyglobby";
import { isObject } from "../json.js";

export interface InitOptions {
  /** The host package's folder (where its package.json is). */
  readonly dir: string;
  /** Print what would be written; write nothing. */
  readonly dryRun: boolean;
  /** The output folder, relative to `dir` (default `src/generated/validators`, or `generated/validators` without `src/`). */
  readonly out?: string;
}

export interface InitIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

export const SCRIPTS = {
  "gen:validators": "tool-validators",
  "check:validators": "tool-validators --check",
} as const;

/** The settings `init` proposes, in the order it writes their keys. */
export interface ProposedSettings {
  tools: string | string[];
  excludeFiles?: string[];
  excludeTools?: string[];
  out: string;
  command: string;
}

/** Something left out of the run, and why. */
interface Exclusion {
  readonly setting: "excludeFiles" | "excludeTools";
  readonly value: string;
  readonly reasons: readonly string[];
}

/** How many times the proposal is run and corrected before what is left is reported. */
const VERIFY_ROUNDS = 4;

export async function init(options: InitOptions, io: InitIo): Promise<number> {
  const dir = path.resolve(options.dir);
  const pkg = await readPackage(dir, io);
  if (pkg === undefined) return 2;
  const ownConfig = await readOptional(path.join(dir, CONFIG_FILE));
  const current: CurrentSettings = {
    value: ownConfig !== undefined ? parseOrUndefined(ownConfig) : pkg.json[PACKAGE_KEY],
    place: ownConfig !== undefined ? CONFIG_FILE : `the "${PACKAGE_KEY}" key of package.json`,
  };
  const host = await readHost(dir, pkg.json);
  const hasSrc = await isFolder(path.join(dir, "src"));
  const out =
    options.out ??
    existingOut(current.value) ??
    (hasSrc ? "src/generated/validators" : "generated/validators");
  const detection = await detectTools(dir, [`${escapeGlob(out)}/**`]);
  const lines: string[] = [];
  const say: Say = (line = "") => lines.push(line);
  const label = host.name ? `${host.name} (${relativeOrDot(dir)})` : relativeOrDot(dir);
  say(`tool-validators init: ${label}, ${host.manager} (from ${host.managerFrom}).`);

  const toolFindings = detection.findings.filter((finding) => finding.tools.length > 0);
  if (toolFindings.length === 0) {
    io.stdout(`${lines.join("\n")}\n`);
    io.stderr(
      `tool-validators init: no tool declaration found in the ${plural(detection.sources.length, "TypeScript file")} ${hasSrc ? "under src/" : "of the package"} (tests, builds and node_modules are not looked at); nothing was written.\n`,
    );
    reportNotRead(detection, io.stderr);
    return 2;
  }
  const proposal = await propose(dir, out, detection, host);
  sayProposal(say, toolFindings, proposal);
  say();
  const newText = editedPackage(say, pkg, current, proposal.settings, options.dryRun);
  if (newText instanceof PackageJsonError) {
    io.stdout(`${lines.join("\n")}\n`);
    io.stderr(
      `tool-validators init: cannot edit package.json: ${newText.message}; nothing was written.\n`,
    );
    return 2;
  }
  sayDependency(say, dir, host);
  await sayWiring(say, dir, detection, out);
  sayCommands(say, dir, host, out);
  if (!options.dryRun && newText !== pkg.text) await fs.writeFile(pkg.file, newText);
  io.stdout(`${lines.join("\n")}\n`);
  return 0;
}

type Say = (line?: string) => void;

/** The settings already there: their value (undefined: none) and where they are. */
interface CurrentSettings {
  readonly value: unknown;
  readonly place: string;
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

/** The tools found, what is left out or not included, and what still stops the generator. */
function sayProposal(say: Say, toolFindings: Detection["findings"], proposal: Proposal): void {
  const toolCount = toolFindings.reduce((count, finding) => count + finding.tools.length, 0);
  say(`Found ${plural(toolCount, "tool")} in ${plural(toolFindings.length, "file")}:`);
  for (const finding of toolFindings) {
    const shapes = [...new Set(finding.tools.map((tool) => tool.shape))].join(", ");
    say(`  ${finding.file}: ${finding.tools.map((tool) => tool.name).join(", ")} (${shapes})`);
  }
  if (proposal.exclusions.length > 0) {
    say(
      "Left out (every run lists them; fix a declaration and drop its exclusion to validate it):",
    );
    for (const exclusion of proposal.exclusions) {
      say(`  ${exclusion.setting} ${JSON.stringify(exclusion.value)}:`);
      for (const reason of exclusion.reasons) say(`    ${reason}`);
    }
  }
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
  }
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

/** The wiring for each kind of host found, with its guide. */
async function sayWiring(say: Say, dir: string, detection: Detection, out: string): Promise<void> {
  for (const kind of kindsOf(detection)) {
    const wiring = WIRINGS[kind];
    const file = await wiringFile(dir, kind, detection);
    const specifier = importSpecifier(path.posix.dirname(file), `${out}/index.js`);
    say();
    say(`Wiring, for ${wiring.title}: ${wiring.where}. In ${file}:`);
    say();
    say(indent(wiringCode(kind, specifier).replace(/\n$/, ""), "    "));
    say();
    say(`  The guide: node_modules/tool-validators/${wiring.guide}`);
  }
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

/** Every file a glob of the tool folders would match, as the generator matches them. */
async function folderFiles(dir: string, toolDirs: ReadonlySet<string>): Promise<string[]> {
  const patterns = [...toolDirs].map(
    (folder) =>
      `${folder === "." ? "" : `${escapeGlob(folder)}/`}*.{${SOURCE_EXTENSIONS.join(",")}}`,
  );
  return (await glob(patterns, { cwd: dir, ignore: ["**/node_modules/**", "**/*.d.ts"] })).sort();
}

/**
 * Runs the generator in memory with the proposal, leaving out what it still stops on, until
 * nothing more can be left out; the errors of the last run. The texts it read join `texts`.
 */
async function verify(
  dir: string,
  out: string,
  host: HostPackage,
  tools: readonly string[],
  exclusions: ReadonlyMap<string, Exclusion>,
  leaveOutError: (error: Diagnostic) => void,
  texts: Map<string, string>,
): Promise<Diagnostic[]> {
  let remaining: Diagnostic[] = [];
  const { generate } = await import("../pipeline/generate.js");
  for (let round = 0; round < VERIFY_ROUNDS; round++) {
    const settings = settingsOf(tools, [...exclusions.values()], out, host);
    const result = await generate({
      cwd: dir,
      tools,
      outDir: out,
      // The declarations are what is checked here: no formatting (nor its setup's errors).
      formatter: "none",
      ...(settings.excludeFiles ? { excludeFiles: settings.excludeFiles } : {}),
      ...(settings.excludeTools ? { excludeTools: settings.excludeTools } : {}),
    });
    for (const [file, text] of result.sources) texts.set(file, text);
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    const before = exclusions.size;
    for (const error of errors) leaveOutError(error);
    remaining = errors;
    if (errors.length === 0 || exclusions.size === before) break;
  }
  return remaining;
}

interface Proposal {
  readonly settings: ProposedSettings;
  readonly exclusions: readonly Exclusion[];
  readonly notIncluded: readonly { file: string; reasons: readonly string[] }[];
  /** Errors the generator still reports with the settings, on one line each. */
  readonly remaining: readonly string[];
}

/** The globs, the exclusions, and a run of the generator in memory that checks them. */
async function propose(
  dir: string,
  out: string,
  detection: Detection,
  host: HostPackage,
): Promise<Proposal> {
  const texts = new Map(detection.texts);
  const describe = (diagnostic: Diagnostic) => oneLine(diagnostic, texts);
  const exclusions = new Map<string, Exclusion>();
  const toolFiles = detection.findings.filter((f) => f.tools.length > 0).map((f) => f.file);
  const toolDirs = new Set(toolFiles.map((file) => path.posix.dirname(file)));
  const errorOnly = detection.findings.filter((f) => f.tools.length === 0 && f.errors.length > 0);
  // Files the generator cannot read in the folders of those it can: read by the globs, so that
  // every run lists what is left out of them. Elsewhere they are only reported here.
  const alongside = errorOnly.filter((f) => toolDirs.has(path.posix.dirname(f.file)));
  const notIncluded = errorOnly
    .filter((f) => !toolDirs.has(path.posix.dirname(f.file)))
    .map((f) => ({ file: f.file, reasons: f.errors.map(describe) }));
  const files = await folderFiles(dir, toolDirs);
  const isTest = picomatch(notTests(), { dot: true });
  const tests = new Set(files.filter((file) => isTest(file)));
  const globs = proposeGlobs({
    declared: [...toolFiles, ...alongside.map((f) => f.file)],
    files,
    tests,
  });

  const exclude = (setting: Exclusion["setting"], value: string, reason: string) => {
    const key = `${setting}\0${value}`;
    const found = exclusions.get(key);
    exclusions.set(key, { setting, value, reasons: [...(found?.reasons ?? []), reason] });
  };
  for (const pattern of testPatterns(globs.matchedTests, files))
    exclude("excludeFiles", pattern, "tests, not declarations");
  const names = new Set(
    detection.findings.flatMap((finding) => finding.tools.map((tool) => tool.name)),
  );
  for (const finding of [...detection.findings.filter((f) => f.tools.length > 0), ...alongside])
    for (const error of finding.errors) leaveOut(error, exclude, names, describe);

  const remaining = await verify(
    dir,
    out,
    host,
    globs.tools,
    exclusions,
    (error) => {
      leaveOut(error, exclude, names, describe);
    },
    texts,
  );
  const final = [...exclusions.values()];
  return {
    settings: settingsOf(globs.tools, final, out, host),
    exclusions: final,
    notIncluded,
    remaining: remaining.filter((error) => !leftOutBy(error, final)).map(describe),
  };
}

/**
 * Leaves out what an error is about: the tool its message names for `excludeTools` (a
 * declaration that cannot be read), the tool a schema error belongs to, else its file.
 */
function leaveOut(
  error: Diagnostic,
  exclude: (setting: Exclusion["setting"], value: string, reason: string) => void,
  toolNames: ReadonlySet<string>,
  describe: (diagnostic: Diagnostic) => string,
): void {
  const suggested = /"excludeTools": \[("(?:[^"\\]|\\.)*")\]/.exec(error.message);
  const name = suggested ? (JSON.parse(suggested[1]!) as string) : undefined;
  // A name another declaration has that can be read: leaving the name out would leave both.
  if (name !== undefined && !toolNames.has(name))
    return exclude("excludeTools", name, describe(error));
  if (error.code !== "TV3002" && error.tool !== undefined && toolNames.has(error.tool))
    return exclude("excludeTools", error.tool, describe(error));
  if (error.location) exclude("excludeFiles", error.location.file, describe(error));
}

function leftOutBy(error: Diagnostic, exclusions: readonly Exclusion[]): boolean {
  return exclusions.some(
    (exclusion) =>
      (exclusion.setting === "excludeTools" && exclusion.value === error.tool) ||
      (exclusion.setting === "excludeFiles" && exclusion.value === error.location?.file),
  );
}

function settingsOf(
  tools: readonly string[],
  exclusions: readonly Exclusion[],
  out: string,
  host: HostPackage,
): ProposedSettings {
  const excludeFiles = exclusions.filter((e) => e.setting === "excludeFiles").map((e) => e.value);
  const excludeTools = exclusions.filter((e) => e.setting === "excludeTools").map((e) => e.value);
  return {
    tools: tools.length === 1 ? tools[0]! : [...tools],
    ...(excludeFiles.length > 0 ? { excludeFiles: excludeFiles.sort() } : {}),
    ...(excludeTools.length > 0 ? { excludeTools: excludeTools.sort() } : {}),
    out,
    command: localRun(host.manager, "gen:validators"),
  };
}

/** The test-file patterns of NOT_SOURCES, as exclusions of everything else. */
function notTests(): string[] {
  return NOT_SOURCES.filter((pattern) => /test|spec|mock/.test(pattern));
}

/**
 * The matched test files, as few patterns as cover them: `dir/*.test.ts` when every file of
 * that ending in the folder is one of them.
 */
function testPatterns(testFiles: readonly string[], files: readonly string[]): string[] {
  const patterns = new Set<string>();
  for (const file of testFiles) {
    const dir = path.posix.dirname(file);
    const ending = /(\.(?:test|spec)\.[mc]?ts)$/.exec(file)?.[1];
    const sameEnding = ending
      ? files.filter((other) => path.posix.dirname(other) === dir && other.endsWith(ending))
      : [];
    if (ending && sameEnding.every((other) => testFiles.includes(other)))
      patterns.add(`${dir === "." ? "" : `${escapeGlob(dir)}/`}*${ending}`);
    else patterns.add(escapeGlob(file));
  }
  return [...patterns].sort();
}

function kindsOf(detection: Detection): HostKind[] {
  const counts = new Map<HostKind, number>();
  for (const finding of detection.findings)
    for (const tool of finding.tools) {
      const kind = hostKindOf(tool.shape);
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([kind]) => kind);
}

/** The file the wiring goes into: the one that looks like its place, else the declarations'. */
async function wiringFile(dir: string, kind: HostKind, detection: Detection): Promise<string> {
  const declarations = detection.findings.filter((finding) =>
    finding.tools.some((tool) => hostKindOf(tool.shape) === kind),
  );
  const fallback = declarations[0]!.file;
  const looksLike = async (file: string) => {
    if (kind === "tool-manager") return /tool-?manager\.[mc]?ts$/i.test(file);
    const text = await fs.readFile(path.join(dir, file), "utf8").catch(() => "");
    return kind === "mcp-server"
      ? text.includes("CallToolRequestSchema")
      : text.includes("tool_calls");
  };
  for (const finding of declarations) if (await looksLike(finding.file)) return finding.file;
  for (const file of detection.sources) if (await looksLike(file)) return file;
  return fallback;
}

/** `./generated/index.js`, `../generated/validators/index.js`: from a folder, relative. */
function importSpecifier(fromDir: string, target: string): string {
  const relative = path.posix.relative(fromDir, target);
  return relative.startsWith(".") ? relative : `./${relative}`;
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

function reportNotRead(detection: Detection, write: (text: string) => void): void {
  const withErrors = detection.findings.filter((finding) => finding.errors.length > 0);
  if (withErrors.length === 0) return;
  write("Declarations it could not read:\n");
  for (const finding of withErrors)
    for (const error of finding.errors) write(`  ${oneLine(error, detection.texts)}\n`);
}

/** `src/x.ts:12:7 TV2001 Tool "x", ...: the message`, on one line. */
function oneLine(diagnostic: Diagnostic, texts: ReadonlyMap<string, string>): string {
  const first = formatDiagnostic(diagnostic, texts).split("\n")[0]!;
  return first
    .replace(/ - (?:error|warning) (TV\d+): /, " $1 ")
    .replace(/^(?:error|warning) (TV\d+): /, "$1 ");
}

function existingOut(existing: unknown): string | undefined {
  return isObject(existing) && typeof existing.out === "string" ? existing.out : undefined;
}

/** Whether two JSON values are equal, object keys in any order. */
function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a as JsonValue) === canonical(b as JsonValue);
}

async function readOptional(file: string): Promise<string | undefined> {
  return fs.readFile(file, "utf8").catch(() => undefined);
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(stripBom(text));
  } catch {
    return {};
  }
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
