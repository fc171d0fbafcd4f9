// Regression tests of the static reading: each spelling reads as JavaScript reads it, and
// whatever cannot be read exactly (bytes that are not UTF-8, a syntax error, a spread that
// could replace what is read, a number JSON cannot carry, nesting past the limits) is one
// located error, never a silent misreading, a crash or a stack overflow.
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiagnosticBag, formatDiagnostic } from "../../src/diagnostics/diagnostics.js";
import { extractTools } from "../../src/extract/discover.js";
import { toJson } from "../../src/extract/values.js";
import { generate, generateFromSchemas } from "../../src/pipeline/generate.js";
import { makeTempDir } from "../helpers/context.js";
import { runGen, snapshotFolder } from "../helpers/spawn.js";
import { difference } from "./compare.js";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/extract");

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir("tv-exactness-");
  // Declarations built with TypeBox import it: resolved from the repository's modules.
  await fs.symlink(
    path.resolve(import.meta.dirname, "../../node_modules"),
    path.join(dir, "node_modules"),
  );
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Reads files (name -> text or bytes) written to a fresh folder; the first is the tool file. */
async function read(files: Record<string, string | Uint8Array>) {
  const folder = await fs.mkdtemp(path.join(dir, "case-"));
  for (const [name, content] of Object.entries(files))
    await fs.writeFile(path.join(folder, name), content);
  const diagnostics = new DiagnosticBag();
  const display = (file: string) => path.relative(folder, file).split(path.sep).join("/");
  const result = extractTools([path.join(folder, Object.keys(files)[0]!)], diagnostics, display);
  const printed = diagnostics
    .sorted()
    .map((d) => formatDiagnostic(d, result.sources).split("\n")[0]);
  return { ...result, diagnostics: diagnostics.items, printed, folder };
}

/** `line:column` (1-based) of the first `needle` in `text`. */
function where(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle)).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

/** A schema nested `levels` schemas deep through `properties` (two value levels each). */
function nestedSchemaText(levels: number): string {
  let schema = '{ type: "string" }';
  for (let i = 1; i < levels; i++) schema = `{ type: "object", properties: { a: ${schema} } }`;
  return schema;
}

/** A tool file declaring `parameters` (an expression), after `before` (top-level code). */
function toolFile(parameters: string, before = ""): string {
  return `${before}
export const tool = {
  name: "T",
  config: { type: "function", function: { name: "T", parameters: ${parameters} } },
};
`;
}

describe("spellings read as JavaScript reads them", () => {
  it("every tool in the spellings fixture equals the imported module's value", async () => {
    const file = path.join(FIXTURES, "spellings.ts");
    const diagnostics = new DiagnosticBag();
    const { tools } = extractTools([file], diagnostics);
    expect(diagnostics.items).toEqual([]);
    const module = (await import(pathToFileURL(file).href)) as Record<
      string,
      { config: { function: { name: string; parameters: unknown } } }
    >;
    for (const tool of tools) {
      const actual = module[tool.declaredAs]!.config.function;
      expect(tool.name).toBe(actual.name);
      expect(difference(tool.parameters!, actual.parameters, tool.declaredAs)).toBeUndefined();
    }
    expect(tools.map((t) => t.declaredAs)).toEqual([
      "numbersTool",
      "keysTool",
      "stringsTool",
      "structureTool",
    ]);
    // What that means, spelled out for the reader.
    const json = (name: string) => toJson(tools.find((t) => t.declaredAs === name)!.parameters!);
    expect(json("numbersTool")).toMatchObject({
      properties: { n: { enum: expect.arrayContaining([1e-7, 1e21, 31, 255, 15, 5, -5, -0]) } },
    });
    expect(Object.keys((json("keysTool") as { properties: object }).properties)).toEqual([
      "1",
      "2",
      "3",
      "16",
      "1000",
      "4294967294",
      "z",
      "1e+21",
      "0.5",
      "Infinity",
      "b",
      "c",
      "abc",
      "4294967295",
      "01",
      "__proto__",
      "z2",
    ]);
    expect(tools.find((t) => t.declaredAs === "stringsTool")!.description).toBe(
      "one 2 null true 1e+21 0",
    );
  });

  it("keeps -0 where JavaScript has it, and generates from it without a crash", async () => {
    const { tools, folder } = await read({
      "tool.ts": toolFile(`{ type: "object", properties: { a: { enum: [-0, 1, -(0)] } } }`),
    });
    const members = (toJson(tools[0]!.parameters!) as { properties: { a: { enum: number[] } } })
      .properties.a.enum;
    expect(members.map((m) => Object.is(m, -0))).toEqual([true, false, true]);
    const result = await generate({ cwd: folder, tools: ["tool.ts"] });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.output).toBeDefined();
  });
});

