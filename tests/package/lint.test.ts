// The output passes the checks hosts run, untouched and without a disable comment (CONTRACT.md
// section 5): ESLint with typescript-eslint's recommended, strict and recommendedTypeChecked
// presets, type-checked under the strictest tsconfig a host may use and recommendedTypeChecked
// also under `strict` alone; Biome's recommended rules, errors and warnings; oxlint's default
// rules and its suspicious category; TypeScript 5.9 and 7 with every strict flag, lib ES2020,
// module NodeNext (and Bundler, TypeScript 7). On every golden folder (with the support modules
// its case gets), this repository's generated folders, and random declarations with every
// opt-in keyword enforced, in strict and standard mode (the seed is printed; LINT_SEED=<seed>
// replays a run). All folders are checked at once: one TypeScript program for the type check
// and ESLint's typed rules, one ESLint instance, each binary run once (tests/helpers/hostChecks.ts).
// A folder with planted faults shows that each check reports what it should: a check that
// cannot fail would pass everything.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostics.js";
import { generateFromSchemas, type GenerateResult } from "../../src/pipeline/generate.js";
import type { Mode } from "../../src/ir.js";
import { makeTempDir } from "../helpers/context.js";
import { integerFromEnv } from "../helpers/env.js";
import { generateCase, goldenCases, readExpected } from "../helpers/golden.js";
import {
  biomeFindings,
  eslintFindings,
  findingLine,
  installLintTools,
  type LintTools,
  oxlintFindings,
  PLAIN_OPTIONS,
  STRICTEST_OPTIONS,
  typeScript7Findings,
  typeScriptFindings,
  typeScriptProgram,
  type Finding,
} from "../helpers/hostChecks.js";
import { REPO } from "../helpers/spawn.js";
import { ODD_ENFORCED, randomDeclarations } from "../properties/declarations.js";

const SEED = integerFromEnv("LINT_SEED", Math.floor(Math.random() * 2 ** 31));
const COUNT = integerFromEnv("LINT_SCHEMAS", 20);
console.log(`lint test: seed ${SEED} (replay: LINT_SEED=${SEED})`);

/** This repository's output folders. */
const REPO_FOLDERS = [
  "generated",
  "example/ai-sdk/generated",
  "example/mcp-server/generated",
  "example/openai-agents/generated",
  "example/openai-loop/generated",
  "example/tool-manager/generated",
];

/** The tsconfigs TypeScript 7 runs with: the strictest, module NodeNext and Bundler. */
const TSCONFIGS = {
  "tsconfig.json": { compilerOptions: STRICTEST_OPTIONS, include: ["**/*.ts"] },
  "tsconfig.bundler.json": {
    extends: "./tsconfig.json",
    compilerOptions: { module: "ESNext", moduleResolution: "Bundler" },
  },
};

/** What no output file may hold: a comment that turns a check off. */
const DISABLE =
  /eslint-disable|biome-ignore|oxlint-disable|@ts-ignore|@ts-expect-error|@ts-nocheck/;

interface OutputFile {
  readonly name: string;
  readonly content: string;
}

interface Folder {
  readonly name: string;
  readonly files: readonly OutputFile[];
}

/**
 * Planted faults, in a copy of generated/'s runtime.ts (the folder `mutant`, with the modules
 * it imports), with the findings each must give: a non-null assertion where `??` stands, a
 * name that shadows another, and an unused local.
 */
const MUTATIONS: readonly (readonly [string, string])[] = [
  ["const rank = ranks[i] ?? 0;", "const rank = ranks[i]!;"],
  [
    "for (const { code } of issues) ranks.push(ISSUE_RANKS[code]);",
    "for (const issue of issues) ranks.push(ISSUE_RANKS[issue.code]);",
  ],
  ["function inRankOrder(issues: ValidationIssue[]): void {\n", "$&  const unused = 0;\n"],
];
const MUTANT_FILES = ["runtime.ts", "issues.ts", "similarity.ts", "types.ts"];

let temp: string;
/** The folder of output folders the checks run in. */
let dir: string;
let tools: LintTools;
let folders: Folder[];
/** Every file written, absolute. */
let files: string[];
/** The files ESLint lints: each file once for its text and the texts of the modules it imports. */
let eslintFiles: string[];

