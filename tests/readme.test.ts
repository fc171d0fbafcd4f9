// README.md, the guides and docs/commands.md show what the code does today: their examples are
// run here and compared with their output, README's speed lines are bench/results.json's, the
// Markdown the package ships links only where it works from node_modules, the guides install the
// package by name, every npm script is documented (README.md or docs/development.md), and
// docs/commands.md names every option, setting, formatter and shape the command takes, as its
// usage texts do.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { README_SPEED, renderReadmeSpeed } from "../bench/report.js";
import type { Results } from "../bench/results.js";
import { USAGE } from "../src/cli.js";
import { WIRINGS } from "../src/init/wiring.js";
import { SHAPE_NAMES, FORMATTER_NAMES, TARGET_KEYS } from "../src/settings/targets.js";
import { makeTempDir } from "./helpers/context.js";
import { runMain } from "./helpers/inProcess.js";
import { REPO, run } from "./helpers/spawn.js";

const read = (file: string) => fs.readFile(path.join(REPO, file), "utf8");
const README = await read("README.md");
const COMMANDS = await read("docs/commands.md");
const PACKAGE = JSON.parse(await read("package.json")) as {
  name: string;
  version: string;
  scripts: Record<string, string>;
  files: string[];
  repository: { url: string };
};
/** The repository's address, from which shipped links lead to its files on the default branch. */
const REPOSITORY = PACKAGE.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
/** The Markdown files the package ships (package.json `files`; npm adds README.md). */
const SHIPPED = [
  ...new Set(["README.md", ...PACKAGE.files.filter((file) => file.endsWith(".md"))]),
];
const GUIDES = PACKAGE.files.filter((file) => file.startsWith("docs/"));

/** The first fenced block opened by `fence` after `heading` in `text` (without the fences). */
function blockAfter(text: string, heading: string, fence = "```"): string {
  const section = text.slice(text.indexOf(heading));
  const start = section.indexOf(`\n${fence}\n`) + 1;
  const open = section.indexOf("\n", start) + 1;
  return section.slice(open, section.indexOf("\n```\n", open) + 1);
}

/** A copy of example/ in a fresh folder, with `edit` applied to example/tools/task.ts. */
async function exampleCopy(edit?: (text: string) => string): Promise<string> {
  const work = await makeTempDir("tv-docs-");
  await fs.cp(path.join(REPO, "example"), path.join(work, "example"), { recursive: true });
  if (edit) await editTask(work, edit);
  return work;
}

async function editTask(work: string, edit: (text: string) => string): Promise<void> {
  const task = path.join(work, "example/tools/task.ts");
  await fs.writeFile(task, edit(await fs.readFile(task, "utf8")));
}

