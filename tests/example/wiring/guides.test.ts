// The guides in docs/ show the code the wiring tests run: each TypeScript block is a region of
// an example's source (tests/helpers/regions.ts), and the tool-manager guide's way of finding
// test doubles, run by vitest on a host of every kind of double, lists each one and nothing else.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { wiringCode, type HostKind } from "../../../src/init/wiring.js";
import { codeRegion, guideBlocks } from "../../helpers/regions.js";
import { REPO, run } from "../../helpers/spawn.js";

const GUIDES = [
  "docs/ai-sdk.md",
  "docs/mcp-server.md",
  "docs/openai-agents.md",
  "docs/openai-loop.md",
  "docs/tool-manager.md",
];

describe.each(GUIDES)("%s", (guide) => {
  it("shows, in each TypeScript block, a region of the example the tests run", async () => {
    const blocks = (await guideBlocks(guide)).filter((block) => block.language === "ts");
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      expect(block.source, `${guide}:${block.line} names no source`).toBeDefined();
      const { file, region } = block.source!;
      expect(block.text, `${guide}:${block.line} (${file}#${region})`).toBe(
        await codeRegion(file, region),
      );
    }
  });
});

describe("docs/tool-manager.md", () => {
  it("lists every test double of the tool manager that a test runs a tool through", async () => {
    const text = await fs.readFile(path.join(REPO, "docs/tool-manager.md"), "utf8");
    // The guide's way: the file it shows, imported first by the host's setup file, for one run.
    expect(text).toContain(
      "<!-- code: tests/fixtures/tool-manager-doubles/tests/listToolManagerDoubles.ts#list-doubles -->",
    );
    expect(text).toContain('`import "./listToolManagerDoubles.js";`');
    const setup = await fs.readFile(
      path.join(REPO, "tests/fixtures/tool-manager-doubles/tests/setup.ts"),
      "utf8",
    );
    expect(setup).toContain('\nimport "./listToolManagerDoubles.js";\n');

    // A copy inside the repository, so that the fixture's imports find vitest.
    const dir = path.join(REPO, `tests/.tmp-doubles-${process.pid}`);
    await fs.cp(path.join(REPO, "tests/fixtures/tool-manager-doubles"), dir, { recursive: true });
    try {
      const vitest = path.join(REPO, "node_modules/vitest/vitest.mjs");
      const result = await run(process.execPath, [vitest, "run"], dir);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      const list = await fs.readFile(path.join(dir, "tests/tool-manager-doubles.txt"), "utf8");
      expect(list.trim().split("\n").sort()).toEqual([
        "src/managers/aiManager.test.ts > runs a tool through a cast double: a double with execute",
        "tests/managers/fakeClass.test.ts > runs a tool through a fake class: a double with calls",
        "tests/managers/mocked.test.ts > runs a tool through a Mocked<> double: a double with execute",
        "tests/managers/moduleFactory.test.ts > runs a tool through a vi.mock factory's double: a double with execute, getTools",
        "tests/managers/shared.test.ts > runs a tool through the shared factory's double: a double with execute, list",
        "tests/managers/uncast.test.ts > runs a tool through an uncast double: a double with isConcurrencySafe, execute",
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe("tool-validators init", () => {
  it.each<[HostKind, string, string, string]>([
    ["mcp-server", "example/mcp-server/server.ts", "call", "./generated/index.js"],
    ["model-loop", "example/openai-loop/loop.ts", "call", "./generated/index.js"],
    [
      "tool-manager",
      "example/tool-manager/managers/toolManager.ts",
      "registry",
      "../generated/index.js",
    ],
  ])("prints the guide's code for %s (%s#%s)", async (kind, file, region, specifier) => {
    expect(wiringCode(kind, specifier)).toBe(await codeRegion(file, region));
  });
});
