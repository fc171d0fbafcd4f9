// The output follows the host's prettier: the prettier installed where the output folder is
// (2 or 3), with the configuration it resolves for the folder (files, overrides, .editorconfig)
// and the parser it infers for a .ts file. Its `prettier --check` passes, its `prettier
// --write` changes nothing, and a configuration that cannot be used is an exit 2 naming the file.
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/context.js";
import { linkPrettier, PRETTIER_2 } from "../helpers/formatters.js";
import { CODEGEN_FIXTURES } from "../helpers/golden.js";
import { runMain } from "../helpers/inProcess.js";
import { run, snapshotFolder } from "../helpers/spawn.js";

let work: string;

const runGen = (args: string[], cwd: string) => runMain(args, cwd);

beforeEach(async () => {
  work = await makeTempDir("tv-prettier-");
  await fs.cp(path.join(CODEGEN_FIXTURES, "agent-sdk/src"), path.join(work, "src"), {
    recursive: true,
  });
  await linkPrettier(work);
});

afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

/** The host's own prettier command (prettier 2's and 3's are not at the same place). */
async function prettier(args: string[]) {
  const folder = path.join(work, "node_modules/prettier");
  const { bin } = JSON.parse(await fs.readFile(path.join(folder, "package.json"), "utf8"));
  return run(process.execPath, [path.join(folder, bin), ...args], work);
}

/**
 * gen, then the host's `prettier --check`, `prettier --write` (where `write`: --check passing
 * already says it changes nothing) and the drift check.
 */
async function expectHostFormatting(write = false): Promise<Record<string, string>> {
  const gen = await runGen([], work);
  expect(gen.stderr).toBe("");
  expect(gen.code).toBe(0);
  const check = await prettier(["--check", "generated"]);
  expect(check.stdout + check.stderr).toContain("All matched files use Prettier code style!");
  expect(check.code).toBe(0);
  const files = await snapshotFolder(path.join(work, "generated"));
  if (write) {
    expect((await prettier(["--write", "generated"])).code).toBe(0);
    expect(await snapshotFolder(path.join(work, "generated"))).toEqual(files);
  }
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
    const files = await expectHostFormatting(true);
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

describe("a configuration module", () => {
  it("that changes is read again by the next run in the same process, as --watch runs it", async () => {
    const config = path.join(work, "prettier.config.mjs");
    await fs.writeFile(config, "export default { semi: true };\n");
    expect((await runGen([], work)).code).toBe(0);
    const index = () => fs.readFile(path.join(work, "generated/index.ts"), "utf8");
    expect(await index()).toMatch(/;\n/);
    await fs.writeFile(config, "export default { semi: false };\n");
    const again = await runGen([], work);
    expect(again.stdout).toContain("12 written");
    expect(await index()).not.toMatch(/;\n/);
    // The drift check without the cache resolves the configuration again, and agrees.
    expect((await runGen(["--check", "--no-cache"], work)).code).toBe(0);
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

/** Host configurations of several kinds: each gives a clean run that the host's prettier accepts. */
const CONFIGURATIONS: readonly [string, Readonly<Record<string, string>>][] = [
  [
    "no configuration but package.json's devDependencies",
    { "package.json": '{ "devDependencies": { "prettier": "*" } }\n' },
  ],
  [
    ".prettierrc.json",
    { ".prettierrc.json": '{ "printWidth": 80, "singleQuote": true, "trailingComma": "es5" }\n' },
  ],
  [
    ".prettierrc in YAML",
    { ".prettierrc": "semi: false\ntabWidth: 4\nquoteProps: consistent\narrowParens: avoid\n" },
  ],
  [
    "options of every kind in package.json",
    {
      "package.json": JSON.stringify({
        prettier: {
          experimentalOperatorPosition: "start",
          objectWrap: "collapse",
          endOfLine: "crlf",
          useTabs: true,
          printWidth: 60,
          bracketSameLine: true,
          experimentalTernaries: true,
        },
      }),
    },
  ],
  [
    "a parser set by an override",
    {
      ".prettierrc.json": JSON.stringify({
        overrides: [{ files: "*.ts", options: { parser: "babel-ts" } }],
      }),
    },
  ],
];

describe("the host's configuration of any kind", () => {
  it.each(CONFIGURATIONS)("%s: a clean run, and its prettier --check passes", async (_, host) => {
    for (const [name, text] of Object.entries(host))
      await fs.writeFile(path.join(work, name), text);
    const files = await expectHostFormatting();
    expect(Object.keys(files).length).toBe(12);
  });
});

describe("which prettier formats", () => {
  it("the host's own, installed where the output folder is: prettier 2 as well as 3", async () => {
    await fs.rm(path.join(work, "node_modules"), { recursive: true });
    await linkPrettier(work, PRETTIER_2);
    await fs.writeFile(path.join(work, ".prettierrc.json"), '{ "semi": false }\n');
    await expectHostFormatting(true);
    // The run recorded which prettier formatted its output (node_modules/.cache/tool-validators).
    const cache = path.join(work, "node_modules/.cache/tool-validators");
    const [manifest] = await fs.readdir(cache);
    const recorded = JSON.parse(await fs.readFile(path.join(cache, manifest!), "utf8"));
    expect(recorded.formatter).toEqual({
      kind: "prettier",
      path: path.join(PRETTIER_2, "index.js"),
      version: "2.8.8",
    });
  });
});
