// Watch mode's incremental runs (src/pipeline/incremental.ts) give what a run from scratch
// gives: random sequences of edits to a code base (tools added, removed, renamed, their files
// renamed; schemas changed; a constant of an imported module changed; that module deleted and
// created again, or broken and fixed; a syntax error in a tool file; the key of an AI SDK tool
// set in another file; files no tool reads) are applied one by one, the generator is told what
// changed as watch mode tells it, and after each step its result must equal `generate()`'s on
// the same files: the output byte for byte, the diagnostics as printed, what was listed. And it
// reads again only what a change affects.
import fs from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, type GenerateResult } from "../../src/pipeline/generate.js";
import { IncrementalGenerator } from "../../src/pipeline/incremental.js";
import { diagnosticsText } from "../../src/run/messages.js";
import type { GenerateOptions } from "../../src/pipeline/options.js";
import { makeTempDir } from "../helpers/context.js";
import { linkPrettier } from "../helpers/formatters.js";

type PropKind = "string" | "number" | "method" | "page" | "bad";

interface ToolSpec {
  readonly id: string;
  /** A key of NAMES in constants.ts, or the name itself. */
  readonly name: { readonly constant: "fetch" | "search" } | { readonly literal: string };
  readonly props: { readonly key: string; readonly kind: PropKind }[];
}

/** The code base, as the files it writes. */
interface Model {
  /** Tool files under src/tools, by name. */
  readonly toolFiles: Map<string, { tools: ToolSpec[]; broken: boolean }>;
  constants: {
    fetch: string;
    search: string;
    methods: string[];
    limit: number;
    broken: boolean;
    present: boolean;
  };
  aiKey: string;
  unrelated: number;
}

const KINDS: readonly PropKind[] = ["string", "number", "method", "page", "bad"];

function propSource(kind: PropKind): string {
  switch (kind) {
    case "string":
      return `{ type: "string", description: "Text." }`;
    case "number":
      return `{ type: "number" }`;
    case "method":
      return `{ type: "string", enum: METHODS }`;
    case "page":
      return "pageSchema";
    case "bad":
      return `{ type: "strng" }`;
  }
}

function toolSource(tool: ToolSpec): string {
  const name =
    "constant" in tool.name ? `NAMES.${tool.name.constant}` : JSON.stringify(tool.name.literal);
  const properties = tool.props.map((p) => `        ${p.key}: ${propSource(p.kind)},`).join("\n");
  const required = JSON.stringify(tool.props.filter((p) => p.kind === "string").map((p) => p.key));
  return `export const ${tool.id}Tool = {
  name: ${name},
  config: {
    type: "function",
    function: {
      name: ${name},
      description: "The ${tool.id} tool.",
      parameters: {
        type: "object",
        properties: {
${properties}
        },
        required: ${required},
        additionalProperties: false,
      },
    },
  },
  async execute(args: Record<string, unknown>) {
    return { success: true, content: String(args.${tool.props[0]?.key ?? "x"}) };
  },
};
`;
}

function toolFileSource(file: { tools: ToolSpec[]; broken: boolean }): string {
  return [
    `import { METHODS, NAMES } from "../constants.js";`,
    `import { pageSchema } from "../shared.js";`,
    "",
    ...file.tools.map(toolSource),
    file.broken ? "export const = ;\n" : "",
  ].join("\n");
}

function constantsSource(c: Model["constants"]): string {
  return `export const NAMES = { fetch: ${JSON.stringify(c.fetch)}, search: ${JSON.stringify(c.search)} } as const;
export const METHODS = ${JSON.stringify(c.methods)} as const;
export const LIMIT = ${c.limit};
${c.broken ? "export const = ;\n" : ""}`;
}

const SHARED = `import { LIMIT } from "./constants.js";
export const pageSchema = { type: "integer", minimum: 1, maximum: LIMIT, description: "A page." };
`;

const AI_DEFS = `import { jsonSchema, tool } from "ai";
export const askTool = tool({
  description: "Asks.",
  inputSchema: jsonSchema({ type: "object", properties: { q: { type: "string" } }, required: ["q"] }),
});
`;

const AI_MORE = `import { jsonSchema, tool } from "ai";
export const moreTool = tool({
  description: "Asks more.",
  inputSchema: jsonSchema({ type: "object", properties: { n: { type: "number" } } }),
});
`;