describe("which declarations are tools", () => {
  it("a tool in a const is read wherever it is exported: by an export list, as the default export, or not at all", async () => {
    const tool = (name: string) =>
      `{ name: "${name}", config: { type: "function", function: { name: "${name}", parameters: { type: "object" } } } }`;
    const { printed, tools } = await read({
      "tool.ts": `const listed = ${tool("Listed")};
const renamed = ${tool("Renamed")};
const byDefault = ${tool("ByDefault")};
const hidden = ${tool("Hidden")};
export { listed, renamed as other };
export default byDefault;
`,
    });
    expect(printed).toEqual([]);
    expect(tools.map((t) => t.name)).toEqual(["Listed", "Renamed", "ByDefault", "Hidden"]);
  });
});

describe("values JavaScript cannot give", () => {
  it("a const used before its declaration is a ReferenceError when the module loads", async () => {
    const text = `${toolFile(`{ type: "object", properties: { a: LATER } }`)}const LATER = { type: "string" };\n`;
    const { folder } = await read({ "tool.ts": text });
    const result = await generate({ cwd: folder, tools: ["tool.ts"] });
    expect(
      result.diagnostics.map((d) => formatDiagnostic(d, result.sources).split("\n")[0]),
    ).toEqual([
      `tool.ts:${where(text, "LATER")} - error TV2001: Tool "T", parameters.properties.a: The schema is not statically known: "LATER" is used before its declaration: loading the module throws a ReferenceError.`,
    ]);
  });
});

describe("spellings that are errors rather than a guess", () => {
  it.each([
    [
      '"__proto__" as a string key',
      `{ type: "object", properties: { "__proto__": { type: "string" } } }`,
      '"__proto__"',
      "TV1001",
      "parameters.properties: A `__proto__` key in an object literal sets the object's prototype instead of declaring a key.",
    ],
    [
      "an object in a template literal",
      '{ type: "object", properties: { a: `${{ a: 1 }}` } }',
      "{ a: 1 }",
      "TV2001",
      "parameters.properties.a: The schema is not statically known: the template literal substitutes an object.",
    ],
    [
      "an array in a template literal",
      '{ type: "object", properties: { a: { enum: [`${[1]}`] } } }',
      "[1]",
      "TV2001",
      "parameters.properties.a.enum: The value is not statically known: the template literal substitutes an array.",
    ],
  ])("%s", async (_, parameters, at, code, message) => {
    const text = toolFile(parameters);
    const { folder } = await read({ "tool.ts": text });
    const result = await generate({ cwd: folder, tools: ["tool.ts"] });
    expect(
      result.diagnostics.map((d) => formatDiagnostic(d, result.sources).split("\n")[0]),
    ).toEqual([`tool.ts:${where(text, at)} - error ${code}: Tool "T", ${message}`]);
  });
});

