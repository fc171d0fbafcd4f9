// README.md shows what the code does today: its examples are run here and compared with their
// output, and every npm script is in it (every option of the command in docs/commands.md).
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { USAGE } from "../src/cli.js";
import { makeTempDir } from "./helpers/context.js";
import { runMain } from "./helpers/inProcess.js";
import { REPO, run } from "./helpers/spawn.js";

const README = await fs.readFile(path.join(REPO, "README.md"), "utf8");

/** The first fenced block after `heading` (its text, without the fences). */
function blockAfter(heading: string): string {
  const section = README.slice(README.indexOf(heading));
  const start = section.indexOf("```");
  const open = section.indexOf("\n", start) + 1;
  return section.slice(open, section.indexOf("\n```\n", open) + 1);
}

describe("README.md", () => {
  it("the runtime example prints the text the introduction shows", async () => {
    const example = blockAfter("## The runtime");
    expect(example).toContain('from "./example/index.js"');
    const dir = await makeTempDir("tv-readme-");
    try {
      // The repository is an ES module package, as the example expects.
      await fs.writeFile(path.join(dir, "package.json"), '{ "type": "module" }');
      const file = path.join(dir, "example.ts");
      const entry = path.join(REPO, "example/index.ts");
      await fs.writeFile(file, example.replace('"./example/index.js"', JSON.stringify(entry)));
      const result = await run(
        process.execPath,
        ["--import", import.meta.resolve("tsx"), file],
        dir,
      );
      expect(result.stderr).toBe("");
      expect(result.stdout).toBe(blockAfter("# tool-validators"));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("the diagnostic example is what the command prints for that typo", async () => {
    const work = await makeTempDir("tv-readme-typo-");
    try {
      await fs.cp(path.join(REPO, "example"), path.join(work, "example"), { recursive: true });
      const task = path.join(work, "example/tools/task.ts");
      const text = await fs.readFile(task, "utf8");
      const update = text.indexOf("name: TASK_UPDATE_TOOL_NAME,");
      const at = text.indexOf('required: ["taskId"]', update);
      await fs.writeFile(task, `${text.slice(0, at)}requried${text.slice(at + "required".length)}`);
      const result = await runMain(["--tools", "example/tools/**/*.ts", "--out", "out"], work);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(blockAfter("Declaration errors are located"));
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });

  it("names every npm script, and docs/commands.md every option of the command", async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(REPO, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    for (const script of Object.keys(pkg.scripts)) {
      if (script === "prepack") continue; // run by npm pack, named with build
      const named = script === "test" ? "`npm test`" : `npm run ${script}`;
      expect(README, script).toContain(named);
    }
    // The full command reference is docs/commands.md.
    const commands = await fs.readFile(path.join(REPO, "docs/commands.md"), "utf8");
    for (const option of USAGE.match(/--[a-z-]+/g) ?? []) {
      expect(commands, option).toContain(option);
    }
  });
});