beforeAll(async () => {
  temp = await makeTempDir("tv-lint-");
  dir = path.join(temp, "out");
  [tools, folders] = await Promise.all([
    installLintTools(path.join(temp, "tools")),
    (async () => [
      ...(await goldenFolders()),
      ...(await repoFolders()),
      await randomFolder("strict", SEED),
      await randomFolder("standard", SEED + 1),
      await emptyFolder(),
    ])(),
  ]);
  const generated = folders.find((folder) => folder.name === "generated");
  if (!generated) throw new Error("no generated folder");
  const mutant: Folder = {
    name: "mutant",
    files: generated.files.filter((file) => MUTANT_FILES.includes(file.name)).map(mutated),
  };
  await fs.mkdir(dir);
  await fs.writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  await fs.copyFile(
    path.join(REPO, "tests/fixtures/lint/biome.json"),
    path.join(dir, "biome.json"),
  );
  for (const [file, config] of Object.entries(TSCONFIGS))
    await fs.writeFile(path.join(dir, file), JSON.stringify(config, null, 2));
  files = [];
  eslintFiles = [];
  const seen = new Set<string>();
  for (const folder of [...folders, mutant]) {
    await fs.mkdir(path.join(dir, folder.name));
    for (const file of folder.files) {
      const absolute = path.join(dir, folder.name, file.name);
      await fs.writeFile(absolute, file.content);
      files.push(absolute);
      const key = lintKey(file, folder);
      if (folder === mutant ? file.name === "runtime.ts" : !seen.has(key))
        eslintFiles.push(absolute);
      seen.add(key);
    }
  }
}, 600_000);

afterAll(async () => {
  if (temp) await fs.rm(temp, { recursive: true, force: true });
});

describe("the output in the checks hosts run", () => {
  it("holds no comment that turns a check off", () => {
    for (const folder of folders)
      for (const file of folder.files)
        expect(DISABLE.test(file.content), `${folder.name}/${file.name}`).toBe(false);
  });

  it("passes TypeScript 5.9 with every strict flag, and ESLint with typescript-eslint recommended, strict and recommendedTypeChecked", async () => {
    const program = typeScriptProgram(tools, dir, files, STRICTEST_OPTIONS);
    const typeErrors = typeScriptFindings(tools, dir, program);
    expect(lines(outside(typeErrors))).toEqual([]);
    expect(planted(typeErrors)).toEqual(["mutant/runtime.ts TS6133"]);
    const presets = ["recommended", "strict", "recommendedTypeChecked"] as const;
    const findings = await eslintFindings(tools, dir, eslintFiles, program, presets);
    expect(lines(outside(findings))).toEqual([]);
    expect(planted(findings)).toEqual([
      "mutant/runtime.ts recommended/@typescript-eslint/no-unused-vars",
      "mutant/runtime.ts recommendedTypeChecked/@typescript-eslint/no-unused-vars",
      "mutant/runtime.ts strict/@typescript-eslint/no-non-null-assertion",
      "mutant/runtime.ts strict/@typescript-eslint/no-unused-vars",
    ]);
  }, 600_000);

  it("passes ESLint with typescript-eslint recommendedTypeChecked under `strict` alone", async () => {
    const program = typeScriptProgram(tools, dir, files, PLAIN_OPTIONS);
    const findings = await eslintFindings(tools, dir, eslintFiles, program, [
      "recommendedTypeChecked",
    ]);
    expect(lines(outside(findings))).toEqual([]);
    expect(planted(findings)).toEqual([
      "mutant/runtime.ts recommendedTypeChecked/@typescript-eslint/no-unnecessary-type-assertion",
      "mutant/runtime.ts recommendedTypeChecked/@typescript-eslint/no-unused-vars",
    ]);
  }, 600_000);

  it("passes Biome's recommended rules (errors and warnings)", async () => {
    const findings = await biomeFindings(dir);
    expect(lines(outside(findings))).toEqual([]);
    expect(planted(findings)).toEqual([
      "mutant/runtime.ts lint/correctness/noUnusedVariables",
      "mutant/runtime.ts lint/style/noNonNullAssertion",
    ]);
  }, 600_000);

  it("passes oxlint's default rules and its suspicious category", async () => {
    const findings = await oxlintFindings(dir);
    expect(lines(outside(findings))).toEqual([]);
    expect(planted(findings)).toEqual([
      "mutant/runtime.ts eslint(no-shadow)",
      "mutant/runtime.ts eslint(no-unused-vars)",
    ]);
  }, 600_000);

  it.each(["tsconfig.json", "tsconfig.bundler.json"])(
    "passes TypeScript 7 with every strict flag (%s)",
    async (tsconfig) => {
      const findings = await typeScript7Findings(dir, tsconfig);
      expect(lines(outside(findings))).toEqual([]);
      expect(planted(findings)).toEqual(["mutant/runtime.ts TS6133"]);
    },
    600_000,
  );
});