describe("imports and re-exports", () => {
  const usesA = toolFile(
    `{ type: "object", properties: { a: A } }`,
    'import { A } from "./m0.js";',
  );

  it("a module reached twice through `export *` is no cycle", async () => {
    const { printed, tools } = await read({
      "tool.ts": usesA,
      "m0.ts": 'export * from "./left.js";\nexport * from "./right.js";\n',
      "left.ts": 'export * from "./shared.js";\n',
      "right.ts": 'export * from "./middle.js";\nexport * from "./a.js";\n',
      "middle.ts": 'export * from "./shared.js";\n',
      "shared.ts": "export const B = 1;\n",
      "a.ts": 'export const A = { type: "string" };\n',
    });
    expect(printed).toEqual([]);
    expect(toJson(tools[0]!.parameters!)).toEqual({
      type: "object",
      properties: { a: { type: "string" } },
    });
  });

  it("a chain of 300 re-exports stops at a limit instead of the stack's end", async () => {
    const files: Record<string, string> = { "tool.ts": usesA };
    for (let i = 0; i < 300; i++) files[`m${i}.ts`] = `export { A } from "./m${i + 1}.js";\n`;
    files["m300.ts"] = 'export const A = { type: "string" };\n';
    const { tools } = await read(files);
    expect(tools[0]!.parameters).toMatchObject({
      entries: [
        { key: "type" },
        {
          key: "properties",
          value: {
            entries: [
              {
                value: {
                  kind: "unknown",
                  reason: '"A" is imported or re-exported through too many modules to be followed',
                },
              },
            ],
          },
        },
      ],
    });
  });

  it("40 layers of modules that each `export *` the next layer twice stop at a limit", async () => {
    const files: Record<string, string> = { "tool.ts": usesA };
    for (let i = 0; i < 40; i++) {
      files[`m${i}.ts`] = `export * from "./m${i + 1}.js";\nexport * from "./n${i + 1}.js";\n`;
      files[`n${i + 1}.ts`] = `export * from "./m${i + 1}.js";\n`;
    }
    files["m40.ts"] = "export const B = 1;\n";
    const started = Date.now();
    const { tools } = await read(files);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(tools[0]!.parameters).toMatchObject({
      entries: [
        { key: "type" },
        {
          key: "properties",
          value: {
            entries: [
              {
                value: {
                  kind: "unknown",
                  reason: '"A" is imported or re-exported through too many modules to be followed',
                },
              },
            ],
          },
        },
      ],
    });
  });
});

describe("files that cannot be read exactly", () => {
  const tool = toolFile(`{ type: "object", properties: { caf\u00e9: { type: "string" } } }`);

  it("a byte that is not UTF-8 is located at that byte", async () => {
    const text = toolFile(`{ type: "object", properties: { cafX: { type: "string" } } }`);
    const bytes = Buffer.from(text, "latin1");
    bytes[text.indexOf("X")] = 0xe9; // "é" in Latin-1
    const { printed, tools } = await read({ "tool.ts": bytes });
    expect(printed).toEqual([
      `tool.ts:${where(text, "X")} - error TV1006: The file is not UTF-8: the byte 0xE9 at byte offset ${text.indexOf("X")} does not begin a valid UTF-8 sequence. Save it as UTF-8.`,
    ]);
    expect(tools).toEqual([]);
  });

  it.each([
    ["little", "utf16le", Buffer.from([0xff, 0xfe])],
    ["big", "utf16be", Buffer.from([0xfe, 0xff])],
  ] as const)("a UTF-16 file (%s-endian) is named as such", async (endian, _, bom) => {
    const utf16le = Buffer.from(tool, "utf16le");
    const body = endian === "little" ? utf16le : Buffer.from(utf16le).swap16();
    const { printed, tools } = await read({ "tool.ts": Buffer.concat([bom, body]) });
    expect(printed).toEqual([
      `tool.ts:1:1 - error TV1006: The file is UTF-16 (${endian}-endian: it starts with a UTF-16 byte order mark), not UTF-8. Save it as UTF-8.`,
    ]);
    expect(tools).toEqual([]);
  });

  it("a UTF-8 byte order mark is dropped, and locations count from after it", async () => {
    const bad = toolFile(
      `{ type: "object", properties: { a: { type: "number", enum: [1e999] } } }`,
    );
    const { printed } = await read({
      "tool.ts": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(bad)]),
    });
    expect(printed).toEqual([
      `tool.ts:${where(bad, "1e999")} - error TV1007: Tool "T", parameters.properties.a.enum[0]: This number is Infinity in JavaScript, which JSON cannot carry: a schema holds only finite numbers. Leave this tool out with "excludeTools": ["T"] in the settings (or its file with "excludeFiles": ["tool.ts"]).`,
    ]);
  });

  it("a syntax error in an imported module is located there; the import is not read", async () => {
    const { printed, tools } = await read({
      "tool.ts": toolFile(
        `{ type: "object", properties: { a: A } }`,
        'import { A } from "./a.js";',
      ),
      "a.ts": 'export const A = { type: "string" ];\n',
    });
    expect(printed).toEqual([
      "a.ts:1:35 - error TV1005: Syntax error TS1005: ',' expected (the first of 2 in this file).",
    ]);
    // The use of A is not statically known: the schema stage reports it where it is used.
    expect(tools[0]!.parameters).toMatchObject({
      entries: [
        { key: "type" },
        {
          key: "properties",
          value: {
            entries: [
              {
                key: "a",
                value: {
                  kind: "unknown",
                  reason:
                    '"A" cannot be followed: the module "./a.js" cannot be read: it has a syntax error',
                },
              },
            ],
          },
        },
      ],
    });
  });
});

