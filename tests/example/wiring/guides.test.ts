// The guides in docs/ show the code the wiring tests run: each TypeScript block is a region of
// an example's source (tests/helpers/regions.ts), and the tool-manager guide's grep for test
// doubles finds every kind of double and nothing else.
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
  it("gives a grep that lists every inline double of the tool manager, and not the real one", async () => {
    const text = await fs.readFile(path.join(REPO, "docs/tool-manager.md"), "utf8");
    const at = text.indexOf("<!-- grep: test doubles -->");
    expect(at).toBeGreaterThan(0);
    const command = /```sh\n(grep [^\n]+)\n```/.exec(text.slice(at))![1]!;
    const fixture = path.join(REPO, "tests/fixtures/tool-manager-doubles");
    const result = await run("sh", ["-c", command], fixture);
    expect(result.stderr).toBe("");
    const files = result.stdout
      .trim()
      .split("\n")
      .map((line) => line.split(":").slice(0, 2).join(":"))
      .sort();
    expect(files).toEqual([
      "src/managers/aiManager.test.ts:4",
      "tests/managers/subagent.test.ts:4",
      "tests/managers/subagent.test.ts:5",
      "tests/shared/mocks.ts:11",
      "tests/shared/mocks.ts:5",
    ]);
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
