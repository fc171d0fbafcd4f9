// `tool-validators init` on host packages of each kind (tests/fixtures/init, written for these
// tests): an MCP server with npm, an OpenAI-style loop with yarn, a wave-style tool manager in
// a pnpm workspace, a package with one tool file, one whose tools have test doubles, tools at
// the package's root and in examples, the AI SDK, OpenAI Agents JS, a list an AI SDK tool set
// reads, zod only, and a package that declares no tool. Each is copied to a temporary folder.
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { init, type InitOptions } from "../../src/init/init.js";
import { wiringCode } from "../../src/init/wiring.js";
import { generate } from "../../src/pipeline/generate.js";
import { makeTempDir } from "../helpers/context.js";
import { runMain } from "../helpers/inProcess.js";
import { codeRegion } from "../helpers/regions.js";
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

async function runInit(dir: string, options: Partial<InitOptions> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await init(
    { dir, dryRun: false, ...options },
    { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
  );
  return { code, stdout, stderr };
}

const read = (dir: string, file = "package.json") => fs.readFile(path.join(dir, file), "utf8");

/** The settings init wrote into package.json. */
async function writtenSettings(dir: string): Promise<Record<string, unknown>> {
  return (JSON.parse(await read(dir)) as Record<string, Record<string, unknown>>)[
    "tool-validators"
  ]!;
}

/** The generator run in memory with the settings init wrote. */
async function generateWith(dir: string) {
  const settings = await writtenSettings(dir);
  return generate({
    cwd: dir,
    tools: [settings.tools as string | string[]].flat(),
    outDir: settings.out as string,
    formatter: "none",
    ...(settings.excludeFiles ? { excludeFiles: settings.excludeFiles as string[] } : {}),
    ...(settings.excludeTools ? { excludeTools: settings.excludeTools as string[] } : {}),
  });
}

/** The guide's code init prints, indented as it prints it. */
async function printedRegion(file: string, region: string, specifier: string): Promise<string> {
  const code = (await codeRegion(file, region)).replace(
    /from "(?:\.\.?\/)+generated\/index\.js"/g,
    `from ${JSON.stringify(specifier)}`,
  );
  return code
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => (line === "" ? "" : `    ${line}`))
    .join("\n");
}

