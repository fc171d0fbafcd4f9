import type { GrepArgs } from "../../../generated/index.js";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { grepTool } from "../../../example/tools/grep.js";
import { makeToolContext, writeAgedFile, type TestContext } from "../../helpers/context.js";

let t: TestContext;
let A: string; // src/a.ts
let B: string; // src/b.js
let MD: string; // docs/readme.md

/** Creates a file whose modification time is `age` seconds before 2024-01-01. */
const file = (relative: string, content: string | Buffer, age = 0) =>
  writeAgedFile(t.dir, relative, content, age);

beforeEach(async () => {
  t = await makeToolContext();
  A = await file(
    "src/a.ts",
    "import x from 'y';\nfunction foo() {\n  return 1;\n}\nfunction bar() {\n  return foo();\n}\n",
    100,
  );
  B = await file("src/b.js", "const Foo = 1;\nfoo(); foo();\n", 10);
  MD = await file("docs/readme.md", "# FOO docs\nno match here\n", 50);
  await file("node_modules/m/index.js", "foo\n");
  await file(".git/config", "foo\n");
  await file("data.bin", Buffer.from([0x66, 0x6f, 0x6f, 0x00, 0x01, 0x0a]));
});
afterEach(async () => {
  await t.cleanup();
});

function grep(args: GrepArgs) {
  return grepTool.execute(args, t.context);
}

