// The cache's inputs are what the reader itself resolved and read (the command run in this
// process, cli.ts's `main`): a cached `--check` says exactly what `--no-cache --check` says after
//  (a) a tool file that is a symbolic link is re-pointed to another file (`ln -sfn`);
//  (b) a module appears beside one that was read where an import prefers it, for imports
//      written in ways no pattern over the text finds (`from /* c */ "..."`, escapes);
//  (c) prettier 2, which loads the plugins installed beside it by itself, gets a plugin or
//      its plugin changes: the host's `prettier --check` sees it, so must the cached check.
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/context.js";
import { CODEGEN_FIXTURES } from "../helpers/golden.js";
import { runMain } from "../helpers/inProcess.js";
import { REPO, run } from "../helpers/spawn.js";

let work: string;

beforeEach(async () => {
  work = await makeTempDir("tv-cache-inputs-");
  await fs.cp(path.join(CODEGEN_FIXTURES, "agent-sdk/src"), path.join(work, "src"), {
    recursive: true,
  });
  await fs.mkdir(path.join(work, "node_modules"));
});

afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const DEBUG = { TOOL_VALIDATORS_DEBUG: "1" };
const REUSED = "tool-validators: nothing changed since the last run: its output is reused\n";

/** The output without the cache's own lines. */
const plain = (text: string) =>
  text
    .split("\n")
    .filter((line) => !line.startsWith("tool-validators: "))
    .join("\n");

/** A cached `--check` and an uncached one: they must say the same. */
async function bothChecks(): Promise<{ cached: string; code: number | null }> {
  const cached = await runMain(["--check"], work, { env: DEBUG });
  const uncached = await runMain(["--check", "--no-cache"], work);
  expect({ code: cached.code, stdout: cached.stdout, stderr: plain(cached.stderr) }).toEqual({
    code: uncached.code,
    stdout: uncached.stdout,
    stderr: uncached.stderr,
  });
  return { cached: cached.stderr, code: cached.code };
}

async function write(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(work, file)), { recursive: true });
  await fs.writeFile(path.join(work, file), text);
}

const tool = (name: string, key: string) => `export const tool = {
  name: "${name}",
  config: { type: "function", function: { name: "${name}", parameters: { type: "object", properties: { ${key}: { type: "string" } } } } },
};
`;

describe("the cache's inputs are the files as the reader resolved them", () => {
  it("(a) a tool file that is a symbolic link, re-pointed to another file", async () => {
    await write("variants/first.ts", tool("Linked", "first"));
    await write("variants/second.ts", tool("Linked", "second"));
    await fs.symlink("../../variants/first.ts", path.join(work, "src/tools/linked.ts"));
    expect((await runMain([], work)).code).toBe(0);
    expect((await bothChecks()).cached).toBe(REUSED);

    await fs.rm(path.join(work, "src/tools/linked.ts"));
    await fs.symlink("../../variants/second.ts", path.join(work, "src/tools/linked.ts"));
    const { cached, code } = await bothChecks();
    expect(code).toBe(1);
    expect(cached.split("\n")[0]).toBe(
      "tool-validators: generating: the tool files matched changed",
    );
  });

  it.each([
    ["a comment before the specifier", 'from /* the names */ "../legacy/extra.js"'],
    ["an escape in the specifier", 'from "../\\u006cegacy/extra.js"'],
    ["a line break before the specifier", 'from\n  "../legacy/extra.js"'],
  ])("(b) a module appearing beside a .js one, imported with %s", async (_, from) => {
    await write("src/legacy/extra.js", 'export const EXTRA_KEY = "from_js";\n');
    await write(
      "src/tools/extra.ts",
      `import { EXTRA_KEY } ${from};
export const extraTool = {
  name: "Extra",
  config: { type: "function", function: { name: "Extra", parameters: { type: "object", properties: { [EXTRA_KEY]: { type: "string" } } } } },
};
`,
    );
    expect((await runMain([], work)).code).toBe(0);
    expect((await bothChecks()).cached).toBe(REUSED);

    // TypeScript takes extra.ts over extra.js for "./extra.js".
    await write("src/legacy/extra.ts", 'export const EXTRA_KEY = "from_ts";\n');
    const { cached, code } = await bothChecks();
    expect(code).toBe(1);
    expect(cached.split("\n")[0]).toBe(`tool-validators: generating: src/legacy/extra.ts appeared`);
  });
});

describe("the host's configuration of the output folder is an input too", () => {
  it("a tsconfig.json that appears above the output folder, making it CommonJS with verbatimModuleSyntax", async () => {
    await write("package.json", '{ "name": "host", "private": true }\n');
    expect((await runMain([], work)).code).toBe(0);
    expect((await bothChecks()).cached).toBe(REUSED);
    await write(
      "tsconfig.json",
      '{ "compilerOptions": { "module": "NodeNext", "verbatimModuleSyntax": true } }\n',
    );
    const { cached, code } = await bothChecks();
    expect(code).toBe(2);
    expect(cached.split("\n")[0]).toBe(`tool-validators: generating: tsconfig.json appeared`);
  });
});

const PRETTIER_2 = path.join(REPO, "tests/host-toolchain/node_modules/prettier");

/** A prettier 2 plugin that ends every TypeScript file with one comment naming its version. */
function plugin(version: string): string {
  return `const { parsers } = require("prettier/parser-typescript");
const mark = (text) =>
  text.replace(/\\s*(?:\\/\\/ formatted by notes \\S+\\s*)?$/, "") + "\\n\\n// formatted by notes ${version}\\n";
module.exports = { parsers: { typescript: { ...parsers.typescript, preprocess: mark } } };
`;
}

async function installPlugin(version: string): Promise<void> {
  await write(
    "node_modules/prettier-plugin-notes/package.json",
    '{ "name": "prettier-plugin-notes", "version": "1.0.0", "main": "index.js" }\n',
  );
  await write("node_modules/prettier-plugin-notes/index.js", plugin(version));
}

/** The host's own `prettier --check` on the output folder. */
async function hostPrettierCheck(): Promise<number | null> {
  const result = await run(
    process.execPath,
    [path.join(work, "node_modules/prettier/bin-prettier.js"), "--check", "generated"],
    work,
  );
  return result.code;
}

describe("(c) prettier 2 and the plugins it loads by itself", () => {
  beforeEach(async () => {
    await fs.cp(PRETTIER_2, path.join(work, "node_modules/prettier"), { recursive: true });
    // The host formats with it.
    await write(".prettierrc.json", "{}\n");
  });

  it("with a plugin installed nothing is cached, and a changed plugin is seen", async () => {
    await installPlugin("v1");
    const first = await runMain([], work, { env: DEBUG });
    expect(first.code).toBe(0);
    expect(await fs.readFile(path.join(work, "generated/index.ts"), "utf8")).toMatch(
      /\/\/ formatted by notes v1\n$/,
    );
    expect(await hostPrettierCheck()).toBe(0);

    await installPlugin("v2");
    expect(await hostPrettierCheck()).toBe(1);
    const { code } = await bothChecks();
    expect(code).toBe(1);
  });

  it("a plugin that appears is seen", async () => {
    expect((await runMain([], work)).code).toBe(0);
    expect((await bothChecks()).cached).toBe(REUSED);
    await installPlugin("v1");
    expect(await hostPrettierCheck()).toBe(1);
    const { cached, code } = await bothChecks();
    expect(code).toBe(1);
    expect(cached.split("\n")[0]).toBe(
      `tool-validators: generating: the prettier plugins in node_modules changed`,
    );
  });
});
