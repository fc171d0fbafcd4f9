// Which formatter formats the output and how (CONTRACT.md section 7): the host's own prettier
// or Biome, detected from what the host lists and the configuration that applies to the output
// folder, or the `formatter` setting (a command included); never one of this package's. Biome
// formats through the host's own binary, so its `biome format --write` on the output folder
// changes nothing and the drift check passes after it; a command's output is what the same
// formatter gives through its API. Errors are one line, exit 2, nothing written, no absolute path.
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chooseFormatter } from "../../src/format/detect.js";
import { makeTempDir } from "../helpers/context.js";
import { biomeBinary, linkBiome, linkPrettier, PRETTIER_3 } from "../helpers/formatters.js";
import { CODEGEN_FIXTURES, generateCase, goldenCases } from "../helpers/golden.js";
import { runMain } from "../helpers/inProcess.js";
import { run, snapshotFolder } from "../helpers/spawn.js";

let work: string;

beforeEach(async () => {
  work = await makeTempDir("tv-formatters-");
  await fs.cp(path.join(CODEGEN_FIXTURES, "agent-sdk/src"), path.join(work, "src"), {
    recursive: true,
  });
});

afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const write = async (name: string, text: string) => {
  await fs.mkdir(path.dirname(path.join(work, name)), { recursive: true });
  await fs.writeFile(path.join(work, name), text);
};

const choose = (setting?: Parameters<typeof chooseFormatter>[0], out = "generated") =>
  chooseFormatter(setting, {
    outDir: path.join(work, out),
    cwd: work,
    display: (file) => path.relative(work, file) || ".",
  });

const PRETTIER_VERSION = "3.10.1";

describe("the formatter detected", () => {
  it("is none where the host sets none up, even with a prettier in node_modules", async () => {
    expect(choose()).toEqual({ kind: "none" });
    // Another package's dependency: not the host's formatter.
    await linkPrettier(work);
    await write("package.json", '{ "name": "host", "devDependencies": { "typescript": "*" } }\n');
    expect(choose()).toEqual({ kind: "none" });
  });

  it("is the host's prettier where its package.json lists it, or a prettier configuration applies", async () => {
    await linkPrettier(work);
    await write("package.json", '{ "devDependencies": { "prettier": "^3.5.0" } }\n');
    const prettier = {
      kind: "prettier",
      entry: path.join(PRETTIER_3, "index.cjs"),
      version: PRETTIER_VERSION,
    };
    expect(choose()).toEqual(prettier);
    await write("package.json", "{}\n");
    await write(".prettierrc", "semi: false\n");
    expect(choose()).toEqual(prettier);
    // A workspace of a monorepo: the root lists prettier, the output folder is a package's.
    await fs.rm(path.join(work, ".prettierrc"));
    await write(
      "package.json",
      '{ "workspaces": ["packages/*"], "devDependencies": { "prettier": "3" } }\n',
    );
    await write("packages/a/package.json", '{ "name": "a" }\n');
    expect(choose(undefined, "packages/a/generated")).toEqual(prettier);
  });

  it("is the host's Biome where its package.json lists it or a Biome configuration applies", async () => {
    await linkBiome(work);
    await write("biome.jsonc", "{ // the host's\n}\n");
    const choice = choose();
    expect(choice.kind).toBe("biome");
    expect(choice).toMatchObject({
      version: "2.6.8",
      cwd: work,
      binary: await fs.realpath(await biomeBinary()),
    });
  });

  it("is prettier where Biome only lints (its configuration turns its formatter off)", async () => {
    await linkPrettier(work);
    await linkBiome(work);
    await write(
      "package.json",
      '{ "devDependencies": { "prettier": "3", "@biomejs/biome": "2" } }\n',
    );
    await write("biome.jsonc", '{\n  // lint only\n  "formatter": { "enabled": false, },\n}\n');
    expect(choose()).toMatchObject({ kind: "prettier", version: PRETTIER_VERSION });
  });

  it("asks for the setting where both are set up, and says what is missing where one is not installed", async () => {
    await write(
      "package.json",
      '{ "devDependencies": { "prettier": "3", "@biomejs/biome": "2" } }\n',
    );
    expect(() => choose()).toThrow(
      'both prettier (package.json lists it) and Biome (package.json lists @biomejs/biome) are set up for generated/: say which formats the output with "formatter": "prettier" or "biome" in the settings (or --formatter).',
    );
    expect(() => choose("biome")).toThrow(
      '"formatter" is "biome", but @biomejs/biome is not installed where generated/ is: install it in the host (npm install), or set "formatter" ("none" leaves the output as the generator writes it).',
    );
    expect(choose("none")).toEqual({ kind: "none" });
    expect(choose({ command: "dprint fmt --stdin {file}" })).toEqual({
      kind: "command",
      command: "dprint fmt --stdin {file}",
      cwd: work,
    });
    await write("package.json", "{}\n");
    await write(".prettierrc.json", "{}\n");
    expect(() => choose()).toThrow(
      'prettier is set up (the configuration .prettierrc.json), but prettier is not installed where generated/ is: install it in the host (npm install), or set "formatter" ("none" leaves the output as the generator writes it).',
    );
  });
});

