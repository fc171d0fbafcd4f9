// The output follows the host's prettier: the configuration prettier resolves for the output
// folder (files, overrides, .editorconfig), the host's own prettier when it has one, the parser
// prettier infers for a .ts file. Its `prettier --check` passes, its `prettier --write` changes
// nothing, and a configuration that cannot be used is an exit 2 naming the file.
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { locatePrettier } from "../../src/format/formatter.js";
import { makeTempDir } from "../helpers/context.js";
import { CODEGEN_FIXTURES } from "../helpers/golden.js";
import { REPO, run, runGen, snapshotFolder } from "../helpers/spawn.js";

let work: string;

beforeEach(async () => {
  work = await makeTempDir("tv-prettier-");
  await fs.cp(path.join(CODEGEN_FIXTURES, "agent-sdk/src"), path.join(work, "src"), {
    recursive: true,
  });
});

afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const PRETTIER = path.join(REPO, "node_modules/prettier/bin/prettier.cjs");
const prettier = (args: string[]) => run(process.execPath, [PRETTIER, ...args], work);

/** gen, then the host's `prettier --check`, `prettier --write` and the drift check. */
async function expectHostFormatting(): Promise<Record<string, string>> {
  const gen = await runGen([], work);
  expect(gen.stderr).toBe("");
  expect(gen.code).toBe(0);
  const check = await prettier(["--check", "generated"]);
  expect(check.stdout + check.stderr).toContain("All matched files use Prettier code style!");
  expect(check.code).toBe(0);
  const files = await snapshotFolder(path.join(work, "generated"));
  expect((await prettier(["--write", "generated"])).code).toBe(0);
  expect(await snapshotFolder(path.join(work, "generated"))).toEqual(files);
  const drift = await runGen(["--check"], work);
  expect(drift.code).toBe(0);
  return files;
}

describe("the output is formatted as the host formats it", () => {
  it("with its .prettierrc (printWidth 80, singleQuote)", async () => {
    await fs.writeFile(
      path.join(work, ".prettierrc.json"),
      '{ "printWidth": 80, "singleQuote": true }\n',
    );
    const files = await expectHostFormatting();
    expect(files["index.ts"]).toContain(
      "import type { ValidationIssue, Validator } from './types.js';",
    );
    for (const [name, text] of Object.entries(files))
      for (const line of text.split("\n").slice(1))
        // Prettier keeps a string or a comment longer than the width as it is.
        if (line.length > 80) expect(line, name).toMatch(/\/\/|\*|'|`/);
  });

  it("with .editorconfig (tabs) and per-file overrides", async () => {
    await fs.writeFile(
      path.join(work, ".editorconfig"),
      "root = true\n\n[*]\nindent_style = tab\n",
    );
    await fs.writeFile(
      path.join(work, ".prettierrc.json"),
      '{ "overrides": [{ "files": "index.ts", "options": { "semi": false } }] }\n',
    );
    const files = await expectHostFormatting();
    expect(files["types.ts"]).toMatch(/\n\t\| \{/);
    expect(files["index.ts"]).toContain(
      'import type { ValidationIssue, Validator } from "./types.js"\n',
    );
    expect(files["types.ts"]).toContain("export type IssuePath = readonly (string | number)[];\n");
  });

  it("a configuration that changes makes every file stale, and gen follows it", async () => {
    await fs.writeFile(path.join(work, ".prettierrc.json"), '{ "printWidth": 100 }\n');
    await expectHostFormatting();
    await fs.writeFile(path.join(work, ".prettierrc.json"), '{ "useTabs": true }\n');
    const check = await runGen(["--check"], work);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("generated/ is out of date (12 differences):");
    expect(check.stderr).toContain("Run `npx tool-validators` and commit the result.");
    await expectHostFormatting();
  });
});

describe("a prettier configuration that cannot be used exits 2 and writes nothing", () => {
  it.each([
    [
      "malformed JSON",
      ".prettierrc.json",
      '{"printWidth": 80,\n',
      /^tool-validators: cannot load the prettier configuration \.prettierrc\.json: [^\n]*JSON[^\n]*\.\n$/,
    ],
    [
      "malformed YAML",
      ".prettierrc.yaml",
      "printWidth: [\n",
      "tool-validators: cannot load the prettier configuration .prettierrc.yaml: Flow sequence in block collection must be sufficiently indented and end with a ] at line 2, column 1.\n",
    ],
    [
      "a configuration module that throws",
      ".prettierrc.cjs",
      'throw new Error("no configuration here");\n',
      "tool-validators: cannot load the prettier configuration .prettierrc.cjs: no configuration here.\n",
    ],
    [
      "a value prettier refuses",
      ".prettierrc.json",
      '{ "printWidth": "wide" }\n',
      'tool-validators: cannot format with the prettier configuration for generated/: Invalid printWidth value. Expected an integer, but received "wide".\n',
    ],
  ])("%s", async (_, name, text, message) => {
    await fs.writeFile(path.join(work, name), text);
    for (const args of [[], ["--check"]]) {
      const result = await runGen(args, work);
      if (typeof message === "string") expect(result.stderr).toBe(message);
      else expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe("");
      expect(result.code).toBe(2);
    }
    expect(await snapshotFolder(path.join(work, "generated"))).toEqual({});
  });
});

describe("which prettier formats", () => {
  it("the host's own, installed where the output folder is; else this package's", async () => {
    const own = locatePrettier(path.join(work, "generated"));
    expect(own).toEqual({
      path: path.join(REPO, "node_modules/prettier/index.cjs"),
      version: JSON.parse(
        await fs.readFile(path.join(REPO, "node_modules/prettier/package.json"), "utf8"),
      ).version,
      own: true,
    });
    // A host with a prettier of its own (a copy: a symbolic link would resolve to this one).
    await fs.cp(
      path.join(REPO, "node_modules/prettier"),
      path.join(work, "node_modules/prettier"),
      {
        recursive: true,
      },
    );
    const hosts = locatePrettier(path.join(work, "generated"));
    expect(hosts).toEqual({
      path: path.join(work, "node_modules/prettier/index.cjs"),
      version: own.version,
      own: false,
    });
    await fs.writeFile(path.join(work, ".prettierrc.json"), '{ "semi": false }\n');
    await expectHostFormatting();
    // The run recorded which prettier formatted its output (node_modules/.cache/tool-validators).
    const cache = path.join(work, "node_modules/.cache/tool-validators");
    const [manifest] = await fs.readdir(cache);
    const recorded = JSON.parse(await fs.readFile(path.join(cache, manifest!), "utf8"));
    expect(recorded.prettier).toEqual({ path: hosts.path, version: hosts.version });
  });
});
