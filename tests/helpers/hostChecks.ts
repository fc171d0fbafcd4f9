// The checks a host runs on an output folder, with the versions hosts use: ESLint 9 with
// typescript-eslint 8 on TypeScript 5.9, installed from tests/fixtures/lint's lockfile into the
// folder checked (as a host has them: typescript-eslint needs a TypeScript below 6.1, which
// cannot sit beside this project's TypeScript 7) and run through their APIs in this process;
// TypeScript 7, oxlint and Biome through this project's binaries (the versions the host fixture
// pins). One TypeScript program serves the type check and ESLint's typed rules.
import { createRequire } from "node:module";
import fs from "node:fs/promises";
import path from "node:path";
import type { ESLint, Linter } from "eslint";
import type { ts as TypeScript } from "ts-morph";
import { REPO, run, type RunResult } from "./spawn.js";

export const HOST_FIXTURE = path.join(REPO, "tests/fixtures/host");
export const TSC_7 = path.join(REPO, "node_modules/typescript/bin/tsc");
/** Nothing of this project's loaders or options reaches the host's commands. */
export const HOST_ENV = { NODE_OPTIONS: "", TOOL_VALIDATORS_DEBUG: "" };

/** The linting tools installed in a folder, loaded from there. */
export interface LintTools {
  readonly ts: typeof TypeScript;
  readonly ESLint: typeof ESLint;
  readonly js: { readonly configs: { readonly recommended: Linter.Config } };
  readonly builtinRules: ReadonlyMap<string, unknown>;
  readonly tseslint: {
    readonly parser: Linter.Parser;
    readonly plugin: { readonly rules: Record<string, unknown> };
    readonly configs: Record<Preset, Linter.Config[]>;
  };
}

/**
 * Installs tests/fixtures/lint's tools into `dir` (from the npm cache that this project's
 * `npm ci` filled: its lockfile holds the same versions) and loads them.
 */
export async function installLintTools(dir: string): Promise<LintTools> {
  await fs.mkdir(dir, { recursive: true });
  for (const name of ["package.json", "package-lock.json"])
    await fs.copyFile(path.join(REPO, "tests/fixtures/lint", name), path.join(dir, name));
  const install = await inFolder(
    "npm",
    ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"],
    dir,
  );
  if (install.code !== 0) throw new Error(`npm ci failed:\n${install.stdout}\n${install.stderr}`);
  const load = createRequire(path.join(dir, "package.json"));
  return {
    ts: load("typescript") as LintTools["ts"],
    ESLint: (load("eslint") as { ESLint: LintTools["ESLint"] }).ESLint,
    js: load("@eslint/js") as LintTools["js"],
    builtinRules: (load("eslint/use-at-your-own-risk") as Pick<LintTools, "builtinRules">)
      .builtinRules,
    tseslint: load("typescript-eslint") as LintTools["tseslint"],
  };
}

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
  verbatimModuleSyntax: true,
  noImplicitReturns: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  noPropertyAccessFromIndexSignature: true,
  allowUnreachableCode: false,
  allowUnusedLabels: false,
} as const;

/** `strict` alone: an index read is not `| undefined`, so an assertion it needs is needless. */
export const PLAIN_OPTIONS = {
  target: "ES2020",
  lib: ["ES2020"],
  module: "NodeNext",
  moduleResolution: "NodeNext",
  types: [],
  strict: true,
  noEmit: true,
} as const;

/** Runs a command in `cwd` with the host's environment. */
export function inFolder(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<RunResult> {
  return run(command, args, cwd, { env: HOST_ENV });
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

/** A TypeScript 5.9 program of the files given (absolute), with these compiler options. */
export function typeScriptProgram(
  { ts }: LintTools,
  dir: string,
  files: readonly string[],
  options: Record<string, unknown>,
): TypeScript.Program {
  const parsed = ts.convertCompilerOptionsFromJson(options, dir);
  const [error] = parsed.errors;
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  return ts.createProgram({ rootNames: files, options: parsed.options });
}

/** A program's errors, as `tsc -p` reports them, their files relative to `dir`. */
export function typeScriptFindings(
  { ts }: LintTools,
  dir: string,
  program: TypeScript.Program,
): Finding[] {
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const at =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1
        : 0;
    return {
      tool: "TypeScript 5.9",
      rule: `TS${diagnostic.code}`,
      file: diagnostic.file ? relative(dir, diagnostic.file.fileName) : "",
      line: at,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
    };
  });
}

/** The ESLint presets hosts lint with: ESLint's recommended rules and typescript-eslint's. */
export type Preset = "recommended" | "strict" | "recommendedTypeChecked";

/** A preset's configurations, as a host's eslint.config.js spreads them. */
function presetConfig({ js, tseslint }: LintTools, preset: Preset): Linter.Config[] {
  return [js.configs.recommended, ...tseslint.configs[preset]];
}

/** Every rule a preset may name, by the name it names it by. */
function allRules({ builtinRules, tseslint }: LintTools): ESLint.Plugin["rules"] {
  return Object.fromEntries([
    ...builtinRules,
    ...Object.entries(tseslint.plugin.rules).map(([name, rule]) => [
      `@typescript-eslint/${name}`,
      rule,
    ]),
  ]) as ESLint.Plugin["rules"];
}

