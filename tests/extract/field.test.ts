// Forms public agent code bases declare tools in, beyond the plain shapes (CONTRACT.md section
// 2): Gemini declarations written with the SDK's `Type` enum (a `declare enum`), an MCP
// server's configuration held by a const, tools declared by a method decorator or a class's
// fields, Agents JS tools named after their `execute`, TypeBox's `Type` re-exported by a module
// of the host's. The fixtures in tests/fixtures/shapes/field are written for this repository in
// those forms.
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USAGE } from "../../src/cli.js";
import { DiagnosticBag, formatDiagnostic } from "../../src/diagnostics/diagnostics.js";
import { extractTools } from "../../src/extract/discover.js";
import { toJson } from "../../src/extract/values.js";
import { generate } from "../../src/pipeline/generate.js";
import { SHAPE_NAMES } from "../../src/settings/targets.js";
import { makeTempDir } from "../helpers/context.js";
import { runMain } from "../helpers/inProcess.js";

const FIELD = path.resolve(import.meta.dirname, "../fixtures/shapes/field");
const ROOT = path.resolve(import.meta.dirname, "../..");

/** What extraction makes of `files` (under `cwd`): tools, skipped objects, printed errors. */
function extract(cwd: string, files: string[]) {
  const diagnostics = new DiagnosticBag();
  const result = extractTools(
    files.map((file) => path.join(cwd, file)),
    diagnostics,
    (file) => path.relative(cwd, file),
  );
  return {
    tools: new Map(result.tools.map((tool) => [tool.name, tool])),
    skipped: result.skipped.map((s) => [s.name ?? s.declaredAs, s.shape, describeSkip(s.skip)]),
    printed: diagnostics.items.map((d) => formatDiagnostic(d, result.sources).split("\n")[0]),
  };
}

function describeSkip(skip: { kind: string; library?: string }): string {
  return skip.kind === "library" ? `declared with ${skip.library}` : skip.kind;
}

/** A JSON value with every string at a `type` key in lower case: what Gemini's API applies. */
function lowerTypes(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v: unknown) =>
    key === "type" && typeof v === "string" ? v.toLowerCase() : v,
  );
}