/** The tool set naming the tools of defs.ts and more.ts (each asks for every tool file). */
function aiSetSource(key: string): string {
  return `import { askTool } from "./defs.js";
import { moreTool } from "./more.js";
export const aiTools = { ${key}: askTool, ${key}_more: moreTool };
`;
}

function initialModel(): Model {
  return {
    toolFiles: new Map([
      [
        "fetch.ts",
        {
          tools: [
            {
              id: "fetch",
              name: { constant: "fetch" },
              props: [
                { key: "url", kind: "string" },
                { key: "method", kind: "method" },
              ],
            },
          ],
          broken: false,
        },
      ],
      [
        "search.ts",
        {
          tools: [
            {
              id: "search",
              name: { constant: "search" },
              props: [
                { key: "query", kind: "string" },
                { key: "page", kind: "page" },
              ],
            },
            {
              id: "grep",
              name: { literal: "grep_files" },
              props: [{ key: "pattern", kind: "string" }],
            },
          ],
          broken: false,
        },
      ],
      [
        "notes.ts",
        {
          tools: [
            {
              id: "note",
              name: { literal: "note_write" },
              props: [{ key: "text", kind: "number" }],
            },
          ],
          broken: false,
        },
      ],
    ]),
    constants: {
      fetch: "fetch_url",
      search: "search_files",
      methods: ["GET", "HEAD"],
      limit: 100,
      broken: false,
      present: true,
    },
    aiKey: "ask",
    unrelated: 0,
  };
}

/** Writes the whole code base. */
async function writeAll(dir: string, model: Model): Promise<void> {
  await fs.mkdir(path.join(dir, "src/tools/ai"), { recursive: true });
  for (const [name, file] of model.toolFiles)
    await fs.writeFile(path.join(dir, "src/tools", name), toolFileSource(file));
  await fs.writeFile(path.join(dir, "src/constants.ts"), constantsSource(model.constants));
  await fs.writeFile(path.join(dir, "src/shared.ts"), SHARED);
  await fs.writeFile(path.join(dir, "src/tools/ai/defs.ts"), AI_DEFS);
  await fs.writeFile(path.join(dir, "src/tools/ai/more.ts"), AI_MORE);
  await fs.writeFile(path.join(dir, "src/tools/ai/set.ts"), aiSetSource(model.aiKey));
  await fs.writeFile(path.join(dir, "src/unrelated.ts"), `export const n = ${model.unrelated};\n`);
}

/** What watch mode tells the generator after an edit. */
type Told = { readonly changed: readonly string[] } | "files came or went";

/** One edit: it changes the files (and the model) and says what watch mode would tell. */
type Edit = (dir: string, model: Model) => Promise<Told>;

const nameArb = fc.constantFrom("alpha", "beta", "gamma", "fetch_url", "grep_files");
const keyArb = fc.constantFrom("url", "query", "limit", "mode", "path");

