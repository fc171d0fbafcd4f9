import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeTool } from "../../../example/tools/write.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

let t: TestContext;
beforeEach(async () => {
  t = await makeToolContext();
});
afterEach(async () => {
  await t.cleanup();
});

function write(file_path: string, content: string) {
  return writeTool.execute({ file_path, content }, t.context);
}

describe("Write", () => {
  it("is an 'edit' tool that accepts only file_path and content", () => {
    expect(writeTool.permission).toBe("edit");
    expect(writeTool.config.function.parameters).toMatchObject({
      properties: { file_path: { type: "string" }, content: { type: "string" } },
      required: ["file_path", "content"],
      additionalProperties: false,
    });
  });

  it("creates a file relative to the working directory and reports its size", async () => {
    const result = await write("notes.txt", "one\ntwo\n");
    const file = path.join(t.dir, "notes.txt");
    expect(result).toMatchObject({
      success: true,
      content: `Created ${file} (2 lines, 8 bytes).`,
      metadata: { created: true },
    });
    expect(await fs.readFile(file, "utf8")).toBe("one\ntwo\n");
  });

  it("overwrites an existing file completely", async () => {
    const file = path.join(t.dir, "a.txt");
    await fs.writeFile(file, "old content that is longer\n");
    const result = await write(file, "new");
    expect(result.content).toBe(`Overwrote ${file} (1 line, 3 bytes).`);
    expect(await fs.readFile(file, "utf8")).toBe("new");
  });

  it("creates missing parent folders", async () => {
    const result = await write("deep/er/still/file.ts", "export {};\n");
    expect(result.success).toBe(true);
    expect(await fs.readFile(path.join(t.dir, "deep/er/still/file.ts"), "utf8")).toBe(
      "export {};\n",
    );
  });

  it("writes an empty file", async () => {
    const result = await write("empty.txt", "");
    expect(result.content).toBe(`Created ${path.join(t.dir, "empty.txt")} (0 lines, 0 bytes).`);
    expect(await fs.readFile(path.join(t.dir, "empty.txt"), "utf8")).toBe("");
  });

  it("counts bytes of multi-byte text", async () => {
    const result = await write("u.txt", "héllo €");
    expect(result.content).toBe(`Created ${path.join(t.dir, "u.txt")} (1 line, 10 bytes).`);
  });

  it("refuses to write over a folder", async () => {
    await fs.mkdir(path.join(t.dir, "sub"));
    const result = await write("sub", "x");
    expect(result).toEqual({
      success: false,
      content: "",
      error: `${path.join(t.dir, "sub")} is a directory; give the path of a file to write.`,
    });
  });

  it("reports a path it cannot write to", async () => {
    await fs.writeFile(path.join(t.dir, "plain"), "x");
    const result = await write("plain/child.txt", "x");
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/^Cannot write .*plain\/child\.txt: /);
  });
});
