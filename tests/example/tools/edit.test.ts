import type { EditArgs } from "../../../generated/index.js";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { editTool } from "../../../example/tools/edit.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

let t: TestContext;
let file: string;
beforeEach(async () => {
  t = await makeToolContext();
  file = path.join(t.dir, "code.ts");
  await fs.writeFile(file, "const a = 1;\nconst b = 2;\nconst a2 = a + b;\n");
});
afterEach(async () => {
  await t.cleanup();
});

function edit(args: EditArgs) {
  return editTool.execute(args, t.context);
}

const read = () => fs.readFile(file, "utf8");

describe("Edit", () => {
  it("is an 'edit' tool with replace_all defaulting to false and no extra keys", () => {
    expect(editTool.permission).toBe("edit");
    expect(editTool.config.function.parameters).toMatchObject({
      properties: { replace_all: { type: "boolean", default: false } },
      required: ["file_path", "old_string", "new_string"],
      additionalProperties: false,
    });
  });

  it("replaces a unique occurrence and says where", async () => {
    const result = await edit({ file_path: "code.ts", old_string: "b = 2", new_string: "b = 3" });
    expect(result).toMatchObject({
      success: true,
      content: `Edited ${file}: replaced 1 occurrence at line 2.`,
      metadata: { replacements: 1 },
    });
    expect(await read()).toBe("const a = 1;\nconst b = 3;\nconst a2 = a + b;\n");
  });

  it("refuses an old_string that occurs several times, with the count", async () => {
    const result = await edit({ file_path: file, old_string: "const", new_string: "let" });
    expect(result).toEqual({
      success: false,
      content: "",
      error: `old_string occurs 3 times in ${file}. Include more surrounding context to make it unique, or set replace_all to true to replace every occurrence.`,
    });
    expect(await read()).toBe("const a = 1;\nconst b = 2;\nconst a2 = a + b;\n");
  });

  it("replaces every occurrence with replace_all", async () => {
    const result = await edit({
      file_path: file,
      old_string: "const",
      new_string: "let",
      replace_all: true,
    });
    expect(result.content).toBe(`Edited ${file}: replaced 3 occurrences.`);
    expect(await read()).toBe("let a = 1;\nlet b = 2;\nlet a2 = a + b;\n");
  });

  it("keeps $ patterns in new_string literal", async () => {
    await edit({ file_path: file, old_string: "1;", new_string: "'$&$1';" });
    expect(await read()).toBe("const a = '$&$1';\nconst b = 2;\nconst a2 = a + b;\n");
  });

  it("fails when old_string is not in the file", async () => {
    const result = await edit({ file_path: file, old_string: "const c", new_string: "x" });
    expect(result.error).toBe(
      `old_string was not found in ${file}. It must match the file exactly, including whitespace and indentation.`,
    );
  });

  it("fails when old_string and new_string are the same", async () => {
    const result = await edit({ file_path: file, old_string: "a", new_string: "a" });
    expect(result.error).toBe(
      "old_string and new_string are identical; there is nothing to change.",
    );
  });

  it("fails on a missing file when old_string is not empty", async () => {
    const missing = path.join(t.dir, "nope.ts");
    const result = await edit({ file_path: "nope.ts", old_string: "a", new_string: "b" });
    expect(result.error).toBe(
      `${missing} does not exist. To create it, use Write, or Edit with an empty old_string.`,
    );
    await expect(fs.stat(missing)).rejects.toThrow();
  });

  it("creates a missing file (and its folders) from an empty old_string", async () => {
    const created = path.join(t.dir, "new/dir/file.md");
    const result = await edit({ file_path: created, old_string: "", new_string: "# Title\n" });
    expect(result.content).toBe(`Created ${created} (1 line, 8 bytes).`);
    expect(await fs.readFile(created, "utf8")).toBe("# Title\n");
  });

  it("fills an existing empty file from an empty old_string", async () => {
    const empty = path.join(t.dir, "empty.txt");
    await fs.writeFile(empty, "");
    const result = await edit({ file_path: empty, old_string: "", new_string: "text" });
    expect(result.content).toBe(`Wrote ${empty} (1 line, 4 bytes).`);
    expect(await fs.readFile(empty, "utf8")).toBe("text");
  });

  it("refuses an empty old_string on a file that has content", async () => {
    const result = await edit({ file_path: file, old_string: "", new_string: "x" });
    expect(result.error).toBe(
      `old_string is empty, which creates a new file, but ${file} already exists and is not empty. Give the exact text to replace.`,
    );
  });

  it("refuses a folder", async () => {
    const result = await edit({ file_path: ".", old_string: "a", new_string: "b" });
    expect(result.error).toBe(`${t.dir} is a directory, not a file.`);
  });

  it("can delete text by replacing it with nothing", async () => {
    const result = await edit({ file_path: file, old_string: "const b = 2;\n", new_string: "" });
    expect(result.success).toBe(true);
    expect(await read()).toBe("const a = 1;\nconst a2 = a + b;\n");
  });

  it("matches text that spans lines", async () => {
    const result = await edit({
      file_path: file,
      old_string: "1;\nconst b",
      new_string: "10;\nconst bee",
    });
    expect(result.content).toBe(`Edited ${file}: replaced 1 occurrence at line 1.`);
    expect(await read()).toBe("const a = 10;\nconst bee = 2;\nconst a2 = a + b;\n");
  });
});
