// Every object discovery meets is classified (CONTRACT.md section 2): a JSON Schema
// declaration is read (or a located error), one declared with a schema library or built at run
// time is listed and skipped, one that is not a tool is ignored. The fixtures in
// tests/fixtures/shapes/classes and tests/fixtures/shapes/ai-sdk are written for this repository
// in the forms public agent code bases use.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiagnosticBag, formatDiagnostic } from "../../src/diagnostics/diagnostics.js";
import { extractTools } from "../../src/extract/discover.js";
import { toJson } from "../../src/extract/values.js";
import { generate, type GenerateOptions } from "../../src/pipeline/generate.js";
import { coverageLines } from "../../src/run/messages.js";
import { makeTempDir } from "../helpers/context.js";
import { runMain } from "../helpers/inProcess.js";

const SHAPES = path.resolve(import.meta.dirname, "../fixtures/shapes");

/** The tools of `files` as extraction reads them (the static values, before normalising). */
function extracted(cwd: string, files: string[]) {
  const diagnostics = new DiagnosticBag();
  const { tools } = extractTools(
    files.map((file) => path.join(cwd, file)),
    diagnostics,
    (file) => path.relative(cwd, file),
  );
  expect(diagnostics.items).toEqual([]);
  return new Map(tools.map((tool) => [tool.name, tool]));
}

/** What a run reads and reports (its output is not formatted: the reading is under test). */
async function read(
  cwd: string,
  tools: string[],
  options: Omit<GenerateOptions, "cwd" | "tools"> = {},
) {
  const result = await generate({ cwd, tools, formatter: "none", ...options });
  const printed = result.diagnostics.map((d) => formatDiagnostic(d, result.sources));
  return { result, printed, names: result.tools.map((tool) => tool.name) };
}

const classes = path.join(SHAPES, "classes");
const aiSdk = path.join(SHAPES, "ai-sdk");

