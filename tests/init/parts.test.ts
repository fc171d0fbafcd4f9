// The parts of `init`: package.json edits that keep its layout, the globs it proposes and the
// exclusions beside them, the scripts it keeps, the framework a shape belongs to, and the
// commands for each package manager.
import { describe, expect, it } from "vitest";
import { NOT_SOURCES } from "../../src/init/detect.js";
import { hostKindOf } from "../../src/init/framework.js";
import { exclusionPatterns, folderGlobs } from "../../src/init/globs.js";
import { scriptConflicts } from "../../src/init/scripts.js";
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
  const globsOf = (declared: string[], out = "src/generated") =>
    folderGlobs(declared, out).map((g) => g.glob);

  it("a folder's pattern for each folder, never the file alone", () => {
    expect(globsOf(["src/tools/orders.ts"])).toEqual(["src/tools/*.ts"]);
    expect(globsOf(["src/server.ts", "src/lib/x.ts", "src/lib/y.ts"])).toEqual([
      "src/*.ts",
      "src/lib/*.ts",
    ]);
    expect(globsOf(["index.ts", "examples/a.ts"], "generated")).toEqual(["*.ts", "examples/*.ts"]);
  });

  it("deep where folders below declare too, unless that would read the output folder or the whole package", () => {
    expect(globsOf(["src/tools/a.ts", "src/tools/fs/read.ts", "src/tools/web/x/get.ts"])).toEqual([
      "src/tools/**/*.ts",
    ]);
    // src/generated is inside src: no `src/**`.
    expect(globsOf(["src/server.ts", "src/tools/a.ts"])).toEqual(["src/*.ts", "src/tools/*.ts"]);
    expect(globsOf(["src/server.ts", "src/tools/a.ts"], "generated")).toEqual(["src/**/*.ts"]);
    expect(globsOf(["index.ts", "lib/a.ts"], "generated")).toEqual(["*.ts", "lib/*.ts"]);
  });

  it("the declaring files' extensions; glob characters in names escaped", () => {
    expect(globsOf(["src/t/a.mts", "src/t/b.ts"])).toEqual(["src/t/*.{mts,ts}"]);
    expect(globsOf(["src/[id]/c.tsx"])).toEqual(["src/\\[id\\]/*.tsx"]);
  });

  it("leaves out what the globs match that is no source, by folder or by ending", () => {
    const globs = folderGlobs(["src/tools/a.ts", "src/tools/admin/b.ts", "lib/c.ts"], "gen");
    expect(
      exclusionPatterns(
        globs,
        [
          "src/tools/a.test.ts",
          "src/tools/admin/b.spec.ts",
          "src/tools/__fixtures__/a.ts",
          "src/tools/admin/__mocks__/b.ts",
          "src/tools/dist/a.ts",
          "lib/c.test.ts",
        ],
        NOT_SOURCES,
      ),
    ).toEqual([
      "lib/*.test.ts",
      "src/tools/**/*.spec.ts",
      "src/tools/**/*.test.ts",
      "src/tools/__fixtures__/**",
      "src/tools/admin/__mocks__/**",
      "src/tools/dist/**",
    ]);
  });
});

describe("scripts of init's names", () => {
  it.each([
    ["gen:validators", "tool-validators", true],
    ["gen:validators", "tool-validators --no-cache --formatter none", true],
    ["gen:validators", "npx tool-validators", true],
    ["gen:validators", "pnpm exec tool-validators && prettier --write src/generated", true],
    ["gen:validators", "node scripts/gen.mjs", false],
    ["gen:validators", "tool-validators --check", false],
    ["gen:validators", "tool-validators --watch", false],
    ["gen:validators", "tool-validators init", false],
    ["gen:validators", "echo tool-validators", false],
    ["check:validators", "tool-validators --check", true],
    ["check:validators", "tool-validators", false],
  ])("%s: %j runs as init's would: %s", (name, script, kept) => {
    expect(scriptConflicts({ [name]: script }, "npm run gen:validators")).toHaveLength(
      kept ? 0 : 1,
    );
  });

  it("names who runs the script", () => {
    expect(scriptConflicts({ "gen:validators": "make" }, "npx tool-validators")).toEqual([
      'conflict: the script "gen:validators" is "make", which does not run tool-validators, and init\'s command to generate runs it.',
    ]);
  });
});

describe("the framework of a shape", () => {
  it.each([
    ["ai-sdk", {}, "ai-sdk"],
    ["openai-agents", {}, "openai-agents"],
    ["plugin", {}, "tool-manager"],
    ["mcp", {}, "mcp-server"],
    ["mcp", { ai: "7" }, "ai-sdk-schema"],
    ["mcp", { ai: "7", "@modelcontextprotocol/sdk": "1" }, "mcp-server"],
    ["openai-chat", { ai: "7" }, "model-loop"],
    ["anthropic", {}, "model-loop"],
  ])("%s with %j: %s", (shape, frameworks, kind) => {
    expect(hostKindOf(shape, frameworks)).toBe(kind);
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
    frameworks: {},
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
