// Exclusions that leave nothing (CONTRACT.md section 2): the message names the exclusion that
// left every file or every tool out, not the glob; an exclusion that leaves out nothing is a
// warning (TV3101). The command, in this process.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/context.js";
import { runMain } from "../helpers/inProcess.js";

const tool = (name: string) => `export const ${name}Tool = {
  name: "${name}",
  config: { type: "function", function: { name: "${name}", parameters: { type: "object", properties: {} } } },
};
`;

let folder: string;

beforeAll(async () => {
  folder = await makeTempDir("tv-exclusions-");
  await fs.mkdir(path.join(folder, "src/tools"), { recursive: true });
  await fs.writeFile(path.join(folder, "src/tools/a.ts"), tool("Alpha"));
  await fs.writeFile(path.join(folder, "src/tools/b.ts"), tool("Beta"));
});

afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

describe("exclusions that leave nothing", () => {
  it("every file left out names the file exclusion, not the glob", async () => {
    const run = await runMain(["--check", "--exclude-file", "src/**"], folder);
    expect(run.stderr).toContain(
      'error TV3007: Every file matching "src/tools/**/*.ts" is left out by "excludeFiles": "src/**" (2 files); nothing is left to read.\n',
    );
    expect(run.stderr).not.toContain("TV3001");
    expect(run.code).toBe(2);
  });

  it("names only the exclusions that left files out; the others are warnings", async () => {
    const run = await runMain(
      [
        "--check",
        "--exclude-file",
        "src/tools/a.ts",
        "--exclude-file",
        "src/tools/b.ts",
        "--exclude-file",
        "lib/**",
      ],
      folder,
    );
    expect(run.stderr).toContain(
      'error TV3007: Every file matching "src/tools/**/*.ts" is left out by "excludeFiles": "src/tools/a.ts", "src/tools/b.ts" (2 files); nothing is left to read.\n',
    );
    expect(run.stderr).toContain(
      'warning TV3101: "excludeFiles" has "lib/**", which leaves out none of the files matching "src/tools/**/*.ts".',
    );
  });

  it("every tool left out names the tool exclusion, not the glob", async () => {
    const run = await runMain(
      ["--check", "--exclude-tool", "Alpha", "--exclude-tool", "Beta"],
      folder,
    );
    expect(run.stderr).toContain(
      'error TV3008: Every tool found in the 2 files matching "src/tools/**/*.ts" is left out by "excludeTools": "Alpha", "Beta" (2 tools); no validator is left to generate.\n',
    );
    expect(run.stderr).not.toContain("TV3003");
    expect(run.code).toBe(2);
  });

  it("a glob that matches nothing, and files without tools, still say so", async () => {
    const none = await runMain(["--check", "--tools", "lib/**/*.ts"], folder);
    expect(none.stderr).toContain('error TV3001: No files match "lib/**/*.ts".\n');
    await fs.writeFile(path.join(folder, "src/constants.ts"), "export const X = 1;\n");
    const empty = await runMain(["--check", "--tools", "src/constants.ts"], folder);
    expect(empty.stderr).toContain(
      'error TV3003: No tool declaration found in the file matching "src/constants.ts" (is the glob right?).\n',
    );
  });
});