describe("init: an MCP server (npm)", () => {
  it("proposes folder globs and exclusions, writes the settings and scripts, prints the wiring", async () => {
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
      "src/*.ts",
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
    expect(lines.slice(1, 12)).toEqual([
      "Found 3 tools in 3 files:",
      "  src/server.ts: ping (mcp)",
      "  src/tools/fetch.ts: fetch_page (mcp)",
      "  src/tools/search.ts: search_docs (mcp)",
      "Left out (every run lists them; fix a declaration and drop its exclusion to validate it):",
      '  excludeFiles "src/tools/*.test.ts":',
      "    tests, fixtures, mocks or build output, not declarations",
      '  excludeTools "summarize":',
      '    src/tools/summarize.ts:8:16 TV2001 Tool "summarize", inputSchema: The schema is not statically known: "schema" is a `let` variable; only `const` values are read. Leave this tool out with "excludeTools": ["summarize"] in the settings (or its file with "excludeFiles": ["src/tools/summarize.ts"]).',
      "Checked: a run with these settings reads 3 tools and stops on nothing.",
      "",
    ]);
    expect(result.stdout).toContain(
      'Framework: an MCP server ("@modelcontextprotocol/sdk" 1.32.2 in the dependencies).\n' +
        "Wiring: the tools/call handler validates before it runs a tool.\n" +
        "In src/server.ts, the server's tools/call handler (it has `CallToolRequestSchema`), the guide's code (section \"3. `tools/call`: validate first\"):\n\n" +
        `${await printedRegion("example/mcp-server/server.ts", "call", "./generated/validators/index.js")}\n\n` +
        "  The guide: node_modules/tool-validators/docs/mcp-server.md\n",
    );
    expect(result.stdout).toContain(
      "Then:\n  npm run gen:validators    writes src/generated/validators/ (commit it)\n" +
        "  npm run check:validators  in CI: exit 1 when src/generated/validators/ does not match the declarations\n",
    );
    expect(result.stdout).not.toContain("not a dependency");
    // What init wrote is what the command runs: it reads the three tools, and stops on nothing.
    const run = await runMain([], dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Generated validators for 3 tools from 5 files");
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
    const result = await runInit(dir, { dryRun: true });
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

  it("leaves settings that differ as they are, and a script of the same name that runs the generator", async () => {
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

  it("a declaration it cannot read, of a name another file declares readably: its file is left out, not the name", async () => {
    const dir = await copy("mcp-npm");
    await fs.writeFile(
      path.join(dir, "src/tools/legacy.ts"),
      `let schema = { type: "object" };
export const legacySearch = { name: "search_docs", inputSchema: schema };
`,
    );
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect(await writtenSettings(dir)).toMatchObject({
      excludeFiles: ["src/tools/*.test.ts", "src/tools/legacy.ts"],
      excludeTools: ["summarize"],
    });
    expect((await generateWith(dir)).tools.map((tool) => tool.name).sort()).toEqual([
      "fetch_page",
      "ping",
      "search_docs",
    ]);
  });

  it("takes the globs the user gives (one file), and names the tools they leave out", async () => {
    const dir = await copy("mcp-npm");
    const result = await runInit(dir, { tools: ["src/server.ts"] });
    expect(result.code).toBe(0);
    expect((await writtenSettings(dir)).tools).toBe("src/server.ts");
    expect(result.stdout).toContain(
      "Found 1 tool in 1 file:\n  src/server.ts: ping (mcp)\n" +
        "Not matched by the globs given (their tools get no validator):\n" +
        "  src/tools/fetch.ts: fetch_page\n  src/tools/search.ts: search_docs\n",
    );
  });
});

describe("init: settings the command would refuse", () => {
  /** The command's own message for the settings in `dir`, and init's. */
  async function bothMessages(dir: string) {
    const command = await runMain(["--check"], dir);
    const before = await read(dir);
    const result = await runInit(dir);
    expect(await read(dir)).toBe(before);
    expect(command.code).toBe(2);
    expect(result.code).toBe(2);
    return { command: command.stderr, init: result.stderr };
  }

  it.each([
    [
      "a misspelt package.json key",
      (json: Record<string, unknown>) => {
        json["tool-validator"] = { tools: "src/tools/*.ts" };
      },
      'package.json: unknown key "tool-validator" (did you mean "tool-validators"?); the settings are read from a "tool-validators" key only.',
    ],
    [
      "a misspelt key in the settings",
      (json: Record<string, unknown>) => {
        json["tool-validators"] = { tools: "src/tools/*.ts", outDir: "gen" };
      },
      'package.json ("tool-validators"): unknown key "outDir" (did you mean "out"?); the keys are tools, out, mode, command, enforce, shapes, excludeTools, excludeFiles, exportNames, formatter and targets.',
    ],
  ])("%s: the command's did-you-mean, nothing written", async (_, edit, message) => {
    const dir = await copy("mcp-npm");
    const json = JSON.parse(await read(dir)) as Record<string, unknown>;
    edit(json);
    await fs.writeFile(path.join(dir, "package.json"), `${JSON.stringify(json, null, 2)}\n`);
    const { command, init: initText } = await bothMessages(dir);
    expect(command).toBe(`tool-validators: ${message}\n`);
    expect(initText).toBe(
      `tool-validators init: ${message}\nNothing was written: every run of the command would stop there too.\n`,
    );
  });

  it("a misspelt settings file name", async () => {
    const dir = await copy("mcp-npm");
    await fs.writeFile(path.join(dir, "tool-validators.json"), '{ "tools": "src/*.ts" }\n');
    const { command, init: initText } = await bothMessages(dir);
    const message =
      'tool-validators.json: not a settings file name (did you mean "tool-validators.config.json"?); rename it, or remove it.';
    expect(command).toBe(`tool-validators: ${message}\n`);
    expect(initText).toContain(`tool-validators init: ${message}\n`);
  });
});

describe("init: scripts of init's names that do something else", () => {
  it.each([
    [
      "gen:validators",
      "node scripts/gen-validators.mjs",
      'conflict: the script "gen:validators" is "node scripts/gen-validators.mjs", which does not run tool-validators, and the settings\' "command" ("npm run gen:validators") runs it and every generated file names it.',
    ],
    [
      "check:validators",
      "tool-validators",
      'conflict: the script "check:validators" is "tool-validators", which does not run tool-validators --check, and init\'s command for CI runs it.',
    ],
  ])("%s: %s is a conflict, and nothing is written", async (name, script, conflict) => {
    const dir = await copy("mcp-npm");
    const json = JSON.parse(await read(dir)) as Record<string, unknown>;
    json.scripts = { [name]: script };
    await fs.writeFile(path.join(dir, "package.json"), `${JSON.stringify(json, null, 2)}\n`);
    const before = await read(dir);
    const result = await runInit(dir);
    expect(result.code).toBe(2);
    expect(await read(dir)).toBe(before);
    expect(result.stderr).toBe(
      `tool-validators init: ${conflict}\nNothing was written: rename that script, or make it run tool-validators as said.\n`,
    );
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
\t\t"tools": "src/agent/*.ts",
\t\t"out": "src/generated/validators",
\t\t"command": "yarn gen:validators"
\t}
}
`);
    expect(result.stdout).toContain("  src/agent/tools.ts: get_weather, get_time (openai-chat)\n");
    // The bridge built at run time is no declaration: listed as every run lists it, no error.
    expect(result.stdout).toContain(
      "Also found (every run lists them; no validator, no error):\n" +
        "  Built at run time (a name or schema from a parameter, a call, a loop or the generated folder; skipped): 1 object: src/agent/mcpBridge.ts:3:10 bridge().\n",
    );
    expect(result.stdout).toContain(
      "Framework: an agent loop on a model API (OpenAI-style tool calls).\n" +
        "Wiring: the loop validates each tool call after parsing its arguments.\n" +
        "In src/agent/loop.ts, the loop that runs the model's tool calls (it has `tool_calls`), the guide's code (section \"2. One tool call: parse, validate, run\"):\n\n" +
        `${await printedRegion("example/openai-loop/loop.ts", "call", "../generated/validators/index.js")}\n`,
    );
    expect(result.stdout).toContain(
      "Note: tool-validators is not a dependency of this package: add it as an exact dev dependency (yarn add -D -E tool-validators).",
    );
    expect(result.stdout).toContain("  yarn gen:validators    writes src/generated/validators/");
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
      "Framework: a tool manager of plugin tools (config.function).\n" +
        "Wiring: the tool manager keeps a validator for each built-in plugin it registers. New lines: the import, the `validators` field, the two after a built-in is registered, and `validateArgs`; the rest shows where they go (adapt it to the manager's own signatures). The guide then adds the check to `execute`, before the PreToolUse hooks and in forked loops.\n" +
        'In src/managers/toolManager.ts, the tool manager (the class that registers and runs the tools) (it has `class ToolManager`), the guide\'s code (section "5. One import, in the tool manager"):\n\n' +
        `${await printedRegion("example/tool-manager/managers/toolManager.ts", "registry", "../generated/validators/index.js")}\n`,
    );
    expect(result.stdout).toContain(
      "Then (from ../..):\n  pnpm --filter wave-agent-sdk gen:validators    writes src/generated/validators/ (commit it)\n" +
        "  pnpm --filter wave-agent-sdk check:validators  in CI",
    );
    // The factory is a run-time builder, listed; a chat message block with `parameters` and a
    // `tool_choice` value are no tools: neither is proposed or left out.
    expect(result.stdout).toContain(
      "Built at run time (a name or schema from a parameter, a call, a loop or the generated folder; skipped): 1 object: src/tools/buildTool.ts:4:10 buildTool().",
    );
    expect(result.stdout).not.toContain("messages.ts");
    expect(result.stdout).not.toContain("workflow");
    expect(result.stdout).not.toContain("StructuredOutput");
  });

  it("at the workspace's root, names the package inside it that declares tools", async () => {
    const root = await copy("wave-pnpm");
    const result = await runInit(root);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "tool-validators init: no JSON Schema tool declaration found in the 0 TypeScript files of the package (tests, fixtures, builds, generated code and node_modules are not looked at); nothing was written.\n" +
        "Packages inside this one mention tool schemas; run init in the one that declares the tools: packages/agent-sdk.\n",
    );
  });
});

describe("init: where the tools are", () => {
  it("one tool file: its folder's glob, so a tool added beside it is read too", async () => {
    const dir = await copy("one-tool");
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect((await writtenSettings(dir)).tools).toBe("src/tools/*.ts");
    // No loop in the package yet: said, and the declarations' file is not named as its place.
    expect(result.stdout).toContain(
      "In the loop that runs the model's tool calls: no file of the package has one yet (the import below is written from src/tools/), the guide's code",
    );
    expect(result.stdout).not.toContain("In src/tools/orders.ts");
    await fs.writeFile(
      path.join(dir, "src/tools/billing.ts"),
      `export const billing = {
  type: "function",
  function: {
    name: "charge_card",
    parameters: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] },
  },
} as const;
`,
    );
    const run = await generateWith(dir);
    expect(run.diagnostics).toEqual([]);
    expect(run.tools.map((tool) => tool.name).sort()).toEqual(["charge_card", "create_order"]);
  });

  it("test doubles declaring the same tool are never read: the real tool is", async () => {
    const dir = await copy("fixtures-npm");
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect(await writtenSettings(dir)).toEqual({
      tools: "src/tools/**/*.ts",
      excludeFiles: [
        "src/tools/**/*.spec.ts",
        "src/tools/**/*.test.ts",
        "src/tools/__fixtures__/**",
        "src/tools/__mocks__/**",
        "src/tools/mocks/**",
        "src/tools/test/**",
      ],
      out: "src/generated/validators",
      command: "npm run gen:validators",
    });
    expect(result.stdout).toContain(
      "Found 2 tools in 2 files:\n  src/tools/admin/refunds.ts: refund_order (openai-chat)\n  src/tools/orders.ts: create_order (openai-chat)\n",
    );
    const run = await generateWith(dir);
    expect(run.diagnostics).toEqual([]);
    const order = run.tools.find((tool) => tool.name === "create_order")!;
    expect(order.file).toBe("src/tools/orders.ts");
    expect(order.declaration).toEqual({
      type: "object",
      properties: {
        sku: { type: "string" },
        quantity: { type: "integer" },
        note: { type: "string" },
      },
      required: ["sku", "quantity"],
      additionalProperties: false,
    });
  });

  it("a server at the package's root: the root's glob; examples are named, not included", async () => {
    const dir = await copy("root-examples");
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect((await writtenSettings(dir)).tools).toBe("*.ts");
    expect((await writtenSettings(dir)).out).toBe("generated/validators");
    expect(result.stdout).toContain(
      "Found 2 tools in 1 file:\n  index.ts: search_web, open_page (mcp)\n" +
        "Not included: examples, each a program of its own (give --tools to include them):\n" +
        "  examples/client.ts: summarize\n",
    );
    expect(result.stdout).toContain(
      "In index.ts, the server's tools/call handler (it has `CallToolRequestSchema`)",
    );
    expect(result.stdout).toContain(
      'import { formatValidationError, validateToolArgs } from "./generated/validators/index.js";',
    );
  });

  it("tools only in examples: the examples' globs", async () => {
    const dir = await copy("examples-only");
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect((await writtenSettings(dir)).tools).toBe("examples/**/*.ts");
    expect(result.stdout).toContain("Checked: a run with these settings reads 2 tools");
  });

  it("zod only: says what it found instead, writes nothing", async () => {
    const dir = await copy("zod-only");
    const before = await read(dir);
    const result = await runInit(dir);
    expect(result.code).toBe(2);
    expect(await read(dir)).toBe(before);
    expect(result.stderr).toBe(
      "tool-validators init: no JSON Schema tool declaration found in the 1 TypeScript file of the package (tests, fixtures, builds, generated code and node_modules are not looked at); nothing was written.\n" +
        "  2 tools declared with zod: validated by it at run time\n",
    );
  });
});

describe("init: the frameworks", () => {
  it("the AI SDK: each jsonSchema() gets validate, in the tool set's file", async () => {
    const dir = await copy("ai-sdk-npm");
    const result = await runInit(dir);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    // The tool set imports the output folder, not written yet: not read, no error.
    expect(result.stdout).toContain(
      "Found 2 tools in 1 file:\n  src/agent/tools.ts: get_weather, create-event (ai-sdk)\n",
    );
    expect(result.stdout).toContain(
      'Framework: the Vercel AI SDK (tools declared with jsonSchema) ("ai" 7.0.173 in the dependencies).\n' +
        "Wiring: each tool's `jsonSchema(declaration)` gets its generated validator as `validate`, which gives the model the validator's text for a wrong call.\n" +
        "In src/agent/tools.ts, where the tools are declared:\n\n" +
        "    import {\n" +
        "      formatValidationError,\n" +
        "      CreateEventSchema,\n" +
        "      GetWeatherSchema,\n" +
        "      type StandardToolSchemaV1,\n" +
        '    } from "../generated/validators/index.js";\n\n' +
        '    "create-event": tool({ ..., inputSchema: jsonSchema({...}, { validate: validatedBy(CreateEventSchema) }) }),\n' +
        "    get_weather: tool({ ..., inputSchema: jsonSchema({...}, { validate: validatedBy(GetWeatherSchema) }) }),\n\n" +
        'And in src/agent/tools.ts, the guide\'s code (section "2. `validate`: one option more"):\n\n' +
        `${await printedRegion("example/ai-sdk/tools.ts", "validatedBy", "")}\n\n` +
        "  The guide: node_modules/tool-validators/docs/ai-sdk.md\n",
    );
  });

  it("the AI SDK: a tool held by a const is named where the tool set keys it, and that file is read", async () => {
    const dir = await copy("ai-sdk-route");
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect((await writtenSettings(dir)).tools).toEqual([
      "src/ai/tools/*.ts",
      "src/app/api/chat/*.ts",
    ]);
    expect(result.stdout).toContain(
      "Found 2 tools in 2 files:\n  src/ai/tools/ask.ts: askUser (ai-sdk)\n  src/ai/tools/plan.ts: makePlan (ai-sdk)\n",
    );
    expect((await generateWith(dir)).tools.map((tool) => tool.name).sort()).toEqual([
      "askUser",
      "makePlan",
    ]);
  });

  it("the AI SDK with the declarations in a list: the tool set takes the generated schemas", async () => {
    const dir = await copy("ai-list");
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "  Built at run time (a name or schema from a parameter, a call, a loop or the generated folder; skipped): 1 object: src/agent.ts:7:18 add_note.\n",
    );
    expect(result.stdout).toContain(
      'Framework: the Vercel AI SDK (declarations read elsewhere) ("ai" 7.0.173 in the dependencies).\n' +
        "Wiring: each tool of the tool set takes its generated schema as `inputSchema`.\n" +
        'In src/agent.ts, the AI SDK tool set (it has `tool({`), the guide\'s code (section "3. A tool whose declaration is read elsewhere"):\n\n' +
        '    import { toolSchemas } from "./generated/validators/index.js";\n\n' +
        `${await printedRegion("example/ai-sdk/tools.ts", "schemas", "")}\n`,
    );
  });

  it("OpenAI Agents JS: the guardrail beside the tools, each tool given it", async () => {
    const dir = await copy("agents-pnpm");
    const result = await runInit(dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Framework: OpenAI Agents JS ("@openai/agents" 0.20.0 in the dependencies).\n' +
        "Wiring: a tool input guardrail checks each call with the tool's generated schema in the strict form Agents JS sends, in a file of its own beside the tools; each `tool({ ... })` gets `inputGuardrails: [validArguments]`.\n" +
        "In src/tools.ts, where the tools are declared:\n\n" +
        '    import { validArguments } from "./validation.js";\n\n' +
        '    tool({ name: "lookup_ticket", ..., inputGuardrails: [validArguments] }),\n\n' +
        'And the guardrail, in a file of its own (src/validation.ts), the guide\'s code (section "2. The guardrail"):\n\n' +
        `${await printedRegion("example/openai-agents/validation.ts", "guardrail", "./generated/validators/index.js")}\n`,
    );
  });
});

describe("init: the wiring is the guide's", () => {
  it.each([
    ["mcp-server", "example/mcp-server/server.ts", "call"],
    ["model-loop", "example/openai-loop/loop.ts", "call"],
    ["tool-manager", "example/tool-manager/managers/toolManager.ts", "registry"],
    ["ai-sdk", "example/ai-sdk/tools.ts", "validatedBy"],
    ["ai-sdk-schema", "example/ai-sdk/tools.ts", "schemas"],
    ["openai-agents", "example/openai-agents/validation.ts", "guardrail"],
  ] as const)("%s: %s#%s, its import written for the host", async (kind, file, region) => {
    const code = await codeRegion(file, region);
    expect(wiringCode(kind, "../out/index.js")).toBe(
      code.replace(/from "(?:\.\.?\/)+generated\/index\.js"/g, 'from "../out/index.js"'),
    );
  });
});

describe("init: a package that declares no tool", () => {
  it("exits 2 and writes nothing", async () => {
    const dir = await copy("empty");
    const before = await read(dir);
    const result = await runInit(dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "tool-validators init: no JSON Schema tool declaration found in the 1 TypeScript file of the package (tests, fixtures, builds, generated code and node_modules are not looked at); nothing was written.\n",
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
