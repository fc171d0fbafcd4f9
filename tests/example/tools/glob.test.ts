import type { GlobArgs } from "../../../generated/index.js";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { globTool } from "../../../example/tools/glob.js";
import { makeToolContext, writeAgedFile, type TestContext } from "../../helpers/context.js";

let t: TestContext;

/** Creates a file whose modification time is `age` seconds before 2024-01-01. */
const file = (relative: string, age: number, content = "") =>
  writeAgedFile(t.dir, relative, content, age);

beforeEach(async () => {
  t = await makeToolContext();
  await file("src/old.ts", 300);
  await file("src/new.ts", 10);
  await file("src/lib/mid.ts", 100);
  await file("src/lib/style.css", 50);
  await file("README.md", 20);
  await file(".config/settings.json", 40);
  await file("node_modules/pkg/index.ts", 1);
  await file(".git/hooks/x.ts", 1);
});
afterEach(async () => {
  await t.cleanup();
});

function glob(args: GlobArgs) {
  return globTool.execute(args, t.context);
}

const abs = (...relative: string[]) => relative.map((r) => path.join(t.dir, r)).join("\n");

describe("Glob", () => {
  it("is a 'none' tool with pattern required", () => {
    expect(globTool.permission).toBe("none");
    expect(globTool.config.function.parameters!.required).toEqual(["pattern"]);
  });

  it("lists matching files as absolute paths, newest first, skipping node_modules and .git", async () => {
    const result = await glob({ pattern: "**/*.ts" });
    expect(result).toMatchObject({
      success: true,
      content: abs("src/new.ts", "src/lib/mid.ts", "src/old.ts"),
      shortResult: "3 files",
    });
  });

  it("matches only the top level with a single star", async () => {
    expect((await glob({ pattern: "*" })).content).toBe(abs("README.md"));
  });

  it("supports brace alternatives and includes dot folders", async () => {
    const result = await glob({ pattern: "**/*.{json,css}" });
    expect(result.content).toBe(abs(".config/settings.json", "src/lib/style.css"));
  });

  it("searches under path, relative to the working directory", async () => {
    expect((await glob({ pattern: "*.ts", path: "src" })).content).toBe(
      abs("src/new.ts", "src/old.ts"),
    );
    expect((await glob({ pattern: "**/*", path: path.join(t.dir, "src/lib") })).content).toBe(
      abs("src/lib/style.css", "src/lib/mid.ts"),
    );
  });

  it("does not list a folder's contents for a bare folder name", async () => {
    expect((await glob({ pattern: "src" })).content).toBe(`No files match src in ${t.dir}.`);
  });

  it("searches node_modules or .git when the pattern names them", async () => {
    expect((await glob({ pattern: "node_modules/**/*.ts" })).content).toBe(
      abs("node_modules/pkg/index.ts"),
    );
    expect((await glob({ pattern: ".git/**" })).content).toBe(abs(".git/hooks/x.ts"));
  });

  it("caps the list at limit and says how many there were", async () => {
    const result = await glob({ pattern: "**/*", limit: 2 });
    expect(result.content).toBe(
      `${abs("src/new.ts", "README.md")}\n(showing the 2 most recently modified of 6 files; narrow the pattern or raise limit to see more)`,
    );
    expect(result.metadata).toEqual({ total: 6, truncated: true });
  });

  it("caps at 100 by default", async () => {
    for (let i = 0; i < 105; i++) await fs.writeFile(path.join(t.dir, `f${i}.txt`), "");
    const result = await glob({ pattern: "*.txt" });
    expect(result.content.split("\n")).toHaveLength(101);
    expect(result.content).toMatch(/\n\(showing the 100 most recently modified of 105 files;/);
  });

  it("orders files with the same time by path", async () => {
    await file("same/b.txt", 5);
    await file("same/a.txt", 5);
    expect((await glob({ pattern: "same/*" })).content).toBe(abs("same/a.txt", "same/b.txt"));
  });

  it("reports no match as a successful empty search", async () => {
    expect(await glob({ pattern: "**/*.py" })).toMatchObject({
      success: true,
      content: `No files match **/*.py in ${t.dir}.`,
    });
  });

  it("fails clearly on a missing folder, a file as path, an empty pattern and a bad limit", async () => {
    expect((await glob({ pattern: "*", path: "missing" })).error).toBe(
      `The folder ${path.join(t.dir, "missing")} does not exist.`,
    );
    expect((await glob({ pattern: "*", path: "README.md" })).error).toBe(
      `${path.join(t.dir, "README.md")} is a file, not a folder; give the folder to search in as path.`,
    );
    expect((await glob({ pattern: " " })).error).toBe(
      "The pattern is empty; give a glob such as **/*.ts.",
    );
    expect((await glob({ pattern: "*", limit: 0 })).error).toBe(
      "limit must be at least 1, but it is 0.",
    );
  });
});