/** A preset's rules that are on for a .ts file in `dir`, as ESLint resolves them. */
async function presetRules(
  tools: LintTools,
  dir: string,
  preset: Preset,
): Promise<[string, Linter.RuleEntry][]> {
  const { ESLint } = tools;
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: presetConfig(tools, preset),
  });
  const config = (await eslint.calculateConfigForFile(path.join(dir, "file.ts"))) as Linter.Config;
  const on: [string, Linter.RuleEntry][] = [];
  for (const [name, entry] of Object.entries(config.rules ?? {})) {
    const severity: unknown = Array.isArray(entry) ? entry[0] : entry;
    if (entry !== undefined && severity !== 0 && severity !== "off") on.push([name, entry]);
  }
  return on;
}

/**
 * The presets' rules run at once, each rule with each of its settings once (under the name of
 * the first preset that sets it so: `<preset>/<rule>`), and the presets that set it so.
 */
async function mergedRules(
  tools: LintTools,
  dir: string,
  presets: readonly Preset[],
): Promise<{ rules: Linter.RulesRecord; owners: Map<string, Preset[]> }> {
  const rules: Linter.RulesRecord = {};
  const owners = new Map<string, Preset[]>();
  const bySetting = new Map<string, string>();
  for (const preset of presets) {
    for (const [name, entry] of await presetRules(tools, dir, preset)) {
      const setting = `${name} ${JSON.stringify(Array.isArray(entry) ? entry.slice(1) : [])}`;
      let id = bySetting.get(setting);
      if (id === undefined) {
        id = `${preset}/${name}`;
        bySetting.set(setting, id);
        rules[id] = entry;
      }
      owners.set(id, [...(owners.get(id) ?? []), preset]);
    }
  }
  return { rules, owners };
}

/**
 * ESLint with the presets' rules on `files` (absolute, under `dir`), typed by `program`: one instance, each
 * rule run once per file whatever the number of presets that set it alike; a finding for each
 * preset, its rule named `<preset>/<rule>`.
 */
export async function eslintFindings(
  tools: LintTools,
  dir: string,
  files: readonly string[],
  program: TypeScript.Program,
  presets: readonly Preset[],
): Promise<Finding[]> {
  const { ESLint, tseslint } = tools;
  const { rules, owners } = await mergedRules(tools, dir, presets);
  const every = allRules(tools);
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser, parserOptions: { programs: [program] } },
        plugins: Object.fromEntries(presets.map((preset) => [preset, { rules: every }])),
        rules,
      },
    ],
  });
  const reports = await eslint.lintFiles([...files]);
  return reports.flatMap((report) =>
    report.messages.flatMap((message) => {
      const id = message.ruleId ?? "fatal";
      const rule = id.slice(id.indexOf("/") + 1);
      return (owners.get(id) ?? ["fatal"]).map((preset) => ({
        tool: "eslint",
        rule: `${preset}/${rule}`,
        file: relative(dir, report.filePath),
        line: message.line,
        message: message.message,
      }));
    }),
  );
}

/** The folder's node_modules binary of a tool. */
function bin(file: string): string {
  return path.join(REPO, "node_modules", file);
}

/** Biome (`biome lint`, its recommended rules, errors and warnings) on `dir`. */
export async function biomeFindings(dir: string): Promise<Finding[]> {
  const result = await inFolder(
    bin(".bin/biome"),
    ["lint", "--reporter=json", "--diagnostic-level=warn", "--max-diagnostics=none", "."],
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

/** oxlint: its default rules (`correctness`) and the `suspicious` category, on `dir`. */
export async function oxlintFindings(dir: string): Promise<Finding[]> {
  const result = await inFolder(
    bin(".bin/oxlint"),
    ["--warn", "suspicious", "--format", "json", "."],
    dir,
  );
  const start = result.stdout.indexOf("{");
  if (start < 0) throw new Error(`oxlint failed:\n${result.stdout}\n${result.stderr}`);
  const report = JSON.parse(result.stdout.slice(start)) as {
    diagnostics: {
      code: string;
      message: string;
      filename: string;
      labels: { span: { line: number } }[];
    }[];
  };
  return report.diagnostics.map((diagnostic) => ({
    tool: "oxlint",
    rule: diagnostic.code,
    file: relative(dir, diagnostic.filename),
    line: diagnostic.labels[0]?.span.line ?? 0,
    message: diagnostic.message,
  }));
}

/** TypeScript 7's errors on a project (`tsconfig`, relative to `dir`), from its binary. */
export async function typeScript7Findings(dir: string, tsconfig: string): Promise<Finding[]> {
  const result = await inFolder(
    process.execPath,
    [TSC_7, "-p", tsconfig, "--pretty", "false"],
    dir,
  );
  const findings: Finding[] = [];
  for (const line of result.stdout.split("\n")) {
    const match = /^(.+?)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (match) {
      const [, file = "", at = "0", code = "", message = ""] = match;
      findings.push({
        tool: `TypeScript 7 (${tsconfig})`,
        rule: code,
        file: relative(dir, file),
        line: Number(at),
        message,
      });
    } else if (line.trim() !== "" && !line.startsWith(" "))
      findings.push({
        tool: "TypeScript 7",
        rule: "output",
        file: tsconfig,
        line: 0,
        message: line,
      });
  }
  if (result.code !== 0 && findings.length === 0)
    findings.push({
      tool: "TypeScript 7",
      rule: "exit",
      file: tsconfig,
      line: 0,
      message: result.stderr,
    });
  return findings;
}

function relative(dir: string, file: string): string {
  return path.relative(dir, path.resolve(dir, file)).split(path.sep).join("/");
}