/** A random edit; `pick` chooses among the files there are when it is applied. */
const editArb: fc.Arbitrary<{ what: string; edit: Edit }> = fc.oneof(
  fc
    .record({ pick: fc.nat(), key: keyArb, kind: fc.constantFrom(...KINDS) })
    .map(({ pick, key, kind }) => ({
      what: `schema: ${key} as ${kind}`,
      edit: async (dir: string, model: Model): Promise<Told> => {
        const [name, file] = nth(model, pick);
        const tool = file.tools[pick % file.tools.length]!;
        const props = tool.props.filter((p) => p.key !== key);
        const next = {
          ...tool,
          props: props.length === tool.props.length ? [...props, { key, kind }] : props,
        };
        file.tools[file.tools.indexOf(tool)] = next;
        return writeTool(dir, name, file);
      },
    })),
  fc.record({ pick: fc.nat(), name: nameArb }).map(({ pick, name }) => ({
    what: `tool renamed: ${name}`,
    edit: async (dir: string, model: Model): Promise<Told> => {
      const [file, tools] = nth(model, pick);
      const tool = tools.tools[pick % tools.tools.length]!;
      tools.tools[tools.tools.indexOf(tool)] = { ...tool, name: { literal: name } };
      return writeTool(dir, file, tools);
    },
  })),
  fc.record({ pick: fc.nat(), name: nameArb }).map(({ pick, name }) => ({
    what: `tool added: ${name}`,
    edit: async (dir: string, model: Model): Promise<Told> => {
      const [file, tools] = nth(model, pick);
      tools.tools.push({
        id: `t${pick % 1000}x${tools.tools.length}`,
        name: { literal: name },
        props: [{ key: "q", kind: "string" }],
      });
      return writeTool(dir, file, tools);
    },
  })),
  fc.nat().map((pick) => ({
    what: "tool removed",
    edit: async (dir: string, model: Model): Promise<Told> => {
      const [file, tools] = nth(model, pick);
      if (tools.tools.length > 1) tools.tools.splice(pick % tools.tools.length, 1);
      return writeTool(dir, file, tools);
    },
  })),
  fc.record({ pick: fc.nat(), name: nameArb }).map(({ pick, name }) => ({
    what: "tool file added",
    edit: async (dir: string, model: Model): Promise<Told> => {
      const file = `new${pick % 100}.ts`;
      if (model.toolFiles.has(file)) return { changed: [] };
      const tools = {
        tools: [
          {
            id: `n${pick % 100}`,
            name: { literal: name },
            props: [{ key: "q", kind: "method" as const }],
          },
        ],
        broken: false,
      };
      model.toolFiles.set(file, tools);
      await fs.writeFile(path.join(dir, "src/tools", file), toolFileSource(tools));
      return "files came or went";
    },
  })),
  fc.nat().map((pick) => ({
    what: "tool file removed",
    edit: async (dir: string, model: Model): Promise<Told> => {
      if (model.toolFiles.size === 1) return { changed: [] };
      const [file] = nth(model, pick);
      model.toolFiles.delete(file);
      await fs.rm(path.join(dir, "src/tools", file));
      return "files came or went";
    },
  })),
  fc.nat().map((pick) => ({
    what: "tool file renamed",
    edit: async (dir: string, model: Model): Promise<Told> => {
      const [file, tools] = nth(model, pick);
      const renamed = `moved${pick % 100}.ts`;
      if (model.toolFiles.has(renamed)) return { changed: [] };
      model.toolFiles.delete(file);
      model.toolFiles.set(renamed, tools);
      await fs.rename(path.join(dir, "src/tools", file), path.join(dir, "src/tools", renamed));
      return "files came or went";
    },
  })),
  fc
    .oneof(
      nameArb.map((fetch) => ({
        what: `constant NAMES.fetch: ${fetch}`,
        change: (c: Model["constants"]) => void (c.fetch = fetch),
      })),
      fc.subarray(["GET", "HEAD", "POST", "PUT"], { minLength: 1 }).map((methods) => ({
        what: `constant METHODS: ${methods.join(" ")}`,
        change: (c: Model["constants"]) => void (c.methods = methods),
      })),
      fc.integer({ min: 1, max: 500 }).map((limit) => ({
        what: `constant LIMIT: ${limit}`,
        change: (c: Model["constants"]) => void (c.limit = limit),
      })),
      fc.constant({
        what: "constants broken or fixed",
        change: (c: Model["constants"]) => void (c.broken = !c.broken),
      }),
    )
    .map(({ what, change }) => ({
      what,
      edit: async (dir: string, model: Model): Promise<Told> => {
        change(model.constants);
        if (!model.constants.present) return { changed: [] };
        await fs.writeFile(path.join(dir, "src/constants.ts"), constantsSource(model.constants));
        return { changed: ["src/constants.ts"] };
      },
    })),
  fc.constant({
    what: "constants deleted or created again",
    edit: async (dir: string, model: Model): Promise<Told> => {
      const file = path.join(dir, "src/constants.ts");
      model.constants.present = !model.constants.present;
      if (model.constants.present) await fs.writeFile(file, constantsSource(model.constants));
      else await fs.rm(file);
      return "files came or went";
    },
  }),
  fc.nat().map((pick) => ({
    what: "tool file broken or fixed",
    edit: async (dir: string, model: Model): Promise<Told> => {
      const [file, tools] = nth(model, pick);
      tools.broken = !tools.broken;
      return writeTool(dir, file, tools);
    },
  })),
  fc.constantFrom("ask", "question", "ask_me").map((key) => ({
    what: `AI SDK tool set key: ${key}`,
    edit: async (dir: string, model: Model): Promise<Told> => {
      model.aiKey = key;
      await fs.writeFile(path.join(dir, "src/tools/ai/set.ts"), aiSetSource(key));
      return { changed: ["src/tools/ai/set.ts"] };
    },
  })),
  fc.constant({
    what: "a file no tool reads",
    edit: async (dir: string, model: Model): Promise<Told> => {
      model.unrelated++;
      await fs.writeFile(
        path.join(dir, "src/unrelated.ts"),
        `export const n = ${model.unrelated};\n`,
      );
      return { changed: ["src/unrelated.ts"] };
    },
  }),
  fc.nat().map((pick) => ({
    what: "a tool file saved unchanged",
    edit: async (_dir: string, model: Model): Promise<Told> => ({
      changed: [path.join("src/tools", nth(model, pick)[0])],
    }),
  })),
);

