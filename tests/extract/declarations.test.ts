// What the generator reads from the real declarations, the built-in tools and the golden
// fixtures, equals their value as JavaScript evaluates it (the modules are imported): each
// exported tool object's name and `config.function.parameters`, exactly (key order, -0).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { glob } from "tinyglobby";
import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/diagnostics.js";
import { extractTools } from "../../src/extract/discover.js";
import { goldenCases } from "../helpers/golden.js";
import { REPO, REPO_TOOLS } from "../helpers/spawn.js";
import { difference } from "./compare.js";

interface ToolLike {
  config: { function: { name: unknown; parameters?: unknown } };
}

function isToolLike(value: unknown): value is ToolLike {
  const config = (value as { config?: { function?: unknown } } | null)?.config;
  return typeof config?.function === "object" && config.function !== null;
}

/** Reads the files, imports them, and compares every exported tool object; returns how many. */
async function compareDeclarations(cwd: string, globs: readonly string[]): Promise<number> {
  const files = (await glob([...globs], { cwd, absolute: true, ignore: ["**/*.d.ts"] })).sort();
  expect(files.length).toBeGreaterThan(0);
  const display = (file: string) => path.relative(cwd, file).split(path.sep).join("/");
  const diagnostics = new DiagnosticBag();
  const { tools } = extractTools(files, diagnostics, display);
  expect(diagnostics.items).toEqual([]);
  let compared = 0;
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (!isToolLike(value)) continue;
      const read = tools.find((t) => t.declaredAs === exportName && t.file === display(file));
      expect(read, `${display(file)}: ${exportName} was not read`).toBeDefined();
      expect(read!.name).toBe(value.config.function.name);
      const parameters = value.config.function.parameters;
      if (parameters === undefined) expect(read!.parameters).toBeUndefined();
      else
        expect(
          difference(read!.parameters!, parameters, `${exportName}.parameters`),
        ).toBeUndefined();
      compared++;
    }
  }
  // Nothing was read that JavaScript does not export as a tool.
  expect(tools).toHaveLength(compared);
  return compared;
}

describe("the reading of real declarations equals their JavaScript value", () => {
  it("for every built-in tool", async () => {
    const compared = await compareDeclarations(REPO, [REPO_TOOLS]);
    expect(compared).toBeGreaterThanOrEqual(25);
  });

  it.each(goldenCases().map((c) => [c.name, c] as const))(
    "for the golden fixture %s",
    async (_, testCase) => {
      expect(await compareDeclarations(testCase.dir, testCase.tools)).toBeGreaterThan(0);
    },
  );
});