describe("spreads, accessors and computed keys where the tool is read", () => {
  it("an explicit key after a spread that cannot be read wins, as in JavaScript", async () => {
    const { printed, tools } = await read({
      "tool.ts": `let extra = {};
const BASE = { description: "from a readable const" };
export const tool = {
  ...extra,
  name: "T",
  config: { ...extra, type: "function", function: { ...extra, ...BASE, name: "T", parameters: { type: "object" } } },
};
`,
    });
    expect(printed).toEqual([]);
    expect(tools.map((t) => [t.name, t.description])).toEqual([["T", "from a readable const"]]);
  });

  it("an object whose config could only come from such a spread is not taken for a tool", async () => {
    const { printed, tools } = await read({
      "tool.ts": "let extra = {};\nexport const settings = { ...extra, timeout: 5 };\n",
    });
    expect(printed).toEqual([]);
    expect(tools).toEqual([]);
  });

  it("a prototype set with __proto__ could supply the name", async () => {
    const { printed } = await read({
      "tool.ts": `const base = { name: "Other" };
export const tool = {
  __proto__: base,
  config: { type: "function", function: { name: "T", parameters: { type: "object" } } },
};
`,
    });
    expect(printed).toEqual([
      'tool.ts:3:3 - error TV1008: Tool "tool": A `__proto__` key in an object literal sets the object\'s prototype instead of declaring a key. It could set name.',
    ]);
  });

  it("a computed key that could be `parameters` is reported, even after it", async () => {
    const text = `declare const key: string;
export const tool = {
  name: "T",
  config: { type: "function", function: { name: "T", parameters: { type: "object" }, [key]: 1 } },
};
`;
    const { printed } = await read({ "tool.ts": text });
    expect(printed).toEqual([
      `tool.ts:${where(text, "[key]")} - error TV1008: Tool "tool": The computed key \`[key]\` is not statically known: "key" has no initializer. It could replace config.function.name and config.function.parameters.`,
    ]);
  });

  it("spreads that refer to each other across modules end in a located error, not a stack overflow", async () => {
    const { printed, diagnostics } = await read({
      "tool.ts": `import { A } from "./a.js";
export const tool = {
  name: "T",
  config: { type: "function", function: { name: "T", parameters: { type: "object" } } },
  ...A,
};
`,
      "a.ts": 'import { B } from "./b.js";\nexport const A = { ...B };\n',
      "b.ts": 'import { A } from "./a.js";\nexport const B = { ...A };\n',
    });
    // Reported at the declaration, the file to leave out; where the cycle closes (the spread
    // of A inside B) is its related place.
    expect(printed).toEqual([
      'tool.ts:2:14 - error TV1008: Tool "tool": The spread `...A` cannot be read: "A" refers to itself. It could replace config and name.',
    ]);
    expect(diagnostics[0]!.related).toEqual([
      { location: { file: "b.ts", start: 47, end: 51 }, message: "The value is declared here." },
    ]);
  });

  it("a spread of a const declared further down is a ReferenceError in JavaScript", async () => {
    const { printed } = await read({
      "tool.ts": `const A = { ...B };
const B = { name: "Other" };
export const tool = {
  name: "T",
  config: { type: "function", function: { name: "T", parameters: { type: "object" } } },
  ...A,
};
`,
    });
    expect(printed).toEqual([
      'tool.ts:1:13 - error TV1008: Tool "tool": The spread `...B` cannot be read: "B" is used before its declaration: loading the module throws a ReferenceError. It could replace config and name.',
    ]);
  });

  it("an execute that names itself in a cycle of consts is not followed forever", async () => {
    const { printed, tools } = await read({
      "tool.ts": `const f = g;
const g = f;
export const tool = {
  name: "T",
  config: { type: "function", function: { name: "T", parameters: { type: "object" } } },
  execute: f,
};
`,
    });
    expect(printed).toEqual([]);
    expect(tools[0]!.argumentUses?.found).toBe(false);
  });
});

