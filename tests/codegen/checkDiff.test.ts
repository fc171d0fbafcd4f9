// The drift check's diff (CONTRACT.md section 7): a unified diff of each stale file, with its
// `-` and `+` lines and 3 lines of context, bounded per file and in all, so that the change
// can be read in a CI log.
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FILE_DIFF_LINES, unifiedDiff } from "../../src/output/diff.js";
import { checkReport } from "../../src/run/messages.js";
import { makeTempDir } from "../helpers/context.js";
import { CODEGEN_FIXTURES } from "../helpers/golden.js";
import { runMain } from "../helpers/inProcess.js";

let work: string;

beforeEach(async () => {
  work = await makeTempDir("tv-check-diff-");
  await fs.cp(path.join(CODEGEN_FIXTURES, "agent-sdk/src"), path.join(work, "src"), {
    recursive: true,
  });
});

afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

describe("the drift check's diff", () => {
  it("shows the lines one more enum value changes, with their context", async () => {
    expect((await runMain([], work)).code).toBe(0);
    const file = path.join(work, "src/tools/fetch.ts");
    const text = await fs.readFile(file, "utf8");
    await fs.writeFile(file, text.replace('["GET", "HEAD"]', '["GET", "HEAD", "POST"]'));
    // The declaration's JSON text, on one line of the Standard Schema's export, changes too.
    const generated = await fs.readFile(path.join(work, "generated/fetch-url.ts"), "utf8");
    const schemaLine = generated
      .split("\n")
      .find((line) => line.startsWith("export const FetchUrlSchema"))!;
    const check = await runMain(["--check"], work);
    expect(check.code).toBe(1);
    expect(check.stdout).toBe("");
    expect(check.stderr).toBe(
      [
        "generated/ is out of date (1 difference):",
        "  stale    generated/fetch-url.ts",
        "    --- generated/fetch-url.ts\tin the folder",
        "    +++ generated/fetch-url.ts\tgenerated",
        "    @@ -10,7 +10,7 @@",
        "      */",
        "     export type FetchUrlArgs = {",
        "       url: string;",
        '    -  method?: "GET" | "HEAD" | undefined;',
        '    +  method?: "GET" | "HEAD" | "POST" | undefined;',
        "       headers?: {",
        "         [key: string]: string;",
        "       } | undefined;",
        "    @@ -19,7 +19,7 @@",
        "     };",
        "     ",
        '     const p0 = Object.freeze(["url"]);',
        '    -const e0: readonly unknown[] = Object.freeze(["GET", "HEAD"]);',
        '    +const e0: readonly unknown[] = Object.freeze(["GET", "HEAD", "POST"]);',
        '     const p1 = Object.freeze(["method"]);',
        '     const p2 = Object.freeze(["headers"]);',
        '     const p3 = Object.freeze(["timeout"]);',
        "    @@ -92,7 +92,7 @@",
        "             }",
        "             if (v1 !== undefined) {",
        '               if (typeof v1 === "string" || v1 === null) {',
        '    -            if (!(v1 === "GET" || v1 === "HEAD")) {',
        '    +            if (!(v1 === "GET" || v1 === "HEAD" || v1 === "POST")) {',
        "                   c = wrongValue(c, p1, e0, v1);",
        "                 }",
        "               } else {",
        "    @@ -159,4 +159,4 @@",
        "     }",
        "     ",
        `     /** The "fetch_url" tool's validator as a Standard Schema and its declaration as a Standard JSON Schema, for agent frameworks that take one. */`,
        `    -${schemaLine}`,
        `    +${schemaLine.replace('[\\"GET\\",\\"HEAD\\"]', '[\\"GET\\",\\"HEAD\\",\\"POST\\"]')}`,
        "Run `npx tool-validators` and commit the result.",
        "",
      ].join("\n"),
    );
  });

  it("is bounded per file and in all, saying how much more there is", () => {
    const lines = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => `${tag} ${i}`).join("\n") + "\n";
    const diff = unifiedDiff("out/a.ts", lines(100, "old"), lines(100, "new"));
    const shown = diff.split("\n");
    expect(shown).toHaveLength(FILE_DIFF_LINES + 1);
    expect(shown.slice(0, 4)).toEqual([
      "--- out/a.ts\tin the folder",
      "+++ out/a.ts\tgenerated",
      "@@ -1,100 +1,100 @@",
      "-old 0",
    ]);
    // 2 headers, 1 hunk header, 100 lines out and 100 in.
    expect(shown[FILE_DIFF_LINES]).toBe(`... ${203 - FILE_DIFF_LINES} more lines`);
    // Added at the end, with no final newline on either side.
    expect(unifiedDiff("a.ts", "a\nb", "a\nb\nc")).toBe(
      [
        "--- a.ts\tin the folder",
        "+++ a.ts\tgenerated",
        "@@ -1,2 +1,3 @@",
        " a",
        "-b",
        "\\ No newline at end of file",
        "+b",
        "+c",
        "\\ No newline at end of file",
      ].join("\n"),
    );
    const stale = Array.from({ length: 8 }, (_, i) => ({
      name: `t${i}.ts`,
      diff: unifiedDiff(`out/t${i}.ts`, lines(100, "old"), lines(100, "new")),
    }));
    const report = checkReport("out", {
      stale,
      missing: [],
      extra: [],
      foreign: [],
      leftovers: [],
      unchanged: [],
    });
    const reportLines = report.trimEnd().split("\n");
    // Five files' diffs of 41 lines fill the 200 lines (the fifth cut), then names alone.
    expect(reportLines.filter((line) => line.startsWith("  stale "))).toHaveLength(8);
    expect(reportLines.filter((line) => line === "    ... 5 more lines")).toHaveLength(1);
    expect(reportLines.slice(-2)).toEqual([
      "  stale    out/t7.ts",
      "    ... diff not shown (at most 200 lines of diff are)",
    ]);
  });
});
