import { describe, expect, it } from "vitest";
import { assignModuleNames } from "../../src/emit/names.js";
import type { ToolSchema } from "../../src/ir.js";
import {
  Code,
  code,
  commentText,
  jsonValue,
  literal,
  pascalIdentifier,
  propertyName,
} from "../../src/code/code.js";

describe("the emit module", () => {
  it("quotes every interpolated value that is not code", () => {
    const name = Code.raw("v0");
    expect(code`if (${name} === ${'"; process.exit(1); "'}) {}`.toString()).toBe(
      'if (v0 === "\\"; process.exit(1); \\"") {}',
    );
    expect(code`${1.5} ${true} ${null}`.toString()).toBe("1.5 true null");
  });

  it("escapes U+2028 and U+2029 in literals", () => {
    expect(literal("a\u2028b\u2029c").toString()).toBe('"a\\u2028b\\u2029c"');
  });

  it("escapes the `{` of `${` in strings, which linters take for a misplaced placeholder", () => {
    const text = literal("`${process.exit(1)}`").toString();
    expect(text).toBe('"`$\\u007Bprocess.exit(1)}`"');
    expect(JSON.parse(text)).toBe("`${process.exit(1)}`");
  });

  it("builds arrays and objects through JSON.parse so `__proto__` stays an own key", () => {
    const value = JSON.parse('{"__proto__": {"x": 1}}');
    const text = jsonValue(value, "Record<string, unknown>").toString();
    expect(text).toBe('JSON.parse("{\\"__proto__\\":{\\"x\\":1}}") as Record<string, unknown>');
    const rebuilt = new Function(`return ${text.replace(/ as .*$/, "")}`)();
    expect(Object.hasOwn(rebuilt, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(rebuilt)).toBe(Object.prototype);
  });

  it("writes object keys bare only when they are identifier-safe", () => {
    expect(propertyName("ok_1").toString()).toBe("ok_1");
    expect(propertyName("not ok").toString()).toBe('"not ok"');
    expect(propertyName("-A").toString()).toBe('"-A"');
    expect(propertyName("__proto__").toString()).toBe('"__proto__"');
  });

  it("keeps comment text on one line and unable to close a block", () => {
    expect(commentText("a\nb\u2028c */ d\u0000")).toBe("a\\nb\\u2028c *\\/ d\\u0000");
  });

  it("escapes lone surrogates, which a UTF-8 file cannot hold, and keeps pairs", () => {
    expect(commentText("x\uD800 y\uDC00 \uD83D\uDE00")).toBe("x\\ud800 y\\udc00 \uD83D\uDE00");
    expect(literal("x\uD800").toString()).toBe('"x\\ud800"');
  });

  it("derives export names from letters and digits only", () => {
    expect(pascalIdentifier("TaskUpdate")).toBe("TaskUpdate");
    expect(pascalIdentifier("mcp__server__tool")).toBe("McpServerTool");
    expect(pascalIdentifier('a"); b')).toBe("AB");
    expect(pascalIdentifier("3d")).toBeUndefined();
    expect(pascalIdentifier("ünï")).toBeUndefined();
    expect(pascalIdentifier("---")).toBeUndefined();
  });
});

describe("file and export names from tool names", () => {
  const tool = (name: string): ToolSchema => ({
    name,
    file: "tools.ts",
    declaredAs: "t",
    location: { file: "tools.ts", start: 0, end: 0 },
    root: { types: ["object"], keywords: [] },
    notEnforced: [],
    declaration: { type: "object" },
  });
  const names = (toolNames: string[]) =>
    assignModuleNames(toolNames.map(tool)).modules.map(({ tool: t, file, validator }) => [
      t.name,
      file,
      validator,
    ]);

  it("are kebab-case and PascalCase, clear of the support modules and of Windows device names", () => {
    expect(
      names([
        "TaskUpdate",
        "index",
        "Message",
        "stringlength",
        "FOO",
        "mcp__server__tool",
        "con",
        "LPT1",
        "ToolArgs",
      ]),
    ).toEqual([
      ["FOO", "foo", "validateFOO"],
      ["LPT1", "lpt1-tool", "validateLPT1"],
      ["Message", "message-tool", "validateMessage"],
      ["TaskUpdate", "task-update", "validateTaskUpdate"],
      ["ToolArgs", "tool-args", "validateToolArgsTool"],
      ["con", "con-tool", "validateCon"],
      ["index", "index-tool", "validateIndex"],
      ["mcp__server__tool", "mcp-server-tool", "validateMcpServerTool"],
      ["stringlength", "stringlength-tool", "validateStringlength"],
    ]);
  });

  it("two tools with the same export or file name clash: never numbered", () => {
    const { clashes } = assignModuleNames(["Foo", "foo", "read_file", "read-file"].map(tool));
    expect(
      clashes.map(({ first, second, what }) => [first.tool.name, second.tool.name, what]),
    ).toEqual([
      ["Foo", "foo", "the exports validateFoo, FooArgs, isFooArgs and FooSchema"],
      [
        "read-file",
        "read_file",
        "the exports validateReadFile, ReadFileArgs, isReadFileArgs and ReadFileSchema",
      ],
    ]);
    const files = assignModuleNames(["Foo", "FOO"].map(tool)).clashes;
    expect(files.map(({ what }) => what)).toEqual(["the file foo.ts"]);
  });

  it("give a name with nothing usable, or a long one, a hash of the tool name: short, safe, stable", () => {
    const long = `Very${"Long".repeat(75)}`;
    const byName = new Map(
      names(["ünï", long]).map(([name, file, validator]) => [name, [file, validator]]),
    );
    const [unusable, unusableValidator] = byName.get("ünï")!;
    const [cut, cutValidator] = byName.get(long)!;
    expect(unusable).toMatch(/^tool-[0-9a-f]{8}$/);
    expect(unusableValidator).toMatch(/^validateTool[0-9a-f]{8}$/);
    expect(cut.length).toBeLessThanOrEqual(64);
    expect(cut).toMatch(/^very-long(-long)*-[0-9a-f]{8}$/);
    expect(cutValidator.length).toBeLessThanOrEqual(56);
    // Another tool does not change them.
    const withOther = names(["ünï", long, "Other"]).filter(([name]) => name !== "Other");
    expect(withOther).toEqual(names(["ünï", long]));
  });
});
