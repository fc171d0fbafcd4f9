// The settings `init` proposes: the `tools` globs (a folder's pattern for each folder that
// declares tools, or the globs the user gave), what those globs match that is no source left out
// with `excludeFiles`, and what the generator cannot read left out by name or file, each with
// its reason; checked by runs of the generator in memory until nothing more can be left out.
import path from "node:path";
import picomatch from "picomatch";
import { glob } from "tinyglobby";
import { formatDiagnostic, type Diagnostic } from "../diagnostics/diagnostics.js";
import type { GenerateResult } from "../pipeline/generate.js";
import { NOT_SOURCES, type Detection } from "./detect.js";
import { escapeGlob, exclusionPatterns, folderGlobs, type ToolGlob } from "./globs.js";

/** The settings `init` proposes, in the order it writes their keys. */
export interface ProposedSettings {
  tools: string | string[];
  excludeFiles?: string[];
  excludeTools?: string[];
  out: string;
  command: string;
}

/** Something left out of the run, and why. */
export interface Exclusion {
  readonly setting: "excludeFiles" | "excludeTools";
  readonly value: string;
  readonly reasons: readonly string[];
}

export interface Proposal {
  readonly settings: ProposedSettings;
  readonly exclusions: readonly Exclusion[];
  /** Files that declare tools the generator cannot read, outside the globs: only reported. */
  readonly notIncluded: readonly { file: string; reasons: readonly string[] }[];
  /** Errors the generator still reports with the settings, on one line each. */
  readonly remaining: readonly string[];
  /** The last run in memory, with the settings. */
  readonly run: GenerateResult;
}

/** A folder of examples, samples or demos: each a program of its own, not the package's tools. */
export const EXAMPLES = /(?:^|\/)(?:examples?|samples?|demos?)\//;

/** How many times the proposal is run and corrected before what is left is reported. */
const VERIFY_ROUNDS = 4;

/**
 * The proposal for the package in `dir`: `userGlobs` when given, else a folder pattern for each
 * folder holding a tool (or a declaration the generator cannot read beside tools).
 */
export async function propose(
  dir: string,
  out: string,
  detection: Detection,
  command: string,
  userGlobs: readonly string[] | undefined,
): Promise<Proposal> {
  const texts = new Map(detection.texts);
  const describe = (diagnostic: Diagnostic) => oneLine(diagnostic, texts);
  const allToolFiles = detection.findings.filter((f) => f.tools.length > 0).map((f) => f.file);
  // Examples are programs of their own: proposed only where the package declares no tool else.
  const sources = allToolFiles.filter((file) => !EXAMPLES.test(file));
  const wanted = (file: string) => sources.length === 0 || !EXAMPLES.test(file);
  const toolFiles = allToolFiles.filter(wanted);
  const toolDirs = new Set(toolFiles.map((file) => path.posix.dirname(file)));
  const errorOnly = detection.findings.filter((f) => f.tools.length === 0 && f.errors.length > 0);
  // Files the generator cannot read in the folders of those it can: read by the globs, so that
  // every run lists what is left out of them. Elsewhere they are only reported here.
  const alongside = errorOnly.filter((f) => toolDirs.has(path.posix.dirname(f.file)));
  const naming = detection.namingFiles.filter(wanted);
  const globs: readonly ToolGlob[] = userGlobs
    ? userGlobs.map((g) => ({ glob: g, folder: globFolder(g), deep: g.includes("**") }))
    : folderGlobs([...toolFiles, ...alongside.map((f) => f.file), ...naming], out);
  const tools = globs.map((g) => g.glob);
  const isRead = picomatch(tools, { dot: true });
  const notIncluded = errorOnly
    .filter((f) => !isRead(f.file))
    .map((f) => ({ file: f.file, reasons: f.errors.map(describe) }));

  const exclusions = new Map<string, Exclusion>();
  const exclude = (setting: Exclusion["setting"], value: string, reason: string) => {
    const key = `${setting}\0${value}`;
    const found = exclusions.get(key);
    exclusions.set(key, { setting, value, reasons: [...(found?.reasons ?? []), reason] });
  };
  for (const { pattern, reason } of await notSourcesMatched(dir, out, globs))
    exclude("excludeFiles", pattern, reason);
  const names = declarationsByName(detection.extracted.tools);
  const leaveOutError = (error: Diagnostic) => leaveOut(error, exclude, names, describe);
  for (const finding of detection.findings)
    if (isRead(finding.file)) finding.errors.forEach(leaveOutError);

  const settingsFor = () => settingsOf(tools, [...exclusions.values()], out, command);
  const run = await verify(dir, settingsFor, exclusions, leaveOutError, texts);
  const final = [...exclusions.values()];
  const errors = run.diagnostics.filter((d) => d.severity === "error");
  return {
    settings: settingsFor(),
    exclusions: final,
    notIncluded,
    remaining: errors.filter((error) => !leftOutBy(error, final)).map(describe),
    run,
  };
}

/**
 * Runs the generator in memory with the settings, leaving out what it still stops on, until
 * nothing more can be left out; the last run. The texts it read join `texts`.
 */
