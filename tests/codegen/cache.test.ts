// The cache in node_modules/.cache/tool-validators: a run with nothing changed reuses the last
// run's output, after verifying everything it depended on; any difference and it generates from
// scratch. Whatever the cache holds, the command says exactly what it says without it.
// TOOL_VALIDATORS_DEBUG=1 makes the command say on stderr whether it reused the output. The
// command runs in this process (cli.ts's `main`): each run reads the cache from disk, as a new
// process would.
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/context.js";
import { CODEGEN_FIXTURES } from "../helpers/golden.js";
import { linkPrettier } from "../helpers/formatters.js";
import { runMain } from "../helpers/inProcess.js";
import { snapshotFolder } from "../helpers/spawn.js";

let work: string;
let cacheDir: string;

beforeEach(async () => {
  work = await makeTempDir("tv-cache-");
  await fs.cp(path.join(CODEGEN_FIXTURES, "agent-sdk/src"), path.join(work, "src"), {
    recursive: true,
  });
  await fs.mkdir(path.join(work, "node_modules"));
  cacheDir = path.join(work, "node_modules/.cache/tool-validators");
});

afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const DEBUG = { TOOL_VALIDATORS_DEBUG: "1" };
const gen = (args: string[] = []) => runMain(args, work, { env: DEBUG });
const REUSED = "tool-validators: nothing changed since the last run: its output is reused\n";

/** The output without the cache's own line. */
const plain = (text: string) =>
  text
    .split("\n")
    .filter((line) => !line.startsWith("tool-validators: "))
    .join("\n");

/** Sets a file's modification time back, as if it had been written before the run. */
async function age(file: string): Promise<void> {
  const past = new Date(Date.now() - 60_000);
  await fs.utimes(file, past, past);
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const full = path.join(work, file);
  await fs.writeFile(full, change(await fs.readFile(full, "utf8")));
  await age(full);
}