/** The command, in this process. */
const gen = (...args: string[]) => runMain(args, work);

describe("Biome, through the host's own binary", () => {
  const biome = async (...args: string[]) => run(await biomeBinary(), args, work);

  beforeEach(async () => {
    await linkBiome(work);
    await write(
      "biome.json",
      JSON.stringify({
        formatter: { lineWidth: 60 },
        javascript: { formatter: { quoteStyle: "single", semicolons: "asNeeded" } },
      }),
    );
  });

  it("formats as `biome format --write` does: it changes nothing, and the drift check passes after it", async () => {
    const first = await gen();
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const files = await snapshotFolder(path.join(work, "generated"));
    expect(files["index.ts"]).toContain(
      "import type { ValidationIssue, Validator } from './types.js'\n",
    );
    expect((await biome("format", "generated")).code).toBe(0);
    const write_ = await biome("format", "--write", "generated");
    expect(write_.code).toBe(0);
    expect(await snapshotFolder(path.join(work, "generated"))).toEqual(files);
    expect((await gen("--check")).code).toBe(0);
    expect((await gen("--check", "--no-cache")).code).toBe(0);
  });

  it("a change of its configuration makes the output stale; a broken one is a one-line error", async () => {
    expect((await gen()).code).toBe(0);
    await write(
      "biome.json",
      JSON.stringify({ formatter: { indentStyle: "space", indentWidth: 4 } }),
    );
    const stale = await gen("--check");
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain("generated/ is out of date (12 differences):");
    expect((await gen()).code).toBe(0);
    expect((await biome("format", "generated")).code).toBe(0);
    const before = await snapshotFolder(path.join(work, "generated"));
    await write("biome.json", '{ "formatter": { bad } }\n');
    for (const args of [[], ["--check"], ["--no-cache"]]) {
      const broken = await gen(...args);
      expect(broken).toEqual({
        code: 2,
        stdout: "",
        stderr:
          "tool-validators: cannot format with Biome 2.6.8: biome.json:1:18: Property key must be double quoted.\n",
      });
    }
    expect(await snapshotFolder(path.join(work, "generated"))).toEqual(before);
  });

  it("a folder whose formatting Biome turns off keeps the emitted text; one it ignores is an error", async () => {
    expect((await gen("--formatter", "none")).code).toBe(0);
    const emitted = await snapshotFolder(path.join(work, "generated"));
    await write(
      "biome.json",
      JSON.stringify({
        overrides: [{ includes: ["generated/**"], formatter: { enabled: false } }],
      }),
    );
    await fs.rm(path.join(work, "generated"), { recursive: true });
    expect((await gen()).code).toBe(0);
    const off = await snapshotFolder(path.join(work, "generated"));
    const body = (text: string) => text.slice(text.indexOf("\n"));
    expect(Object.keys(off).sort()).toEqual(Object.keys(emitted).sort());
    for (const name of Object.keys(off)) expect(body(off[name]!), name).toBe(body(emitted[name]!));
    // It formats nothing there (and says so with exit 1), as the output expects.
    await biome("format", "--write", "generated");
    expect(await snapshotFolder(path.join(work, "generated"))).toEqual(off);
    expect((await gen("--check")).code).toBe(0);
    // Biome ignores a file given on stdin only while it exists: no output could pass both.
    await write("biome.json", JSON.stringify({ files: { includes: ["**", "!generated"] } }));
    expect(await gen("--check")).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'tool-validators: Biome ignores generated/types.ts: it formats a file it ignores while the file does not exist, so the drift check could not follow it; set "formatter": "none" for this output folder (its files are then the generator\'s own text), or let Biome format them.\n',
    });
  });
});

