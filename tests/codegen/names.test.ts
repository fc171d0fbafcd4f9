// Stable names (CONTRACT.md section 5): a tool's exports and file depend on that tool alone.
// Tools whose names would clash with existing ones (case, `-`/`_`, Unicode normalisation,
// reserved words and module names) are added to a set: the clash is an error naming both,
// `exportNames` resolves it, and every existing export and file keeps its meaning.
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/diagnostics/diagnostics.js";
import { generateFromSchemas, type NamedSchema } from "../../src/pipeline/generate.js";

const schema = (key: string) => ({
  type: "object",
  properties: { [key]: { type: "string" } },
  required: [key],
});

const EXISTING: NamedSchema[] = [
  { name: "foo", schema: schema("a") },
  { name: "read_file", schema: schema("path") },
  { name: "index", schema: schema("i") },
  { name: "café", schema: schema("c") },
  { name: "delete", schema: schema("d") },
];

const ADDED: NamedSchema[] = [
  { name: "Foo", schema: schema("b") },
  { name: "read-file", schema: schema("file") },
  { name: "INDEX", schema: schema("j") },
  { name: "cafe\u0301", schema: schema("e") },
  { name: "Delete", schema: schema("x") },
];

function files(result: Awaited<ReturnType<typeof generateFromSchemas>>): Map<string, string> {
  return new Map((result.output ?? []).map((file) => [file.name, file.content]));
}

describe("stable names", () => {
  it("a tool whose names would clash with an existing one is an error naming both", async () => {
    const result = await generateFromSchemas([...EXISTING, ...ADDED]);
    expect(result.output).toBeUndefined();
    const printed = result.diagnostics.map(
      (d) => formatDiagnostic(d, result.sources).split("\n")[0],
    );
    // The tools are taken in name order: the second of the two is the one named in the example.
    expect(printed).toEqual([
      '<schema 0> - error TV3004: Tool "foo": The tools "Foo" (<schema 5>) and "foo" would both have the exports validateFoo, FooArgs, isFooArgs and FooSchema. Give one of them its own name with "exportNames": { "foo": "FooTool" } in the settings.',
      '<schema 1> - error TV3004: Tool "read_file": The tools "read-file" (<schema 6>) and "read_file" would both have the exports validateReadFile, ReadFileArgs, isReadFileArgs and ReadFileSchema. Give one of them its own name with "exportNames": { "read_file": "ReadFileTool" } in the settings.',
      '<schema 2> - error TV3004: Tool "index": The tools "INDEX" (<schema 7>) and "index" would both have the file index-tool.ts. Give one of them its own name with "exportNames": { "index": "IndexTool" } in the settings.',
      '<schema 4> - error TV3004: Tool "delete": The tools "Delete" (<schema 9>) and "delete" would both have the exports validateDelete, DeleteArgs, isDeleteArgs and DeleteSchema. Give one of them its own name with "exportNames": { "delete": "DeleteTool" } in the settings.',
    ]);
  });

  it("with the names set, both generate and every existing export and file keeps its meaning", async () => {
    const before = files(await generateFromSchemas(EXISTING));
    const result = await generateFromSchemas([...EXISTING, ...ADDED], {
      exportNames: {
        Foo: "FooUpper",
        "read-file": "ReadFileDashed",
        INDEX: "IndexUpper",
        Delete: "DeleteUpper",
      },
    });
    expect(result.diagnostics).toEqual([]);
    const after = files(result);
    for (const [name, content] of before) {
      if (name === "index.ts") continue;
      // Each existing tool's module is the same file, byte for byte.
      expect(after.get(name), name).toBe(content);
    }
    const index = after.get("index.ts")!;
    for (const line of before
      .get("index.ts")!
      .split("\n")
      .filter((l) => l.startsWith("import {")))
      expect(index, line).toContain(line);
    expect(index).toContain("validateFooUpper");
    expect([...after.keys()]).toContain("read-file-dashed.ts");
    // The two spellings of café are two tools, each named by a hash of its own name.
    const hashed = [...after.keys()].filter((name) => /^tool-[0-9a-f]{8}\.ts$/.test(name));
    expect(hashed).toHaveLength(2);
  });

  it("an export name that is not PascalCase, or that names no tool, is reported", async () => {
    const result = await generateFromSchemas(EXISTING, {
      exportNames: { foo: "not-pascal", ghost: "Ghost" },
    });
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "TV3006",
        '"exportNames" gives "foo" the name "not-pascal": an export name is PascalCase letters and digits (validate<Name>, <Name>Args).',
      ],
      ["TV3101", '"exportNames" has "ghost", which is the name of no tool with a validator.'],
    ]);
  });
});