function nth(model: Model, pick: number): [string, { tools: ToolSpec[]; broken: boolean }] {
  const entries = [...model.toolFiles];
  return entries[pick % entries.length]!;
}

async function writeTool(
  dir: string,
  name: string,
  file: { tools: ToolSpec[]; broken: boolean },
): Promise<Told> {
  await fs.writeFile(path.join(dir, "src/tools", name), toolFileSource(file));
  return { changed: [path.join("src/tools", name)] };
}

/** What a run gives that users see, as plain data (no ts-morph nodes). */
function view(result: GenerateResult) {
  const located = (item: { name?: string | undefined; declaredAs: string; location: unknown }) => [
    item.name,
    item.declaredAs,
    item.location,
  ];
  return {
    output: result.output?.map((file) => [file.name, file.content]),
    diagnostics: result.diagnostics,
    printed: diagnosticsText(result.diagnostics, result.sources),
    tools: JSON.parse(JSON.stringify(result.tools)) as unknown,
    withoutParameters: result.withoutParameters.map(located),
    copies: result.copies.map((copy) => [...located(copy), copy.of]),
    skipped: result.skipped.map((skipped) => [...located(skipped), skipped.skip.kind]),
    excluded: result.excluded,
    files: result.files,
    toolFiles: result.toolFiles,
    excludedFiles: result.excludedFiles,
    sources: [...result.sources].sort(([a], [b]) => (a < b ? -1 : 1)),
    hostFiles: [...result.hostFiles].sort(),
    formatting: result.formatting && {
      identity: result.formatting.identity,
      notCached: result.formatting.notCached,
      options: Object.entries(result.formatting.options).sort(([a], [b]) => (a < b ? -1 : 1)),
      inputs: Object.entries(result.formatting.inputs).sort(([a], [b]) => (a < b ? -1 : 1)),
    },
  };
}

