// The package as a host gets it: `npm pack`, installed into a copy of tests/fixtures/host (a
// small agent code base with its own strict tsconfig, prettier configuration, eslint, oxlint
// and Biome), then the command run there with Node alone, and the host's own checks on the
// output: its TypeScript (5.9 and 7; module NodeNext and Bundler), eslint, oxlint, Biome,
// prettier --check, then prettier --write and the drift check. The host's tools come from its
// own lockfile (tests/helpers/hostChecks.ts); TypeScript 7 is this project's. The presets and
// flags hosts use, each on every kind of output, are tests/package/lint.test.ts's.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYWORD_SUPPORT, OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { WIRINGS } from "../../src/init/wiring.js";
import { generateFromSchemas } from "../../src/pipeline/generate.js";
import { makeTempDir } from "../helpers/context.js";
import { HOST_ENV as ENV, HOST_FIXTURE as FIXTURE, TSC_7 } from "../helpers/hostChecks.js";
import { REPO, run, type RunResult } from "../helpers/spawn.js";

let temp: string;
let host: string;
let packed: { files: { path: string }[]; size: number; filename: string };

const inHost = (command: string, args: readonly string[], env = {}): Promise<RunResult> =>
  run(command, args, host, { env: { ...ENV, ...env } });

/** A command that must succeed: its output is shown when it does not. */
async function ok(command: string, args: readonly string[]): Promise<RunResult> {
  const result = await inHost(command, args);
  const shown = `${[command, ...args].join(" ")}\n${result.stdout}\n${result.stderr}`;
  expect(result.code, shown).toBe(0);
  return result;
}

beforeAll(async () => {
  temp = await makeTempDir("tv-host-");
  const pack = await run("npm", ["pack", "--json", "--pack-destination", temp], REPO, { env: ENV });
  expect(pack.stderr.includes("npm error")).toBe(false);
  expect(pack.code).toBe(0);
  [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("["))) as (typeof packed)[];
  host = path.join(temp, "host");
  await fs.cp(FIXTURE, host, {
    recursive: true,
    filter: (source) => !/[\\/](?:node_modules|build|generated)$/.test(source),
  });
  await ok("npm", [
    "install",
    "--no-save",
    "--prefer-offline",
    "--no-audit",
    "--no-fund",
    path.join(temp, packed.filename),
  ]);
});

afterAll(async () => {
  if (temp) await fs.rm(temp, { recursive: true, force: true });
});

