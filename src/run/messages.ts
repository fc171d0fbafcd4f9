import {
  formatDiagnostic,
  lineAndColumn,
  type Diagnostic,
  type SourceLocation,
} from "../diagnostics/diagnostics.js";
import { plural } from "../diagnostics/counts.js";
import type { SkippedObject, Skip } from "../extract/discover.js";
import type { GenerateResult } from "../pipeline/generate.js";
import type { NotEnforced } from "../ir.js";
import { bounded } from "../output/diff.js";
import type { FolderDifferences, ForeignKind, WriteSummary } from "../output/folder.js";

/** Every diagnostic, TypeScript style, then a count line. */
export function diagnosticsText(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
): string {
  if (diagnostics.length === 0) return "";
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const counts = [
    errors > 0 ? plural(errors, "error") : "",
    warnings > 0 ? plural(warnings, "warning") : "",
  ].filter(Boolean);
  return `${diagnostics.map((d) => formatDiagnostic(d, sources)).join("\n")}\nFound ${counts.join(" and ")}.\n`;
}

/** `maxLength at questions[].header`, `default at the top level`. */
export function notEnforcedText(item: NotEnforced): string {
  const where = item.at === "" ? "the top level" : item.at;
  return `${item.keyword} at ${where}${item.note ? ` (${item.note})` : ""}`;
}

/** What a run's report says besides the files: counts and the coverage lines. */
export interface ReportSummary {
  /** Validators generated. */
  readonly toolCount: number;
  /** Files matched by the tool globs. */
  readonly fileCount: number;
  readonly coverage: readonly string[];
}

/** What was written and what is not enforced, per tool. */
export function writeReport(result: ReportSummary, outDir: string, summary: WriteSummary): string {
  const fileCount = summary.written.length + summary.unchanged.length;
  const lines = [
    `Generated validators for ${plural(result.toolCount, "tool")} from ${plural(result.fileCount, "file")} into ${outDir}/ ` +
      `(${plural(fileCount, "file")}: ${summary.written.length} written, ${summary.unchanged.length} unchanged, ${summary.removed.length} removed).`,
  ];
  for (const name of summary.written) lines.push(`  wrote   ${outDir}/${name}`);
  for (const name of summary.removed) lines.push(`  removed ${outDir}/${name}`);
  for (const name of summary.cleaned)
    lines.push(`  removed ${outDir}/${name} (left by an interrupted run)`);
  lines.push(...result.coverage);
  return `${lines.join("\n")}\n`;
}

/** Tools without a validator, and what each tool declares but the validators do not enforce. */
export function coverageLines(
  result: Pick<
    GenerateResult,
    "tools" | "withoutParameters" | "copies" | "skipped" | "excluded" | "excludedFiles" | "sources"
  >,
): string[] {
  const lines: string[] = [];
  const at = (location: SourceLocation) => {
    const text = result.sources.get(location.file);
    if (text === undefined) return location.file;
    const { line, column } = lineAndColumn(text, location.start);
    return `${location.file}:${line}:${column}`;
  };
  for (const tool of result.excluded)
    lines.push(
      `Left out by "excludeTools": ${tool.name}${tool.entry === tool.name ? "" : `, declared as ${tool.entry}`} (${at(tool.location)}).`,
    );
  if (result.excludedFiles.length > 0) {
    const files = result.excludedFiles;
    const shown = files.slice(0, 10).join(", ");
    const more = files.length > 10 ? ` and ${files.length - 10} more` : "";
    lines.push(`Left out by "excludeFiles": ${plural(files.length, "file")}: ${shown}${more}.`);
  }
  lines.push(...skippedLines(result.skipped, at));
  for (const copy of result.copies)
    lines.push(
      `Same declaration: ${copy.name} at ${at(copy.location)} (${copy.declaredAs}) declares the schema of ${copy.of.declaredAs} in ${copy.of.file}: one validator.`,
    );
  for (const tool of result.withoutParameters) {
    lines.push(`No validator for ${tool.name} (${tool.file}): it declares no parameters.`);
  }
  const withGaps = [...result.tools]
    .filter((t) => t.notEnforced.length > 0)
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  if (withGaps.length > 0) {
    lines.push("Not enforced (declared, but never blocks a call):");
    for (const tool of withGaps)
      lines.push(`  ${tool.name}: ${tool.notEnforced.map(notEnforcedText).join(", ")}`);
  }
  return lines;
}

/** How many places a line of skipped objects shows; the rest are counted. */
const SHOWN_PLACES = 3;

/**
 * The objects of a tool's shape that get no validator and are no error, one line per kind
 * (CONTRACT.md section 2): a count and the first few places.
 */
function skippedLines(
  skipped: readonly SkippedObject[],
  at: (location: SourceLocation) => string,
): string[] {
  const groups = new Map<string, SkippedObject[]>();
  for (const object of skipped) {
    const key = skippedHeading(object.skip);
    groups.set(key, [...(groups.get(key) ?? []), object]);
  }
  return [...groups].map(([heading, objects]) => {
    const shown = objects
      .slice(0, SHOWN_PLACES)
      .map((object) => `${at(object.location)} ${object.name ?? object.declaredAs}`);
    const more = objects.length > SHOWN_PLACES ? `, and ${objects.length - SHOWN_PLACES} more` : "";
    const noun = objects[0]!.skip.kind === "run time" ? "object" : "tool";
    return `${heading}: ${plural(objects.length, noun)}: ${shown.join(", ")}${more}.`;
  });
}

function skippedHeading(skip: Skip): string {
  switch (skip.kind) {
    case "library":
      return `Declared with ${skip.library} (validated by it at run time, no validator)`;
    case "run time":
      return "Built at run time (a name or schema from a parameter, a call, a loop or the generated folder; skipped)";
    case "unnamed":
      return "Named where it is used, outside the files read (skipped)";
  }
}

/** Lines of diff the drift check prints in all (each file's diff is bounded too: diff.ts). */
const DIFF_LINES = 200;

/**
 * Every difference the drift check found (all of them, not just the first), each stale file
 * with its unified diff, until DIFF_LINES lines of diff are shown.
 */
export function checkReport(outDir: string, differences: FolderDifferences): string {
  const lines: string[] = [];
  let left = DIFF_LINES;
  for (const { name, diff } of differences.stale) {
    lines.push(`  stale    ${outDir}/${name}`);
    if (left <= 0) {
      lines.push(`    ... diff not shown (at most ${DIFF_LINES} lines of diff are)`);
      continue;
    }
    const diffLines = diff.split("\n");
    const shown = bounded(diffLines, left);
    left -= diffLines.length;
    lines.push(...shown.map((line) => `    ${line}`));
  }
  for (const name of differences.missing) lines.push(`  missing  ${outDir}/${name}`);
  for (const name of differences.extra)
    lines.push(`  extra    ${outDir}/${name} (its tool no longer exists)`);
  for (const { name, kind } of differences.foreign)
    lines.push(`  foreign  ${outDir}/${name} (${FOREIGN_TEXT[kind]}, in the way)`);
  for (const name of differences.leftovers)
    lines.push(`  leftover ${outDir}/${name} (left by an interrupted run; generating removes it)`);
  return `${lines.join("\n")}\n`;
}

const FOREIGN_TEXT: Record<ForeignKind, string> = {
  file: "not written by the generator",
  "symbolic link": "a symbolic link",
  folder: "a folder",
  "special file": "not a regular file",
};

export function differenceCount(differences: FolderDifferences): number {
  return (
    differences.stale.length +
    differences.missing.length +
    differences.extra.length +
    differences.foreign.length +
    differences.leftovers.length
  );
}
