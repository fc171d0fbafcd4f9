// The generator's command line (in this process, cli.ts's `main`): exit codes, the drift check,
// untouched output on failure, determinism across folders; and spawned for real, the compiled
// command answering as `main` does, and the project's npm scripts. Each test's folder has the
// command this project names in the headers (`npm run gen`) and no formatter, so that its
// output equals the golden files.
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/context.js";
import { AGENT_SDK_OUTPUT, CODEGEN_FIXTURES, SUPPORT_FILES } from "../helpers/golden.js";
import { runMain } from "../helpers/inProcess.js";
import { REPO, run, runGen, snapshotFolder } from "../helpers/spawn.js";

let work: string;

beforeEach(async () => {
  work = await makeTempDir("tv-cli-");
  await fs.cp(path.join(CODEGEN_FIXTURES, "agent-sdk/src"), path.join(work, "src"), {
    recursive: true,
  });
  await fs.writeFile(
    path.join(work, "tool-validators.config.json"),
    '{ "command": "npm run gen" }\n',
  );
});

afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const TOOLS = ["--tools", "src/tools/**/*.ts"];
const expectedDir = path.join(CODEGEN_FIXTURES, "agent-sdk/expected");

describe("npm run gen", () => {
  it("--help prints the usage and exits 0", async () => {
    const result = await runMain(["--help"], work);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: tool-validators [options]");
    expect(result.stdout).toContain("--check");
    expect(result.stdout).toContain(
      "Exit codes: 0 done (or up to date); 1 the check found differences; 2 bad declarations, bad options\nor settings, or a file-system problem (nothing was written); 3 an internal error (a bug in the\ngenerator); 130 or 143 stopped by SIGINT or SIGTERM (before its first rename: nothing was written).\n",
    );
  });

  it("--version prints the package's version and exits 0", async () => {
    const { version } = JSON.parse(await fs.readFile(path.join(REPO, "package.json"), "utf8")) as {
      version: string;
    };
    const result = await runMain(["--version"], work);
    expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it.each([
    [["--bogus"], "tool-validators: Unknown option '--bogus'"],
    [["--mode", "loose"], 'tool-validators: --mode must be "strict" or "standard", not "loose"'],
    [["--out"], "tool-validators: Option '--out <value>' argument missing"],
    [["extra"], "tool-validators: Unexpected argument 'extra'"],
  ])("bad flags %j exit 2 with a clear message and a --help hint", async (args, message) => {
    const result = await runMain(args, work);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("Run `npm run gen -- --help` for usage.");
    expect(await snapshotFolder(path.join(work, "generated"))).toEqual({});
  });

  it("the report subcommand's messages start with the command's name too", async () => {
    const result = await runMain(["report", "missing.jsonl"], work);
    expect(result.stderr).toBe(
      "tool-validators report: cannot read missing.jsonl: no such file or folder (ENOENT).\n",
    );
    expect(result.code).toBe(2);
  });

  it("writes the validators, reports what it does not enforce, then finds nothing to do", async () => {
    const first = await runMain(TOOLS, work);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      "Generated validators for 3 tools from 5 files into generated/ (12 files: 12 written, 0 unchanged, 0 removed).",
    );
    expect(first.stdout).toContain(
      "No validator for NoteList (src/tools/notes.ts): it declares no parameters.",
    );
    expect(first.stdout).toContain("  NoteWrite: minItems at notes, maxLength at notes[].title");

    const second = await runMain(TOOLS, work);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("(12 files: 0 written, 12 unchanged, 0 removed)");
  });

  it("gives byte-identical output in two different folders, equal to the golden files", async () => {
    const other = await makeTempDir("tv-cli-other-");
    try {
      await fs.cp(work, path.join(other, "nested/deeper"), { recursive: true });
      expect((await runMain(TOOLS, work)).code).toBe(0);
      expect((await runMain(TOOLS, path.join(other, "nested/deeper"))).code).toBe(0);
      const a = await snapshotFolder(path.join(work, "generated"));
      const b = await snapshotFolder(path.join(other, "nested/deeper/generated"));
      expect(a).toEqual(b);
      // The golden files hold the tool modules and index.ts (support.test.ts checks the rest).
      const golden = await snapshotFolder(expectedDir);
      expect(Object.fromEntries(Object.entries(a).filter(([name]) => name in golden))).toEqual(
        golden,
      );
      expect(
        Object.keys(a)
          .filter((name) => !(name in golden))
          .sort(),
      ).toEqual(SUPPORT_FILES);
    } finally {
      await fs.rm(other, { recursive: true, force: true });
    }
  });

  it("--check reports every stale, missing and extra file, exits 1 and writes nothing", async () => {
    expect((await runMain(TOOLS, work)).code).toBe(0);
    const out = path.join(work, "generated");
    const upToDate = await runMain([...TOOLS, "--check"], work);
    expect(upToDate.code).toBe(0);
    expect(upToDate.stdout).toContain("generated/ is up to date (12 files, 3 validators).");

    const fetchFile = path.join(out, "fetch-url.ts");
    await fs.writeFile(
      fetchFile,
      (await fs.readFile(fetchFile, "utf8")).replace('"GET"', '"POST"'),
    );
    await fs.rm(path.join(out, "note-write.ts"));
    const extra =
      '// Generated by tool-validators from src/tools/gone.ts (tool "Gone"). Do not edit: run `npm run gen`.\nexport {};\n';
    await fs.writeFile(path.join(out, "gone.ts"), extra);
    await fs.writeFile(path.join(out, "handwritten.ts"), "export const mine = 1;\n");
    const before = await snapshotFolder(out);

    const check = await runMain([...TOOLS, "--check"], work);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("generated/ is out of date (3 differences):");
    expect(check.stderr).toContain("  stale    generated/fetch-url.ts");
    expect(check.stderr).toMatch(/- .*"POST"/);
    expect(check.stderr).toMatch(/\+ .*"GET"/);
    expect(check.stderr).toContain("  missing  generated/note-write.ts");
    expect(check.stderr).toContain("  extra    generated/gone.ts (its tool no longer exists)");
    expect(check.stderr).not.toContain("handwritten.ts");
    expect(await snapshotFolder(out)).toEqual(before);

    const regenerate = await runMain(TOOLS, work);
    expect(regenerate.code).toBe(0);
    expect(regenerate.stdout).toContain("2 written, 10 unchanged, 1 removed");
    const after = await snapshotFolder(out);
    expect(after["gone.ts"]).toBeUndefined();
    expect(after["handwritten.ts"]).toBe("export const mine = 1;\n");
  });

  it("bad declarations exit 2 and leave the output folder exactly as it was", async () => {
    expect((await runMain(TOOLS, work)).code).toBe(0);
    const before = await snapshotFolder(work);
    const search = path.join(work, "src/tools/search.ts");
    const broken = (await fs.readFile(search, "utf8")).replace(
      'required: ["pattern"]',
      'requried: ["pattern"]',
    );
    await fs.writeFile(search, broken);
    const result = await runMain(TOOLS, work);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /src\/tools\/search\.ts:\d+:\d+ - error TV2010: Tool "search_files", parameters\.requried: Unknown keyword "requried"\. Did you mean "required"\?/,
    );
    expect(result.stderr).toContain("Nothing was written: fix the errors above.");
    const after = await snapshotFolder(work);
    expect(after).toEqual({ ...before, "src/tools/search.ts": broken });
    const check = await runMain([...TOOLS, "--check"], work);
    expect(check.code).toBe(2);
  });

  it("refuses to overwrite a file it did not write, and writes nothing", async () => {
    const out = path.join(work, "generated");
    await fs.mkdir(out);
    await fs.writeFile(path.join(out, "index.ts"), "// mine\n");
    const result = await runMain(TOOLS, work);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'generated/index.ts (a file the generator did not write: no "// Generated by tool-validators" first line) is in the way',
    );
    expect(await snapshotFolder(out)).toEqual({ "index.ts": "// mine\n" });
  });

  it("--tools matching files without a tool declaration is an error, and the output is kept", async () => {
    expect((await runMain(TOOLS, work)).code).toBe(0);
    const before = await snapshotFolder(work);
    const result = await runMain(["--tools", "src/constants/*.ts"], work);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      [
        'error TV3003: No tool declaration found in the 3 files matching "src/constants/*.ts" (is the glob right?).',
        "Found 1 error.",
        "Nothing was written: fix the errors above.",
        "",
      ].join("\n"),
    );
    expect(await snapshotFolder(work)).toEqual(before);

    const none = await runMain(["--tools", "src/tool/**/*.ts"], work);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('error TV3001: No files match "src/tool/**/*.ts".\n');
    expect(await snapshotFolder(work)).toEqual(before);
    // From a subfolder, the globs are still relative to the settings' folder, which the message
    // names relative to the working folder: never an absolute path.
    const below = await runMain(["--tools", "tool/**/*.ts"], path.join(work, "src"));
    expect(below.code).toBe(2);
    expect(below.stderr).toContain('error TV3001: No files match "src/tool/**/*.ts" (in ..).\n');
    expect(below.stderr).not.toContain(work);
  });

  it("reads a file reached twice through a symbolic link once, under its first path", async () => {
    // src/extra/fetch.ts, also reached as src/tools/extra/fetch.ts.
    await fs.mkdir(path.join(work, "src/extra"));
    const fetchTool = (await fs.readFile(path.join(work, "src/tools/fetch.ts"), "utf8")).replaceAll(
      '"./',
      '"../tools/',
    );
    await fs.writeFile(path.join(work, "src/extra/fetch.ts"), fetchTool);
    await fs.rm(path.join(work, "src/tools/fetch.ts"));
    await fs.symlink("../extra", path.join(work, "src/tools/extra"));

    const all = await runMain(["--tools", "src/**/*.ts", "--out", "all"], work);
    expect(all.stderr).toBe("");
    expect(all.code).toBe(0);
    expect(all.stdout).toContain("Generated validators for 3 tools from 9 files into all/");
    expect(await fs.readFile(path.join(work, "all/fetch-url.ts"), "utf8")).toMatch(
      /^\/\/ Generated by tool-validators from src\/extra\/fetch\.ts \(tool "fetch_url"\)\./,
    );

    // Reached through the link only: shown there, its imports resolved where it really is.
    const tools = await runMain([...TOOLS, "--out", "tools"], work);
    expect(tools.stderr).toBe("");
    expect(tools.code).toBe(0);
    expect((await fs.readFile(path.join(work, "tools/fetch-url.ts"), "utf8")).split("\n")[0]).toBe(
      '// Generated by tool-validators from src/tools/extra/fetch.ts (tool "fetch_url"). Do not edit: run `npm run gen -- --out tools`.',
    );
  });

  it("writes only inside the output folder, which may be anywhere", async () => {
    const before = await snapshotFolder(work);
    const result = await runMain(
      [...TOOLS, "--out", "build/validators", "--mode", "standard"],
      work,
    );
    expect(result.code).toBe(0);
    const after = await snapshotFolder(work);
    const added = Object.keys(after).filter((name) => !(name in before));
    expect(added.sort()).toEqual(AGENT_SDK_OUTPUT.map((f) => `build/validators/${f}`));
    expect(after["build/validators/index.ts"]!.split("\n")[0]).toBe(
      "// Generated by tool-validators. Do not edit: run `npm run gen -- --out build/validators --mode standard`.",
    );
  });

  it("the compiled command, spawned, answers as main does: exit code, stdout, stderr, files", async () => {
    const twin = await makeTempDir("tv-cli-twin-");
    try {
      await fs.cp(work, twin, { recursive: true });
      const fetchUrl = (dir: string) => path.join(dir, "generated/fetch-url.ts");
      const steps: [string[], (dir: string) => Promise<void>][] = [
        [TOOLS, async () => {}],
        [
          [...TOOLS, "--check"],
          async (dir) =>
            fs.writeFile(
              fetchUrl(dir),
              (await fs.readFile(fetchUrl(dir), "utf8")).replace('"GET"', '"POST"'),
            ),
        ],
        [["--bogus"], async () => {}],
        [["--version"], async () => {}],
      ];
      const codes = [];
      for (const [args, before] of steps) {
        await before(work);
        await before(twin);
        const spawned = await runGen(args, work);
        expect(spawned, args.join(" ")).toEqual(await runMain(args, twin));
        codes.push(spawned.code);
      }
      expect(codes).toEqual([0, 1, 2, 0]);
      expect(await snapshotFolder(work)).toEqual(await snapshotFolder(twin));
    } finally {
      await fs.rm(twin, { recursive: true, force: true });
    }
  });

  it("runs as `npm run gen` and `npm run gen:check` from the project", async () => {
    const glob = path.join(work, "src/tools/**/*.ts");
    const out = path.join(work, "out");
    const gen = await run("npm", ["run", "-s", "gen", "--", "--tools", glob, "--out", out], REPO);
    expect(gen.stderr).toBe("");
    expect(gen.code).toBe(0);
    const check = await run(
      "npm",
      ["run", "-s", "gen:check", "--", "--tools", glob, "--out", out],
      REPO,
    );
    expect(check.code).toBe(0);
  });
});