describe("the cache of the last run", () => {
  it("is reused when nothing changed, and the command says exactly what it says without it", async () => {
    const first = await gen();
    expect(first.stderr).toBe("tool-validators: generating: no cache of an earlier run\n");
    expect(first.code).toBe(0);
    expect(await fs.readdir(cacheDir)).toHaveLength(1);

    const again = await gen();
    expect(again.stderr).toBe(REUSED);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("(12 files: 0 written, 12 unchanged, 0 removed)");
    expect(again.stdout).toBe((await runMain(["--no-cache"], work)).stdout);

    const check = await gen(["--check"]);
    expect(check.stderr).toBe(REUSED);
    expect(check.code).toBe(0);
    expect(check.stdout).toBe((await runMain(["--check", "--no-cache"], work)).stdout);

    // The output folder is compared as always: an edited file is stale, with the same report.
    const out = path.join(work, "generated");
    await fs.writeFile(
      path.join(out, "fetch-url.ts"),
      (await fs.readFile(path.join(out, "fetch-url.ts"), "utf8")).replace('"GET"', '"POST"'),
    );
    const stale = await gen(["--check"]);
    expect(stale.stderr.startsWith(REUSED)).toBe(true);
    expect(stale.code).toBe(1);
    const uncached = await runMain(["--check", "--no-cache"], work);
    expect(uncached.code).toBe(1);
    expect(plain(stale.stderr)).toBe(uncached.stderr);
    expect(uncached.stderr).toContain("  stale    generated/fetch-url.ts");
  });

  it.each([
    [
      "a tool file",
      "src/tools/search.ts",
      (text: string) => text.replace('required: ["pattern"]', "required: []"),
      1,
    ],
    [
      "a constant read through a re-export",
      "src/constants/limits.ts",
      (text: string) => text.replace(/= (\d+)/, "= 1$1"),
      1,
    ],
    [
      "a module only passed through (export * from)",
      "src/constants/index.ts",
      (text: string) => `// A comment.\n${text}`,
      0,
    ],
  ])("a change to %s is seen", async (_, file, change, code) => {
    expect((await gen()).code).toBe(0);
    const before = await fs.readFile(path.join(work, file), "utf8");
    await edit(file, change);
    expect(await fs.readFile(path.join(work, file), "utf8")).not.toBe(before);
    const check = await gen(["--check"]);
    expect(check.stderr.split("\n")[0]).toBe(`tool-validators: generating: ${file} changed`);
    expect(check.code).toBe(code);
    // The check wrote nothing: the next one sees the change again; a run that writes records it.
    expect((await gen(["--check"])).stderr.split("\n")[0]).toBe(
      `tool-validators: generating: ${file} changed`,
    );
    expect((await gen()).code).toBe(0);
    expect((await gen(["--check"])).stderr).toBe(REUSED);
  });

  it("a file added where an import would now resolve, or matched by the globs, is seen; another is not", async () => {
    expect((await gen()).code).toBe(0);
    // No import can mean this file: the reader never asked for it.
    await fs.writeFile(path.join(work, "src/constants/more.ts"), "export const MORE = 1;\n");
    expect((await gen(["--check"])).stderr).toBe(REUSED);
    // `./limits.js` now leads to the JavaScript module: the same value, read from another file.
    await fs.rename(
      path.join(work, "src/constants/limits.ts"),
      path.join(work, "src/constants/limits.js"),
    );
    const moved = await gen(["--check"]);
    expect(moved.stderr.split("\n")[0]).toBe(
      `tool-validators: generating: src/constants/limits.ts cannot be read`,
    );
    expect(moved.code).toBe(0);

    await fs.copyFile(path.join(work, "src/tools/notes.ts"), path.join(work, "src/tools/copy.ts"));
    const matched = await gen(["--check"]);
    expect(matched.stderr.split("\n")[0]).toBe(
      "tool-validators: generating: the tool files matched changed",
    );
    // The copy declares the same tools (one validator each), but it is read: the output changed.
    expect(matched.code).toBe(1);
    expect(matched.stdout + matched.stderr).toContain("stale");
  });

  it("other settings, or other prettier options, are seen", async () => {
    // A host that formats with its prettier.
    await linkPrettier(work);
    await fs.writeFile(path.join(work, ".prettierrc.json"), "{}\n");
    expect((await gen()).code).toBe(0);
    const standard = await gen(["--mode", "standard", "--check"]);
    expect(standard.stderr.split("\n")[0]).toBe(
      "tool-validators: generating: the settings changed",
    );
    expect(standard.code).toBe(1);

    // The check recorded nothing: the last run's settings are still the cached ones.
    expect((await gen()).stderr).toBe(REUSED);
    await fs.writeFile(path.join(work, ".prettierrc.json"), '{ "printWidth": 90 }\n');
    const options = await gen(["--check"]);
    expect(options.stderr.split("\n")[0]).toMatch(
      /^tool-validators: generating: the formatter's configuration of [\w-]+\.ts changed$/,
    );
    expect(options.code).toBe(1);
  });

  it("reuses the formatting of every file whose text did not change", async () => {
    // A tool module that imports from the output folder (its generated argument types): the
    // output is no input, and rewriting it does not spoil the cache.
    await edit(
      "src/tools/notes.ts",
      (text) => `import type { NoteWriteArgs } from "../../generated/index.js";\n${text}`,
    );
    expect((await gen()).code).toBe(0);
    await edit("src/tools/search.ts", (text) =>
      text.replace('required: ["pattern"]', "required: []"),
    );
    const result = await gen();
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      [
        `tool-validators: generating: src/tools/search.ts changed`,
        // The tool's own module changed; index.ts (names and types only) did not.
        "tool-validators: 11 of 12 files needed no formatting",
        "",
      ].join("\n"),
    );
    expect(result.stdout).toContain("(12 files: 1 written, 11 unchanged, 0 removed)");
    expect((await gen(["--check"])).stderr).toBe(REUSED);
    const cached = await snapshotFolder(path.join(work, "generated"));
    expect((await runMain(["--no-cache", "--check"], work)).code).toBe(0);
    await fs.rm(path.join(work, "generated"), { recursive: true });
    expect((await runMain(["--no-cache"], work)).code).toBe(0);
    expect(await snapshotFolder(path.join(work, "generated"))).toEqual(cached);
  });

  it("a damaged cache is ignored", async () => {
    expect((await gen()).code).toBe(0);
    const [name] = await fs.readdir(cacheDir);
    const file = path.join(cacheDir, name!);
    const manifest = JSON.parse(await fs.readFile(file, "utf8"));
    manifest.output[0].content += "// tampered\n";
    await fs.writeFile(file, JSON.stringify(manifest));
    const check = await gen(["--check"]);
    expect(check.stderr).toBe("tool-validators: generating: no cache of an earlier run\n");
    expect(check.code).toBe(0);
    await fs.writeFile(file, "{");
    expect((await gen(["--check"])).stderr).toBe(
      "tool-validators: generating: no cache of an earlier run\n",
    );
  });

  it("--check reads it but never writes it: not the cache folder, not a manifest", async () => {
    expect((await runMain(["--no-cache"], work)).code).toBe(0);
    const fresh = await gen(["--check"]);
    expect(fresh.stderr).toBe("tool-validators: generating: no cache of an earlier run\n");
    expect(fresh.code).toBe(0);
    await expect(fs.readdir(path.join(work, "node_modules"))).resolves.toEqual([]);

    expect((await gen()).code).toBe(0);
    const cached = await snapshotFolder(cacheDir);
    await edit("src/tools/search.ts", (text) =>
      text.replace('required: ["pattern"]', "required: []"),
    );
    expect((await gen(["--check"])).code).toBe(1);
    expect(await snapshotFolder(cacheDir)).toEqual(cached);
  });

  it("--no-cache neither reads nor writes it", async () => {
    const result = await runMain(["--no-cache"], work, { env: DEBUG });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    await expect(fs.readdir(cacheDir)).rejects.toThrow(/ENOENT/);
  });
});
