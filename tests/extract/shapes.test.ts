// Every declaration shape in every place (CONTRACT.md section 2): each fixture in
// tests/fixtures/shapes is written for this repository in the shapes and places public agent
// code bases and MCP servers use.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/diagnostics/diagnostics.js";
import { toJson } from "../../src/extract/values.js";
import { generate, type GenerateOptions } from "../../src/pipeline/generate.js";
import { coverageLines } from "../../src/run/messages.js";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/shapes");

/** What a run reads and reports (its output is not formatted: the reading is under test). */
async function read(tools: string[], options: Omit<GenerateOptions, "cwd" | "tools"> = {}) {
  const result = await generate({ cwd: FIXTURES, tools, formatter: "none", ...options });
  const printed = result.diagnostics.map((d) => formatDiagnostic(d, result.sources));
  return { result, printed };
}

describe("declaration shapes and places", () => {
  it("one validator for a copy that spreads a declaration and changes only descriptions", async () => {
    const { result, printed } = await read(["copies/same.ts"]);
    expect(printed).toEqual([]);
    expect(result.tools.map((tool) => [tool.name, tool.declaredAs])).toEqual([
      ["note_read", "NOTE_META"],
    ]);
    expect(coverageLines(result)).toContain(
      "Same declaration: note_read at copies/same.ts:20:10 (noteTool()) declares the schema of NOTE_META in copies/same.ts: one validator.",
    );
  });

  it("one of two tools of a name is left out by where it is declared, as the message names it", async () => {
    const { result, printed } = await read(["copies/same.ts", "copies/variant.ts"], {
      excludeTools: ["strictNoteTool()"],
    });
    expect(printed).toEqual([]);
    expect(result.tools.map((tool) => tool.declaredAs)).toEqual(["NOTE_META"]);
    expect(result.excluded).toMatchObject([{ name: "note_read", entry: "strictNoteTool()" }]);
  });

  it("a copy that changes a schema (a property named description included) is a second tool: TV3002", async () => {
    const { printed } = await read(["copies/same.ts", "copies/variant.ts"]);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(
      /^copies\/variant\.ts:5:10 - error TV3002: Tool "note_read": Two tools are named "note_read": strictNoteTool\(\) here and NOTE_META in copies\/same\.ts\./,
    );
  });

  it("reads MCP tools from a const, a list a function returns, and a request handler", async () => {
    const { result, printed } = await read(["mcp.ts"]);
    expect(printed).toEqual([]);
    expect(result.tools.map((tool) => [tool.name, tool.declaredAs])).toEqual([
      ["search_docs", "searchTool"],
      ["fetch_page", "createToolDefinitions()[0]"],
      ["list_pages", "createToolDefinitions()[1]"],
      ["page_count", "server.setRequestHandler(...).tools[0]"],
    ]);
  });

  it("reads OpenAI chat tools from an array and a default export", async () => {
    const { result, printed } = await read(["openai.ts"]);
    expect(printed).toEqual([]);
    expect(result.tools.map((tool) => [tool.name, tool.declaredAs])).toEqual([
      ["get_weather", "chatTools[0]"],
      ["get_time", "export default"],
    ]);
  });

  it("reads the values of a tool set, a local const and a method's return, each by its shape", async () => {
    const { result, printed } = await read(["toolset.ts"]);
    expect(printed).toEqual([]);
    expect(result.tools.map((tool) => [tool.name, tool.declaredAs])).toEqual([
      ["write_note", "notes"],
      ["read_file", "toolSet.read_file"],
      ["run_query", "toolSet.anthropic"],
      ["count_words", "getTool()"],
    ]);
  });

  it("reads the schema a shape names exactly as JavaScript evaluates it", async () => {
    const { extractTools } = await import("../../src/extract/discover.js");
    const { DiagnosticBag } = await import("../../src/diagnostics/diagnostics.js");
    const { tools } = extractTools([path.join(FIXTURES, "toolset.ts")], new DiagnosticBag());
    const readFile = tools.find((tool) => tool.name === "read_file")!;
    expect(readFile.shape).toBe("gemini");
    expect(toJson(readFile.parameters!)).toEqual({
      type: "object",
      properties: { path: { type: "string" } },
      required: ["path"],
    });
    expect(tools.find((tool) => tool.name === "run_query")!.description).toBe("Runs a query.");
  });

  it("takes the outermost object of a shape as the tool: config.function is not a second one", async () => {
    const { result, printed } = await read(["plugin.ts"]);
    expect(printed).toEqual([]);
    expect(result.tools.map((tool) => tool.name)).toEqual(["Echo"]);
  });

  it("does not mistake a schema whose properties are named like a tool's keys for a tool", async () => {
    const { result } = await read(["schemaProps.ts", "plugin.ts"]);
    expect(result.tools.map((tool) => tool.name)).toEqual(["Echo"]);
  });

  it("skips objects built at run time, lists each with its place, and never fails for them", async () => {
    const { result, printed } = await read(["bridge.ts", "plugin.ts"]);
    expect(printed).toEqual([]);
    expect(result.output).toBeDefined();
    expect(coverageLines(result).slice(0, 1)).toEqual([
      "Built at run time (a name or schema from a parameter, a call, a loop or the generated folder; skipped): 2 objects: bridge.ts:9:31 toOpenAi(), bridge.ts:16:10 toFlat().",
    ]);
  });

  it("a static name with a schema a schema library builds is listed as declared with it, never an error", async () => {
    const { result, printed } = await read(["built.ts", "plugin.ts"]);
    expect(printed).toEqual([]);
    expect(result.tools.map((tool) => tool.name)).toEqual(["Echo"]);
    expect(coverageLines(result)[0]).toBe(
      "Declared with zod (validated by it at run time, no validator): 1 tool: built.ts:5:14 built_by_zod.",
    );
  });

  it("with the tool left out by name, the rest is generated and the tool is listed", async () => {
    const { result, printed } = await read(["built.ts", "plugin.ts"], {
      excludeTools: ["built_by_zod"],
    });
    expect(printed).toEqual([]);
    expect(result.tools.map((tool) => tool.name)).toEqual(["Echo"]);
    expect(coverageLines(result)[0]).toBe(
      'Left out by "excludeTools": built_by_zod (built.ts:5:14).',
    );
  });

  it("with its file left out, the rest is generated", async () => {
    const { result, printed } = await read(["*.ts"], {
      excludeFiles: ["built.ts", "ambiguous.ts"],
    });
    expect(printed).toEqual([]);
    expect(result.files).not.toContain("built.ts");
    expect(result.tools.length).toBeGreaterThan(10);
  });

  it("an exclusion that leaves out nothing is a named warning", async () => {
    const { printed, result } = await read(["plugin.ts"], {
      excludeTools: ["no_such_tool"],
      excludeFiles: ["nowhere/*.ts"],
    });
    expect(result.output).toBeDefined();
    expect(printed).toEqual([
      'warning TV3101: "excludeFiles" has "nowhere/*.ts", which leaves out none of the files matching "plugin.ts".',
      'warning TV3101: "excludeTools" has "no_such_tool", which is the name of no tool found (nor where one is declared).',
    ]);
  });

  it("an object with two schema keys side by side is ambiguous: a located error", async () => {
    const { printed } = await read(["ambiguous.ts"]);
    expect(printed[0]?.split("\n")[0]).toBe(
      'ambiguous.ts:2:14 - error TV1010: Tool "ambiguousTool": This object has the shape of a tool twice over (function `{ name, parameters }`, mcp `{ name, inputSchema }`): `parameters` and `inputSchema` side by side. Keep one schema key, or restrict the shapes read with the "shapes" setting.',
    );
  });

  it("the shapes read can be restricted", async () => {
    const { result, printed } = await read(["ambiguous.ts", "mcp.ts"], { shapes: ["mcp"] });
    expect(printed).toEqual([]);
    expect(result.tools.map((tool) => tool.name)).toContain("two_schemas");
  });

  it("a restriction that hides every tool says so in TV3003", async () => {
    const { printed } = await read(["openai.ts"], { shapes: ["mcp", "ai-sdk"] });
    expect(printed.map((text) => text.split("\n")[0])).toEqual([
      'error TV3003: No tool declaration found in the file matching "openai.ts" (is the glob right?). "shapes" reads only "mcp", "ai-sdk".',
    ]);
  });
});
