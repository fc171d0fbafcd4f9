// `tool-validators init` on host packages of each kind (tests/fixtures/init, written for these
// tests): an MCP server with npm, an OpenAI-style loop with yarn, a wave-style tool manager in
// a pnpm workspace, and a package that declares no tool. Each is copied to a temporary folder.
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { init } from "../../src/init/init.js";
import { makeTempDir } from "../helpers/context.js";
import { REPO } from "../helpers/spawn.js";

const FIXTURES = path.join(REPO, "tests/fixtures/init");
const temps: string[] = [];

afterEach(async () => {
  for (const dir of temps.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

/** A copy of a fixture (its gitignore.txt becomes .gitignore, in a git repository). */
async function copy(fixture: string): Promise<string> {
  const dir = await makeTempDir("tv-init-");
  temps.push(dir);
  await fs.cp(path.join(FIXTURES, fixture), dir, { recursive: true });
  const ignore = path.join(dir, "gitignore.txt");
  if (await fs.stat(ignore).catch(() => undefined)) {
    await fs.rename(ignore, path.join(dir, ".gitignore"));
    execFileSync("git", ["init", "-q"], { cwd: dir });
  }
  return dir;
}

async function runInit(dir: string, dryRun = false) {
  let stdout = "";
  let stderr = "";
  const code = await init(
    { dir, dryRun },
    { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
  );
  return { code, stdout, stderr };
}

const read = (dir: string, file = "package.json") => fs.readFile(path.join(dir, file), "utf8");

describe("init: an MCP server (npm)", () => {
  it("proposes the globs and exclusions, writes the settings and scripts, prints the wiring", async () => {
    const dir = await copy("mcp-npm");
    const result = await runInit(dir);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await read(dir)).toBe(`{
  "name": "notes-mcp",
  "version": "1.0.0",
  "type": "module",
  "files": ["dist"],
  "dependencies": { "@modelcontextprotocol/sdk": "1.32.2" },
  "devDependencies": {
    "tool-validators": "0.1.0"
  },
  "scripts": {
    "gen:validators": "tool-validators",
    "check:validators": "tool-validators --check"
  },
  "tool-validators": {
    "tools": [
      "src/server.ts",
      "src/tools/*.ts"
    ],
    "excludeFiles": [
      "src/tools/*.test.ts"
    ],
    "excludeTools": [
      "summarize"
    ],
    "out": "src/generated/validators",
    "command": "npm run gen:validators"
  }
}
`);
    expect(result.stdout).toMatch(
      /^tool-validators init: notes-mcp \(tv-init-\w+\), npm \(from package-lock\.json\)\.\n/,
    );
    const lines = result.stdout.split("\n");
    expect(lines.slice(1, 10)).toEqual([
      "Found 3 tools in 3 files:",
      "  src/server.ts: ping (mcp)",
      "  src/tools/fetch.ts: fetch_page (mcp)",
      "  src/tools/search.ts: search_docs (mcp)",
      "Left out (every run lists them; fix a declaration and drop its exclusion to validate it):",
      '  excludeFiles "src/tools/*.test.ts":',
      "    tests, not declarations",
      '  excludeTools "summarize":',
      '    src/tools/summarize.ts:8:16 TV2001 Tool "summarize", inputSchema: The schema is not statically known: "schema" is a `let` variable; only `const` values are read. Leave this tool out with "excludeTools": ["summarize"] in the settings (or its file with "excludeFiles": ["src/tools/summarize.ts"]).',
    ]);
    expect(result.stdout).toContain(
      "Wiring, for an MCP server: the tools/call handler validates before it runs a tool. In src/server.ts:\n\n" +
        '    import { formatValidationError, validateToolArgs } from "./generated/validators/index.js";\n',
    );
    expect(result.stdout).toContain(
      "  The guide: node_modules/tool-validators/docs/mcp-server.md\n",
    );
    expect(result.stdout).toContain(
      "Then:\n  npm run gen:validators    writes src/generated/validators/ (commit it)\n" +
        "  npm run check:validators  in CI: exit 1 when src/generated/validators/ does not match the declarations\n",
    );
    expect(result.stdout).not.toContain("not a dependency");
  });

  it("is idempotent: a second run changes nothing and says so", async () => {
    const dir = await copy("mcp-npm");
    await runInit(dir);
    const first = await read(dir);
    const second = await runInit(dir);
    expect(second.code).toBe(0);
    expect(await read(dir)).toBe(first);
    expect(second.stdout).toContain(
      'Settings (the "tool-validators" key of package.json): already these.',
    );
    expect(second.stdout).toContain(
      "package.json already has the settings and the scripts: nothing to change.",
    );
  });

  it("--dry-run prints the lines it would add and writes nothing", async () => {
    const dir = await copy("mcp-npm");
    const before = await read(dir);
    const result = await runInit(dir, true);
    expect(result.code).toBe(0);
    expect(await read(dir)).toBe(before);
    expect(result.stdout).toContain(
      `Would add "scripts"."gen:validators", "scripts"."check:validators", "tool-validators" to package.json:
        "tool-validators": "0.1.0"
  +   },
  +   "scripts": {
  +     "gen:validators": "tool-validators",
  +     "check:validators": "tool-validators --check"
  +   },
  +   "tool-validators": {
`,
    );
    expect(result.stdout).toContain("(--dry-run: nothing was written)\n");
  });

  it("leaves settings that differ as they are, and a script of the same name", async () => {
    const dir = await copy("mcp-npm");
    const json = JSON.parse(await read(dir)) as Record<string, unknown>;
    json.scripts = { "gen:validators": "tool-validators --no-cache" };
    json["tool-validators"] = { tools: "src/server.ts", out: "generated" };
    const text = `${JSON.stringify(json, null, 2)}\n`;
    await fs.writeFile(path.join(dir, "package.json"), text);
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect(JSON.parse(await read(dir))).toEqual({
      ...json,
      scripts: {
        "gen:validators": "tool-validators --no-cache",
        "check:validators": "tool-validators --check",
      },
    });
    expect(result.stdout).toContain(
      'Settings (the "tool-validators" key of package.json): left as they are; init would propose:',
    );
    expect(result.stdout).toContain(
      'Note: the script "gen:validators" is "tool-validators --no-cache"; it was left as it is (init writes "tool-validators").',
    );
    // The existing output folder is the one the wiring imports.
    expect(result.stdout).toContain('validateToolArgs } from "../generated/index.js";');
  });
});

describe("init: an OpenAI-style loop (yarn)", () => {
  it("keeps the tab indentation, names the loop's file, and the yarn commands", async () => {
    const dir = await copy("loop-yarn");
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect(await read(dir)).toBe(`{
\t"name": "weather-agent",
\t"private": true,
\t"type": "module",
\t"scripts": {
\t\t"build": "tsc",
\t\t"gen:validators": "tool-validators",
\t\t"check:validators": "tool-validators --check"
\t},
\t"tool-validators": {
\t\t"tools": "src/agent/tools.ts",
\t\t"out": "src/generated/validators",
\t\t"command": "yarn gen:validators"
\t}
}
`);
    expect(result.stdout).toContain("  src/agent/tools.ts: get_weather, get_time (openai-chat)\n");
    expect(result.stdout).toContain(
      "Wiring, for an agent loop on a model API (OpenAI-style tool calls): the loop validates each tool call after parsing its arguments. In src/agent/loop.ts:\n\n" +
        '    import { formatValidationError, validateToolArgs } from "../generated/validators/index.js";\n',
    );
    expect(result.stdout).toContain(
      "Note: tool-validators is not a dependency of this package: add it as an exact dev dependency (yarn add -D -E tool-validators).",
    );
    expect(result.stdout).toContain("  yarn gen:validators    writes src/generated/validators/");
    // The bridge built at run time is not a declaration; it blocks nothing.
    expect(result.stdout).not.toContain("mcpBridge");
  });
});

describe("init: a wave-style tool manager in a pnpm workspace", () => {
  it("keeps CRLF and 4 spaces, commands by the package's name, warns about an ignored vendor/", async () => {
    const root = await copy("wave-pnpm");
    const dir = path.join(root, "packages/agent-sdk");
    // CRLF line ends (the repository keeps its files LF, .gitattributes).
    await fs.writeFile(path.join(dir, "package.json"), (await read(dir)).replace(/\n/g, "\r\n"));
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect(await read(dir)).toBe(
      [
        "{",
        '    "name": "wave-agent-sdk",',
        '    "version": "0.1.0",',
        '    "type": "module",',
        '    "scripts": {',
        '        "build": "tsc",',
        '        "test": "vitest run",',
        '        "gen:validators": "tool-validators",',
        '        "check:validators": "tool-validators --check"',
        "    },",
        '    "devDependencies": {',
        '        "tool-validators": "file:vendor/tool-validators-0.1.0.tgz"',
        "    },",
        '    "tool-validators": {',
        '        "tools": "src/tools/*.ts",',
        '        "excludeFiles": [',
        '            "src/tools/*.test.ts"',
        "        ],",
        '        "out": "src/generated/validators",',
        '        "command": "pnpm gen:validators"',
        "    }",
        "}",
        "",
      ].join("\r\n"),
    );
    expect(result.stdout).toMatch(
      /^tool-validators init: wave-agent-sdk \(agent-sdk\), pnpm \(from the "packageManager" field\)\.\n/,
    );
    expect(result.stdout).toContain(
      "Warning: vendor/tool-validators-0.1.0.tgz, which package.json installs tool-validators from, is ignored by git (.gitignore:2:vendor/): a fresh clone cannot install it.",
    );
    expect(result.stdout).toContain(
      "Wiring, for a tool manager of plugin tools (config.function): the tool manager keeps a validator for each built-in plugin it registers. New lines: the import, the `validators` field, the two after a built-in is registered, and `validateArgs`; the rest shows where they go. The guide then adds the check to `execute`, before the PreToolUse hooks and in forked loops. In src/managers/toolManager.ts:\n\n" +
        '    import { formatValidationError, validatorFor, type Validator } from "../generated/validators/index.js";\n',
    );
    expect(result.stdout).toContain(
      "Then (from ../..):\n  pnpm --filter wave-agent-sdk gen:validators    writes src/generated/validators/ (commit it)\n" +
        "  pnpm --filter wave-agent-sdk check:validators  in CI",
    );
    // A chat message block with `parameters` (the arguments as text) is not a tool.
    expect(result.stdout).not.toContain("messages.ts");
  });
});

describe("init: a package that declares no tool", () => {
  it("exits 2 and writes nothing", async () => {
    const dir = await copy("empty");
    const before = await read(dir);
    const result = await runInit(dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "tool-validators init: no tool declaration found in the 1 TypeScript file under src/ (tests, builds and node_modules are not looked at); nothing was written.\n",
    );
    expect(await read(dir)).toBe(before);
  });

  it("exits 2 without a package.json", async () => {
    const dir = await makeTempDir("tv-init-");
    temps.push(dir);
    const result = await runInit(dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^tool-validators init: no package\.json here/);
  });
});
