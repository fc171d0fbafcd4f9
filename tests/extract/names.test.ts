// Names and keys in every form a host's TypeScript gives them (CONTRACT.md section 2): computed
// keys whose value is known, enum members, `static readonly` class properties, `as const`
// members, templates, names of local scopes. The fixtures in tests/fixtures/names are read and
// compared with their value as JavaScript evaluates them (the modules are imported); what stays
// unknown is one located error whose message says what is read instead.
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiagnosticBag, formatDiagnostic } from "../../src/diagnostics/diagnostics.js";
import { extractTools } from "../../src/extract/discover.js";
import { toJson } from "../../src/extract/values.js";
import { generate } from "../../src/pipeline/generate.js";
import { makeTempDir } from "../helpers/context.js";
import { difference } from "./compare.js";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/names");

interface Tool {
  name: string;
  description?: string;
  inputSchema?: unknown;
  parameters?: unknown;
  function?: { name: string; parameters: unknown };
}

/** Reads a fixture and imports it: each tool read, with its value as JavaScript gives it. */
async function readFixture(file: string, values: (module: Record<string, never>) => Tool[]) {
  const absolute = path.join(FIXTURES, file);
  const diagnostics = new DiagnosticBag();
  const result = extractTools([absolute], diagnostics, (f) => path.relative(FIXTURES, f));
  expect(diagnostics.items.map((d) => formatDiagnostic(d, result.sources))).toEqual([]);
  const module = (await import(pathToFileURL(absolute).href)) as Record<string, never>;
  const actual = values(module);
  expect(result.tools.map((tool) => tool.name)).toEqual(
    actual.map((tool) => tool.function?.name ?? tool.name),
  );
  result.tools.forEach((tool, i) => {
    const js = actual[i]!;
    const schema = js.function?.parameters ?? js.inputSchema ?? js.parameters;
    expect(difference(tool.parameters!, schema, `${tool.name}.schema`)).toBeUndefined();
    expect(tool.description).toBe(js.description);
  });
  return result.tools;
}

describe("names and keys read as JavaScript evaluates them", () => {
  it("computed keys: imported consts, `as const` members, enum members, numbers, templates, `__proto__`", async () => {
    const [tool] = await readFixture("computed.ts", (m) => [m.readNotes]);
    const schema = toJson(tool!.parameters!) as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual([
      "0",
      "10",
      "16",
      "path",
      "limit",
      "query",
      "page_size",
      "note_id",
      "local",
      "1e+21",
      "__proto__",
      "search_notes",
    ]);
    expect(schema.required).toEqual(["path", "query", "tag_note"]);
    expect(tool!.description).toBe("Reads notes (High first).");
  });

  it("string, numeric and const enum members: imported, through a namespace, local", async () => {
    const tools = await readFixture("enums.ts", (m) => [
      m.searchNotes,
      m.tagNotes,
      m.archiveNotes,
      m.restoreNotes,
    ]);
    expect(tools.map((tool) => tool.name)).toEqual([
      "search_notes",
      "tag_note",
      "archive_notes",
      "restore_archive_notes",
    ]);
    const priority = (
      toJson(tools[0]!.parameters!) as never as Record<string, Record<string, { enum: number[] }>>
    ).properties!.priority!.enum;
    expect(priority).toEqual([0, 1, 10, 11, 16, 26, -1, 5.5]);
  });

  it("static readonly class properties: own, inherited, through `this`, imported", async () => {
    const tools = await readFixture("classes.ts", (m) => [
      m.writeNote,
      m.writeNoteV2,
      m.exportNotes,
    ]);
    expect(tools.map((tool) => tool.name)).toEqual([
      "note_write",
      "note_write_v2",
      "export_base_tool",
    ]);
  });

  it("objects in functions, methods and handlers use their own scopes' names, never a module const they hide", async () => {
    const tools = await readFixture("locals.ts", (m) => {
      const server = new (m.NoteServer as unknown as new () => { tools(): Tool[] })();
      return [
        (m.createReadTool as () => Tool)(),
        (m.createListTool as () => Tool)(),
        server.tools()[0]!,
      ];
    });
    expect(tools.map((tool) => [tool.name, tool.declaredAs])).toEqual([
      ["read_file_local", "createReadTool()"],
      ["list_notes", "createListTool()"],
      ["count_notes", "tools[0]"],
    ]);
  });
});

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir("tv-names-");
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Reads files (name -> text) written to a fresh folder; the first is the tool file. */
async function read(files: Record<string, string>) {
  const folder = await fs.mkdtemp(path.join(dir, "case-"));
  for (const [name, content] of Object.entries(files))
    await fs.writeFile(path.join(folder, name), content);
  const diagnostics = new DiagnosticBag();
  const display = (file: string) => path.relative(folder, file).split(path.sep).join("/");
  const result = extractTools([path.join(folder, Object.keys(files)[0]!)], diagnostics, display);
  const printed = diagnostics
    .sorted()
    .map((d) => formatDiagnostic(d, result.sources).split("\n")[0]);
  return { ...result, printed, folder };
}