describe("Grep", () => {
  it("is a 'none' tool declaring the documented options", () => {
    expect(grepTool.permission).toBe("none");
    const params = grepTool.config.function.parameters!;
    expect(params.required).toEqual(["pattern"]);
    expect(params.properties!.output_mode).toMatchObject({
      type: "string",
      enum: ["content", "files_with_matches", "count"],
    });
    for (const key of ["-B", "-A", "-C", "context", "head_limit", "offset"]) {
      expect(params.properties![key]).toMatchObject({ type: "number" });
    }
    for (const key of ["-n", "-i", "multiline"]) {
      expect(params.properties![key]).toMatchObject({ type: "boolean" });
    }
  });

  describe("files_with_matches (default)", () => {
    it("lists matching files newest first, skipping binaries, node_modules and .git", async () => {
      const result = await grep({ pattern: "foo" });
      expect(result).toMatchObject({ success: true, content: `${B}\n${A}` });
      expect(result.metadata).toEqual({ files: 2, matchingLines: 3, entries: 2 });
    });

    it("ignores case with -i", async () => {
      expect((await grep({ pattern: "foo", "-i": true })).content).toBe(`${B}\n${MD}\n${A}`);
    });

    it("uses real regular expressions", async () => {
      expect((await grep({ pattern: "^function\\s+b\\w+\\(" })).content).toBe(A);
      expect((await grep({ pattern: "Foo|FOO" })).content).toBe(`${B}\n${MD}`);
    });

    it("says when nothing matches", async () => {
      expect(await grep({ pattern: "zebra" })).toMatchObject({
        success: true,
        content: "No matches found.",
      });
    });
  });

  describe("count", () => {
    it("gives each file's number of matching lines, by path, with a total", async () => {
      const result = await grep({ pattern: "foo", output_mode: "count" });
      expect(result.content).toBe(`${A}:2\n${B}:1\n(3 matching lines in 2 files)`);
    });

    it("counts a line with several matches once", async () => {
      const result = await grep({ pattern: "o", output_mode: "count", path: "src/b.js" });
      expect(result.content).toBe(`${B}:2\n(2 matching lines in 1 file)`);
    });
  });

  describe("content", () => {
    it("shows matching lines with line numbers by default", async () => {
      const result = await grep({ pattern: "foo", output_mode: "content" });
      expect(result.content).toBe(
        `${A}:2:function foo() {\n${A}:6:  return foo();\n${B}:2:foo(); foo();`,
      );
    });

    it("leaves line numbers out with -n false", async () => {
      const result = await grep({
        pattern: "foo",
        output_mode: "content",
        "-n": false,
        path: "src/a.ts",
      });
      expect(result.content).toBe(`${A}:function foo() {\n${A}:  return foo();`);
    });

    it("shows context after (-A) and before (-B) each match", async () => {
      const after = await grep({ pattern: "bar", output_mode: "content", "-A": 1 });
      expect(after.content).toBe(`${A}:5:function bar() {\n${A}-6-  return foo();`);
      const before = await grep({ pattern: "bar", output_mode: "content", "-B": 2 });
      expect(before.content).toBe(`${A}-3-  return 1;\n${A}-4-}\n${A}:5:function bar() {`);
    });

    it("shows context on both sides with -C and separates blocks with --", async () => {
      const result = await grep({ pattern: "foo", output_mode: "content", "-C": 1 });
      expect(result.content).toBe(
        [
          `${A}-1-import x from 'y';`,
          `${A}:2:function foo() {`,
          `${A}-3-  return 1;`,
          "--",
          `${A}-5-function bar() {`,
          `${A}:6:  return foo();`,
          `${A}-7-}`,
          "--",
          `${B}-1-const Foo = 1;`,
          `${B}:2:foo(); foo();`,
        ].join("\n"),
      );
    });

    it("accepts context as another name for -C, and merges overlapping blocks", async () => {
      const result = await grep({
        pattern: "foo",
        output_mode: "content",
        context: 2,
        path: "src/a.ts",
      });
      expect(result.content).toBe(
        [
          `${A}-1-import x from 'y';`,
          `${A}:2:function foo() {`,
          `${A}-3-  return 1;`,
          `${A}-4-}`,
          `${A}-5-function bar() {`,
          `${A}:6:  return foo();`,
          `${A}-7-}`,
        ].join("\n"),
      );
    });

    it("lets -A override -C on its side", async () => {
      const result = await grep({ pattern: "bar", output_mode: "content", "-C": 1, "-A": 0 });
      expect(result.content).toBe(`${A}-4-}\n${A}:5:function bar() {`);
    });

    it("ignores context options outside content mode", async () => {
      expect((await grep({ pattern: "bar", "-C": 3 })).content).toBe(A);
    });

    it("cuts very long lines", async () => {
      const long = await file("long.txt", `needle${"x".repeat(1500)}\n`);
      const result = await grep({ pattern: "needle", output_mode: "content", path: "long.txt" });
      expect(result.content).toBe(`${long}:1:needle${"x".repeat(994)}... (line cut)`);
    });
  });

  describe("multiline", () => {
    beforeEach(async () => {
      await file("multi.txt", "start\nmiddle\nend\nafter\n");
    });

    it("lets a match span lines, marking every line it covers", async () => {
      expect((await grep({ pattern: "start.*end", path: "multi.txt" })).content).toBe(
        "No matches found.",
      );
      const result = await grep({
        pattern: "start.*end",
        multiline: true,
        output_mode: "content",
        path: "multi.txt",
      });
      const multi = path.join(t.dir, "multi.txt");
      expect(result.content).toBe(`${multi}:1:start\n${multi}:2:middle\n${multi}:3:end`);
    });

    it("anchors ^ and $ at line boundaries and counts matches across the file", async () => {
      const result = await grep({
        pattern: "^\\w+$",
        multiline: true,
        output_mode: "count",
        path: "multi.txt",
      });
      expect(result.content).toBe(
        `${path.join(t.dir, "multi.txt")}:4\n(4 matching lines in 1 file)`,
      );
    });
  });

  describe("filters", () => {
    it("filters by file-name glob", async () => {
      expect((await grep({ pattern: "foo", glob: "*.ts" })).content).toBe(A);
      expect((await grep({ pattern: "foo", glob: "*.{js,md}", "-i": true })).content).toBe(
        `${B}\n${MD}`,
      );
    });

    it("filters by path glob relative to the searched folder", async () => {
      expect((await grep({ pattern: "foo", "-i": true, glob: "docs/**" })).content).toBe(MD);
      expect((await grep({ pattern: "foo", glob: "**/b.*", path: "src" })).content).toBe(B);
    });

    it("searches node_modules when the glob names it", async () => {
      expect((await grep({ pattern: "foo", glob: "node_modules/**" })).content).toBe(
        path.join(t.dir, "node_modules/m/index.js"),
      );
    });

    it("filters by type shorthand, with aliases", async () => {
      expect((await grep({ pattern: "foo", type: "js" })).content).toBe(B);
      expect((await grep({ pattern: "foo", type: "ts" })).content).toBe(A);
      expect((await grep({ pattern: "foo", "-i": true, type: "markdown" })).content).toBe(MD);
    });

    it("rejects an unknown type, listing the known ones", async () => {
      const result = await grep({ pattern: "foo", type: "cobol" });
      expect(result.success).toBe(false);
      expect(result.error).toMatch(
        /^Unknown file type "cobol"\. Known types: c, cpp, .*, ts, txt, xml, yaml\.$/,
      );
    });

    it("searches one file given as path, whatever glob says", async () => {
      expect((await grep({ pattern: "foo", path: A, glob: "*.md" })).content).toBe(A);
    });

    it("searches a folder given as path", async () => {
      expect((await grep({ pattern: "foo", path: "src", output_mode: "count" })).content).toBe(
        `${A}:2\n${B}:1\n(3 matching lines in 2 files)`,
      );
    });

    it("does not search a binary file given as path", async () => {
      const bin = path.join(t.dir, "data.bin");
      expect((await grep({ pattern: "foo", path: "data.bin" })).content).toBe(
        `${bin} is a binary file; it was not searched.`,
      );
    });
  });

  describe("head_limit and offset", () => {
    it("caps the entries and says how to see more", async () => {
      const result = await grep({ pattern: "foo", output_mode: "content", head_limit: 2 });
      expect(result.content).toBe(
        `${A}:2:function foo() {\n${A}:6:  return foo();\n(showing entries 1-2 of 3; use offset 2 to see more)`,
      );
    });

    it("skips the first entries with offset", async () => {
      const result = await grep({
        pattern: "foo",
        output_mode: "content",
        offset: 1,
        head_limit: 1,
      });
      expect(result.content).toBe(
        `${A}:6:  return foo();\n(showing entries 2-2 of 3; use offset 2 to see more)`,
      );
      const rest = await grep({ pattern: "foo", output_mode: "content", offset: 2 });
      expect(rest.content).toBe(`${B}:2:foo(); foo();\n(showing entries 3-3 of 3)`);
    });

    it("pages file lists too, and 0 means no limit", async () => {
      expect((await grep({ pattern: "foo", head_limit: 1 })).content).toBe(
        `${B}\n(showing entries 1-1 of 2; use offset 1 to see more)`,
      );
      expect((await grep({ pattern: "foo", head_limit: 0 })).content).toBe(`${B}\n${A}`);
    });

    it("says when offset is past the end", async () => {
      expect((await grep({ pattern: "foo", offset: 5 })).content).toBe(
        "(offset 5 is past the end: there are 2 entries)",
      );
    });

    it("caps at 250 entries by default", async () => {
      await file("many.txt", "hit\n".repeat(300));
      const result = await grep({ pattern: "hit", output_mode: "content", path: "many.txt" });
      const lines = result.content.split("\n");
      expect(lines).toHaveLength(251);
      expect(lines.at(-1)).toBe("(showing entries 1-250 of 300; use offset 250 to see more)");
    });
  });

  describe("errors", () => {
    it("rejects an invalid regular expression", async () => {
      expect(await grep({ pattern: "foo(" })).toEqual({
        success: false,
        content: "",
        error:
          'The pattern "foo(" is not a valid JavaScript regular expression: Unterminated group.',
      });
    });

    it("rejects a missing path", async () => {
      expect((await grep({ pattern: "foo", path: "nowhere" })).error).toBe(
        `The path ${path.join(t.dir, "nowhere")} does not exist.`,
      );
    });

    it("rejects negative numbers", async () => {
      expect((await grep({ pattern: "foo", "-A": -1 })).error).toBe(
        "-A must be a number of 0 or more, but it is -1.",
      );
      expect((await grep({ pattern: "foo", offset: -3 })).error).toBe(
        "offset must be a number of 0 or more, but it is -3.",
      );
    });

    it("stops when the turn is cancelled", async () => {
      const controller = new AbortController();
      controller.abort();
      const result = await grepTool.execute(
        { pattern: "foo" },
        { ...t.context, workdir: t.dir, signal: controller.signal },
      );
      expect(result.error).toBe("The search was interrupted (the turn was cancelled).");
    });
  });

  it("handles an empty pattern, which matches every line", async () => {
    const result = await grep({ pattern: "", output_mode: "count", path: "src/b.js" });
    expect(result.content).toBe(`${B}:2\n(2 matching lines in 1 file)`);
  });

  it("reads CRLF files line by line without the carriage returns", async () => {
    const crlf = await file("win.txt", "one\r\ntwo\r\n");
    const result = await grep({ pattern: "two$", output_mode: "content", path: "win.txt" });
    expect(result.content).toBe(`${crlf}:2:two`);
  });
});
