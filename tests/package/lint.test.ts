// The output passes the checks hosts run, untouched and without a disable comment (CONTRACT.md
// section 5): ESLint with typescript-eslint's recommended, strict, recommendedTypeChecked and
// strictTypeChecked presets, each alone (tests/fixtures/lint/eslint.config.js), type-checked
// under the strictest tsconfig a host may use and under `strict` alone; Biome's recommended
// rules, errors and warnings; oxlint's default rules and its suspicious category; TypeScript
// 5.9 and 7 with every strict flag, module NodeNext and Bundler, lib ES2020. On every golden
// folder (with the support modules its case gets), this repository's generated folders, and
// random declarations with every opt-in keyword enforced, in strict and standard mode (the
// seed is printed; LINT_SEED=<seed> replays a run). The host's own tools run, from the host
// fixture's lockfile (tests/helpers/hostChecks.ts). A folder with planted faults shows that each
// check reports what it should: a check that cannot fail would pass everything.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPIED_MODULES } from "../../src/emit/supportModules.js";
import { KEYWORD_SUPPORT, OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { generateFromSchemas } from "../../src/pipeline/generate.js";
import type { Mode } from "../../src/ir.js";
import { makeTempDir } from "../helpers/context.js";
import { integerFromEnv } from "../helpers/env.js";
import { generateCase, goldenCases, readExpected } from "../helpers/golden.js";
import {
  biomeFindings,
  eslintFindings,
  findingLine,
  installHostTools,
  oxlintFindings,
  STRICTEST_OPTIONS,
  tscFindings,
  type Finding,
} from "../helpers/hostChecks.js";
import { REPO } from "../helpers/spawn.js";
import {
  acceptedDeclarations,
  ODD_ENFORCED,
  randomDeclarations,
} from "../properties/declarations.js";

const SEED = integerFromEnv("LINT_SEED", Math.floor(Math.random() * 2 ** 31));
const COUNT = integerFromEnv("LINT_SCHEMAS", 40);
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

/** The tsconfigs: the strictest (NodeNext, Bundler) and `strict` alone, for typed linting. */
const TSCONFIGS = {
  "strictest/tsconfig.json": { compilerOptions: STRICTEST_OPTIONS },
  "strictest/tsconfig.bundler.json": {
    extends: "./tsconfig.json",
    compilerOptions: { module: "ESNext", moduleResolution: "Bundler" },
  },
  "plain/tsconfig.json": {
    compilerOptions: {
      target: "ES2020",
      lib: ["ES2020"],
      module: "NodeNext",
      moduleResolution: "NodeNext",
      types: [],
      strict: true,
      noEmit: true,
    },
  },
};

/** What no output file may hold: a comment that turns a check off. */
const DISABLE = /eslint-disable|biome-ignore|oxlint-disable|@ts-ignore|@ts-expect-error|@ts-nocheck/;

interface Folder {
  readonly name: string;
  readonly files: readonly { readonly name: string; readonly content: string }[];
}

/**
 * Planted faults, in a copy of generated/'s runtime.ts (the folder `mutant`), with the findings
 * each must give: a non-null assertion where `??` stands, a name that shadows another, and an
 * unused local.
 */
const MUTATIONS: readonly (readonly [string, string])[] = [
  ["const rank = ranks[i] ?? 0;", "const rank = ranks[i]!;"],
  [
    "for (const { code } of issues) ranks.push(ISSUE_RANKS[code]);",
    "for (const issue of issues) ranks.push(ISSUE_RANKS[issue.code]);",
  ],
  ["function inRankOrder(issues: ValidationIssue[]): void {\n", "$&  const unused = 0;\n"],
];

let host: string;
let folders: Folder[];
/** The files ESLint lints: each folder's tool modules, and each distinct support module once. */
let eslintFiles: string[];

beforeAll(async () => {
  host = await makeTempDir("tv-lint-");
  const installed = installHostTools(host);
  folders = [
    ...(await goldenFolders()),
    ...(await repoFolders()),
    await randomFolder("strict", SEED),
    await randomFolder("standard", SEED + 1),
  ];
  const generated = folders.find((folder) => folder.name === "generated");
  if (!generated) throw new Error("no generated folder");
  await installed;
  await fs.copyFile(
    path.join(REPO, "tests/fixtures/lint/eslint.config.js"),
    path.join(host, "eslint.config.js"),
  );
  await fs.copyFile(path.join(REPO, "tests/fixtures/lint/biome.json"), path.join(host, "biome.json"));
  for (const [file, config] of Object.entries(TSCONFIGS)) {
    await fs.mkdir(path.dirname(path.join(host, file)), { recursive: true });
    await fs.writeFile(path.join(host, file), JSON.stringify(config, null, 2));
  }
  const mutant = { name: "mutant", files: generated.files.map(mutated) };
  const seen = new Set<string>();
  eslintFiles = [];
  for (const folder of [...folders, mutant]) {
    for (const root of ["strictest", "plain"]) {
      const dir = path.join(host, root, folder.name);
      await fs.mkdir(dir, { recursive: true });
      for (const file of folder.files) await fs.writeFile(path.join(dir, file.name), file.content);
    }
    for (const { name, content } of folder.files) {
      const support = SUPPORT.has(name);
      const lint = folder === mutant ? name === "runtime.ts" : !support || !seen.has(content);
      if (support) seen.add(content);
      if (lint) for (const root of ["strictest", "plain"]) eslintFiles.push(`${root}/${folder.name}/${name}`);
    }
  }
}, 600_000);

afterAll(async () => {
  if (host) await fs.rm(host, { recursive: true, force: true });
});

describe("the output in the checks hosts run", () => {
  it("holds no comment that turns a check off", () => {
    for (const folder of folders)
      for (const file of folder.files)
        expect(DISABLE.test(file.content), `${folder.name}/${file.name}`).toBe(false);
  });

  it("passes ESLint with typescript-eslint recommended, strict, recommendedTypeChecked and strictTypeChecked", async () => {
    const findings = await eslintFindings(host, eslintFiles);
    expect(lines(outside(findings))).toEqual([]);
    expect(planted(findings)).toEqual([
      "plain/mutant/runtime.ts recommendedTypeChecked/@typescript-eslint/no-unnecessary-type-assertion",
      "plain/mutant/runtime.ts recommendedTypeChecked/@typescript-eslint/no-unused-vars",
      "plain/mutant/runtime.ts strictTypeChecked/@typescript-eslint/no-non-null-assertion",
      "plain/mutant/runtime.ts strictTypeChecked/@typescript-eslint/no-unnecessary-type-assertion",
      "plain/mutant/runtime.ts strictTypeChecked/@typescript-eslint/no-unused-vars",
      "strictest/mutant/runtime.ts recommended/@typescript-eslint/no-unused-vars",
      "strictest/mutant/runtime.ts recommendedTypeChecked/@typescript-eslint/no-unused-vars",
      "strictest/mutant/runtime.ts strict/@typescript-eslint/no-non-null-assertion",
      "strictest/mutant/runtime.ts strict/@typescript-eslint/no-unused-vars",
      "strictest/mutant/runtime.ts strictTypeChecked/@typescript-eslint/no-non-null-assertion",
      "strictest/mutant/runtime.ts strictTypeChecked/@typescript-eslint/no-unused-vars",
    ]);
  }, 600_000);

  it("passes Biome's recommended rules (errors and warnings)", async () => {
    const findings = await biomeFindings(host, "strictest");
    expect(lines(outside(findings))).toEqual([]);
    expect(planted(findings)).toEqual([
      "strictest/mutant/runtime.ts lint/correctness/noUnusedVariables",
      "strictest/mutant/runtime.ts lint/style/noNonNullAssertion",
    ]);
  }, 600_000);

  it("passes oxlint's default rules and its suspicious category", async () => {
    const findings = await oxlintFindings(host, "strictest");
    expect(lines(outside(findings))).toEqual([]);
    expect(planted(findings)).toEqual([
      "strictest/mutant/runtime.ts eslint(no-shadow)",
      "strictest/mutant/runtime.ts eslint(no-unused-vars)",
    ]);
  }, 600_000);

  it.each([
    ["TypeScript 5.9", "strictest/tsconfig.json"],
    ["TypeScript 5.9", "strictest/tsconfig.bundler.json"],
    ["TypeScript 7", "strictest/tsconfig.json"],
    ["TypeScript 7", "strictest/tsconfig.bundler.json"],
  ] as const)("passes %s with every strict flag (%s)", async (compiler, tsconfig) => {
    const findings = await tscFindings(host, compiler, tsconfig);
    expect(lines(outside(findings))).toEqual([]);
    expect(planted(findings)).toEqual(["strictest/mutant/runtime.ts TS6133"]);
  }, 600_000);
});

/** The findings outside the folder of planted faults. */
function outside(findings: readonly Finding[]): Finding[] {
  return findings.filter((finding) => !finding.file.includes("/mutant/"));
}

/** The planted faults' findings, as `file rule`, each once, sorted. */
function planted(findings: readonly Finding[]): string[] {
  const found = findings.filter((finding) => finding.file.includes("/mutant/"));
  return [...new Set(found.map((finding) => `${finding.file} ${finding.rule}`))].sort();
}

function lines(findings: readonly Finding[]): string[] {
  return findings.map(findingLine);
}

/** A file of generated/ with the planted faults (runtime.ts), or as it is. */
function mutated(file: { name: string; content: string }): { name: string; content: string } {
  if (file.name !== "runtime.ts") return file;
  let content = file.content;
  for (const [from, to] of MUTATIONS) {
    if (!content.includes(from)) throw new Error(`runtime.ts no longer holds ${JSON.stringify(from)}`);
    content = content.replace(from, to);
  }
  return { name: file.name, content };
}

/** The support modules an output folder may hold (the rest are tool modules and index.ts). */
const SUPPORT: ReadonlySet<string> = new Set(
  ["types", "issues", ...COPIED_MODULES, ...KEYWORD_SUPPORT].map((name) => `${name}.ts`),
);

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
        names.map(async (name) => ({ name, content: await fs.readFile(path.join(dir, name), "utf8") })),
      );
      return { name: folder.replaceAll("/", "-"), files };
    }),
  );
}

/** Random declarations with every opt-in keyword enforced (and, in standard mode, the odd ones). */
async function randomFolder(mode: Mode, seed: number): Promise<Folder> {
  const random = await acceptedDeclarations(
    randomDeclarations(seed, COUNT),
    mode,
    OPT_IN_KEYWORDS,
  );
  const declarations = mode === "standard" ? [...ODD_ENFORCED, ...random] : random;
  const result = await generateFromSchemas(declarations, { mode, enforce: OPT_IN_KEYWORDS });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  expect(errors.map((e) => `${e.tool}: ${e.message}`)).toEqual([]);
  return { name: `random-${mode}-enforced`, files: result.output ?? [] };
}
