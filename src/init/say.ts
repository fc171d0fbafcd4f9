// The wiring part of `init`'s report: for each framework the tools belong to, what it is and how
// init knows, which file the validation goes into (found by what that file holds, never guessed),
// the lines to add for the tools found, and the guide's own code with its section.
import fs from "node:fs/promises";
import path from "node:path";
import { toolNames } from "../emit/names.js";
import type { Detection } from "./detect.js";
import { frameworkSource, hostKindOf } from "./framework.js";
import type { HostPackage } from "./host.js";
import type { Proposal } from "./proposal.js";
import { guideBlock, WIRINGS, wiringCode, type HostKind, type Wiring } from "./wiring.js";

type Say = (line?: string) => void;

/** Tools of one kind of host, with the files declaring them. */
interface KindFound {
  readonly kind: HostKind;
  readonly tools: readonly string[];
  readonly files: readonly string[];
}

/** At most this many tools get a line of their own in the lines to add. */
const TOOL_LINES = 6;

/** The wiring for each kind of host the tools read belong to, most tools first. */
export async function sayWiring(
  say: Say,
  dir: string,
  detection: Detection,
  proposal: Proposal,
  host: HostPackage,
  out: string,
): Promise<void> {
  const read = new Set(
    proposal.run.toolFiles.map((file) => toPosix(path.relative(dir, file.path))),
  );
  const schemas = new Map(proposal.run.tools.map((tool) => [tool.name, toolNames(tool).schema]));
  for (const found of kindsFound(detection, read, host)) {
    const wiring = WIRINGS[found.kind];
    const source = frameworkSource(found.kind, host.frameworks);
    const place = await placeOf(dir, wiring, found, detection);
    const specifier = (folder: string) => importSpecifier(folder, `${out}/index.js`);
    const { section } = guideBlock(wiring.guide, wiring.block);
    const code = indent(wiringCode(found.kind, specifier(place.folder)).replace(/\n$/, ""), "    ");
    const withCode = wiring.lines?.withCode === true;
    const from = withCode ? place.folder : place.declared;
    const added = addedLines(wiring, found.tools, schemas, specifier(from)).map((line) =>
      line === "" ? "" : `    ${line}`,
    );
    say();
    say(`Framework: ${wiring.title}${source ? ` (${source})` : ""}.`);
    say(`Wiring: ${wiring.where}.`);
    if (added.length > 0 && !withCode) {
      say(`In ${place.declaredText}:`);
      say();
      for (const line of added) say(line);
      say();
      say(`And ${place.text}, the guide's code (section "${section}"):`);
    } else say(`${capitalize(place.text)}, the guide's code (section "${section}"):`);
    say();
    if (withCode) for (const line of [...added, ""]) say(line);
    say(code);
    say();
    say(`  The guide: node_modules/tool-validators/${wiring.guide}`);
  }
}

/** The tools read, grouped by the kind of host they belong to, the largest group first. */
function kindsFound(
  detection: Detection,
  read: ReadonlySet<string>,
  host: HostPackage,
): KindFound[] {
  const byKind = new Map<HostKind, { tools: string[]; files: Set<string> }>();
  for (const finding of detection.findings) {
    if (!read.has(finding.file)) continue;
    for (const tool of finding.tools) {
      const kind = hostKindOf(tool.shape, host.frameworks);
      let group = byKind.get(kind);
      if (!group) byKind.set(kind, (group = { tools: [], files: new Set() }));
      group.tools.push(tool.name);
      group.files.add(finding.file);
    }
  }
  return [...byKind.entries()]
    .sort((a, b) => b[1].tools.length - a[1].tools.length)
    .map(([kind, group]) => ({ kind, tools: group.tools, files: [...group.files] }));
}

/** Where the code goes, in words, and the folder its import is written from. */
interface Place {
  readonly text: string;
  readonly folder: string;
  /** The files declaring the tools, in words, and their folder. */
  readonly declaredText: string;
  readonly declared: string;
}

/**
 * Where the code goes: beside the declarations for a framework whose tools are wired where
 * they are declared, else the package's file holding what the wiring needs (a `tools/call`
 * handler, a loop reading tool calls, a tool manager class); without one, that is said, never
 * a guess.
 */
async function placeOf(
  dir: string,
  wiring: Wiring,
  found: KindFound,
  detection: Detection,
): Promise<Place> {
  const first = found.files[0]!;
  const declared = path.posix.dirname(first);
  const declaredText = `${found.files.slice(0, 3).join(", ")}${found.files.length > 3 ? `, and ${found.files.length - 3} more` : ""}, where the tools are declared`;
  const base = { declaredText, declared };
  if (wiring.place === "declarations") {
    if (wiring.kind !== "openai-agents") return { ...base, text: `in ${first}`, folder: declared };
    const file = path.posix.join(declared, "validation.ts");
    return { ...base, text: `the guardrail, in a file of its own (${file})`, folder: declared };
  }
  const { holds, is } = wiring.place;
  const candidates = [...found.files, ...detection.sources.filter((f) => !found.files.includes(f))];
  for (const file of candidates) {
    const text = await fs.readFile(path.join(dir, file), "utf8").catch(() => "");
    const match = holds.exec(text);
    if (match)
      return {
        ...base,
        text: `in ${file}, ${is} (it has \`${match[0]}\`)`,
        folder: path.posix.dirname(file),
      };
  }
  return {
    ...base,
    text: `in ${is}: no file of the package has one yet (the import below is written from ${declared}/)`,
    folder: declared,
  };
}

/** The lines to add besides the guide's code: the import, and one per tool (a few at most). */
function addedLines(
  wiring: Wiring,
  tools: readonly string[],
  schemas: ReadonlyMap<string, string>,
  specifier: string,
): string[] {
  if (!wiring.lines) return [];
  const named = [...new Set(tools)].filter((tool) => schemas.has(tool)).sort();
  const imports = wiring.lines.imports
    .replace("%SCHEMAS%", named.map((tool) => schemas.get(tool)).join(", "))
    .replace("%SPECIFIER%", JSON.stringify(specifier));
  const lines = wrapImport(imports);
  const perTool = wiring.lines.perTool;
  if (perTool === undefined) return lines;
  lines.push("");
  for (const tool of named.slice(0, TOOL_LINES))
    lines.push(
      perTool
        .replace("%KEY%", /^[A-Za-z_$][\w$]*$/.test(tool) ? tool : JSON.stringify(tool))
        .replace("%NAME%", JSON.stringify(tool))
        .replace("%SCHEMA%", schemas.get(tool)!),
    );
  if (named.length > TOOL_LINES) lines.push(`// ... and ${named.length - TOOL_LINES} more`);
  return lines;
}

/** An import of many names, one name a line (as a formatter lays it out) when it is long. */
function wrapImport(line: string): string[] {
  const parts = /^import \{ (.*) \} (from .*)$/.exec(line);
  if (!parts || line.length <= 100) return [line];
  return ["import {", ...parts[1]!.split(", ").map((name) => `  ${name},`), `} ${parts[2]}`];
}

/** `./generated/index.js`, `../generated/validators/index.js`: from a folder, relative. */
function importSpecifier(fromDir: string, target: string): string {
  const relative = path.posix.relative(fromDir, target);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function toPosix(file: string): string {
  return file.split(path.sep).join("/");
}

function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : `${prefix}${line}`))
    .join("\n");
}