/** `line:column` (1-based) of the first `needle` in `text`. */
function where(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle)).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

/** A tool file whose tool is named by `name` (an expression), after `before`. */
function namedBy(name: string, before = ""): string {
  return `${before}
export const tool = { name: ${name}, inputSchema: { type: "object" } };
`;
}

/**
 * The reason of the one error reading `text` (as tool.ts, with `others` beside it) gives; the
 * error is located where the reading stopped (the use, or the member that cannot be read).
 */
async function nameError(text: string, others: Record<string, string> = {}) {
  const { printed, tools } = await read({ "tool.ts": text, ...others });
  expect(tools).toEqual([]);
  expect(printed).toHaveLength(1);
  const match =
    /^tool\.ts:\d+:\d+ - error TV1002: Tool "tool": The tool's name cannot be read: (.*) Leave it out with "excludeFiles": \["tool\.ts"\] in the settings\.$/.exec(
      printed[0]!,
    );
  expect(match, printed[0]).not.toBeNull();
  return match![1];
}

describe("what is not read says what is", () => {
  it.each([
    [
      "an enum as a whole",
      'enum Names { A = "a" }\n',
      "Names",
      '"Names" is an enum: its members are read (`Names.Member`, `Names["Member"]`), not the enum object.',
    ],
    [
      "a declare enum's member without a literal initializer",
      'declare enum Names { A = "a", B }\n',
      "Names.B",
      'the member "Names.B" of a `declare enum` has no literal initializer: an ambient declaration does not hold the value the code has at run time.',
    ],
    [
      "an enum member that is not there",
      'enum Names { A = "a" }\n',
      "Names.B",
      'the enum "Names" has no member "B".',
    ],
    [
      "an enum member used before its declaration",
      'enum Names { A = Names.B, B = "b" }\n',
      "Names.A",
      'the enum member "Names.B" is used before its declaration: a member\'s initializer may use only the members declared before it.',
    ],
    [
      "an enum member after a string member, without initializer",
      'enum Names { A = "a", B }\n',
      "Names.B",
      'the enum member "Names.B" has no initializer, and the member before it is not a number.',
    ],
    [
      "an enum member's name that depends on the compiler",
      'import { A } from "./a.js";\nenum Names { X = A }\n',
      'Names["x"]',
      'whether the enum "Names" maps "x" back to a member\'s name depends on the compiler.',
    ],
    [
      "an enum declared below",
      "",
      "Late.A",
      '"Late" is used before its declaration: loading the module throws a TypeError (the enum is undefined there).',
    ],
    [
      "a class as a whole",
      'class Tool { static readonly NAME = "t" }\n',
      "Tool",
      '"Tool" is a class: only its `static readonly` properties are read (`Tool.NAME`).',
    ],
    [
      "a static property that is not readonly",
      'class Tool { static NAME = "t" }\n',
      "Tool.NAME",
      '"Tool.NAME" is a `static` property that is not `readonly`: only `static readonly` properties are read (another could be reassigned).',
    ],
    [
      "a static readonly property without initializer",
      "declare class Tool { static readonly NAME: string }\n",
      "Tool.NAME",
      '"Tool.NAME" has no initializer.',
    ],
    [
      "a static getter",
      'class Tool { static get NAME() { return "t"; } }\n',
      "Tool.NAME",
      '"Tool.NAME" is the getter `static get NAME() { return "t"; }`, not a property.',
    ],
    [
      "an instance property",
      'class Tool { readonly NAME = "t" }\n',
      "Tool.NAME",
      'the class "Tool" has no `static readonly` property "NAME".',
    ],
    [
      "a static property of a base the reading cannot follow",
      "declare function mixin<T>(base: T): T;\nclass Base {}\nclass Tool extends mixin(Base) {}\n",
      "Tool.NAME",
      '"Tool.NAME" could be inherited from `mixin(Base)`, which is not read.',
    ],
    [
      "a decorated class",
      'declare function register(c: unknown): void;\n@register\nclass Tool { static readonly NAME = "t" }\n',
      "Tool.NAME",
      'the class "Tool" has decorators, which can replace it.',
    ],
    [
      "a class with a static block",
      'class Tool { static readonly NAME = "t"; static { } }\n',
      "Tool.NAME",
      'the class "Tool" has a `static {}` block, which could assign Tool.NAME.',
    ],
    [
      "a class expression's const inside the class",
      'const Tool = class { static readonly A = "t"; static readonly NAME = Tool.A; };\n',
      "Tool.NAME",
      '"Tool" is used in its own initializer, where it is not set yet: reading it throws a ReferenceError.',
    ],
    [
      "a static property read before it is initialized",
      'class Tool { static readonly NAME = Tool.LATER; static readonly LATER = "t" }\n',
      "Tool.NAME",
      '"Tool.LATER" is used before it is initialized: static properties are set in order.',
    ],
  ])("%s", async (_, before, name, message) => {
    const text =
      name === "Late.A" ? `${namedBy(name)}enum Late { A = "a" }\n` : namedBy(name, before);
    const others = before.includes("./a.js") ? { "a.ts": 'export const A = "x";\n' } : undefined;
    expect(await nameError(text, others)).toBe(message);
  });

  it.each([
    [
      "a local let named like a module const",
      'const NAME = "module";\nexport function make() {\n  let NAME = "local";\n  return { name: NAME, inputSchema: { type: "object" } };\n}\n',
      '"NAME" is a `let` variable; only `const` values are read.',
    ],
    [
      "a var hoisted from a nested block",
      'const NAME = "module";\nexport function make(flag: boolean) {\n  if (flag) {\n    var NAME = "local";\n  }\n  return { name: NAME, inputSchema: { type: "object" } };\n}\n',
      '"NAME" is a `var` variable; only `const` values are read.',
    ],
    [
      "a local const used before its declaration",
      'export function make() {\n  const tool = { name: NAME, inputSchema: { type: "object" } };\n  const NAME = "local";\n  return tool;\n}\n',
      '"NAME" is used before its declaration: loading the module throws a ReferenceError.',
    ],
  ])("%s", async (_, text, message) => {
    const { printed } = await read({ "tool.ts": text });
    const label = text.includes("const tool =") ? "tool" : "make\\(\\)";
    expect(printed).toHaveLength(1);
    const at = text.indexOf("name: NAME") + "name: ".length;
    const before = text.slice(0, at).split("\n");
    expect(printed[0]).toMatch(
      new RegExp(
        `^tool\\.ts:${before.length}:${before.at(-1)!.length + 1} - error TV1002: Tool "${label}": The tool's name cannot be read: `,
      ),
    );
    expect(printed[0]).toContain(`: ${message} Leave it out`);
  });

  it.each([
    [
      "a parameter named like a module const",
      'const NAME = "module";\nexport function make(NAME: string) {\n  return { name: NAME, inputSchema: { type: "object" } };\n}\n',
      '"NAME" is a parameter of `make()`: its value is known only when it is called.',
    ],
    [
      "a destructured parameter",
      'export const make = ({ NAME }: { NAME: string }) => ({ name: NAME, inputSchema: { type: "object" } });\n',
      '"NAME" is a parameter of `make()`: its value is known only when it is called.',
    ],
    [
      "a loop variable",
      'const NAME = "module";\nexport function make() {\n  for (const NAME of ["a", "b"]) return { name: NAME, inputSchema: { type: "object" } };\n}\n',
      '"NAME" is a loop variable: its value changes as the loop runs.',
    ],
    [
      "what a catch clause caught",
      'const NAME = "module";\nexport function make() {\n  try {\n    throw "x";\n  } catch (NAME) {\n    return { name: NAME, inputSchema: { type: "object" } };\n  }\n}\n',
      '"NAME" is what a `catch` clause caught, known only at run time.',
    ],
  ])("%s: a builder, skipped and listed as built at run time", async (_, text) => {
    const { printed, skipped } = await read({ "tool.ts": text });
    expect(printed).toEqual([]);
    expect(skipped.map((object) => [object.declaredAs, object.skip])).toEqual([
      ["make()", { kind: "run time" }],
    ]);
  });

  it.each([
    [
      "a symbol",
      "[Symbol.iterator]",
      'the computed key `[Symbol.iterator]` is not statically known: "Symbol" is not a constant of this file or its imports',
    ],
    [
      "an object",
      "[{}]",
      "the computed key `[{}]` is an object, which JavaScript converts to a key by calling its `toString`: write the key itself",
    ],
    [
      "a let",
      "[key]",
      'the computed key `[key]` is not statically known: "key" is a `let` variable; only `const` values are read',
    ],
  ])("a computed key whose value is %s stays an error", async (_, key, reason) => {
    const text = `let key = "a";
export const tool = { name: "T", inputSchema: { type: "object", properties: { ${key}: { type: "string" } } } };
`;
    const { folder } = await read({ "tool.ts": text });
    const result = await generate({ cwd: folder, tools: ["tool.ts"] });
    const printed = result.diagnostics.map(
      (d) => formatDiagnostic(d, result.sources).split("\n")[0],
    );
    expect(printed).toEqual([
      `tool.ts:${where(text, key)} - error TV1001: Tool "T", inputSchema.properties: ${reason[0]!.toUpperCase()}${reason.slice(1)}.`,
    ]);
  });
});

