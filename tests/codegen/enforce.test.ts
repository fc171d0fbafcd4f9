// `enforce` and the output (CONTRACT.md section 3.1): without it the output is byte for byte
// what it is without the opt-in keywords, and a keyword no tool uses adds only its issue types
// and texts. Checked on this repository's tools (example/tools), whose declarations use
// minItems, maxItems and maxLength (AskUserQuestion) and none of the other constraint keywords.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEYWORD_SUPPORT, OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { generate, type GenerateResult } from "../../src/pipeline/generate.js";
import { REPO } from "../helpers/spawn.js";

/** The files of a run on this repository's tools, by name, as this repository's settings make them. */
async function filesOf(enforce?: readonly string[]): Promise<Map<string, string>> {
  const result: GenerateResult = await generate({
    cwd: REPO,
    tools: ["example/tools/**/*.ts"],
    outDir: "generated",
    command: "npm run gen",
    ...(enforce === undefined ? {} : { enforce }),
  });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return new Map(result.output!.map((file) => [file.name, file.content]));
}

/** The keywords the repository's tools declare somewhere. */
const USED = ["minItems", "maxItems", "maxLength"];
const UNUSED = OPT_IN_KEYWORDS.filter((keyword) => !USED.includes(keyword));

const without = await filesOf();

describe("enforce and the output", () => {
  it("without enforce, the output is generated/ as committed", async () => {
    for (const [name, content] of without)
      expect(await fs.readFile(path.join(REPO, "generated", name), "utf8"), name).toBe(content);
    const committed = (await fs.readdir(path.join(REPO, "generated"))).filter((f) =>
      f.endsWith(".ts"),
    );
    expect([...without.keys()].sort()).toEqual(committed.sort());
  });

  it("enforce: [] is byte for byte the output without it", async () => {
    expect(await filesOf([])).toEqual(without);
  });

  it("keywords no tool uses change no tool module and no index.ts, and bring no support module", async () => {
    const unused = await filesOf(UNUSED);
    expect([...unused.keys()].sort()).toEqual([...without.keys()].sort());
    const changed = [...unused].filter(([name, content]) => without.get(name) !== content);
    // Only the issue types and texts: the new codes' variants, ranks, lines and log fields.
    expect(changed.map(([name]) => name).sort()).toEqual(["issues.ts", "types.ts"]);
    expect(unused.get("types.ts")).toContain('code: "too_small"');
    expect(unused.get("issues.ts")).toContain("is too small: expected at least");
    for (const name of KEYWORD_SUPPORT) expect(unused.has(`${name}.ts`), name).toBe(false);
  });

  it("each unused keyword alone changes only types.ts and issues.ts (prefixItems, which has no issue of its own, nothing)", async () => {
    for (const keyword of UNUSED) {
      const one = await filesOf([keyword]);
      const changed = [...one].filter(([name, content]) => without.get(name) !== content);
      const expected = keyword === "prefixItems" ? [] : ["issues.ts", "types.ts"];
      expect(changed.map(([name]) => name).sort(), keyword).toEqual(expected);
    }
  });

  it('with enforce "all", the tools that use a keyword change, and its support module comes with them alone', async () => {
    const all = await filesOf(OPT_IN_KEYWORDS);
    const changed = [...all.keys()].filter((name) => without.get(name) !== all.get(name));
    expect(changed.sort()).toEqual([
      "ask-user-question.ts",
      "issues.ts",
      "stringLength.ts",
      "types.ts",
    ]);
    const module = all.get("ask-user-question.ts")!;
    expect(module).toContain('from "./stringLength.js"');
    expect(module).toContain('code: "too_many_items"');
    const support = await fs.readFile(path.join(REPO, "src/support/stringLength.ts"), "utf8");
    expect(all.get("stringLength.ts")).toContain(support.slice(support.indexOf("/**"), 2000));
  });
});
