// The checks a host runs on an output folder, with the host's own tools: tests/fixtures/host
// pins them (its lockfile: ESLint with typescript-eslint and TypeScript 5.9, oxlint, Biome,
// prettier), installed from the npm cache that this project's `npm ci` filled
// (tests/host-toolchain pins the same versions in this project's lockfile); TypeScript 7 is
// this project's. tests/package/host.test.ts installs them with the packed package,
// tests/package/lint.test.ts alone.
import fs from "node:fs/promises";
import path from "node:path";
import { REPO, run, type RunResult } from "./spawn.js";

export const HOST_FIXTURE = path.join(REPO, "tests/fixtures/host");
export const TSC_7 = path.join(REPO, "node_modules/typescript/bin/tsc");
/** Nothing of this project's loaders or options reaches the host's commands. */
export const HOST_ENV = { NODE_OPTIONS: "", TOOL_VALIDATORS_DEBUG: "" };

/** The strictest settings a host may use (CONTRACT.md section 5), lib ES2020 only. */
export const STRICTEST_OPTIONS = {
  target: "ES2020",
  lib: ["ES2020"],
  module: "NodeNext",
  moduleResolution: "NodeNext",
  types: [],
  strict: true,
  noEmit: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  useUnknownInCatchVariables: true,
  isolatedModules: true,
  noImplicitReturns: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  noPropertyAccessFromIndexSignature: true,
  allowUnreachableCode: false,
  allowUnusedLabels: false,
} as const;

/** Runs a command in `cwd` with the host's environment. */
export function inFolder(command: string, args: readonly string[], cwd: string): Promise<RunResult> {
  return run(command, args, cwd, { env: HOST_ENV });
}

/** Installs the host fixture's tools (its package.json and lockfile) into `dir`. */
export async function installHostTools(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const name of ["package.json", "package-lock.json"])
    await fs.copyFile(path.join(HOST_FIXTURE, name), path.join(dir, name));
  const install = await inFolder(
    "npm",
    ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"],
    dir,
  );
  if (install.code !== 0) throw new Error(`npm ci failed:\n${install.stdout}\n${install.stderr}`);
}

/** One finding: the tool and rule (or code), where, and its message. */
export interface Finding {
  readonly tool: string;
  readonly rule: string;
  /** The file, relative to the folder checked, with `/`. */
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** A finding as one line, for a test's failure output. */
export function findingLine(finding: Finding): string {
  return `${finding.tool} ${finding.rule} ${finding.file}:${finding.line} ${finding.message}`;
}

/** The folder's node_modules binary of a tool. */
function bin(dir: string, file: string): string {
  return path.join(dir, "node_modules", file);
}

/** The host's ESLint on the files given (relative to `dir`), with the configuration there. */
export async function eslintFindings(dir: string, files: readonly string[]): Promise<Finding[]> {
  const result = await inFolder(
    process.execPath,
    [bin(dir, "eslint/bin/eslint.js"), "--format", "json", "--no-warn-ignored", ...files],
    dir,
  );
  if (result.code === 2 || !result.stdout.startsWith("["))
    throw new Error(`eslint failed:\n${result.stdout}\n${result.stderr}`);
  const reports = JSON.parse(result.stdout) as {
    filePath: string;
    messages: { ruleId: string | null; line?: number; message: string }[];
  }[];
  return reports.flatMap((report) =>
    report.messages.map((message) => ({
      tool: "eslint",
      rule: message.ruleId ?? "fatal",
      file: relative(dir, report.filePath),
      line: message.line ?? 0,
      message: message.message,
    })),
  );
}

/** The host's Biome (`biome lint`, errors and warnings) on a folder of `dir`. */
export async function biomeFindings(dir: string, folder: string): Promise<Finding[]> {
  const result = await inFolder(
    bin(dir, ".bin/biome"),
    ["lint", "--reporter=json", "--diagnostic-level=warn", "--max-diagnostics=none", folder],
    dir,
  );
  const start = result.stdout.indexOf("{");
  if (start < 0) throw new Error(`biome failed:\n${result.stdout}\n${result.stderr}`);
  const report = JSON.parse(result.stdout.slice(start)) as {
    diagnostics: {
      category: string;
      message: string;
      location: { path?: string; start?: { line: number } };
    }[];
  };
  return report.diagnostics.map((diagnostic) => ({
    tool: "biome",
    rule: diagnostic.category,
    file: diagnostic.location.path ?? "",
    line: diagnostic.location.start?.line ?? 0,
    message: diagnostic.message,
  }));
}

/** The host's oxlint: its default rules (`correctness`) and the `suspicious` category. */
export async function oxlintFindings(dir: string, folder: string): Promise<Finding[]> {
  const result = await inFolder(
    bin(dir, ".bin/oxlint"),
    ["--warn", "suspicious", "--format", "json", folder],
    dir,
  );
  const start = result.stdout.indexOf("{");
  if (start < 0) throw new Error(`oxlint failed:\n${result.stdout}\n${result.stderr}`);
  const report = JSON.parse(result.stdout.slice(start)) as {
    diagnostics: { code: string; message: string; filename: string; labels: { span: { line: number } }[] }[];
  };
  return report.diagnostics.map((diagnostic) => ({
    tool: "oxlint",
    rule: diagnostic.code,
    file: diagnostic.filename,
    line: diagnostic.labels[0]?.span.line ?? 0,
    message: diagnostic.message,
  }));
}

/** A TypeScript compiler's errors on a project (`tsconfig`, relative to `dir`). */
export async function tscFindings(
  dir: string,
  compiler: "TypeScript 5.9" | "TypeScript 7",
  tsconfig: string,
): Promise<Finding[]> {
  const tsc = compiler === "TypeScript 7" ? TSC_7 : bin(dir, "typescript/bin/tsc");
  const result = await inFolder(process.execPath, [tsc, "-p", tsconfig, "--pretty", "false"], dir);
  const findings: Finding[] = [];
  for (const line of result.stdout.split("\n")) {
    const match = /^(.+?)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (match) {
      const [, file = "", at = "0", code = "", message = ""] = match;
      findings.push({
        tool: `${compiler} (${tsconfig})`,
        rule: code,
        file: relative(dir, file),
        line: Number(at),
        message,
      });
    } else if (line.trim() !== "" && !line.startsWith(" "))
      findings.push({ tool: compiler, rule: "output", file: tsconfig, line: 0, message: line });
  }
  if (result.code !== 0 && findings.length === 0)
    findings.push({ tool: compiler, rule: "exit", file: tsconfig, line: 0, message: result.stderr });
  return findings;
}

function relative(dir: string, file: string): string {
  return path.relative(dir, path.resolve(dir, file)).split(path.sep).join("/");
}