describe("limits: a located error, never a stack overflow", () => {
  it("50 nested schemas are read; 51 are one error at the first level too deep", async () => {
    const fifty = await read({ "tool.ts": toolFile(nestedSchemaText(50)) });
    expect(fifty.printed).toEqual([]);
    const text = toolFile(nestedSchemaText(51));
    const deeper = await read({ "tool.ts": text });
    expect(deeper.printed).toEqual([
      `tool.ts:${where(text, '{ type: "string" }')} - error TV1009: Tool "T", parameters${".properties.a".repeat(50)}: Arrays and objects nest deeper than 100 levels (at most 50 nested schemas), which the generator does not read. Leave this tool out with "excludeTools": ["T"] in the settings (or its file with "excludeFiles": ["tool.ts"]).`,
    ]);
    expect(deeper.tools).toEqual([]);
  });

  it.each([
    ["an array literal", "[".repeat(10_000) + "]".repeat(10_000)],
    ["an object literal", "{ a: ".repeat(10_000) + "1" + " }".repeat(10_000)],
  ])("%s 10,000 deep anywhere in a file is located where it nests deepest", async (_, value) => {
    const text = toolFile(`{ type: "object" }`, `const deep = ${value};`);
    const { printed, tools } = await read({ "tool.ts": text });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(
      /^tool\.ts:1:\d+ - error TV1009: The file nests brackets too deeply to be parsed \(the TypeScript parser ran out of stack\); the deepest nesting starts here\.$/,
    );
    expect(tools).toEqual([]);
  });

  it("a chain of 10,000 consts stops at 1000 levels", async () => {
    const chain = ["const c0 = { type: 'string' };"];
    for (let i = 1; i < 10_000; i++) chain.push(`const c${i} = c${i - 1};`);
    const text = toolFile(`{ type: "object", properties: { a: c9999 } }`, chain.join("\n"));
    const { printed } = await read({ "tool.ts": text });
    expect(printed).toEqual([
      `tool.ts:${where(text, "c9004;")} - error TV1009: Tool "T", parameters.properties.a: The value is nested or chained more than 1000 levels deep (values, references and operands), which is too deep to be read. Leave this tool out with "excludeTools": ["T"] in the settings (or its file with "excludeFiles": ["tool.ts"]).`,
    ]);
  });

  it("a + chain of 10,000 strings is read exactly", async () => {
    const parts = Array.from({ length: 10_000 }, (_, i) => JSON.stringify(String(i % 10)));
    const { printed, tools } = await read({
      "tool.ts": toolFile(`{ type: "object", description: ${parts.join(" + ")} }`),
    });
    expect(printed).toEqual([]);
    expect(toJson(tools[0]!.parameters!)).toEqual({
      type: "object",
      description: "0123456789".repeat(1000),
    });
  });

  it("10,000 unary minus signs end in a located error", async () => {
    const { printed } = await read({
      "tool.ts": toolFile(
        `{ type: "object", properties: { a: { enum: [${"- ".repeat(10_000)}1] } } }`,
      ),
    });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^tool\.ts:\d+:\d+ - error TV1009: /);
  });

  it("a const that doubles 40 times stops at 250,000 values", async () => {
    const consts = ["const a0 = [1, 2, 3, 4, 5, 6, 7, 8];"];
    for (let i = 1; i <= 40; i++) consts.push(`const a${i} = [a${i - 1}, a${i - 1}];`);
    const { printed, tools } = await read({
      "tool.ts": toolFile(`{ type: "object", default: a40 }`, consts.join("\n")),
    });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(
      /^tool\.ts:\d+:\d+ - error TV1009: Tool "T", parameters\.default(\[\d\])+: The value is made of more than 250,000 parts \(a constant used many times over\?\), which is too large to be read\. Leave this tool out with "excludeTools": \["T"\] in the settings \(or its file with "excludeFiles": \["tool\.ts"\]\)\.$/,
    );
    expect(tools).toEqual([]);
  });

  it("a chain of 10,000 aliases of the arguments is followed in one walk of the body", async () => {
    const aliases = Array.from({ length: 10_000 }, (_, i) => `const a${i + 1} = a${i};`);
    const started = Date.now();
    const { printed, tools } = await read({
      "tool.ts": `export const tool = {
  name: "T",
  config: { type: "function", function: { name: "T", parameters: { type: "object" } } },
  execute: async (args: { x: string }) => { const a0 = args; ${aliases.join(" ")} return a10000.x; },
};
`,
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(printed).toEqual([]);
    expect(tools[0]!.argumentUses!.reads.map((r) => r.text)).toEqual(["a10000.x"]);
  });

  it("an execute body 10,000 operands long is followed without recursion", async () => {
    const reads = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? "args.a" : "args.b"));
    const { printed, tools } = await read({
      "tool.ts": `export const tool = {
  name: "T",
  config: { type: "function", function: { name: "T", parameters: { type: "object" } } },
  execute: async (args: { a: string; b: string }) => "" + ${reads.join(" + ")},
};
`,
    });
    expect(printed).toEqual([]);
    expect(tools[0]!.argumentUses!.reads).toHaveLength(10_000);
  });
});