let root: string;
beforeAll(async () => {
  root = await makeTempDir("tv-incremental-");
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

let cases = 0;
/** Incremental runs that kept some file's reading. */
let partialRuns = 0;
async function newCodeBase(): Promise<{ dir: string; model: Model; options: GenerateOptions }> {
  const dir = path.join(root, `case-${cases++}`);
  const model = initialModel();
  await writeAll(dir, model);
  await fs.mkdir(path.join(dir, "node_modules"));
  const options: GenerateOptions = { cwd: dir, tools: ["src/tools/**/*.ts"], formatter: "none" };
  return { dir, model, options };
}

/** Applies the edits one by one; after each, the incremental run must equal a run from scratch. */
async function checkSequence(
  edits: readonly { what: string; edit: Edit }[],
  codeBase: { dir: string; model: Model; options: GenerateOptions },
): Promise<void> {
  const { dir, model, options } = codeBase;
  const incremental = new IncrementalGenerator(options);
  try {
    expect(view(await incremental.generate())).toEqual(view(await generate(options)));
    const steps: string[] = [];
    for (const { what, edit } of edits) {
      const told = await edit(dir, model);
      steps.push(what);
      if (told === "files came or went") incremental.invalidate();
      else incremental.changed(told.changed);
      const [got, expected] = [await incremental.generate(), await generate(options)];
      expect(view(got), `after ${steps.join("; ")}`).toEqual(view(expected));
      if (incremental.lastRead.length < got.files.length) partialRuns++;
    }
  } finally {
    incremental.close();
  }
}

describe("watch mode's incremental runs", () => {
  it("give what a run from scratch gives, after every edit of random sequences", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editArb, { minLength: 4, maxLength: 14 }), async (edits) => {
        await checkSequence(edits, await newCodeBase());
      }),
      { numRuns: 25, endOnFailure: true },
    );
    // The sequences did exercise the readings kept.
    expect(partialRuns).toBeGreaterThan(25);
  });

  it("read again only the tool files a change affects, and format only the files that changed", async () => {
    const codeBase = await newCodeBase();
    const { dir, model } = codeBase;
    await linkPrettier(dir);
    await fs.writeFile(path.join(dir, ".prettierrc.json"), '{ "printWidth": 90 }\n');
    const options = { ...codeBase.options, formatter: "prettier" as const };
    const incremental = new IncrementalGenerator(options);
    const tools = (...names: string[]) => names.map((name) => path.join(dir, "src/tools", name));
    const step = async (told: readonly string[]) => {
      incremental.changed(told);
      const result = await incremental.generate();
      expect(view(result)).toEqual(view(await generate(options)));
      return result;
    };
    try {
      const first = await incremental.generate();
      expect(incremental.lastRead).toEqual(
        tools("ai/defs.ts", "ai/more.ts", "ai/set.ts", "fetch.ts", "notes.ts", "search.ts"),
      );
      expect(first.formatting?.reused).toBe(0);

      // One tool's schema: its file is read again (and defs.ts and more.ts, whose tools are
      // named where a tool file uses them: they asked for every tool file), its module alone
      // formatted.
      model.toolFiles.get("notes.ts")!.tools[0]!.props.push({ key: "title", kind: "string" });
      await writeTool(dir, "notes.ts", model.toolFiles.get("notes.ts")!);
      const edited = await step(["src/tools/notes.ts"]);
      expect(incremental.lastRead).toEqual(tools("ai/defs.ts", "ai/more.ts", "notes.ts"));
      expect(edited.formatting?.reused).toBe(edited.output!.length - 1);
      expect(edited.output?.find((file) => file.name === "note-write.ts")?.content).toContain(
        '"title"',
      );

      // A constant: the files that read it, directly or through shared.ts (notes.ts imports it
      // but reads none of it).
      model.constants.methods = ["GET", "POST"];
      await fs.writeFile(path.join(dir, "src/constants.ts"), constantsSource(model.constants));
      await step(["src/constants.ts"]);
      expect(incremental.lastRead).toEqual(tools("fetch.ts", "search.ts"));

      // The key of the tool set in set.ts names the tool that defs.ts declares.
      await fs.writeFile(path.join(dir, "src/tools/ai/set.ts"), aiSetSource("question"));
      const renamed = await step(["src/tools/ai/set.ts"]);
      expect(incremental.lastRead).toEqual(tools("ai/defs.ts", "ai/more.ts", "ai/set.ts"));
      expect(renamed.tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(["question", "question_more"]),
      );

      // A module that cannot be read is reported once, where the first reading met it, also
      // when that reading is kept and a later file's is read again.
      model.constants.broken = true;
      await fs.writeFile(path.join(dir, "src/constants.ts"), constantsSource(model.constants));
      const reportedOnce = (result: GenerateResult) =>
        result.diagnostics.filter((d) => d.location?.file === "src/constants.ts");
      const broken = await step(["src/constants.ts"]);
      expect(reportedOnce(broken).map((d) => d.code)).toEqual(["TV1005"]);
      await writeTool(dir, "search.ts", model.toolFiles.get("search.ts")!);
      const kept = await step(["src/tools/search.ts"]);
      expect(incremental.lastRead).toEqual(tools("ai/defs.ts", "ai/more.ts", "search.ts"));
      expect(reportedOnce(kept)).toEqual(reportedOnce(broken));
      model.constants.broken = false;
      await fs.writeFile(path.join(dir, "src/constants.ts"), constantsSource(model.constants));
      await step(["src/constants.ts"]);

      // A file no tool reads: nothing is read again.
      await fs.writeFile(path.join(dir, "src/unrelated.ts"), "export const n = 1;\n");
      await step(["src/unrelated.ts"]);
      expect(incremental.lastRead).toEqual([]);
    } finally {
      incremental.close();
    }
  });
});