/** The findings outside the folder of planted faults. */
function outside(findings: readonly Finding[]): Finding[] {
  return findings.filter((finding) => !finding.file.startsWith("mutant/"));
}

/** The planted faults' findings, as `file rule`, each once, sorted. */
function planted(findings: readonly Finding[]): string[] {
  const found = findings.filter((finding) => finding.file.startsWith("mutant/"));
  return [...new Set(found.map((finding) => `${finding.file} ${finding.rule}`))].sort();
}

function lines(findings: readonly Finding[]): string[] {
  return findings.map(findingLine);
}

/** A file of generated/ with the planted faults (runtime.ts), or as it is. */
function mutated(file: OutputFile): OutputFile {
  if (file.name !== "runtime.ts") return file;
  let content = file.content;
  for (const [from, to] of MUTATIONS) {
    if (!content.includes(from))
      throw new Error(`runtime.ts no longer holds ${JSON.stringify(from)}`);
    content = content.replace(from, to);
  }
  return { name: file.name, content };
}

/**
 * What ESLint's findings on a file depend on: its text and the texts of the modules of its
 * folder it imports. Support modules are the same in every folder, and so are many tool
 * modules: each is linted once.
 */
function lintKey(file: OutputFile, folder: Folder): string {
  const hash = createHash("sha256").update(file.content);
  for (const [, name] of file.content.matchAll(/ from "\.\/([^"]+)\.js";/g)) {
    const imported = folder.files.find((other) => other.name === `${name}.ts`);
    hash.update(`\0${name}\0${imported?.content ?? ""}`);
  }
  return hash.digest("hex");
}

/** Each golden case's expected files, with the support modules its generation gives. */
async function goldenFolders(): Promise<Folder[]> {
  const result: Folder[] = [];
  for (const testCase of goldenCases()) {
    const expected = readExpected(testCase);
    const output = (await generateCase(testCase)).output ?? [];
    const support = output.filter((file) => !expected.has(file.name));
    result.push({
      name: `golden-${testCase.name}`,
      files: [...[...expected].map(([name, content]) => ({ name, content })), ...support],
    });
  }
  return result;
}

async function repoFolders(): Promise<Folder[]> {
  return Promise.all(
    REPO_FOLDERS.map(async (folder) => {
      const dir = path.join(REPO, folder);
      const names = (await fs.readdir(dir)).filter((name) => name.endsWith(".ts")).sort();
      const files = await Promise.all(
        names.map(async (name) => ({
          name,
          content: await fs.readFile(path.join(dir, name), "utf8"),
        })),
      );
      return { name: folder.replaceAll("/", "-"), files };
    }),
  );
}

/**
 * Random declarations with every opt-in keyword enforced (and, in standard mode, the odd ones):
 * those the generator rejects (a malformed constraint, such as the pattern "(") left out.
 */
async function randomFolder(mode: Mode, seed: number): Promise<Folder> {
  const odd = mode === "standard" ? ODD_ENFORCED : [];
  // The emitter's own layout, as a host without a formatter gets it (the repository's folders
  // are prettier's); prettier would take most of the generation's time.
  const options = { mode, enforce: OPT_IN_KEYWORDS, formatter: "none" } as const;
  let declarations = [...odd, ...randomDeclarations(seed, COUNT)];
  let result = await generateFromSchemas(declarations, options);
  const rejected = new Set(errorsOf(result).map((error) => error.tool));
  if (rejected.size > 0) {
    expect(odd.filter(({ name }) => rejected.has(name))).toEqual([]);
    declarations = declarations.filter(({ name }) => !rejected.has(name));
    expect(declarations.length).toBeGreaterThan(COUNT / 2);
    result = await generateFromSchemas(declarations, options);
  }
  expect(errorsOf(result).map((e) => `${e.tool}: ${e.message}`)).toEqual([]);
  return { name: `random-${mode}-enforced`, files: result.output ?? [] };
}

/** The folder of a run that found no JSON Schema tool (TV3102): no validator, every export. */
async function emptyFolder(): Promise<Folder> {
  const result = await generateFromSchemas([], { formatter: "none" });
  expect(errorsOf(result)).toEqual([]);
  return { name: "empty", files: result.output ?? [] };
}

function errorsOf(result: GenerateResult): Diagnostic[] {
  return result.diagnostics.filter((d) => d.severity === "error");
}