async function verify(
  dir: string,
  settingsFor: () => ProposedSettings,
  exclusions: ReadonlyMap<string, Exclusion>,
  leaveOutError: (error: Diagnostic) => void,
  texts: Map<string, string>,
): Promise<GenerateResult> {
  const { generate } = await import("../pipeline/generate.js");
  let result: GenerateResult | undefined;
  for (let round = 0; round < VERIFY_ROUNDS; round++) {
    const settings = settingsFor();
    result = await generate({
      cwd: dir,
      tools: typeof settings.tools === "string" ? [settings.tools] : settings.tools,
      outDir: settings.out,
      // The declarations are what is checked here: no formatting (nor its setup's errors).
      formatter: "none",
      ...(settings.excludeFiles ? { excludeFiles: settings.excludeFiles } : {}),
      ...(settings.excludeTools ? { excludeTools: settings.excludeTools } : {}),
    });
    for (const [file, text] of result.sources) texts.set(file, text);
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    const before = exclusions.size;
    errors.forEach(leaveOutError);
    if (errors.length === 0 || exclusions.size === before) break;
  }
  return result!;
}

/**
 * What the globs match that is no source (tests, fixtures, mocks, builds, generated code), as
 * `excludeFiles` patterns with their reasons.
 */
async function notSourcesMatched(
  dir: string,
  out: string,
  globs: readonly ToolGlob[],
): Promise<{ pattern: string; reason: string }[]> {
  const patterns = globs.map((g) => g.glob);
  const matched = await glob(patterns, {
    cwd: dir,
    ignore: ["**/node_modules/**", "**/*.d.ts", `${escapeGlob(out)}/**`],
  });
  const isNotSource = picomatch(NOT_SOURCES, { dot: true });
  const unwanted = matched
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => isNotSource(file));
  return exclusionPatterns(globs, unwanted.sort(), NOT_SOURCES).map((pattern) => ({
    pattern,
    reason: "tests, fixtures, mocks or build output, not declarations",
  }));
}

/** The files declaring each tool name the generator reads. */
function declarationsByName(tools: readonly { name: string; file: string }[]): Names {
  const files = new Map<string, Set<string>>();
  for (const { name, file } of tools) files.set(name, (files.get(name) ?? new Set()).add(file));
  return files;
}

type Names = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Leaves out what an error is about: the tool it names (the name its message suggests for
 * `excludeTools`, else the tool it belongs to), unless a declaration of that name in another
 * file can be read, which the name would leave out too: then the file of the one that cannot;
 * an error of no tool, its file. Two declarations of one name are left for the user: which one
 * is the tool is theirs to say.
 */
function leaveOut(
  error: Diagnostic,
  exclude: (setting: Exclusion["setting"], value: string, reason: string) => void,
  names: Names,
  describe: (diagnostic: Diagnostic) => string,
): void {
  if (error.code === "TV3002") return;
  const suggested = /"excludeTools": \[("(?:[^"\\]|\\.)*")\]/.exec(error.message);
  const name = suggested ? (JSON.parse(suggested[1]!) as string) : error.tool;
  const file = error.location?.file;
  const declaredIn = name === undefined ? undefined : names.get(name);
  const elsewhere = [...(declaredIn ?? [])].some((other) => other !== file);
  if (name !== undefined && (suggested !== null || declaredIn !== undefined) && !elsewhere)
    return exclude("excludeTools", name, describe(error));
  if (file !== undefined) exclude("excludeFiles", escapeGlob(file), describe(error));
}

function leftOutBy(error: Diagnostic, exclusions: readonly Exclusion[]): boolean {
  return exclusions.some(
    (exclusion) =>
      (exclusion.setting === "excludeTools" && exclusion.value === error.tool) ||
      (exclusion.setting === "excludeFiles" &&
        error.location !== undefined &&
        picomatch.isMatch(error.location.file, exclusion.value, { dot: true })),
  );
}

function settingsOf(
  tools: readonly string[],
  exclusions: readonly Exclusion[],
  out: string,
  command: string,
): ProposedSettings {
  const excludeFiles = exclusions.filter((e) => e.setting === "excludeFiles").map((e) => e.value);
  const excludeTools = exclusions.filter((e) => e.setting === "excludeTools").map((e) => e.value);
  return {
    tools: tools.length === 1 ? tools[0]! : [...tools],
    ...(excludeFiles.length > 0 ? { excludeFiles: excludeFiles.sort() } : {}),
    ...(excludeTools.length > 0 ? { excludeTools: excludeTools.sort() } : {}),
    out,
    command,
  };
}

/** The folder a glob reads from: its path before the first segment with a glob character. */
function globFolder(pattern: string): string {
  const segments = pattern.split("/");
  const fixed = segments.slice(0, -1).filter((_, i) => !segments.slice(0, i + 1).some(isGlob));
  return fixed.length > 0 ? fixed.join("/") : ".";
}

function isGlob(segment: string): boolean {
  return /[*?[\]{}()!]/.test(segment.replace(/\\./g, ""));
}

/** `src/x.ts:12:7 TV2001 Tool "x", ...: the message`, on one line. */
export function oneLine(diagnostic: Diagnostic, texts: ReadonlyMap<string, string>): string {
  const first = formatDiagnostic(diagnostic, texts).split("\n")[0]!;
  return first
    .replace(/ - (?:error|warning) (TV\d+): /, " $1 ")
    .replace(/^(?:error|warning) (TV\d+): /, "$1 ");
}