describe("a formatter command", () => {
  it("formats each file as the same formatter does through its API, in the settings' folder", async () => {
    await linkPrettier(work);
    await write(".prettierrc.json", '{ "printWidth": 70, "semi": false }\n');
    expect((await gen("--formatter", "prettier")).code).toBe(0);
    const byApi = await snapshotFolder(path.join(work, "generated"));
    await write(
      "package.json",
      JSON.stringify({
        "tool-validators": {
          formatter: {
            command: "node node_modules/prettier/bin/prettier.cjs --stdin-filepath {file}",
          },
        },
      }),
    );
    const byCommand = await runMain([], work);
    expect(byCommand.stderr).toBe("");
    expect(byCommand.code).toBe(0);
    const files = await snapshotFolder(path.join(work, "generated"));
    const body = (text: string) => text.slice(text.indexOf("\n"));
    expect(Object.keys(files).sort()).toEqual(Object.keys(byApi).sort());
    for (const name of Object.keys(files))
      expect(body(files[name]!), name).toBe(body(byApi[name]!));
    expect((await gen("--check")).code).toBe(0);
  });

  it("that fails is a one-line error, and nothing is written", async () => {
    await write(
      "package.json",
      JSON.stringify({
        "tool-validators": {
          formatter: {
            command: "node -e \"process.stderr.write('bad input\\\\nat line 2'); process.exit(3)\"",
          },
        },
      }),
    );
    const result = await gen();
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: `tool-validators: the formatter command "node -e \\"process.stderr.write('bad input\\\\\\\\nat line 2'); process.exit(3)\\"" failed on generated/types.ts: exit 3, bad input.\n`,
    });
    expect(await fs.readdir(work)).not.toContain("generated");
  });
});

describe("the formatter setting", () => {
  it.each([
    [
      '"prettiier"',
      '"formatter" must be "prettier", "biome", "none" or { "command": "..." }, not "prettiier" (did you mean "prettier"?)',
    ],
    [
      '{ "comand": "x" }',
      '"formatter" has an unknown key "comand" (did you mean "command"?); its one key is "command"',
    ],
    [
      '{ "command": "" }',
      '"formatter.command" must be a command line on one line, which reads the text on stdin and prints it formatted ({file} stands for the file\'s path), not ""',
    ],
    ["3", '"formatter" must be "prettier", "biome", "none" or { "command": "..." }, not 3'],
  ])("%s is refused", async (value, reason) => {
    await write("tool-validators.config.json", `{ "formatter": ${value} }\n`);
    expect(await gen()).toEqual({
      code: 2,
      stdout: "",
      stderr: `tool-validators: tool-validators.config.json: ${reason}.\n`,
    });
  });

  it("--formatter takes a formatter's name, and is named in the files' first line", async () => {
    const bad = await gen("--formatter", "biom");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'tool-validators: --formatter must be "prettier", "biome", "none" (a formatter command is set in the settings), not "biom" (did you mean "biome"?)\nRun `npx tool-validators --help` for usage.\n',
    );
    await linkPrettier(work);
    await write(".prettierrc.json", "{}\n");
    expect((await gen("--formatter", "none")).code).toBe(0);
    const index = await fs.readFile(path.join(work, "generated/index.ts"), "utf8");
    expect(index.split("\n")[0]).toBe(
      "// Generated by tool-validators. Do not edit: run `npx tool-validators --formatter none`.",
    );
    // No formatter: the emitted text, which the golden files hold.
    const [agentSdk] = goldenCases().filter((testCase) => testCase.name === "agent-sdk");
    const expected = await generateCase(agentSdk!);
    const body = (text: string) => text.slice(text.indexOf("\n"));
    const search = expected.output!.find((file) => file.name === "search-files.ts")!;
    expect(body(await fs.readFile(path.join(work, "generated/search-files.ts"), "utf8"))).toBe(
      body(search.content),
    );
  });
});
