// The parts of `init`: package.json edits that keep its layout, the globs it proposes, and
// the commands for each package manager.
import { describe, expect, it } from "vitest";
import { proposeGlobs } from "../../src/init/globs.js";
import { runScript, type HostPackage } from "../../src/init/host.js";
import { lineDiff } from "../../src/init/lineDiff.js";
import { addToPackageJson, PackageJsonError } from "../../src/init/packageJson.js";

const ADD = {
  scripts: { "gen:validators": "tool-validators", "check:validators": "tool-validators --check" },
  member: { key: "tool-validators", value: { tools: "src/tools/*.ts", out: "gen" } },
};

describe("package.json edits", () => {
  it.each([
    [
      "two spaces, a one-line array kept, scripts appended",
      '{\n  "name": "a",\n  "files": ["dist"],\n  "scripts": {\n    "build": "tsc"\n  }\n}\n',
      '{\n  "name": "a",\n  "files": ["dist"],\n  "scripts": {\n    "build": "tsc",\n    "gen:validators": "tool-validators",\n    "check:validators": "tool-validators --check"\n  },\n  "tool-validators": {\n    "tools": "src/tools/*.ts",\n    "out": "gen"\n  }\n}\n',
    ],
    [
      "tabs, no scripts, no final newline",
      '{\n\t"name": "a"\n}',
      '{\n\t"name": "a",\n\t"scripts": {\n\t\t"gen:validators": "tool-validators",\n\t\t"check:validators": "tool-validators --check"\n\t},\n\t"tool-validators": {\n\t\t"tools": "src/tools/*.ts",\n\t\t"out": "gen"\n\t}\n}',
    ],
    [
      "CRLF, four spaces, empty scripts",
      '{\r\n    "name": "a",\r\n    "scripts": {}\r\n}\r\n',
      '{\r\n    "name": "a",\r\n    "scripts": {\r\n        "gen:validators": "tool-validators",\r\n        "check:validators": "tool-validators --check"\r\n    },\r\n    "tool-validators": {\r\n        "tools": "src/tools/*.ts",\r\n        "out": "gen"\r\n    }\r\n}\r\n',
    ],
    [
      "one line stays one line",
      '{"name":"a","scripts":{"build":"tsc"}}',
      '{"name":"a","scripts":{"build":"tsc", "gen:validators": "tool-validators", "check:validators": "tool-validators --check"}, "tool-validators": {"tools":"src/tools/*.ts","out":"gen"}}',
    ],
    [
      "an empty object",
      "{}\n",
      '{\n  "scripts": {\n    "gen:validators": "tool-validators",\n    "check:validators": "tool-validators --check"\n  },\n  "tool-validators": {\n    "tools": "src/tools/*.ts",\n    "out": "gen"\n  }\n}\n',
    ],
  ])("%s", (_, before, after) => {
    const edited = addToPackageJson(before, ADD);
    expect(edited.text).toBe(after);
    expect(JSON.parse(after)).toBeTypeOf("object");
    expect(addToPackageJson(after, ADD)).toEqual({ text: after, edits: [] });
  });

  it("leaves a script of the same name and existing settings as they are", () => {
    const before =
      '{\n  "scripts": {\n    "gen:validators": "x"\n  },\n  "tool-validators": {}\n}\n';
    const edited = addToPackageJson(before, ADD);
    expect(edited.edits.map((edit) => edit.where)).toEqual(['"scripts"."check:validators"']);
    expect(JSON.parse(edited.text)).toEqual({
      scripts: { "gen:validators": "x", "check:validators": "tool-validators --check" },
      "tool-validators": {},
    });
  });

  it("refuses what is not a JSON object, or scripts that are not an object", () => {
    expect(() => addToPackageJson("[]", ADD)).toThrow(PackageJsonError);
    expect(() => addToPackageJson('{ "a": 1, }', ADD)).toThrow(/not JSON/);
    expect(() => addToPackageJson('{ "scripts": "x" }', ADD)).toThrow('"scripts" is not an object');
  });
});

describe("proposed globs", () => {
  const tests = new Set<string>();
  it("globs a folder of tools, names a file alone, names a few among many", () => {
    const many = Array.from({ length: 10 }, (_, i) => `src/lib/helper${i}.ts`);
    expect(
      proposeGlobs({
        declared: [
          "src/tools/a.ts",
          "src/tools/b.ts",
          "src/server.ts",
          "src/lib/x.ts",
          "src/lib/y.ts",
        ],
        files: [
          "src/tools/a.ts",
          "src/tools/b.ts",
          "src/tools/types.ts",
          "src/server.ts",
          "src/index.ts",
          "src/lib/x.ts",
          "src/lib/y.ts",
          ...many,
        ],
        tests,
      }),
    ).toEqual({
      tools: ["src/server.ts", "src/lib/{x,y}.ts", "src/tools/*.ts"],
      matchedTests: [],
    });
  });

  it("globs a folder with its tests left out, escapes glob characters in names", () => {
    expect(
      proposeGlobs({
        declared: ["src/t/a.ts", "src/t/b.ts", "src/[id]/c.ts"],
        files: ["src/t/a.ts", "src/t/b.ts", "src/t/a.test.ts", "src/[id]/c.ts", "src/[id]/d.ts"],
        tests: new Set(["src/t/a.test.ts"]),
      }),
    ).toEqual({ tools: ["src/\\[id\\]/c.ts", "src/t/*.ts"], matchedTests: ["src/t/a.test.ts"] });
  });
});

describe("commands", () => {
  const host = (
    manager: HostPackage["manager"],
    workspace: boolean,
    name?: string,
  ): HostPackage => ({
    dir: "/w/packages/sdk",
    name,
    manager,
    managerFrom: "",
    workspaceRoot: workspace ? "/w" : undefined,
    dependency: undefined,
    usesMcpSdk: false,
  });
  it.each([
    ["npm", false, "sdk", "npm run gen:validators"],
    ["pnpm", false, "sdk", "pnpm gen:validators"],
    ["yarn", false, "sdk", "yarn gen:validators"],
    ["bun", false, "sdk", "bun run gen:validators"],
    ["pnpm", true, "@acme/sdk", "pnpm --filter @acme/sdk gen:validators"],
    ["pnpm", true, undefined, "pnpm --filter ./packages/sdk gen:validators"],
    ["npm", true, "@acme/sdk", "npm run gen:validators -w @acme/sdk"],
    ["yarn", true, "@acme/sdk", "yarn workspace @acme/sdk gen:validators"],
    ["bun", true, "@acme/sdk", "bun run --filter @acme/sdk gen:validators"],
  ] as const)("%s (workspace: %s, name %s): %s", (manager, workspace, name, command) => {
    expect(runScript(host(manager, workspace, name), "gen:validators").command).toBe(command);
  });
});

describe("the dry run's diff", () => {
  it("shows added and removed lines with a line of context", () => {
    expect(lineDiff("a\nb\nc\nd\ne\nf", "a\nb\nc2\nd\ne\nf\ng")).toBe(
      "  b\n- c\n+ c2\n  d\n...\n  f\n+ g",
    );
  });
});
