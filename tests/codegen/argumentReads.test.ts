// Undeclared reads caught when the code is built: a tool's `execute` (and the helpers it hands
// its arguments to) may read only declared keys; reads that cannot be followed are warnings.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/diagnostics/diagnostics.js";
import { generate } from "../../src/pipeline/generate.js";
import { runMain } from "../helpers/inProcess.js";
import { REPO, REPO_TOOLS } from "../helpers/spawn.js";

const FIXTURE = "tests/fixtures/reads/tools.ts";

describe("undeclared argument reads", () => {
  it("locates every read of an undeclared key and every use it cannot follow", async () => {
    const result = await generate({ cwd: REPO, tools: [FIXTURE] });
    const lines = result.diagnostics.map((d) => formatDiagnostic(d, result.sources).split("\n")[0]);
    const declared = "which the declaration does not declare: a validated call never has it.";
    const fix = "Declare it in `parameters`, or stop reading it.";
    expect(lines).toEqual([
      `tests/fixtures/reads/helpers.ts:2:17 - error TV4001: Tool "Reads": \`input.imported_key\` reads "imported_key", ${declared} ${fix}`,
      `tests/fixtures/reads/tools.ts:6:10 - error TV4001: Tool "Reads": \`options.helper_key\` reads "helper_key", ${declared} ${fix}`,
      `tests/fixtures/reads/tools.ts:25:15 - error TV4001: Tool "Reads": \`args.file_pth\` reads "file_pth", ${declared} Did you mean "file_path"?`,
      `tests/fixtures/reads/tools.ts:26:15 - error TV4001: Tool "Reads": \`args["bracket_key"]\` reads "bracket_key", ${declared} ${fix}`,
      `tests/fixtures/reads/tools.ts:27:23 - error TV4001: Tool "Reads": \`destructured_key\` reads "destructured_key", ${declared} ${fix}`,
      `tests/fixtures/reads/tools.ts:27:41 - error TV4001: Tool "Reads": \`renamed: other\` reads "renamed", ${declared} ${fix}`,
      `tests/fixtures/reads/tools.ts:29:15 - error TV4001: Tool "Reads": \`alias.alias_key\` reads "alias_key", ${declared} ${fix}`,
      `tests/fixtures/reads/tools.ts:30:15 - error TV4001: Tool "Reads": \`"in_key" in args\` reads "in_key", ${declared} ${fix}`,
      'tests/fixtures/reads/tools.ts:34:15 - warning TV4101: Tool "Reads": `args[key]` cannot be checked against the declaration: the key is computed at run time.',
      'tests/fixtures/reads/tools.ts:35:20 - warning TV4101: Tool "Reads": `...args` cannot be checked against the declaration: a spread copies every key.',
      'tests/fixtures/reads/tools.ts:36:5 - warning TV4101: Tool "Reads": `someLibrary(args)` cannot be checked against the declaration: the arguments are passed to `someLibrary`, which cannot be followed.',
      `tests/fixtures/reads/tools.ts:48:24 - error TV4001: Tool "Destructuring": \`y\` reads "y", ${declared} ${fix}`,
      `tests/fixtures/reads/tools.ts:67:87 - error TV4001: Tool "NoParameters": \`args.surprise\` reads "surprise", ${declared} The tool declares no parameters.`,
    ]);
    expect(result.output).toBeUndefined();
  });

  it("fails `npm run gen` with exit 2", async () => {
    const result = await runMain(
      ["--tools", FIXTURE, "--out", path.join(REPO, "tests/.tmp-reads-out")],
      REPO,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Found 10 errors and 3 warnings.");
  });

  it("finds every key the built-in tools read declared", async () => {
    const result = await generate({ cwd: REPO, tools: [REPO_TOOLS], formatter: "none" });
    expect(result.diagnostics).toEqual([]);
  });
});
