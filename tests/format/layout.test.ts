// The emitter's own style (src/code/layout.ts; CONTRACT.md section 5), which is the output
// where the host has no formatter: two spaces per level of nesting, one statement per line, no
// trailing whitespace, no run of blank lines, a final newline. The oracle for the indentation is
// TypeScript's own formatter (2 spaces, switch cases indented), which indents by syntax and
// leaves lines as they are: every line of every emitted file is indented as it indents it, for
// this repository's tools, the golden cases and random declarations with every keyword
// enforced (their keys and descriptions full of quotes, brackets, backticks and comment ends).
// The seed is printed; LAYOUT_SEED=<seed> replays a run.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { Project } from "ts-morph";
import { describe, expect, it } from "vitest";
import { layout } from "../../src/code/layout.js";
import { OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { generate, generateFromSchemas, type GenerateResult } from "../../src/pipeline/generate.js";
import { integerFromEnv } from "../helpers/env.js";
import { generateCase, goldenCases } from "../helpers/golden.js";
import { REPO, REPO_TOOLS } from "../helpers/spawn.js";
import { toolsArb } from "./schemas.js";

const SEED = integerFromEnv("LAYOUT_SEED", Math.floor(Math.random() * 2 ** 31));
const RUNS = integerFromEnv("LAYOUT_RUNS", 40);
console.log(`layout property test: seed ${SEED} (replay: LAYOUT_SEED=${SEED})`);

/** The support sources copied as they are (types.ts and issues.ts are written by the emitter). */
const COPIED = new Set(
  fs
    .readdirSync(path.join(REPO, "src/support"))
    .filter((name) => name.endsWith(".ts") && name !== "types.ts" && name !== "issues.ts"),
);
const project = new Project({ useInMemoryFileSystem: true });

/** Each line's indentation as TypeScript's formatter gives it for `text`. */
function typescriptIndentation(text: string): number[] {
  const file = project.createSourceFile("/check.ts", text, { overwrite: true });
  file.formatText({ indentSize: 2, tabSize: 2, convertTabsToSpaces: true, indentSwitchCase: true });
  return file
    .getFullText()
    .split("\n")
    .map((line) => /^ */.exec(line)![0].length);
}

/** Checks every file the emitter wrote (the copied support sources are the repository's own). */
function expectLaidOut(result: GenerateResult, label: string): number {
  expect(
    result.diagnostics.filter((d) => d.severity === "error"),
    label,
  ).toEqual([]);
  let checked = 0;
  for (const file of result.output!) {
    if (COPIED.has(file.name)) continue;
    const name = `${label}: ${file.name}`;
    const text = file.content;
    const lines = text.split("\n");
    expect(text.endsWith("\n") && !text.endsWith("\n\n"), name).toBe(true);
    expect(
      lines.filter((line) => /\s$/.test(line)),
      name,
    ).toEqual([]);
    expect(text.includes("\n\n\n"), name).toBe(false);
    expect(
      lines.filter((line) => /^ *\t/.test(line)),
      name,
    ).toEqual([]);
    // In the style already: the indentation comes from the nesting alone.
    expect(layout(text), name).toBe(text);
    expect(layout(lines.map((line) => line.trimStart()).join("\n")), name).toBe(text);
    const expected = typescriptIndentation(text);
    const indentation = lines.map((line) => /^ */.exec(line)![0].length);
    const wrong = indentation
      .map((spaces, i) => ({ line: i + 1, spaces, typescript: expected[i], text: lines[i] }))
      .filter(({ spaces, typescript }) => spaces !== typescript);
    expect(wrong, name).toEqual([]);
    checked++;
  }
  return checked;
}

describe("the emitted text", () => {
  it("is laid out for this repository's tools and the golden cases", async () => {
    const repo = await generate({ cwd: REPO, tools: [REPO_TOOLS], formatter: "none" });
    expect(expectLaidOut(repo, "example")).toBeGreaterThan(25);
    for (const testCase of goldenCases())
      expectLaidOut(await generateCase(testCase), testCase.name);
  });

  it("is laid out for random declarations, every keyword enforced", async () => {
    const runs = fc.sample(toolsArb, { numRuns: RUNS, seed: SEED });
    let checked = 0;
    for (const [n, tools] of runs.entries()) {
      const schemas = tools.map((tool, i) => ({ name: `${tool.name}${i}`, schema: tool.schema }));
      for (const mode of ["strict", "standard"] as const) {
        const result = await generateFromSchemas(schemas, {
          mode,
          enforce: OPT_IN_KEYWORDS,
          formatter: "none",
        });
        // A declaration the generator refuses (fail closed) has nothing to lay out.
        if (!result.output) continue;
        checked += expectLaidOut(result, `run ${n} (${mode})`);
      }
    }
    expect(checked).toBeGreaterThan(RUNS);
  });

  it("copies the support sources as they are", async () => {
    const result = await generate({
      cwd: REPO,
      tools: [REPO_TOOLS],
      formatter: "none",
      enforce: OPT_IN_KEYWORDS,
    });
    const copied = result.output!.filter((file) => COPIED.has(file.name));
    expect(copied.length).toBeGreaterThanOrEqual(4);
    for (const file of copied) {
      const source = fs.readFileSync(path.join(REPO, "src/support", file.name), "utf8");
      expect(file.content.slice(file.content.indexOf("\n") + 1), file.name).toBe(source);
    }
  });
});

describe("layout", () => {
  it("indents by brackets, case labels and a declaration continued to its `;`", () => {
    expect(
      layout(
        [
          "export type T =",
          "/** a { */",
          '| { a: "}" }',
          "| [];",
          "function f(",
          "a: string,",
          "): void {",
          "switch (a) {",
          'case "(":',
          "g([",
          "1,",
          "]);",
          "break;",
          "default: {",
          "// a ) comment",
          "}",
          "}",
          "}",
          "",
          "",
          "/**",
          "* Text (with an open bracket",
          "*/",
          "const x = 1;   ",
        ].join("\n"),
      ),
    ).toBe(
      [
        "export type T =",
        "  /** a { */",
        '  | { a: "}" }',
        "  | [];",
        "function f(",
        "  a: string,",
        "): void {",
        "  switch (a) {",
        '    case "(":',
        "      g([",
        "        1,",
        "      ]);",
        "      break;",
        "    default: {",
        "      // a ) comment",
        "    }",
        "  }",
        "}",
        "",
        "/**",
        " * Text (with an open bracket",
        " */",
        "const x = 1;",
        "",
      ].join("\n"),
    );
  });

  it("refuses what the emitter never writes, as an internal error", () => {
    expect(() => layout("const a = `x`;\n")).toThrow(/^internal error: a template literal/);
    expect(() => layout('const a = "x;\n')).toThrow(/^internal error: a string .* not closed/);
    expect(() => layout("}\n")).toThrow(/^internal error: unbalanced brackets/);
    expect(() => layout("if (a) {\n")).toThrow(/^internal error: the emitted code ends inside/);
    expect(() => layout("/** a\n")).toThrow(/^internal error: the emitted code ends inside/);
  });
});
