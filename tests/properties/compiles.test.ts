// Output that compiles (CONTRACT.md section 5): random declarations the generator accepts
// (every keyword combination, odd ones included) are generated into a folder, which a strict
// host's TypeScript 5.9 and 7 check in an ES-module package and in a CommonJS package: zero
// errors. The seed is printed; COMPILE_SEED=<seed> replays a run.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { generateFromSchemas, type NamedSchema } from "../../src/pipeline/generate.js";
import type { Mode } from "../../src/ir.js";
import { makeTempDir } from "../helpers/context.js";
import { integerFromEnv } from "../helpers/env.js";
import { STRICTEST_OPTIONS } from "../helpers/hostChecks.js";
import { REPO } from "../helpers/spawn.js";
import {
  acceptedDeclarations,
  ODD,
  ODD_ENFORCED,
  ODD_STANDARD,
  randomDeclarations,
} from "./declarations.js";

const run = promisify(execFile);
const SEED = integerFromEnv("COMPILE_SEED", Math.floor(Math.random() * 2 ** 31));
const COUNT = integerFromEnv("COMPILE_SCHEMAS", 120);
console.log(`compile property test: seed ${SEED} (replay: COMPILE_SEED=${SEED})`);

const COMPILERS = {
  "TypeScript 7": path.join(REPO, "node_modules/typescript/bin/tsc"),
  "TypeScript 5.9": path.join(REPO, "tests/host-toolchain/node_modules/typescript/bin/tsc"),
};

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

/** Generates the schemas into `<dir>/gen` of an ES-module and of a CommonJS package. */
async function writePackages(
  schemas: NamedSchema[],
  mode: Mode,
  enforce: readonly string[] = [],
): Promise<string[]> {
  const result = await generateFromSchemas(schemas, { mode, enforce });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  expect(errors.map((e) => `${e.tool}: ${e.message}`)).toEqual([]);
  const root = await makeTempDir("tv-compiles-");
  folders.push(root);
  const packages: string[] = [];
  for (const type of ["module", "commonjs"] as const) {
    const dir = path.join(root, type);
    await fs.mkdir(path.join(dir, "gen"), { recursive: true });
    await fs.writeFile(path.join(dir, "package.json"), JSON.stringify({ type }));
    // In a CommonJS package the generator asks for verbatimModuleSyntax to be off (TV3005).
    const compilerOptions = { ...STRICTEST_OPTIONS, verbatimModuleSyntax: type === "module" };
    await fs.writeFile(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions, include: ["gen"] }),
    );
    for (const file of result.output!)
      await fs.writeFile(path.join(dir, "gen", file.name), file.content);
    packages.push(dir);
  }
  return packages;
}

async function typeErrors(compiler: string, dir: string): Promise<string> {
  try {
    await run(process.execPath, [compiler, "-p", path.join(dir, "tsconfig.json")], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    return "";
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe.each(["strict", "standard"] as const)("generated output in %s mode", (mode) => {
  it("type-checks under a strict host's TypeScript 5.9 and 7, in ES-module and CommonJS packages", async () => {
    const seed = mode === "strict" ? SEED : SEED + 1;
    const random = randomDeclarations(seed, COUNT);
    const odd = mode === "standard" ? [...ODD, ...ODD_STANDARD] : ODD;
    const packages = await writePackages([...odd, ...random], mode);
    for (const dir of packages) {
      for (const [name, compiler] of Object.entries(COMPILERS)) {
        const errors = await typeErrors(compiler, dir);
        expect(errors, `${name} in ${path.basename(dir)} (seed ${seed})`).toBe("");
      }
    }
  }, 600_000);
});

describe("generated output with every opt-in keyword enforced", () => {
  it("type-checks under a strict host's TypeScript 5.9 and 7, in ES-module and CommonJS packages", async () => {
    const seed = SEED + 2;
    // The random declarations the generator accepts with every keyword enforced.
    const random = randomDeclarations(seed, COUNT);
    const accepted = await acceptedDeclarations(random, "standard", OPT_IN_KEYWORDS);
    expect(accepted.length).toBeGreaterThan(COUNT / 2);
    const packages = await writePackages(
      [...ODD_ENFORCED, ...accepted],
      "standard",
      OPT_IN_KEYWORDS,
    );
    for (const dir of packages) {
      for (const [name, compiler] of Object.entries(COMPILERS)) {
        const errors = await typeErrors(compiler, dir);
        expect(errors, `${name} in ${path.basename(dir)} (seed ${seed})`).toBe("");
      }
    }
  }, 600_000);
});
