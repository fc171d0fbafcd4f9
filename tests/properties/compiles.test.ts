// Output that compiles (CONTRACT.md section 5): random declarations the generator accepts
// (every keyword combination, odd ones included) are generated into a folder, which a strict
// host's TypeScript 5.9 and 7 check in an ES-module package and in a CommonJS package: zero
// errors. The seed is printed; COMPILE_SEED=<seed> replays a run.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { generateFromSchemas, type NamedSchema } from "../../src/pipeline/generate.js";
import type { Mode } from "../../src/ir.js";
import { makeTempDir } from "../helpers/context.js";
import { integerFromEnv } from "../helpers/env.js";
import { REPO } from "../helpers/spawn.js";
import { rootSchemaArb } from "./schemas.js";

const run = promisify(execFile);
const SEED = integerFromEnv("COMPILE_SEED", Math.floor(Math.random() * 2 ** 31));
const COUNT = integerFromEnv("COMPILE_SCHEMAS", 120);
console.log(`compile property test: seed ${SEED} (replay: COMPILE_SEED=${SEED})`);

const COMPILERS = {
  "TypeScript 7": path.join(REPO, "node_modules/typescript/bin/tsc"),
  "TypeScript 5.9": path.join(REPO, "tests/host-toolchain/node_modules/typescript/bin/tsc"),
};

/** The strictest settings a host may use (CONTRACT.md section 5), lib ES2020 only. */
const STRICT = {
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
  isolatedModules: true,
  noImplicitReturns: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  noPropertyAccessFromIndexSignature: true,
  allowUnreachableCode: false,
  allowUnusedLabels: false,
};

/** Declarations that once gave output that did not compile, kept in every run. */
const ODD: NamedSchema[] = [
  {
    name: "items_false",
    schema: { type: "object", properties: { a: { type: "array", items: false } } },
  },
  {
    name: "other_keys_empty",
    schema: { type: "object", properties: { a: {} }, additionalProperties: {} },
  },
  {
    name: "enum_off_type",
    schema: { type: "object", properties: { a: { type: "boolean", enum: [true, 0] } } },
  },
  {
    name: "enum_none_of_type",
    schema: { type: "object", properties: { a: { type: "string", enum: [1, null] } } },
  },
];

/** Only in standard mode: a required key without a schema beside other keys that are checked. */
const ODD_STANDARD: NamedSchema[] = [
  {
    name: "required_other",
    schema: {
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a", "b"],
      additionalProperties: { type: "string" },
    },
  },
];

/** With every opt-in keyword enforced: each constraint keyword, and the odd combinations. */
const ODD_ENFORCED: NamedSchema[] = [
  {
    name: "every_constraint",
    schema: {
      type: "object",
      properties: {
        id: { type: "string", minLength: 1, maxLength: 8, pattern: "^C[0-9]{4}$" },
        n: { type: "integer", minimum: 1, maximum: 20, multipleOf: 2 },
        x: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.01 },
        old: { type: "number", minimum: 0, exclusiveMinimum: true },
        tags: {
          type: "array",
          items: { type: "string" },
          minItems: 1,
          maxItems: 3,
          uniqueItems: true,
        },
        env: {
          type: "object",
          minProperties: 1,
          maxProperties: 2,
          additionalProperties: { type: "string" },
        },
        kind: { const: "k" },
        both: { type: "string", enum: ["a", "b"], const: "a" },
        shape: { const: JSON.parse('{"a":[1,null],"__proto__":{"b":"c"}}') as unknown },
        pair: {
          type: "array",
          prefixItems: [{ type: ["string", "null"] }, false],
          items: { type: "number" },
        },
        closed: { type: "array", prefixItems: [true, { enum: [1, 2] }], items: false, minItems: 1 },
        old07: {
          type: "array",
          items: [{ type: "object", properties: { a: { const: 1 } } }],
          additionalItems: false,
        },
        a: { type: "string" },
        b: { type: "string" },
      },
      dependentRequired: { a: ["b"] },
      dependencies: { b: ["a"] },
    },
  },
  {
    name: "const_off_type",
    schema: {
      type: "object",
      properties: {
        a: { type: "string", const: 1 },
        b: { type: "number", const: "x" },
        c: { type: "boolean", const: null },
        d: { type: "null", const: false },
        e: { type: ["string", "null"], const: null },
        f: { type: "integer", const: 1.5 },
      },
    },
  },
  {
    name: "constraints_off_type",
    schema: {
      type: "object",
      properties: {
        a: { type: "string", minimum: 1, minItems: 1, minProperties: 1, uniqueItems: true },
        b: { type: "boolean", pattern: "^a", multipleOf: 3, dependentRequired: { x: ["y"] } },
        c: { minLength: 0, minItems: 0, minProperties: 0, dependentRequired: {} },
      },
    },
  },
];

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
    const compilerOptions = { ...STRICT, verbatimModuleSyntax: type === "module" };
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
    const random = fc
      .sample(rootSchemaArb(3), { seed, numRuns: COUNT })
      .map((schema, i): NamedSchema => ({ name: `random_${i}`, schema }));
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
    // The random declarations the generator accepts with every keyword enforced (their
    // constraint keywords are random too: a malformed one, such as the pattern "(", is an
    // error, and that declaration is left out).
    const random = fc
      .sample(rootSchemaArb(3), { seed, numRuns: COUNT })
      .map((schema, i): NamedSchema => ({ name: `random_${i}`, schema }));
    const checked = await generateFromSchemas(random, {
      mode: "standard",
      enforce: OPT_IN_KEYWORDS,
    });
    const rejected = new Set(
      checked.diagnostics.filter((d) => d.severity === "error").map((d) => d.tool),
    );
    const accepted = random.filter(({ name }) => !rejected.has(name));
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
