// `npm run gen -- --watch`: spawned for real (the compiled command), it regenerates on change
// (also of an imported constants module outside the tools folder), reports errors and keeps
// watching, and stops on SIGINT with exit 0; in this process (cli.ts's `main`, stopped as SIGINT
// would), it follows files replaced, deleted and created, the settings and the prettier
// configuration.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/context.js";
import { linkBiome, linkPrettier } from "../helpers/formatters.js";
import { CODEGEN_FIXTURES } from "../helpers/golden.js";
import { runMain, startMain } from "../helpers/inProcess.js";
import { genCommand } from "../helpers/spawn.js";
import { waitFor } from "../helpers/wait.js";

let work: string;
beforeEach(async () => {
  work = await makeTempDir("tv-watch-");
  await fs.cp(path.join(CODEGEN_FIXTURES, "agent-sdk/src"), path.join(work, "src"), {
    recursive: true,
  });
});
afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

/** Replaces a file the way `sed -i` and many editors save: a new file renamed over it. */
async function replaceByRename(file: string, edit: (text: string) => string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.sed${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(temporary, edit(await fs.readFile(file, "utf8")));
  await fs.rename(temporary, file);
}

const ECHO_TOOL = `export const echoTool = {
  name: "echo",
  config: {
    type: "function",
    function: {
      name: "echo",
      description: "Echoes.",
      parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    },
  },
  execute: async () => ({ success: true, content: "" }),
};
`;

/** Waits until `check` holds (spawned work takes its time on a loaded machine). */
function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs?: number,
): Promise<true> {
  return waitFor(async () => ((await check()) ? true : undefined), what, timeoutMs);
}

