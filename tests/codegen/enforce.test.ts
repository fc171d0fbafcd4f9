// `enforce` and the output (CONTRACT.md section 3.1): without it the output is byte for byte
// what it is without the opt-in keywords, and a keyword no tool uses adds only its issue types
// and texts. Checked on this repository's tools (example/tools), whose declarations use some
// opt-in keywords (maxLength in AskUserQuestion): those the run without `enforce` lists as not
// enforced.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEYWORD_SUPPORT, KEYWORDS, OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { generate, type GenerateResult } from "../../src/pipeline/generate.js";
import { REPO } from "../helpers/spawn.js";

/**
 * A run on this repository's tools, as this repository's settings make it, formatted with its
 * prettier or, where only which files change is in question, not formatted (formatting maps
 * equal code to equal code, and costs most of a run).
 */
async function runOf(enforce?: readonly string[], formatter?: "none"): Promise<GenerateResult> {
  const result: GenerateResult = await generate({
    cwd: REPO,
    tools: ["example/tools/**/*.ts"],
    outDir: "generated",
    command: "npm run gen",
    ...(enforce === undefined ? {} : { enforce }),
    ...(formatter === undefined ? {} : { formatter }),
  });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result;
}

/** The files of a run, by name. */
function byName(result: GenerateResult): Map<string, string> {
  return new Map(result.output!.map((file) => [file.name, file.content]));
}

/** The files of a run not formatted, by name. */
async function filesOf(enforce?: readonly string[]): Promise<Map<string, string>> {
  return byName(await runOf(enforce, "none"));
}

const plain = await runOf();
/** The output without enforce, formatted (as committed) and not. */
const formatted = byName(plain);
const without = await filesOf();

/** The keywords the tools declare and a run without `enforce` lists as not enforced. */
const declared = new Set(plain.tools.flatMap((tool) => tool.notEnforced.map((n) => n.keyword)));
/** The opt-in keywords the repository's tools declare somewhere, and those they do not. */
const USED = KEYWORDS.filter((k) => k.optIn && k.keywords.some((w) => declared.has(w))).map(
  (k) => k.keywords[0],
);
const UNUSED = OPT_IN_KEYWORDS.filter((keyword) => !USED.includes(keyword));
/** The tools that declare one of them. */
const DECLARING = plain.tools
  .filter((tool) => tool.notEnforced.some((n) => USED.includes(n.keyword)))
  .map((tool) => tool.name);

describe("enforce and the output", () => {
  it("without enforce, the output is generated/ as committed", async () => {
    for (const [name, content] of formatted)
      expect(await fs.readFile(path.join(REPO, "generated", name), "utf8"), name).toBe(content);
    const committed = (await fs.readdir(path.join(REPO, "generated"))).filter((f) =>
      f.endsWith(".ts"),
    );
    expect([...formatted.keys()].sort()).toEqual(committed.sort());
  });

  it("enforce: [] is byte for byte the output without it", async () => {
    expect(byName(await runOf([]))).toEqual(formatted);
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

  it('with enforce "all", only tools that declare an opt-in keyword change, and the support modules they import come with them', async () => {
    expect(USED).toContain("maxLength");
    const all = await filesOf(OPT_IN_KEYWORDS);
    const changed = [...all.keys()].filter((name) => without.get(name) !== all.get(name));
    const tools = changed.filter((name) => without.has(name) && /\(tool "/.test(all.get(name)!));
    for (const name of tools)
      expect(DECLARING, name).toContain(/\(tool "([^"]+)"\)/.exec(all.get(name)!)![1]);
    expect(tools).toContain("ask-user-question.ts");
    const imported = new Set(
      tools.flatMap((name) =>
        [...all.get(name)!.matchAll(/from "\.\/(\w+)\.js"/g)].map((match) => match[1]!),
      ),
    );
    const support = KEYWORD_SUPPORT.filter((name) => imported.has(name)).map(
      (name) => `${name}.ts`,
    );
    expect(support).toContain("stringLength.ts");
    expect(changed.sort()).toEqual([...tools, ...support, "issues.ts", "types.ts"].sort());
    const module = all.get("ask-user-question.ts")!;
    expect(module).toContain('from "./stringLength.js"');
    expect(module).toContain('code: "too_many_items"');
    const source = await fs.readFile(path.join(REPO, "src/support/stringLength.ts"), "utf8");
    expect(all.get("stringLength.ts")).toContain(source.slice(source.indexOf("/**"), 2000));
  });
});