describe("README.md", () => {
  it("the runtime example prints the text the introduction shows", async () => {
    const example = blockAfter(README, "## Quick start", "```ts");
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
      expect(result.stdout).toBe(blockAfter(README, "# tool-validators"));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("its speed lines are bench/results.json's, as `npm run bench` writes them", async () => {
    const results = JSON.parse(await read("bench/results.json")) as Results;
    const [open, close] = README_SPEED;
    const lines = README.slice(README.indexOf(open) + open.length, README.indexOf(close)).trim();
    expect(lines).toBe(renderReadmeSpeed(results));
  });

  it("names every npm script (or docs/development.md does)", async () => {
    const development = await read("docs/development.md");
    for (const script of Object.keys(PACKAGE.scripts)) {
      if (script === "prepack") continue; // run by npm pack, named with build
      const named = script === "test" ? "`npm test`" : `npm run ${script}`;
      expect(README + development, script).toContain(named);
    }
  });
});

describe("the Markdown the package ships", () => {
  it("is README.md, CHANGELOG.md and the guides init reads", () => {
    const guides = new Set(Object.values(WIRINGS).map((wiring) => wiring.guide));
    expect([...SHIPPED].sort()).toEqual(["README.md", "CHANGELOG.md", ...guides].sort());
  });

  it.each(SHIPPED)(
    "%s links to other sites or to the repository's files, which exist",
    async (file) => {
      const text = await read(file);
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)|^\[[^\]]+\]: (\S+)$/gm)].map(
        (match) => match[1] ?? match[2]!,
      );
      for (const target of targets) {
        expect(target, `${file}: an absolute link`).toMatch(/^https:\/\/|^#/);
        if (!target.startsWith(`${REPOSITORY}/`)) continue;
        const inRepository = /^\/(blob|tree)\/main\/([^#]+)/.exec(target.slice(REPOSITORY.length));
        expect(inRepository, target).not.toBeNull();
        const stat = await fs.stat(path.join(REPO, inRepository![2]!));
        expect(stat.isDirectory(), target).toBe(inRepository![1] === "tree");
      }
    },
  );

  it.each(GUIDES)(
    "%s installs the package by name, and from this version's tarball until it is published",
    async (guide) => {
      const text = await read(guide);
      expect(text).toMatch(new RegExp(`(?:npm i|pnpm add) -D (?:-E )?${PACKAGE.name}[ \\n]`));
      expect(text).toContain(`/${PACKAGE.name}-${PACKAGE.version}.tgz`);
    },
  );
});

describe("docs/commands.md", () => {
  it("its table of options lists the options `--help`, `init --help` and `report --help` print", async () => {
    const printed = new Set<string>();
    for (const args of [["--help"], ["init", "--help"], ["report", "--help"]]) {
      const help = await runMain(args, REPO);
      expect(help.code).toBe(0);
      const options = help.stdout.slice(help.stdout.indexOf("\nOptions:\n"));
      for (const [, flag] of options.matchAll(/^ {2}(--[a-z-]+)/gm)) printed.add(flag!);
    }
    const table = COMMANDS.slice(
      COMMANDS.indexOf("| option"),
      COMMANDS.indexOf("\n\n", COMMANDS.indexOf("| option")),
    );
    const listed = new Set<string>();
    for (const [, first] of table.matchAll(/^\| `([^`]+)`/gm))
      for (const [flag] of first!.matchAll(/--[a-z-]+/g)) listed.add(flag);
    expect(printed.size).toBeGreaterThan(15);
    expect([...listed].sort()).toEqual([...printed].sort());
  });

  it("names every setting, formatter and shape the command takes, as its usage does", () => {
    for (const key of [...TARGET_KEYS, "targets"]) {
      expect(COMMANDS, key).toContain(`\`${key}\``);
      expect(USAGE, key).toMatch(new RegExp(`\\b${key}\\b`));
    }
    for (const name of FORMATTER_NAMES) {
      expect(COMMANDS, name).toContain(`\`"${name}"\``);
      expect(USAGE, name).toContain(name);
    }
    for (const shape of SHAPE_NAMES) expect(COMMANDS, shape).toContain(`\`${shape}\``);
  });

  it("the diagnostic example is what the command prints for that typo", async () => {
    const work = await exampleCopy((text) => {
      const update = text.indexOf("name: TASK_UPDATE_TOOL_NAME,");
      const at = text.indexOf('required: ["taskId"]', update);
      return `${text.slice(0, at)}requried${text.slice(at + "required".length)}`;
    });
    try {
      const result = await runMain(["--tools", "example/tools/**/*.ts", "--out", "out"], work);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(blockAfter(COMMANDS, "Declaration errors are located"));
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });

  it("the drift check's example is the start of its report after an enum value is added", async () => {
    // A host formatting with prettier, as this repository does.
    const work = await exampleCopy();
    try {
      await fs.writeFile(
        path.join(work, "package.json"),
        '{ "devDependencies": { "prettier": "3.10.1" } }\n',
      );
      await fs.copyFile(path.join(REPO, ".prettierrc.json"), path.join(work, ".prettierrc.json"));
      await fs.mkdir(path.join(work, "node_modules"));
      await fs.symlink(
        path.join(REPO, "node_modules/prettier"),
        path.join(work, "node_modules/prettier"),
      );
      const flags = ["--tools", "example/tools/**/*.ts", "--out", "generated"];
      expect((await runMain(flags, work)).code).toBe(0);
      await editTask(work, (text) =>
        text.replace(
          '["pending", "in_progress", "completed", "deleted"]',
          '["pending", "in_progress", "completed", "deleted", "blocked"]',
        ),
      );
      const check = await runMain([...flags, "--check"], work);
      expect(check.code).toBe(1);
      // The example is the output's first lines (its block ends with a line break).
      const shown = blockAfter(COMMANDS, "**The drift check**").split("\n").slice(0, -1);
      expect(shown.length).toBeGreaterThan(5);
      expect(check.stderr.split("\n").slice(0, shown.length)).toEqual(shown);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});