describe("the command on what used to crash it", () => {
  it.each([
    ["300 nested schemas", toolFile(nestedSchemaText(300)), "TV1009"],
    [
      "enum: [1e999]",
      toolFile(`{ type: "object", properties: { a: { enum: [1e999] } } }`),
      "TV1007",
    ],
  ])(
    "%s: exit 2 with one located error, no stack trace, nothing written",
    async (_, text, code) => {
      const folder = await fs.mkdtemp(path.join(dir, "cli-"));
      await fs.writeFile(path.join(folder, "tool.ts"), text);
      const result = await runGen(["--tools", "tool.ts", "--out", "out"], folder);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^tool\\.ts:\\d+:\\d+ - error ${code}: `, "m"));
      expect(result.stderr).not.toMatch(/RangeError|\n\s+at /);
      expect(result.stderr).toContain("Found 1 error.");
      expect(await snapshotFolder(path.join(folder, "out"))).toEqual({});
    },
  );
});

describe("schemas given as values (generateFromSchemas) that JSON cannot hold", () => {
  function nested(levels: number): object {
    let schema: object = { type: "string" };
    for (let i = 1; i < levels; i++) schema = { type: "object", properties: { a: schema } };
    return schema;
  }

  it.each([
    [
      "nested 51 schemas deep",
      nested(51),
      "The schema is not statically known: arrays and objects nest deeper than 100 levels (at most 50 nested schemas), which the generator does not read.",
    ],
    [
      "nested 100,000 deep",
      nested(100_000),
      "The schema is not statically known: arrays and objects nest deeper than 100 levels (at most 50 nested schemas), which the generator does not read.",
    ],
    [
      "with Infinity in an enum",
      { type: "object", properties: { a: { enum: [Infinity] } } },
      "The value is not statically known: the number Infinity is not a JSON value.",
    ],
    [
      "with NaN as a schema",
      { type: "object", properties: { a: NaN } },
      "The schema is not statically known: the number NaN is not a JSON value.",
    ],
    [
      "with a hole in an enum",
      { type: "object", properties: { a: { enum: [1, , 2] } } },
      "The value is not statically known: an array hole is not a JSON value.",
    ],
    [
      "with a Date as a schema",
      { type: "object", properties: { a: new Date(0) } },
      "The schema is not statically known: a Date object is not a JSON value.",
    ],
  ])("%s is an error, not a crash", async (_, schema, message) => {
    const result = await generateFromSchemas([{ name: "T", schema }]);
    expect(result.diagnostics.map((d) => [d.severity, d.message])).toEqual([["error", message]]);
    expect(result.output).toBeUndefined();
  });

  it("a schema that contains itself is an error, not a crash", async () => {
    const schema: Record<string, unknown> = { type: "object", properties: {} };
    (schema.properties as Record<string, unknown>).self = schema;
    const result = await generateFromSchemas([{ name: "T", schema }]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["TV2001"]);
    expect(result.output).toBeUndefined();
  });
});

describe("TypeBox: read as the schema TypeBox builds, or declared with TypeBox", () => {
  // Each case is read, then imported: TypeBox itself builds the value compared with.
  it.each([
    [
      "0.3x: options first, a builder's own key wins in the options' place",
      "@sinclair/typebox",
      'Type.String({ type: "number", description: "d" })',
    ],
    [
      "1.x: options last, an option replaces the builder's key in place",
      "typebox",
      'Type.String({ type: "number", description: "d" })',
    ],
    [
      "0.3x: a union of one is that schema, options first",
      "@sinclair/typebox",
      'Type.Union([Type.Literal("a")], { description: "u" })',
    ],
    ["0.3x: a union of none is `not: {}`", "@sinclair/typebox", "Type.Union([])"],
    ["1.x: a union of one is still anyOf", "typebox", 'Type.Union([Type.Literal("a")])'],
    [
      "0.3x: enum values once each, as literals",
      "@sinclair/typebox",
      'Type.Enum({ A: "a", B: "a", 1: "x", C: 2 })',
    ],
    [
      "1.x: enum values as they are, keys that are numbers left out",
      "typebox",
      'Type.Enum({ A: "a", B: "a", "1.5": "x", NaN: 0 })',
    ],
    [
      "0.3x: an optional in a union of one keeps the object's property optional",
      "@sinclair/typebox",
      "Type.Object({ a: Type.Union([Type.Optional(Type.String())]), b: Type.Null() })",
    ],
    [
      "1.x: a plain schema among the properties is required",
      "typebox",
      'Type.Object({ 2: { type: "string" }, a: Type.Optional(Type.Any()), 1: Type.Unknown() }, { required: ["x"] })',
    ],
  ])("%s", async (_, module, expression) => {
    const text = `import { Type } from "${module}";\nexport const tool = { name: "T", parameters: ${expression} };\n`;
    const { tools, printed, folder } = await read({ "tool.ts": text });
    expect(printed).toEqual([]);
    const built = (await import(pathToFileURL(path.join(folder, "tool.ts")).href)) as {
      tool: { parameters: unknown };
    };
    expect(JSON.stringify(toJson(tools[0]!.parameters!))).toBe(
      JSON.stringify(built.tool.parameters),
    );
  });

  it.each([
    ["a builder not read", "Type.Record(Type.String(), Type.Number())"],
    ["an argument not statically known", "Type.String(OPTIONS)"],
    ["a plain schema among 0.3x's properties", 'Type.Object({ a: { type: "string" } })'],
    ["a TypeScript enum", "Type.Enum(Mode)"],
    ["Optional's second argument", "Type.Optional(Type.String(), false)"],
  ])("%s: declared with TypeBox, never misread", async (_, expression) => {
    const text = `import { Type } from "@sinclair/typebox";\nlet OPTIONS = {};\nenum Mode { A = "a" }\nexport const tool = { name: "T", parameters: Type.Object({ x: ${expression} }) };\n`;
    const { tools, skipped, printed } = await read({ "tool.ts": text });
    expect(printed).toEqual([]);
    expect(tools).toEqual([]);
    expect(skipped.map((object) => object.skip)).toEqual([{ kind: "library", library: "TypeBox" }]);
  });
});