describe("npm run gen -- --watch", () => {
  it("regenerates on change, reports errors without writing, and stops on SIGINT", async () => {
    const child = spawn(process.execPath, [...genCommand(), "--watch"], { cwd: work });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    try {
      await until("the first run", () =>
        stdout.includes("Watching src/tools for changes (Ctrl-C to stop)."),
      );
      const fetchOut = path.join(work, "generated/fetch-url.ts");
      expect(await fs.readFile(fetchOut, "utf8")).not.toContain('"POST"');

      const fetchSource = path.join(work, "src/tools/fetch.ts");
      await fs.writeFile(
        fetchSource,
        (await fs.readFile(fetchSource, "utf8")).replace(
          '["GET", "HEAD"]',
          '["GET", "HEAD", "POST"]',
        ),
      );
      await until("the validator to change", async () =>
        (await fs.readFile(fetchOut, "utf8")).includes('"POST"'),
      );
      await until("the report", () =>
        stdout.includes("Changed: src/tools/fetch.ts. Regenerating."),
      );

      // A constant imported from outside the tools folder is watched too.
      const names = path.join(work, "src/constants/toolNames.ts");
      await fs.writeFile(
        names,
        (await fs.readFile(names, "utf8")).replace('"search_files"', '"search_everything"'),
      );
      // Written first, then the file of the old name is removed: wait for both.
      await until("the renamed tool's file, and the old one gone", async () => {
        const names = await fs.readdir(path.join(work, "generated"));
        return names.includes("search-everything.ts") && !names.includes("search-files.ts");
      });

      const before = await fs.readFile(fetchOut, "utf8");
      await fs.writeFile(
        fetchSource,
        (await fs.readFile(fetchSource, "utf8")).replace(
          "required: FETCH_REQUIRED",
          "requried: FETCH_REQUIRED",
        ),
      );
      await until("the error", () =>
        stderr.includes('error TV2010: Tool "fetch_url", parameters.requried'),
      );
      expect(await fs.readFile(fetchOut, "utf8")).toBe(before);
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
  });

  it("goes on watching files replaced by rename, deleted and created, in the tools folder and out of it", async () => {
    const watching = startMain(["--watch"], work);
    const stdout = watching.stdout;
    const stderr = watching.stderr;
    const generated = path.join(work, "generated");
    const outputs = () => fs.readdir(generated);
    try {
      await until("the first run", () => stdout().includes("for changes (Ctrl-C to stop)."));
      const fetchSource = path.join(work, "src/tools/fetch.ts");
      const fetchOut = path.join(generated, "fetch-url.ts");

      // Replaced by rename, twice: the second change is seen too.
      for (const method of ["POST", "PATCH"]) {
        await replaceByRename(fetchSource, (text) =>
          text.replace(/\["GET", "HEAD"(, "[A-Z]+")?\]/, `["GET", "HEAD", "${method}"]`),
        );
        await until(`the validator to accept ${method}`, async () =>
          (await fs.readFile(fetchOut, "utf8")).includes(`"${method}"`),
        );
      }

      // Deleted: its validator goes; a new file in a new folder: its validator comes.
      await fs.rm(path.join(work, "src/tools/notes.ts"));
      await until("note-write.ts to go", async () => !(await outputs()).includes("note-write.ts"));
      await fs.mkdir(path.join(work, "src/tools/more"));
      await fs.writeFile(path.join(work, "src/tools/more/echo.ts"), ECHO_TOOL);
      await until("echo.ts to come", async () => (await outputs()).includes("echo.ts"));

      // An imported module outside the tools folder: replaced by rename twice, deleted (an
      // error, the output kept), created again.
      const names = path.join(work, "src/constants/toolNames.ts");
      const original = await fs.readFile(names, "utf8");
      for (const name of ["fetch_page", "fetch_site"]) {
        await replaceByRename(names, (text) => text.replace(/"fetch_[a-z]+"/, `"${name}"`));
        const file = `${name.replace("_", "-")}.ts`;
        await until(`${file} to come`, async () => (await outputs()).includes(file));
      }
      await fs.rm(names);
      await until("the error for the missing module", () =>
        /the module "\.\.\/constants\/toolNames\.js" was not found/.test(stderr()),
      );
      expect((await outputs()).sort()).toContain("fetch-site.ts");
      await fs.writeFile(names, original.replace('"fetch_url"', '"fetch_web"'));
      // Written first, then the file of the old name is removed: wait for both.
      await until("fetch-web.ts to come and fetch-site.ts to go", async () => {
        const files = await outputs();
        return files.includes("fetch-web.ts") && !files.includes("fetch-site.ts");
      });
    } finally {
      expect((await watching.stop("SIGINT")).code).toBe(0);
    }
  });

  it("regenerates when the settings or the formatter's configuration change; a broken settings file is reported and watching goes on", async () => {
    // The host's formatters are installed; it sets neither up yet.
    await linkPrettier(work);
    await linkBiome(work);
    const watching = startMain(["--watch"], work);
    const stdout = watching.stdout;
    const stderr = watching.stderr;
    const upToDate = async () => {
      const check = await runMain(["--check"], work);
      expect(check.stderr).toBe("");
      expect(check.code).toBe(0);
    };
    const file = (name: string) => path.join(work, name);
    const slowly = (what: string, check: () => Promise<boolean> | boolean) => until(what, check);
    try {
      await slowly("the first run", () => stdout().includes("for changes (Ctrl-C to stop)."));
      const index = file("generated/index.ts");
      const first = await fs.readFile(index, "utf8");

      // The prettier configuration that applies to the output folder.
      await fs.writeFile(file(".prettierrc.json"), '{ "printWidth": 40, "semi": false }\n');
      await slowly("the output reformatted", async () => {
        const text = await fs.readFile(index, "utf8");
        return text !== first && !text.includes(";\n");
      });
      expect(stdout()).toContain("Changed: .prettierrc.json. Regenerating.");
      await upToDate();

      // .editorconfig, as prettier's command line reads it.
      await fs.writeFile(file(".editorconfig"), "root = true\n[*]\nindent_style = tab\n");
      await slowly("tabs", async () => (await fs.readFile(index, "utf8")).includes("\n\t"));
      await upToDate();

      // Biome's configuration instead of prettier's: the host formats with Biome now.
      await fs.rm(file(".prettierrc.json"));
      await fs.writeFile(
        file("biome.json"),
        '{ "javascript": { "formatter": { "quoteStyle": "single" } } }\n',
      );
      await slowly("Biome's single quotes", async () =>
        (await fs.readFile(index, "utf8")).includes(
          "import type { ValidationIssue, Validator } from './types.js';",
        ),
      );
      expect(stdout()).toMatch(/Changed: [^\n]*biome\.json\. Regenerating\./);
      await upToDate();

      // The settings: a new output folder and fewer tools.
      await fs.writeFile(
        file("tool-validators.config.json"),
        '{ "out": "validators", "tools": "src/tools/fetch.ts" }\n',
      );
      await slowly("the new output folder", async () =>
        (await fs.readdir(file("validators")).catch((): string[] => [])).includes("index.ts"),
      );
      expect(await fs.readdir(file("validators"))).not.toContain("search-files.ts");
      await upToDate();

      // A broken settings file is reported; the watching goes on.
      await fs.writeFile(file("tool-validators.config.json"), "{ broken\n");
      await slowly("the settings error", () =>
        stderr().includes("tool-validators: cannot read tool-validators.config.json: invalid JSON"),
      );
      await fs.writeFile(
        file("tool-validators.config.json"),
        '{ "out": "validators", "tools": "src/tools/fetch.ts", "command": "npm run gen:validators" }\n',
      );
      await slowly("the headers naming the new command", async () =>
        (await fs.readFile(file("validators/index.ts"), "utf8")).includes(
          "run `npm run gen:validators`",
        ),
      );

      // The tools the settings now name are watched.
      const fetchSource = file("src/tools/fetch.ts");
      await replaceByRename(fetchSource, (text) =>
        text.replace('["GET", "HEAD"]', '["GET", "HEAD", "POST"]'),
      );
      await slowly("the validator to accept POST", async () =>
        // Biome's single quotes.
        (await fs.readFile(file("validators/fetch-url.ts"), "utf8")).includes("'POST'"),
      );
      await upToDate();
    } finally {
      expect((await watching.stop("SIGINT")).code).toBe(0);
    }
  });

  it("reads again only the tool file that changed, and the cache it records stays true", async () => {
    const debug = { env: { TOOL_VALIDATORS_DEBUG: "1" } };
    // Where the cache is kept.
    await fs.mkdir(path.join(work, "node_modules"));
    const watching = startMain(["--watch"], work, debug);
    const fetchOut = path.join(work, "generated/fetch-url.ts");
    try {
      await until("the first run", () => watching.stdout().includes("(Ctrl-C to stop)."));
      expect(watching.stderr()).toContain("tool-validators: read 5 of 5 tool files\n");
      // Written in place: a change of the file's text (replaced by a rename, it may be seen as
      // a file gone and another come, which reads everything).
      const fetchSource = path.join(work, "src/tools/fetch.ts");
      await fs.writeFile(
        fetchSource,
        (await fs.readFile(fetchSource, "utf8")).replace(
          '["GET", "HEAD"]',
          '["GET", "HEAD", "POST"]',
        ),
      );
      await until("the validator to accept POST", async () =>
        (await fs.readFile(fetchOut, "utf8")).includes('"POST"'),
      );
      expect(watching.stderr()).toContain("tool-validators: read 1 of 5 tool files\n");
      // The run records the cache after writing the folder (a signal before would skip it).
      await until("the cache of the run", async () => {
        const cache = path.join(work, "node_modules/.cache/tool-validators");
        const texts = (await fs.readdir(cache)).map((name) =>
          fs.readFile(path.join(cache, name), "utf8").catch(() => ""),
        );
        return (await Promise.all(texts)).some((text) => text.includes('\\"POST\\"'));
      });
    } finally {
      expect((await watching.stop("SIGINT")).code).toBe(0);
    }
    // The cache the last (incremental) run recorded is used, and holds what the readings it
    // kept read: a module only they read, changed after the watching stopped, is seen.
    const check = await runMain(["--check"], work, debug);
    expect(check.stderr).toContain("nothing changed since the last run: its output is reused");
    expect(check.code).toBe(0);
    const names = path.join(work, "src/constants/toolNames.ts");
    await fs.writeFile(
      names,
      (await fs.readFile(names, "utf8")).replace('"search_files"', '"search_all"'),
    );
    const stale = await runMain(["--check"], work, debug);
    expect(stale.stderr).toContain("generating: src/constants/toolNames.ts changed");
    expect(stale.code).toBe(1);
  });

  it("refuses --watch with --check", async () => {
    const result = await runMain(["--watch", "--check"], work);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("tool-validators: --watch and --check cannot be used together");
  });
});
