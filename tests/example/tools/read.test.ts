import type { ReadArgs } from "../../../generated/index.js";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readTool } from "../../../example/tools/read.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

let t: TestContext;
let file: string;
beforeEach(async () => {
  t = await makeToolContext();
  file = path.join(t.dir, "ten.txt");
  await fs.writeFile(file, Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n") + "\n");
});
afterEach(async () => {
  await t.cleanup();
});

function read(args: ReadArgs) {
  return readTool.execute(args, t.context);
}

describe("Read", () => {
  it("is a 'none' tool", () => {
    expect(readTool.permission).toBe("none");
  });

  it("numbers every line of a short file, path relative to the working directory", async () => {
    const small = path.join(t.dir, "small.txt");
    await fs.writeFile(small, "alpha\nbeta\n");
    expect(await read({ file_path: "small.txt" })).toEqual({
      success: true,
      content: "1\talpha\n2\tbeta",
      shortResult: "read 2 lines",
    });
  });

  it("pads line numbers to the widest one shown", async () => {
    const result = await read({ file_path: file, offset: 8 });
    expect(result.content).toBe(" 8\tline 8\n 9\tline 9\n10\tline 10");
  });

  it("reads a window with offset and limit and says how to read on", async () => {
    const result = await read({ file_path: file, offset: 3, limit: 2 });
    expect(result.content).toBe("3\tline 3\n4\tline 4\n(lines 3-4 of 10; use offset 5 to read on)");
    expect(result.shortResult).toBe("read 2 lines");
  });

  it("reads from the start with limit alone", async () => {
    const result = await read({ file_path: file, limit: 1 });
    expect(result.content).toBe("1\tline 1\n(lines 1-1 of 10; use offset 2 to read on)");
  });

  it("fails when offset is past the end", async () => {
    expect(await read({ file_path: file, offset: 11 })).toEqual({
      success: false,
      content: "",
      error: "The file has 10 lines; offset 11 is past its end.",
    });
  });

  it("rejects a limit below 1", async () => {
    expect(await read({ file_path: file, limit: 0 })).toEqual({
      success: false,
      content: "",
      error: "limit must be at least 1, but it is 0.",
    });
  });

  it("fails on a missing file", async () => {
    const missing = path.join(t.dir, "missing.txt");
    const result = await read({ file_path: "missing.txt" });
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      `Cannot read ${missing}: ENOENT: no such file or directory, stat '${missing}'`,
    );
  });

  it("fails on a directory and points to Glob", async () => {
    await fs.mkdir(path.join(t.dir, "sub"));
    expect((await read({ file_path: "sub" })).error).toBe(
      `${path.join(t.dir, "sub")} is a directory, not a file. Use Glob to list its files.`,
    );
  });

  it("says a file is empty", async () => {
    await fs.writeFile(path.join(t.dir, "empty.txt"), "");
    expect(await read({ file_path: "empty.txt" })).toEqual({
      success: true,
      content: "(the file is empty)",
      shortResult: "empty file",
    });
  });

  it("reads CRLF files and a last line without newline", async () => {
    await fs.writeFile(path.join(t.dir, "win.txt"), "one\r\ntwo");
    expect((await read({ file_path: "win.txt" })).content).toBe("1\tone\n2\ttwo");
  });

  it("cuts very long lines", async () => {
    await fs.writeFile(path.join(t.dir, "long.txt"), "x".repeat(2500));
    expect((await read({ file_path: "long.txt" })).content).toBe(
      `1\t${"x".repeat(2000)}... (line cut)`,
    );
  });

  it("stops at 2000 lines by default", async () => {
    const many = path.join(t.dir, "many.txt");
    await fs.writeFile(many, "l\n".repeat(2500));
    const result = await read({ file_path: many });
    const lines = result.content.split("\n");
    expect(lines).toHaveLength(2001);
    expect(lines[1999]).toBe("2000\tl");
    expect(lines[2000]).toBe("(lines 1-2000 of 2500; use offset 2001 to read on)");
  });
});
