// The output folder, through the command line: file-system problems and entries in the way, the
// lock of a killed run and what it left (in this process, cli.ts's `main`, but for a read-only
// folder, which needs a process without root's permissions), and through the real command the
// runs stopped by a signal and runs at once in several processes.
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, inject, it, onTestFinished, vi } from "vitest";
import { main } from "../../src/cli.js";
import { Interrupted } from "../../src/output/errors.js";
import { writeFolder } from "../../src/output/folder.js";
import { LOCK_NAME, LOCK_STALE_MS, LOCK_WAIT_MS, lockFolder } from "../../src/output/lock.js";
import { makeTempDir } from "../helpers/context.js";
import { runMain } from "../helpers/inProcess.js";
import { AGENT_SDK_OUTPUT, CODEGEN_FIXTURES } from "../helpers/golden.js";
import { genCommand, runGen, snapshotFolder } from "../helpers/spawn.js";

let work: string;
let out: string;

beforeEach(async () => {
  work = await makeTempDir("tv-out-");
  await fs.cp(path.join(CODEGEN_FIXTURES, "agent-sdk/src"), path.join(work, "src"), {
    recursive: true,
  });
  out = path.join(work, "generated");
});

afterEach(async () => {
  await fs.chmod(out, 0o755).catch(() => {});
  await fs.rm(work, { recursive: true, force: true });
});

const TOOLS = ["--tools", "src/tools/**/*.ts"];
const GENERATED = AGENT_SDK_OUTPUT;

/** Changes a declaration so that the next run has a file to write. */
async function changeFetchTool(): Promise<void> {
  const file = path.join(work, "src/tools/fetch.ts");
  const text = await fs.readFile(file, "utf8");
  await fs.writeFile(file, text.replace('["GET", "HEAD"]', '["GET", "HEAD", "POST"]'));
}

