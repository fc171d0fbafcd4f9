// The keys of a target (src/settings/targets.ts): each value checked, unknown keys and names
// with a did-you-mean, a target without its folder, and two targets that write one folder.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  parseShapesFlag,
  readTargetKeys,
  readTargets,
  realFolder,
  sameOutput,
} from "../../src/settings/targets.js";
import { makeTempDir } from "../helpers/context.js";
import { OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";

const fail = (reason: string): never => {
  throw new Error(reason);
};

describe("a target's keys", () => {
  it("reads every key, a glob or a name as a list of one", () => {
    expect(
      readTargetKeys(
        {
          tools: "src/tools/*.ts",
          out: "gen",
          mode: "standard",
          command: " pnpm gen ",
          enforce: ["minimum", "pattern"],
          shapes: ["mcp", "plugin", "mcp"],
          excludeTools: "Legacy",
          excludeFiles: ["src/tools/old.ts"],
          exportNames: { read_file: "ReadFileTool" },
        },
        fail,
      ),
    ).toEqual({
      tools: ["src/tools/*.ts"],
      out: "gen",
      mode: "standard",
      command: "pnpm gen",
      enforce: ["minimum", "pattern"],
      shapes: ["mcp", "plugin"],
      excludeTools: ["Legacy"],
      excludeFiles: ["src/tools/old.ts"],
      exportNames: { read_file: "ReadFileTool" },
    });
    expect(readTargetKeys({ enforce: "all" }, fail).enforce).toEqual(OPT_IN_KEYWORDS);
  });

  it.each([
    [
      { enforce: ["minimun"] },
      '"enforce" names an unknown keyword "minimun" (did you mean "minimum"?)',
    ],
    [
      { enforce: "everything" },
      '"enforce" must be "all" or a list of keywords, not the string "everything"; the keywords are minimum,',
    ],
    [
      { shapes: ["openai"] },
      '"shapes" names an unknown shape "openai" (did you mean "openai-chat"?); the shapes are "plugin" { name, config: { function: { name, parameters } } }, "openai-chat" { type: "function", function: { name, parameters } }, "function" { name, parameters }, "mcp" { name, inputSchema }, "anthropic" { name, input_schema }, "gemini" { name, parametersJsonSchema }',
    ],
    [{ shapes: [] }, '"shapes" must be a shape\'s name or a non-empty list of them, not []'],
    [
      { excludeTools: [""] },
      '"excludeTools" must be a tool name or a non-empty list of tool names, not [""]',
    ],
    [{ excludeFiles: 3 }, '"excludeFiles" must be a glob or a non-empty list of globs, not 3'],
    [{ mode: "loose" }, '"mode" must be "strict" or "standard", not "loose"'],
    [
      { exportNames: ["ReadFile"] },
      '"exportNames" must be an object giving tools their export names ({ "read_file": "ReadFile" }), not ["ReadFile"]',
    ],
    [
      { exportNames: { read_file: "read-file" } },
      '"exportNames" gives "read_file" the name "read-file": an export name is PascalCase letters and digits (validate<Name>, <Name>Args)',
    ],
  ])("%j: %s", (settings, message) => {
    expect(() => readTargetKeys(settings, fail)).toThrow(message);
  });
});

describe("targets", () => {
  it("reads each target, with its out", () => {
    expect(
      readTargets(
        [
          { out: "a", tools: "x/*.ts" },
          { out: "b", mode: "standard" },
        ],
        fail,
      ),
    ).toEqual([
      { out: "a", tools: ["x/*.ts"] },
      { out: "b", mode: "standard" },
    ]);
  });

  it.each([
    [[], '"targets" must be a non-empty list of targets'],
    [
      [{ out: "a" }, "b"],
      '"targets[1]" must be an object with the keys tools, out, mode, command, enforce, shapes, excludeTools, excludeFiles, exportNames and formatter, not "b"',
    ],
    [[{ tools: "a" }], '"targets[0]" has no "out": each target names the folder it writes'],
    [[{ out: "a", outDir: "b" }], '"targets[0]" has an unknown key "outDir" (did you mean "out"?)'],
    [
      [{ out: "a" }, { out: "b", enforce: ["maxLenght"] }],
      '"targets[1].enforce" names an unknown keyword "maxLenght" (did you mean "maxLength"?)',
    ],
    [
      [{ out: "a", exportNames: { x: 1 } }],
      '"targets[0].exportNames" gives "x" the name 1: an export name is PascalCase',
    ],
    [
      [{ out: "a", shapes: ["mcp-server"] }],
      '"targets[0].shapes" names an unknown shape "mcp-server" (did you mean "mcp"?)',
    ],
  ])("%j: %s", (targets, message) => {
    expect(() => readTargets(targets, fail)).toThrow(message);
  });

  it("--shapes takes names separated by commas, checked as the setting is", () => {
    expect(parseShapesFlag("mcp, openai-chat")).toEqual(["mcp", "openai-chat"]);
    expect(parseShapesFlag("mcp,")).toMatch(/^--shapes takes shape names separated by commas/);
    expect(parseShapesFlag("antropic")).toMatch(
      /^--shapes names an unknown shape "antropic" \(did you mean "anthropic"\?\)/,
    );
  });
});

describe("two targets writing one folder", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir("tv-targets-");
    await fs.mkdir(path.join(dir, "real/out"), { recursive: true });
    await fs.symlink(path.join(dir, "real"), path.join(dir, "link"));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("are found through symbolic links, also for folders that do not exist yet", async () => {
    expect(await realFolder(path.join(dir, "link/out/new/deeper"))).toBe(
      path.join(dir, "real/out/new/deeper"),
    );
    const targets = [
      { name: "a", outDir: path.join(dir, "real/out/gen") },
      { name: "b", outDir: path.join(dir, "other") },
      { name: "c", outDir: path.join(dir, "link/out/gen/") },
    ];
    expect((await sameOutput(targets))?.map((target) => target.name)).toEqual(["a", "c"]);
    expect(await sameOutput(targets.slice(0, 2))).toBeUndefined();
  });
});
