import fs from "node:fs";
import path from "node:path";
import { generate, type GenerateResult } from "../../src/pipeline/generate.js";
import type { Mode } from "../../src/ir.js";

export const CODEGEN_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/codegen");

/** The files generated for the agent-sdk fixture's tools (three tools with parameters). */
export const AGENT_SDK_OUTPUT = [
  "failures.ts",
  "fetch-url.ts",
  "forms.ts",
  "index.ts",
  "issues.ts",
  "message.ts",
  "note-write.ts",
  "runtime.ts",
  "search-files.ts",
  "similarity.ts",
  "standard.ts",
  "types.ts",
];

/** The support modules of an output folder where no opt-in keyword is enforced. */
export const SUPPORT_FILES = [
  "failures.ts",
  "forms.ts",
  "issues.ts",
  "message.ts",
  "runtime.ts",
  "similarity.ts",
  "standard.ts",
  "types.ts",
];

/** A golden case: `case.json` (tool globs, mode) and tool sources in, `expected/` out. */
export interface GoldenCase {
  name: string;
  dir: string;
  tools: string[];
  mode: Mode;
}

export function goldenCases(): GoldenCase[] {
  return fs
    .readdirSync(CODEGEN_FIXTURES)
    .filter((name) => fs.existsSync(path.join(CODEGEN_FIXTURES, name, "case.json")))
    .sort()
    .map((name) => {
      const dir = path.join(CODEGEN_FIXTURES, name);
      const config = JSON.parse(fs.readFileSync(path.join(dir, "case.json"), "utf8")) as {
        tools: string[];
        mode?: Mode;
      };
      return { name, dir, tools: config.tools, mode: config.mode ?? "strict" };
    });
}

export function generateCase(testCase: GoldenCase): Promise<GenerateResult> {
  // The golden files name the command this project runs, and hold the emitted text as it is
  // (the emitter's own style: no formatter).
  return generate({
    cwd: testCase.dir,
    tools: testCase.tools,
    mode: testCase.mode,
    command: "npm run gen",
    formatter: "none",
  });
}

/** The expected files of a case, by name. */
export function readExpected(testCase: GoldenCase): Map<string, string> {
  const dir = path.join(testCase.dir, "expected");
  const files = new Map<string, string>();
  if (!fs.existsSync(dir)) return files;
  for (const name of fs.readdirSync(dir).sort())
    files.set(name, fs.readFileSync(path.join(dir, name), "utf8"));
  return files;
}

/** Replaces a case's `expected/` folder with fresh output (UPDATE_GOLDEN=1). */
export function writeExpected(
  testCase: GoldenCase,
  files: readonly { name: string; content: string }[],
): void {
  const dir = path.join(testCase.dir, "expected");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const file of files) fs.writeFileSync(path.join(dir, file.name), file.content);
}

/**
 * Generates a golden case into a temporary folder of its own under tests/ and imports its
 * index.ts (the golden folder alone lacks the support modules); the folder is removed once the
 * modules are loaded (a test worker's exit comes too late: vitest ends its workers without it).
 */
export async function importCaseOutput<T>(name: string): Promise<T> {
  const testCase = goldenCases().find((c) => c.name === name);
  if (!testCase) throw new Error(`no golden case ${name}`);
  const result = await generateCase(testCase);
  const dir = fs.mkdtempSync(path.join(path.dirname(CODEGEN_FIXTURES), "..", `.tmp-${name}-`));
  try {
    for (const file of result.output ?? [])
      fs.writeFileSync(path.join(dir, file.name), file.content);
    return (await import(path.join(dir, "index.ts"))) as T;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