/** The one line a file-system problem gives: no stack trace, nothing else. */
function expectOneLine(stderr: string, line: string): void {
  expect(stderr).toBe(`${line}\n`);
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe("file-system problems: one line naming the path and the reason, exit 2, nothing written", () => {
  it("--out naming a file", async () => {
    await fs.writeFile(path.join(work, "out.txt"), "a file\n");
    const before = await snapshotFolder(work);
    const result = await runMain([...TOOLS, "--out", "out.txt"], work);
    expect(result.code).toBe(2);
    expectOneLine(
      result.stderr,
      "tool-validators: cannot write to out.txt: it is a file, not a folder (ENOTDIR). Nothing was written.",
    );
    expect(await snapshotFolder(work)).toEqual(before);

    const below = await runMain([...TOOLS, "--out", "out.txt/validators"], work);
    expect(below.code).toBe(2);
    expectOneLine(
      below.stderr,
      "tool-validators: cannot create the folder out.txt/validators: a part of the path is a file, not a folder (ENOTDIR). Nothing was written.",
    );
    expect(await snapshotFolder(work)).toEqual(before);
  });

  it("a read-only output folder", async () => {
    expect((await runMain(TOOLS, work)).code).toBe(0);
    await changeFetchTool();
    const before = await snapshotFolder(out);
    await fs.chmod(out, 0o555);
    // Permissions do not stop root: then the command runs without the capabilities that
    // override them (the same user, so it reaches the clone wherever it sits).
    const readOnly = { obeyPermissions: true };
    const result = await runGen(TOOLS, work, readOnly);
    expect(result.code).toBe(2);
    expectOneLine(
      result.stderr,
      "tool-validators: cannot write to generated/: permission denied (EACCES). Nothing was written.",
    );
    expect(await snapshotFolder(out)).toEqual(before);
    expect((await fs.readdir(out)).sort()).toEqual(GENERATED);

    // The drift check reads only: it works on a read-only folder.
    const check = await runGen([...TOOLS, "--check"], work, readOnly);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("  stale    generated/fetch-url.ts");
  });

  it("a folder name too long", async () => {
    const long = "v".repeat(300);
    const result = await runMain([...TOOLS, "--out", long], work);
    expect(result.code).toBe(2);
    expectOneLine(
      result.stderr,
      `tool-validators: cannot create the folder ${long}: name too long (ENAMETOOLONG). Nothing was written.`,
    );
    expect((await fs.readdir(work)).sort()).toEqual(["src"]);
  });

  it("an unexpected exception is an internal error: one line, exit 3", async () => {
    const stderr: string[] = [];
    const code = await main(["--help"], {
      stdout: () => {
        throw new TypeError("the terminal went away");
      },
      stderr: (text) => stderr.push(text),
      cwd: work,
    });
    expect(code).toBe(3);
    expect(stderr).toEqual([
      "tool-validators: internal error (a bug in the generator): TypeError: the terminal went away\n",
    ]);
  });
});

describe("entries in the way: never overwritten, followed or removed", () => {
  it.each([
    ["a symbolic link out of the folder", "symbolic link"],
    ["a folder", "folder"],
  ])("index.ts as %s: exit 2, nothing written, the check reports it", async (_, kind) => {
    await fs.mkdir(out);
    await fs.writeFile(path.join(work, "precious.ts"), "export const precious = 1;\n");
    const index = path.join(out, "index.ts");
    if (kind === "folder") await fs.mkdir(index);
    else await fs.symlink("../precious.ts", index);

    const result = await runMain(TOOLS, work);
    expect(result.code).toBe(2);
    expectOneLine(
      result.stderr,
      `tool-validators: cannot write to generated/: generated/index.ts (a ${kind}) is in the way, and the generator never overwrites, follows or removes what it did not write. Move or delete it, or choose another --out folder. Nothing was written.`,
    );
    expect((await fs.readdir(out)).sort()).toEqual(["index.ts"]);
    const stat = await fs.lstat(index);
    expect(kind === "folder" ? stat.isDirectory() : stat.isSymbolicLink()).toBe(true);
    expect(await fs.readFile(path.join(work, "precious.ts"), "utf8")).toBe(
      "export const precious = 1;\n",
    );

    const check = await runMain([...TOOLS, "--check"], work);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(`  foreign  generated/index.ts (a ${kind}, in the way)`);
  });

  it("lists every entry in the way, files it did not write too", async () => {
    await fs.mkdir(path.join(out, "types.ts"), { recursive: true });
    await fs.writeFile(path.join(out, "index.ts"), "// mine\n");
    const result = await runMain(TOOLS, work);
    expect(result.code).toBe(2);
    expectOneLine(
      result.stderr,
      'tool-validators: cannot write to generated/: generated/index.ts (a file the generator did not write: no "// Generated by tool-validators" first line), generated/types.ts (a folder) are in the way, and the generator never overwrites, follows or removes what it did not write. Move or delete them, or choose another --out folder. Nothing was written.',
    );
    expect((await fs.readdir(out)).sort()).toEqual(["index.ts", "types.ts"]);
  });
});

/**
 * A process that takes the output folder's lock with the generator's own code and is then killed
 * with SIGKILL: the lock of a dead run, as fresh as a lock can be.
 */
async function lockOfKilledRun(folder: string): Promise<void> {
  // The compiled generator's lock module: Node alone, no TypeScript loader to start.
  const lockModule = pathToFileURL(path.join(inject("generatorBuild"), "output/lock.js")).href;
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { lockFolder } = await import(${JSON.stringify(lockModule)});
       await lockFolder(process.argv[1], "out");
       console.log("locked");
       setInterval(() => {}, 1000);`,
      folder,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise((resolve) => child.on("close", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("locked")) resolve();
    });
    child.on("close", () => reject(new Error("the lock holder ended before taking the lock")));
  });
  child.kill("SIGKILL");
  await exited;
  expect((await fs.stat(path.join(folder, LOCK_NAME))).isDirectory()).toBe(true);
}

describe("the lock on the output folder", () => {
  it("the lock of a killed run is taken over within seconds", async () => {
    expect((await runMain(TOOLS, work)).code).toBe(0);
    await changeFetchTool();
    await lockOfKilledRun(out);

    const started = Date.now();
    const result = await runMain(TOOLS, work);
    const elapsed = Date.now() - started;
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("  wrote   generated/fetch-url.ts");
    expect(result.stdout).toContain(
      `  removed generated/${LOCK_NAME}/ (left by an interrupted run)`,
    );
    // The lock goes stale LOCK_STALE_MS after its last refresh; a lock that was never taken
    // over would hold the run for LOCK_WAIT_MS and then fail.
    expect(elapsed).toBeLessThan(LOCK_STALE_MS + 15_000);
    expect(elapsed).toBeLessThan(LOCK_WAIT_MS);
    expect((await fs.readdir(out)).sort()).toEqual(GENERATED);
  });

  it("what a killed run left: --check reports it and keeps it, the next run removes it", async () => {
    expect((await runMain(TOOLS, work)).code).toBe(0);
    const index = await fs.readFile(path.join(out, "index.ts"), "utf8");
    // A run killed while writing: its temporary folder (with a file half written) and its lock.
    const staging = ".tool-validators.4242.0a1b2c3d.tmp";
    await fs.mkdir(path.join(out, staging));
    await fs.writeFile(path.join(out, staging, "index.ts"), index.slice(0, 100));
    await lockOfKilledRun(out);
    const before = await snapshotFolder(out);

    const check = await runMain([...TOOLS, "--check"], work);
    expect(check.code).toBe(1);
    expect(check.stderr).toBe(
      [
        "generated/ is out of date (2 differences):",
        `  leftover generated/${staging}/ (left by an interrupted run; generating removes it)`,
        `  leftover generated/${LOCK_NAME}/ (left by an interrupted run; generating removes it)`,
        "Run `npx tool-validators` and commit the result.",
        "",
      ].join("\n"),
    );
    expect(await snapshotFolder(out)).toEqual(before);
    expect((await fs.stat(path.join(out, LOCK_NAME))).isDirectory()).toBe(true);

    const gen = await runMain(TOOLS, work);
    expect(gen.code).toBe(0);
    expect(gen.stdout).toContain("(12 files: 0 written, 12 unchanged, 0 removed)");
    for (const name of [`${staging}/`, `${LOCK_NAME}/`])
      expect(gen.stdout).toContain(`  removed generated/${name} (left by an interrupted run)`);
    expect((await fs.readdir(out)).sort()).toEqual(GENERATED);

    const again = await runMain([...TOOLS, "--check"], work);
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
  });
});

describe("a signal ends a run promptly", () => {
  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)(
    "%s while the run waits for the lock: exit %d, nothing written, the lock left to its holder",
    async (signal, code) => {
      // Another run holds the lock (this process, with the generator's own code): the run
      // generates, then waits for it, and can never get past it before the signal.
      await fs.mkdir(out);
      // With a node_modules folder (a cache), the debug output's first line comes at once.
      await fs.mkdir(path.join(work, "node_modules"));
      const held = await lockFolder(out, "generated");
      try {
        const child = spawn(process.execPath, [...genCommand(), ...TOOLS], {
          cwd: work,
          env: { ...process.env, TOOL_VALIDATORS_DEBUG: "1" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stderr = "";
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        const exited = once(child, "exit");
        // Whatever happens to the test, the child does not outlive it.
        onTestFinished(() => {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        });
        // Its first line says it has started (its signal handlers are set by then).
        await once(child.stderr, "data");
        child.kill(signal);
        const [exitCode] = await exited;
        expect(exitCode).toBe(code);
        expect(stderr).toMatch(
          new RegExp(`\\ntool-validators: stopped by ${signal}; nothing was written\\.\\n$`),
        );
        // No staging folder, no file; the lock still its holder's.
        expect(await fs.readdir(out)).toEqual([LOCK_NAME]);
        expect(held.lost).toBeUndefined();
      } finally {
        await held.release();
      }
    },
  );

  it("a run stopped after it took the lock releases it and removes the folder it created", async () => {
    const stop = new AbortController();
    const files = [{ name: "index.ts", content: "// Generated by tool-validators.\n" }];
    const writing = writeFolder(path.join(out, "deep"), files, {
      display: "generated/deep",
      signal: stop.signal,
    });
    stop.abort("SIGTERM");
    await expect(writing).rejects.toThrow(Interrupted);
    await expect(fs.readdir(out)).rejects.toThrow(/ENOENT/);
  });
  it("a stop while the files are staged leaves the folder as it was, without the staging folder", async () => {
    // The stop comes with the first staged write: the writes are asynchronous (a signal's
    // handler runs between them), and the run checks for a stop before its first rename.
    await fs.mkdir(out);
    await fs.writeFile(path.join(out, "index.ts"), "// Generated by tool-validators.\nold\n");
    const stop = new AbortController();
    let staged = 0;
    const writeFile = vi.spyOn(fs, "writeFile").mockImplementation(async (...args) => {
      staged++;
      stop.abort("SIGINT");
      writeFile.mockRestore();
      return fs.writeFile(...args);
    });
    onTestFinished(() => writeFile.mockRestore());
    const files = Array.from({ length: 20 }, (_, i) => ({
      name: i === 19 ? "index.ts" : `tool-${i}.ts`,
      content: "// Generated by tool-validators.\nnew\n",
    }));
    const writing = writeFolder(out, files, { display: "generated", signal: stop.signal });
    await expect(writing).rejects.toThrow(Interrupted);
    expect(staged).toBe(1);
    expect(await fs.readdir(out)).toEqual(["index.ts"]);
    expect(await fs.readFile(path.join(out, "index.ts"), "utf8")).toBe(
      "// Generated by tool-validators.\nold\n",
    );
  });
});

describe("runs at once on one folder", () => {
  // Each run's output differs: another set of tools.
  const VARIANTS = [
    "src/tools/**/*.ts",
    "src/tools/search.ts",
    "src/tools/fetch.ts",
    "src/tools/notes.ts",
  ];

  it("leave the folder exactly as one of them would, its index importing only files that exist", async () => {
    // What each run alone leaves, made in a twin folder (the output does not depend on where).
    const twin = await makeTempDir("tv-out-twin-");
    const expected: Record<string, string>[] = [];
    try {
      await fs.cp(path.join(work, "src"), path.join(twin, "src"), { recursive: true });
      for (const glob of VARIANTS) {
        const io = { stdout: () => {}, stderr: () => {}, cwd: twin };
        expect(await main(["--tools", glob, "--out", "out"], io)).toBe(0);
        expected.push(await snapshotFolder(path.join(twin, "out")));
      }
    } finally {
      await fs.rm(twin, { recursive: true, force: true });
    }
    expect(new Set(expected.map((files) => JSON.stringify(files))).size).toBe(VARIANTS.length);

    const folder = path.join(work, "out");
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        VARIANTS.map((glob) => runGen(["--tools", glob, "--out", "out"], work)),
      );
      for (const result of results) {
        expect(result.stderr).toBe("");
        expect(result.code).toBe(0);
      }
      const files = await snapshotFolder(folder);
      expect(expected).toContainEqual(files);
      // Nothing else is left: no temporary folder, no lock.
      expect((await fs.readdir(folder)).sort()).toEqual(Object.keys(files).sort());
      const imported = [...files["index.ts"]!.matchAll(/from "\.\/([^"]+)\.js"/g)].map(
        (match) => `${match[1]}.ts`,
      );
      expect(imported.length).toBeGreaterThan(0);
      for (const name of imported) expect(Object.keys(files)).toContain(name);
    }
  });
});