describe("the packed package in a host", () => {
  it("holds the compiled generator, its support sources, the license, the readme, the changelog and the guides init reads; no tests", () => {
    const files = packed.files.map((file) => file.path);
    const guides = new Set(Object.values(WIRINGS).map((wiring) => wiring.guide));
    expect(files.filter((file) => !file.startsWith("dist/")).sort()).toEqual(
      ["CHANGELOG.md", "LICENSE", "README.md", ...guides, "package.json"].sort(),
    );
    for (const file of [
      "dist/bin.js",
      "dist/index.js",
      "dist/index.d.ts",
      "dist/support/types.ts",
      "dist/support/runtime.ts",
      "dist/support/message.ts",
      "dist/support/similarity.ts",
      "dist/support/standard.ts",
      "dist/support/forms.ts",
    ])
      expect(files).toContain(file);
    expect(files.filter((file) => /\.test\.|fixtures|bench/.test(file))).toEqual([]);
  });

  it("passes `npm publish --dry-run` as it is, with the files `npm pack` packed", async () => {
    const tarball = path.join(temp, packed.filename);
    // --offline: the dry run needs nothing of the registry (it would ask for the name's versions).
    const publish = await run(
      "npm",
      ["publish", "--dry-run", "--offline", "--json", tarball],
      temp,
      {
        env: ENV,
      },
    );
    expect(publish.code, publish.stderr).toBe(0);
    const manifest = JSON.parse(await fs.readFile(path.join(REPO, "package.json"), "utf8")) as {
      name: string;
      version: string;
    };
    const report = (
      JSON.parse(publish.stdout) as Record<string, { id: string; files: { path: string }[] }>
    )[manifest.name]!;
    expect(report.id).toBe(`${manifest.name}@${manifest.version}`);
    expect(report.files.map((file) => file.path).sort()).toEqual(
      packed.files.map((file) => file.path).sort(),
    );
  });

  it("states what a registry and a host read: license, engines, repository, keywords, prettier an optional peer", async () => {
    const manifest = JSON.parse(
      await fs.readFile(path.join(host, "node_modules/tool-validators/package.json"), "utf8"),
    ) as Record<string, unknown>;
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe("MIT");
    expect(manifest.engines).toEqual({ node: ">=20" });
    expect(manifest.repository).toEqual({
      type: "git",
      url: "git+https://github.com/tool-validators/tool-validators.git",
    });
    expect(manifest.keywords).toEqual(expect.arrayContaining(["json-schema", "mcp", "validator"]));
    expect(manifest.peerDependencies).toEqual({ prettier: "^2.0.0 || ^3.0.0" });
    expect(manifest.peerDependenciesMeta).toEqual({ prettier: { optional: true } });
    expect(Object.keys(manifest.dependencies as object)).not.toContain("prettier");
  });

  it("`npx tool-validators` runs with Node alone and names the host's command in the headers", async () => {
    await expect(fs.access(path.join(host, "node_modules/tsx"))).rejects.toThrow(/ENOENT/);
    const gen = await ok("npx", ["tool-validators"]);
    expect(gen.stderr).toBe("");
    expect(gen.stdout).toContain(
      "Generated validators for 5 tools from 6 files into src/generated/ (14 files: 14 written, 0 unchanged, 0 removed).",
    );
    const index = await fs.readFile(path.join(host, "src/generated/index.ts"), "utf8");
    expect(index.split("\n")[0]).toBe(
      "// Generated by tool-validators. Do not edit: run `npm run gen:validators`.",
    );
    // Formatted with the host's prettier configuration (singleQuote).
    expect(index).toContain("from './types.js';");
  });

  it("`npx tool-validators init --dry-run` prints the wiring from the installed guides", async () => {
    const before = await fs.readFile(path.join(host, "package.json"), "utf8");
    const result = await ok("npx", ["tool-validators", "init", "--dry-run"]);
    expect(await fs.readFile(path.join(host, "package.json"), "utf8")).toBe(before);
    expect(result.stdout).toMatch(
      /\n {2}The guide: node_modules\/tool-validators\/docs\/[a-z-]+\.md\n/,
    );
    expect(result.stdout).toContain("the guide's code (section ");
  });

  it("`npx tool-validators --version` prints the installed package's version", async () => {
    const { version } = JSON.parse(await fs.readFile(path.join(REPO, "package.json"), "utf8")) as {
      version: string;
    };
    expect((await ok("npx", ["tool-validators", "--version"])).stdout).toBe(`${version}\n`);
  });

  it.each([
    ["TypeScript 5.9, module NodeNext", "tsconfig.json", false],
    ["TypeScript 5.9, module Bundler", "tsconfig.bundler.json", false],
    ["TypeScript 7, module NodeNext", "tsconfig.json", true],
    ["TypeScript 7, module Bundler", "tsconfig.bundler.json", true],
  ])("the host's %s accepts the output and the tool manager", async (_, config, seven) => {
    const result = seven
      ? await inHost(process.execPath, [TSC_7, "-p", config, "--noEmit"])
      : await inHost("npx", ["tsc", "-p", config, "--noEmit"]);
    expect(result.stdout).toBe("");
    expect(result.code).toBe(0);
  });

  it("the host's eslint (recommended, typescript-eslint recommended) finds nothing", async () => {
    const result = await inHost("npx", ["eslint", "src"]);
    expect(result.stdout).toBe("");
    expect(result.code).toBe(0);
  });

  it("the host's oxlint (defaults and no-unassigned-vars) finds nothing", async () => {
    const result = await inHost("npx", ["oxlint", "--deny-warnings", "src"]);
    expect(result.stdout).toContain("Found 0 warnings and 0 errors.");
    expect(result.code).toBe(0);
  });

  it("the host's Biome (`biome lint`, its recommended rules) finds nothing", async () => {
    const result = await inHost("npx", ["biome", "lint", "--error-on-warnings", "src/generated"]);
    expect(result.stdout + result.stderr).toContain("Checked 14 files");
    expect(result.code).toBe(0);
  });

  it("the host's prettier --check passes; after its prettier --write the drift check passes", async () => {
    const check = await inHost("npx", ["prettier", "--check", "src"]);
    expect(check.stdout + check.stderr).toContain("All matched files use Prettier code style!");
    expect(check.code).toBe(0);
    await ok("npx", ["prettier", "--write", "src"]);
    const drift = await inHost("npx", ["tool-validators", "--check"]);
    expect(drift.stderr).toBe("");
    expect(drift.stdout).toContain("src/generated/ is up to date (14 files, 5 validators).");
    expect(drift.code).toBe(0);
    expect((await inHost("npm", ["run", "-s", "check:validators"])).code).toBe(0);
  });

  it("the host's tool manager validates its built-in tools and not a custom one that replaces one", async () => {
    // Compiled by the host's TypeScript (whether it type-checks is the steps above).
    await inHost(process.execPath, [TSC_7, "-p", "tsconfig.json", "--outDir", "build"]);
    const main = await ok(process.execPath, ["build/main.js"]);
    expect(
      main.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual([
      {
        success: false,
        content: "",
        error: [
          "read_file failed due to the following issues:",
          "The required parameter `file_path` is missing",
          "An unexpected parameter `path` was provided",
          "Hint: did you mean `file_path` instead of `path`?",
        ].join("\n"),
      },
      { success: true, content: "Written." },
      {
        success: false,
        content: "",
        error: [
          "read_file failed due to the following issue:",
          "The parameter `offset` type is expected as `number` but provided as `string`",
          "Hint: `offset` is JSON text inside a string; send the number itself",
        ].join("\n"),
      },
      { success: true, content: "hello" },
      { success: true, content: "custom TodoWrite ran" },
      {
        success: false,
        content: "",
        error:
          "TodoRead failed due to the following issue:\nAn unexpected parameter `all` was provided",
      },
    ]);
  });

  it("`npx tool-validators report` summarises a validation log the host wrote with failureRecord", async () => {
    // A record as the host's runtime writes it (one JSON line per failed validation).
    const record = {
      v: 1,
      time: "2025-05-01T10:00:00.000Z",
      tool: "read_file",
      issues: [{ code: "unexpected", path: ["path"], hint: { kind: "key", key: "file_path" } }],
    };
    await fs.writeFile(path.join(host, "validation.jsonl"), `${JSON.stringify(record)}\n`);
    const report = await ok("npx", ["tool-validators", "report", "--json", "validation.jsonl"]);
    const summary = JSON.parse(report.stdout) as { calls: number; unexpectedKeys: unknown[] };
    expect(summary.calls).toBe(1);
    expect(summary.unexpectedKeys).toEqual([
      { tool: "read_file", path: "path", count: 1, hints: [{ hint: "file_path", count: 1 }] },
    ]);
    const missing = await inHost("npx", ["tool-validators", "report", "nowhere.jsonl"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("nowhere.jsonl");
  });

  it("the drift check with nothing changed reuses the last run's output", async () => {
    const check = await inHost("npx", ["tool-validators", "--check"], {
      TOOL_VALIDATORS_DEBUG: "1",
    });
    expect(check.stderr).toBe(
      "tool-validators: nothing changed since the last run: its output is reused\n",
    );
    expect(check.code).toBe(0);
  });

  // The linters and TypeScript 7 on such a folder, with their strictest presets and flags:
  // lint.test.ts (its declaration "every_constraint"); here the host's TypeScript 5.9 and prettier.
  it("a folder generated with every constraint keyword enforced passes the host's TypeScript 5.9 and prettier", async () => {
    // In-process until the settings carry `enforce`: the same generator, formatted with the
    // host's prettier configuration for a folder of the host (its settings' formatter).
    const outDir = path.join(host, "src/constrained");
    const result = await generateFromSchemas([{ name: "place_order", schema: EVERY_CONSTRAINT }], {
      enforce: OPT_IN_KEYWORDS,
      outDir,
      command: "npm run gen:validators",
      formatter: "prettier",
    });
    expect(result.diagnostics).toEqual([]);
    await fs.mkdir(outDir, { recursive: true });
    for (const file of result.output!)
      await fs.writeFile(path.join(outDir, file.name), file.content);
    for (const name of KEYWORD_SUPPORT)
      expect(result.output!.map((file) => file.name)).toContain(`${name}.ts`);
    try {
      for (const config of ["tsconfig.json", "tsconfig.bundler.json"]) {
        const typed = await inHost("npx", ["tsc", "-p", config, "--noEmit"]);
        expect(typed.stdout, config).toBe("");
      }
      const check = await inHost("npx", ["prettier", "--check", "src/constrained"]);
      expect(check.code).toBe(0);
    } finally {
      await fs.rm(outDir, { recursive: true, force: true });
    }
  });
});

describe("a host locked at another prettier than this project's", () => {
  // The host of the report that once saw `npm i -D` of the package move its prettier from
  // 3.6.2 to the package's own 3.10.1: a range this project's version satisfies, locked lower.
  const LOCKED = "3.6.2";
  let other: string;
  const inOther = (command: string, args: readonly string[]) =>
    run(command, args, other, { env: ENV });
  const lockedPrettier = async () => {
    const lock = JSON.parse(await fs.readFile(path.join(other, "package-lock.json"), "utf8"));
    const installed = JSON.parse(
      await fs.readFile(path.join(other, "node_modules/prettier/package.json"), "utf8"),
    );
    return { lock: lock.packages["node_modules/prettier"].version, installed: installed.version };
  };

  beforeAll(async () => {
    other = path.join(temp, "host-prettier-3.6");
    await fs.cp(path.join(FIXTURE, "src/tools"), path.join(other, "src/tools"), {
      recursive: true,
    });
    await fs.copyFile(path.join(FIXTURE, ".prettierrc.json"), path.join(other, ".prettierrc.json"));
    const manifest = (range: string) =>
      `${JSON.stringify(
        {
          name: "host-prettier",
          private: true,
          type: "module",
          "tool-validators": { tools: "src/tools/**/*.ts", out: "src/generated" },
          devDependencies: { prettier: range },
        },
        null,
        2,
      )}\n`;
    // Locked at 3.6.2 under the range ^3.5.3, as the host was.
    await fs.writeFile(path.join(other, "package.json"), manifest(LOCKED));
    const locked = await inOther("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"]);
    expect(locked.code, locked.stderr).toBe(0);
    await fs.writeFile(path.join(other, "package.json"), manifest("^3.5.3"));
    const lock = JSON.parse(await fs.readFile(path.join(other, "package-lock.json"), "utf8"));
    lock.packages[""].devDependencies.prettier = "^3.5.3";
    await fs.writeFile(path.join(other, "package-lock.json"), JSON.stringify(lock, null, 2));
  });

  it("keeps its prettier when it installs the package, which formats with that prettier", async () => {
    expect(await lockedPrettier()).toEqual({ lock: LOCKED, installed: LOCKED });
    const install = await inOther("npm", [
      "install",
      "--save-dev",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      path.join(temp, packed.filename),
    ]);
    expect(install.code, install.stderr).toBe(0);
    expect(await lockedPrettier()).toEqual({ lock: LOCKED, installed: LOCKED });

    const gen = await inOther("npx", ["tool-validators"]);
    expect(gen.stderr).toBe("");
    expect(gen.code).toBe(0);
    const index = await fs.readFile(path.join(other, "src/generated/index.ts"), "utf8");
    expect(index).toContain("from './types.js';");
    const check = await inOther("npx", ["prettier", "--check", "src/generated"]);
    expect(check.stdout + check.stderr).toContain("All matched files use Prettier code style!");
    expect(check.code).toBe(0);
    const drift = await inOther("npx", ["tool-validators", "--check", "--no-cache"]);
    expect(drift.code).toBe(0);
    expect((await inOther("npx", ["prettier", "--version"])).stdout.trim()).toBe(LOCKED);
  });
});

/** A tool declaring every constraint keyword (and the older forms of some). */
const EVERY_CONSTRAINT = {
  type: "object",
  properties: {
    customer_id: { type: "string", pattern: "^C[0-9]{4}$", minLength: 5, maxLength: 5 },
    limit: { type: "integer", minimum: 1, maximum: 20, multipleOf: 1 },
    price: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1000, multipleOf: 0.01 },
    discount: { type: "number", minimum: 0, exclusiveMinimum: true },
    tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 5, uniqueItems: true },
    range: {
      type: "array",
      prefixItems: [{ type: "integer" }, { type: ["integer", "null"] }],
      items: false,
      minItems: 1,
    },
    legacy: { type: "array", items: [{ type: "string" }], additionalItems: { type: "number" } },
    env: {
      type: "object",
      minProperties: 1,
      maxProperties: 3,
      additionalProperties: { type: "string" },
    },
    kind: { type: "string", enum: ["order", "quote"], const: "order" },
    shape: { const: { a: [1, "x"] } },
    card: { type: "string" },
    billing: { type: "string" },
    address: { type: "string" },
  },
  required: ["customer_id"],
  dependentRequired: { card: ["billing"] },
  dependencies: { billing: ["address"] },
};