describe("Gemini declarations with the SDK's Type enum", () => {
  let work: string;
  beforeAll(async () => {
    work = await makeTempDir("tv-gemini-");
    await fs.cp(path.join(FIELD, "tools"), path.join(work, "tools"), { recursive: true });
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it("without the SDK installed, each error names the package and says to install it", async () => {
    const result = await generate({ cwd: work, tools: ["tools/*.ts"] });
    const printed = result.diagnostics.map((d) => formatDiagnostic(d, result.sources));
    expect(printed.length).toBeGreaterThan(0);
    for (const line of printed)
      expect(line).toMatch(
        /the package "@google\/genai" cannot be found from tools\/lights(Again)?\.ts \(resolved as TypeScript does without a tsconfig\.json: moduleResolution bundler\); if it is not installed, install the dependencies \(npm install, or the equivalent\)/,
      );
    // The copy cannot be compared with the first declaration: its message says why.
    expect(printed.filter((line) => line.includes("TV3002"))).toHaveLength(1);
  });

  it("with the SDK installed, its declare enum's members are read, the copies merged, and the schema is the one Gemini applies", async () => {
    const sdk = path.join(work, "node_modules/@google/genai");
    await fs.mkdir(path.dirname(sdk), { recursive: true });
    await fs.cp(path.join(FIELD, "vendor/genai"), sdk, { recursive: true });
    try {
      const result = await generate({ cwd: work, tools: ["tools/*.ts"] });
      expect(result.diagnostics.map((d) => formatDiagnostic(d, result.sources))).toEqual([]);
      expect(result.tools.map((tool) => tool.name)).toEqual(["set_light", "dim_all"]);
      expect(result.copies.map((copy) => [copy.name, copy.declaredAs])).toEqual([
        ["set_light", "setLightDeclaration"],
      ]);
      // The declarations as JavaScript evaluates them (the SDK's enum object at run time), with
      // Gemini's type names as the API applies them.
      const module = (await import(pathToFileURL(path.join(work, "tools/lights.ts")).href)) as {
        setLightDeclaration: { parameters: unknown };
        gemini: { tools: { functionDeclarations: { parameters: unknown }[] }[] };
      };
      const { tools } = extract(work, ["tools/lights.ts"]);
      expect(toJson(tools.get("set_light")!.parameters!)).toEqual(
        lowerTypes(module.setLightDeclaration.parameters),
      );
      expect(toJson(tools.get("dim_all")!.parameters!)).toEqual(
        lowerTypes(module.gemini.tools[0]!.functionDeclarations[0]!.parameters),
      );
      expect(tools.get("set_light")!.shape).toBe("gemini");
    } finally {
      await fs.rm(path.join(work, "node_modules"), { recursive: true, force: true });
    }
  });

  it("a name Gemini's Schema does not have, or a member without a literal value, stays an error", async () => {
    const dir = await makeTempDir("tv-gemini-bad-");
    try {
      await fs.cp(path.join(FIELD, "vendor/genai"), path.join(dir, "node_modules/@google/genai"), {
        recursive: true,
      });
      await fs.writeFile(
        path.join(dir, "bad.ts"),
        'import { Mode, Type, type FunctionDeclaration } from "@google/genai";\n' +
          'export const a: FunctionDeclaration = { name: "a", parameters: { type: Type.TYPE_UNSPECIFIED } };\n' +
          'export const b: FunctionDeclaration = { name: "b", parameters: { type: "OBJECT", properties: { m: { type: Type.STRING, enum: [Mode.AUTO] } } } };\n',
      );
      const result = await generate({ cwd: dir, tools: ["bad.ts"] });
      expect(
        result.diagnostics.map((d) => formatDiagnostic(d, result.sources).split("\n")[0]),
      ).toEqual([
        'bad.ts:2:64 - error TV2003: Tool "a", parameters.type: Unknown type "TYPE_UNSPECIFIED". Known types: string, number, integer, boolean, object, array, null.',
        'bad.ts:3:64 - error TV2001: Tool "b", parameters.properties.m.enum: The value is not statically known: the member "Mode.AUTO" of a `declare enum` has no literal initializer: an ambient declaration does not hold the value the code has at run time.',
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe("tools declared with a schema library in other forms are listed, never errors", () => {
  it("registerTool given a config const, a method decorator, class fields, a helper returning zod, an unnamed AI SDK tool", () => {
    const files = ["server.ts", "actions.ts", "classes.ts", "helpers.ts", "aiSdk.ts"];
    const { tools, skipped, printed } = extract(
      path.join(FIELD, "forms"),
      files.map((file) => file),
    );
    expect(printed).toEqual([]);
    expect(tools.size).toBe(0);
    expect(skipped).toEqual([
      ["echo", "mcp", "declared with zod"],
      ["sum", "mcp", "declared with zod"],
      ["pay", "decorator", "declared with zod"],
      ["balance", "decorator", "declared with zod"],
      ["find", "class", "declared with zod"],
      ["list", "class", "declared with zod"],
      ["search", "class", "declared with zod"],
      ["dynamic", "class", "run time"],
      ["create_refund", "mcp", "declared with zod"],
      ["forecast", "ai-sdk", "declared with zod"],
    ]);
  });

  it("a run that finds only those says what it found instead of asking whether the glob is right", async () => {
    const work = await makeTempDir("tv-forms-");
    try {
      await fs.cp(path.join(FIELD, "forms"), path.join(work, "forms"), { recursive: true });
      const result = await runMain(["--tools", "forms/*.ts", "--out", "generated"], work);
      expect(result.code).toBe(2);
      expect(result.stderr.split("\n")[0]).toBe(
        'error TV3003: No JSON Schema tool declaration found in the 6 files matching "forms/*.ts"; found 9 tools declared with zod and 1 object built at run time instead.',
      );
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});

describe("OpenAI Agents JS tools and TypeBox through a re-export", () => {
  const agents = path.join(FIELD, "agents");

  it("a tool without a name is named after its execute function, as the SDK names it; one it cannot name is listed", () => {
    const { tools, skipped, printed } = extract(agents, ["tools.ts"]);
    expect(printed).toEqual([]);
    expect([...tools.keys()]).toEqual(["execute", "look_up_order", "countAll"]);
    expect(tools.get("execute")!.shape).toBe("openai-agents");
    expect(skipped).toEqual([
      ["byReference", "openai-agents", "run time"],
      ["translate", "openai-agents", "declared with zod"],
      ["summarize", "openai-agents", "declared with zod"],
    ]);
  });

  it("TypeBox's Type re-exported by a module of the host's is read as TypeBox builds it", async () => {
    const { tools, printed } = extract(agents, ["typebox.ts"]);
    expect(printed).toEqual([]);
    const built = Type.Object({
      path: Type.String({ description: "The path" }),
      limit: Type.Optional(Type.Integer()),
    });
    const read = toJson(tools.get("read")!.parameters!);
    expect(JSON.stringify(read)).toBe(JSON.stringify(JSON.parse(JSON.stringify(built))));
  });

  it("a Type whose origin cannot be seen is declared with TypeBox, never an error", () => {
    const { tools, skipped, printed } = extract(agents, ["typeboxElsewhere.ts"]);
    expect(printed).toEqual([]);
    expect(tools.size).toBe(0);
    expect(skipped).toEqual([["write", "function", "declared with TypeBox"]]);
  });
});

describe("the shapes are listed from the registry", () => {
  it("--help and docs/commands.md name every shape", async () => {
    const help = USAGE.slice(USAGE.indexOf("--shapes"), USAGE.indexOf("--exclude-tool"));
    for (const name of SHAPE_NAMES) expect(help).toMatch(new RegExp(`[(, ]${name}[,)]`));
    const text = await fs.readFile(path.join(ROOT, "docs/commands.md"), "utf8");
    const line = text.split("\n").find((l) => l.includes("`--shapes <name,...>`"))!;
    expect(line.match(/`([a-z-]+)`(?=[,)])/g)!.map((m) => m.slice(1, -1))).toEqual(SHAPE_NAMES);
  });
});