describe("a name whose use throws leaves no object", () => {
  it("a spread of a const in its own initializer is an error however many keys follow it", async () => {
    const text = 'export const tool = { ...tool, name: "T", inputSchema: { type: "object" } };\n';
    const { printed, tools } = await read({ "tool.ts": text });
    expect(tools).toEqual([]);
    expect(printed).toEqual([
      `tool.ts:1:23 - error TV1008: Tool "tool": The spread \`...tool\` cannot be read: "tool" is used in its own initializer, where it is not set yet: reading it throws a ReferenceError. It could replace name and inputSchema.`,
    ]);
  });
});

describe("execute reads keys named by constants too", () => {
  it("args[KEY], `KEY in args` and { [KEY]: value } read the key the constant holds", async () => {
    const { tools, printed } = await read({
      "tool.ts": `import { PARAM_PATH, Param } from "./keys.js";
const PARAM_MODE = "mode";
export const tool = {
  name: "T",
  inputSchema: { type: "object", properties: { [PARAM_PATH]: { type: "string" } } },
  execute: async (args: Record<string, unknown>) => {
    const path = args[PARAM_PATH];
    const hasMode = PARAM_MODE in args;
    const { [Param.Limit]: limit } = args;
    return [path, hasMode, limit];
  },
};
`,
      "keys.ts": 'export const PARAM_PATH = "path";\nexport enum Param { Limit = "limit" }\n',
    });
    expect(printed).toEqual([]);
    expect(tools[0]!.argumentUses!.reads.map((read) => [read.key, read.text])).toEqual([
      ["path", "args[PARAM_PATH]"],
      ["mode", "PARAM_MODE in args"],
      ["limit", "[Param.Limit]: limit"],
    ]);
    expect(tools[0]!.argumentUses!.unfollowed).toEqual([]);
  });
});