describe("a folder that mixes every class", () => {
  let work: string;
  beforeAll(async () => {
    work = await makeTempDir("tv-classes-");
    await fs.cp(classes, path.join(work, "tools"), { recursive: true });
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it("the command generates the JSON Schema tools, lists each other class, and exits 0", async () => {
    const result = await runMain(["--tools", "tools/*.ts", "--out", "generated"], work);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const lines = result.stdout.split("\n");
    expect(lines[0], result.stdout).toMatch(
      /^Generated validators for 4 tools from 7 files into generated\//,
    );
    expect(lines.filter((line) => /^(Built|Declared|Named)/.test(line))).toEqual([
      "Built at run time (a name or schema from a parameter, a call, a loop or the generated folder; skipped): 5 objects: tools/builders.ts:12:10 buildTool(), tools/builders.ts:33:31 bridge(), tools/builders.ts:42:20 converted.push(...), and 2 more.",
      "Declared with zod (validated by it at run time, no validator): 6 tools: tools/highLevel.ts:10:3 delete_note, tools/highLevel.ts:16:3 list_notes, tools/libraries.ts:12:14 zod_object, and 3 more.",
      "Declared with valibot (validated by it at run time, no validator): 1 tool: tools/libraries.ts:21:14 valibot_object.",
      "Declared with ArkType (validated by it at run time, no validator): 1 tool: tools/libraries.ts:27:14 arktype_query.",
      "Declared with Effect Schema (validated by it at run time, no validator): 1 tool: tools/libraries.ts:29:14 effect_struct.",
      "Declared with TypeBox (validated by it at run time, no validator): 2 tools: tools/typebox.ts:26:14 set_env, tools/typebox.ts:32:14 tail.",
    ]);
    const index = await fs.readFile(path.join(work, "generated/index.ts"), "utf8");
    for (const name of ["search_notes", "save_note", "read_file", "list_dir"])
      expect(index).toContain(JSON.stringify(name));
    expect(index).not.toContain('"note"');
  });
});

describe("class 1: JSON Schema declarations, read", () => {
  it("an MCP server's tools; its resource templates, resources and prompts are not tools", async () => {
    const { result, printed, names } = await read(classes, ["server.ts"]);
    expect(printed).toEqual([]);
    expect(names).toEqual(["search_notes"]);
    expect(result.tools[0]!.declaredAs).toBe("server.setRequestHandler(...).tools[0]");
    expect(coverageLines(result).filter((line) => !line.startsWith(" "))).toEqual([
      "Not enforced (declared, but never blocks a call):",
    ]);
  });

  it("a tool_choice value (a function with only a name, or at a tool_choice key) and a tool call are not second tools", async () => {
    const { printed, names } = await read(classes, ["chat.ts"]);
    expect(printed).toEqual([]);
    expect(names).toEqual(["save_note"]);
  });

  it("TypeBox builders are read as the schema they build, in each line's key order", async () => {
    const { printed } = await read(classes, ["typebox.ts"]);
    expect(printed).toEqual([]);
    const tools = extracted(classes, ["typebox.ts"]);
    // @sinclair/typebox 0.3x: options first; typebox 1.x: options last.
    expect(JSON.stringify(toJson(tools.get("read_file")!.parameters as never))).toBe(
      JSON.stringify({
        type: "object",
        required: ["path"],
        properties: {
          path: { description: "The file to read.", type: "string" },
          offset: { minimum: 0, type: "integer" },
          encoding: {
            anyOf: [
              { const: "utf8", type: "string" },
              { const: "base64", type: "string" },
            ],
          },
        },
      }),
    );
    expect(JSON.stringify(toJson(tools.get("list_dir")!.parameters as never))).toBe(
      JSON.stringify({
        type: "object",
        required: ["dir", "all"],
        properties: {
          dir: { type: "string" },
          depth: { type: "number", maximum: 5 },
          all: { type: "boolean" },
        },
        additionalProperties: false,
      }),
    );
  });
});

describe("class 2: declared with a schema library, listed", () => {
  it("zod, valibot, ArkType, Effect Schema and the AI SDK with zod: no error, no validator", async () => {
    const { result, printed } = await read(classes, ["libraries.ts"]);
    expect(printed).toEqual([
      'warning TV3102: No JSON Schema tool declaration found in the file matching "libraries.ts"; found 4 tools declared with zod, 1 tool declared with valibot, 1 tool declared with ArkType and 1 tool declared with Effect Schema instead: the output folder holds no validator.',
    ]);
    expect(result.skipped.map((object) => [object.name, object.skip])).toEqual([
      ["zod_object", { kind: "library", library: "zod" }],
      ["zod_converted", { kind: "library", library: "zod" }],
      ["zod_v4", { kind: "library", library: "zod" }],
      ["valibot_object", { kind: "library", library: "valibot" }],
      ["arktype_query", { kind: "library", library: "ArkType" }],
      ["effect_struct", { kind: "library", library: "Effect Schema" }],
      ["lookup", { kind: "library", library: "zod" }],
    ]);
  });

  it("an McpServer's registerTool takes a zod shape: declared with zod, an empty one too", async () => {
    const { result, printed } = await read(classes, ["highLevel.ts", "server.ts"]);
    expect(printed).toEqual([]);
    expect(result.skipped.map((object) => [object.name, object.shape, object.skip])).toEqual([
      ["delete_note", "mcp", { kind: "library", library: "zod" }],
      ["list_notes", "mcp", { kind: "library", library: "zod" }],
    ]);
  });

  it("a TypeBox call that cannot be read exactly is declared with TypeBox, never misread", async () => {
    const { result } = await read(classes, ["typebox.ts"]);
    expect(result.skipped.map((object) => [object.name, object.skip])).toEqual([
      ["set_env", { kind: "library", library: "TypeBox" }],
      ["tail", { kind: "library", library: "TypeBox" }],
    ]);
  });
});

describe("class 3: built at run time, listed", () => {
  it("a factory, a bridge, a converter, a schema a call returns, an SDK call: no error", async () => {
    const { result, printed } = await read(classes, ["builders.ts", "chat.ts"]);
    expect(printed).toEqual([]);
    expect(result.skipped.map((object) => [object.declaredAs, object.shape])).toEqual([
      ["buildTool()", "plugin"],
      ["bridge()", "openai-chat"],
      ["converted.push(...)", "anthropic"],
      ["reportTool", "mcp"],
      ["createAgent()", "anthropic"],
    ]);
  });

  it("a static name with a literal schema that has one unreadable value is still an error", async () => {
    const dir = await makeTempDir("tv-class1-");
    await fs.writeFile(
      path.join(dir, "tool.ts"),
      'declare function propertiesOf(name: string): object;\nexport const tool = {\n  name: "lookup",\n  inputSchema: { type: "object", properties: { word: propertiesOf("word") } },\n};\n',
    );
    const { printed } = await read(dir, ["tool.ts"]);
    expect(printed.map((line) => line.split("\n")[0])).toEqual([
      'tool.ts:4:54 - error TV2001: Tool "lookup", inputSchema.properties.word: The schema is not statically known: the call `propertiesOf("word")` is not statically known.',
    ]);
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe("the AI SDK's shape", () => {
  it("names each tool by its key in the tool set, a const's key where it is used, or a wrapper's name", async () => {
    const files = ["agent.ts", "tools.ts", "wrapper.ts", "local.ts"];
    const { result, printed } = await read(aiSdk, files);
    expect(printed).toEqual([]);
    const tools = extracted(aiSdk, files);
    expect([...tools.values()].every((tool) => tool.shape === "ai-sdk")).toBe(true);
    expect(result.tools.map((tool) => [tool.name, tool.declaredAs])).toEqual([
      ["weather", "generateText(...).tools.weather"],
      ["grep_files", "generateText(...).tools[NAMES.grep]"],
      ["translate", "tools.translate"],
      ["search", "searchTool"],
      ["notes", "notesTool"],
      ["execute_bash", "bashTool.tool"],
    ]);
    expect(toJson(tools.get("weather")!.parameters!)).toEqual({
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer", minimum: 1 } },
      required: ["city"],
    });
    expect(tools.get("translate")!.schemaKey).toBe("parameters");
    expect(tools.get("weather")!.description).toBe("Gets the weather in a city.");
    expect(coverageLines(result)[0]).toBe(
      "Named where it is used, outside the files read (skipped): 1 tool: tools.ts:15:14 orphanTool.",
    );
  });

  it("a tool a factory returns is named by the key holding the factory's call (or a const holding the call)", async () => {
    const { result, printed } = await read(aiSdk, ["factories.ts", "factoryAgent.ts"]);
    expect(result.tools.map((tool) => [tool.name, tool.declaredAs])).toEqual([
      ["read_file", "createReadTool()"],
      ["list_dir", "createListTool()"],
      ["pick", "createPickTool()"],
    ]);
    const tools = extracted(aiSdk, ["factories.ts", "factoryAgent.ts"]);
    expect(tools.get("read_file")!.shape).toBe("ai-sdk");
    expect(toJson(tools.get("read_file")!.parameters!)).toEqual({
      type: "object",
      properties: { path: { type: "string" } },
      required: ["path"],
    });
    // A schema made of the factory's parameter is a declaration that cannot be read: an error.
    expect(printed.map((text) => text.split("\n")[0])).toEqual([
      'factories.ts:28:77 - error TV2007: Tool "pick", inputSchema.properties.choice.enum: `enum` must be an array of allowed values, not a value the generator cannot read ("choices" is a parameter of `createPickTool()`: its value is known only when it is called).',
    ]);
    expect(coverageLines(result)[0]).toBe(
      "Named where it is used, outside the files read (skipped): 1 tool: factories.ts:34:15 createUnusedTool().",
    );
    // Alone, the factories' file names none of them.
    const alone = await read(aiSdk, ["factories.ts"]);
    expect(alone.names).toEqual([]);
    expect(alone.result.skipped.map((object) => object.skip.kind)).toEqual([
      "unnamed",
      "unnamed",
      "unnamed",
      "unnamed",
    ]);
  });

  it("a const tool's name is looked for in the files read: alone, its file names none", async () => {
    const { result, names } = await read(aiSdk, ["tools.ts", "wrapper.ts"]);
    expect(names).toEqual(["execute_bash"]);
    expect(result.skipped.map((object) => object.declaredAs)).toEqual([
      "searchTool",
      "notesTool",
      "orphanTool",
    ]);
  });

  it("a spread before a tool leaves its key; one after could replace it: a located error", async () => {
    const { printed, names } = await read(aiSdk, ["spreads.ts"]);
    expect(names).toEqual(["ping"]);
    expect(printed).toEqual([
      'spreads.ts:19:3 - error TV1008: Tool "replaced.echo": The spread `...extra` cannot be read: "extra" has no initializer. It could replace tool set key "echo".\n\n19   ...extra,\n     ~~~~~~~~\n',
    ]);
  });

  it("an object that has the AI SDK's shape and another's is ambiguous: a located error", async () => {
    const dir = await makeTempDir("tv-ambiguous-");
    await fs.writeFile(
      path.join(dir, "tool.ts"),
      'import { tool } from "ai";\nexport const tools = {\n  a: tool({ name: "b", parameters: { type: "object" } }),\n};\n',
    );
    const { printed } = await read(dir, ["tool.ts"]);
    expect(printed.map((line) => line.split("\n")[0])).toEqual([
      'tool.ts:3:11 - error TV1010: Tool "tools.a": This object has the shape of a tool twice over (function `{ name, parameters }`, ai-sdk `{ <name>: tool({ inputSchema }) }`): `parameters` in both. Keep the keys of one shape, or restrict the shapes read with the "shapes" setting.',
    ]);
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe("where errors are reported", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir("tv-located-");
    await fs.writeFile(
      path.join(dir, "schemas.ts"),
      'declare function makeSchema(): object;\nexport const schemas = {\n  weather: { type: "object", properties: { city: makeSchema() } },\n  time: { type: "object", properties: { zone: { type: "strng" } } },\n};\n',
    );
    await fs.writeFile(
      path.join(dir, "weather.ts"),
      'import { schemas } from "./schemas.js";\nexport const weatherTool = {\n  name: "weather",\n  parameters: schemas.weather,\n};\nexport const timeTool = { name: "time", parameters: schemas.time };\n',
    );
    await fs.writeFile(
      path.join(dir, "stream.ts"),
      'declare const client: { messages: { stream(body: object): unknown } };\nexport const run = () =>\n  client.messages\n    .stream({ tools: [{ name: "lookup", input_schema: { type: "object", properties: { q: { tpye: "string" } } } }] });\n',
    );
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("a schema another file holds: at the declaration, the schema's place as related information", async () => {
    const { printed } = await read(dir, ["weather.ts"]);
    expect(printed).toEqual([
      'weather.ts:4:3 - error TV2001: Tool "weather", parameters.properties.city: The schema is not statically known: the call `makeSchema()` is not statically known.\n\n4   parameters: schemas.weather,\n    ~~~~~~~~~~\n\n  schemas.ts:3:50\n    3   weather: { type: "object", properties: { city: makeSchema() } },\n                                                       ~~~~~~~~~~~~\n    parameters.properties.city is declared here.\n',
      'weather.ts:6:41 - error TV2003: Tool "time", parameters.properties.zone.type: Unknown type "strng". Did you mean "string"?\n\n6 export const timeTool = { name: "time", parameters: schemas.time };\n                                          ~~~~~~~~~~\n\n  schemas.ts:4:55\n    4   time: { type: "object", properties: { zone: { type: "strng" } } },\n                                                            ~~~~~~~\n    parameters.properties.zone.type is declared here.\n',
    ]);
  });

  it("leaving out the declaring file, as the message names it, leaves the tools out", async () => {
    const { printed, result } = await read(dir, ["weather.ts", "stream.ts"], {
      excludeFiles: ["weather.ts"],
      excludeTools: ["lookup"],
    });
    expect(printed).toEqual([
      'error TV3008: Every tool found in the file matching "weather.ts", "stream.ts" is left out by "excludeTools": "lookup" (1 tool); no validator is left to generate.',
    ]);
    expect(result.excludedFiles).toEqual(["weather.ts"]);
  });

  it("a label written over several lines is one line, and leaves its tool out typed either way", async () => {
    const { printed } = await read(dir, ["stream.ts"]);
    expect(printed[0]!.split("\n")[0]).toBe(
      'stream.ts:4:92 - error TV2010: Tool "lookup", input_schema.properties.q.tpye: Unknown keyword "tpye". Did you mean "type"?',
    );
    for (const entry of [
      "client.messages.stream(...).tools[0]",
      "client.messages\n    .stream(...).tools[0]",
    ]) {
      const left = await read(dir, ["stream.ts", "weather.ts"], {
        excludeTools: [entry, "weather", "time"],
      });
      expect(left.result.excluded.map((tool) => [tool.name, tool.entry])).toContainEqual([
        "lookup",
        entry,
      ]);
      expect(left.printed.filter((line) => line.includes("TV3101"))).toEqual([]);
    }
  });
});
