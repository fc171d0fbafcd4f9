// The static reading against JavaScript itself. Random tool declarations (schemas from
// tests/properties/schemas.ts) are written as TypeScript in the many spellings the language
// allows (tests/extract/spell.ts) into a temporary folder, then:
//  - each file is imported (vitest runs TypeScript) and the schema (at the key of the declaration
//    shape the file is written in: `config.function.parameters`, `inputSchema`, ...) as
//    JavaScript evaluates it must equal what extractTools read, exactly (key order, -0);
//    a few declarations are spoilt on purpose (a number JSON cannot carry, a spread that cannot
//    be read, a syntax error) and must be a located error instead;
//  - validators generated from the files (generate()) and from the imported values
//    (generateFromSchemas()) must give the same answer, issue for issue, on random arguments.
//
// The seed is random and printed. Replay with EXTRACT_SEED=<seed> npx vitest run tests/extract;
// EXTRACT_RUNS, EXTRACT_TOOLS and EXTRACT_ARGS make the run larger.
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/diagnostics.js";
import type { DiagnosticCode } from "../../src/diagnostics/codes.js";
import { extractTools } from "../../src/extract/discover.js";
import { generate, generateFromSchemas } from "../../src/pipeline/generate.js";
import type { ValidationIssue } from "../../generated/types.js";
import { makeTempDir } from "../helpers/context.js";
import { argsArb } from "../properties/args.js";
import type { Json } from "../properties/json.js";
import { plainIssues, show } from "../properties/report.js";
import { rootSchemaArb } from "../properties/schemas.js";
import { difference } from "./compare.js";
import { Choices, Speller, type Beside } from "./spell.js";
import { typeBoxDeclaration } from "./typeboxSpell.js";
import { toJson } from "../../src/extract/values.js";
import { integerFromEnv } from "../helpers/env.js";

const SEED = integerFromEnv("EXTRACT_SEED", (Date.now() ^ (Math.random() * 0x100000000)) | 0);
/** Declarations written, imported and read. */
const RUNS = integerFromEnv("EXTRACT_RUNS", 80);
/** Of those, how many tools get validators generated both ways. */
const TOOLS = integerFromEnv("EXTRACT_TOOLS", 12);
/** Argument sets per tool. */
const ARGS = integerFromEnv("EXTRACT_ARGS", 120);
const TIMEOUT = 600_000;

console.log(
  `extraction oracle: seed ${SEED} (replay: EXTRACT_SEED=${SEED} npx vitest run tests/extract/oracle.test.ts)`,
);

/** A spoilt declaration, and the error that must be reported for it. */
const MUTATIONS = {
  none: undefined,
  infinity: "TV1007",
  spread: "TV1008",
  syntax: "TV1005",
} as const satisfies Record<string, DiagnosticCode | undefined>;
type Mutation = keyof typeof MUTATIONS;

interface Declaration {
  readonly schema: Record<string, Json>;
  /** Seeds the spelling. */
  readonly spelling: number;
  readonly mutation: Mutation;
}

const declarationArb: fc.Arbitrary<Declaration> = fc.record({
  schema: rootSchemaArb(3),
  spelling: fc.integer(),
  mutation: fc.oneof(
    { weight: 17, arbitrary: fc.constant<Mutation>("none") },
    { weight: 1, arbitrary: fc.constantFrom<Mutation>("infinity", "spread", "syntax") },
  ),
});

/**
 * The files of one declaration: `tool.ts`, `shared.ts` and helper modules, in one folder; and
 * the text the speller wrote for the parameters (the rest is the same for every declaration).
 */
function declarationFiles(
  declaration: Declaration,
  toolName: string,
): { files: Map<string, string>; spelled: string; shape: ShapeName } {
  const choices = new Choices(declaration.spelling);
  const beside: Beside = { shared: [], sharedImports: [], helpers: [] };
  const speller = new Speller(choices, beside);
  let parameters = speller.value(declaration.schema as Json);
  const spelled = [parameters, ...speller.local, ...beside.shared, ...beside.helpers.flat()].join(
    "\n",
  );
  const lines: string[] = [];
  const name = choices.pick([JSON.stringify(toolName), `\`${toolName}\``, "NAME", `\`\${NAME}\``]);
  beside.shared.push(`export const TOOL_NAME = ${JSON.stringify(toolName)};`);
  lines.push(`const NAME = ${choices.chance(0.5) ? "TOOL_NAME" : JSON.stringify(toolName)};`);
  switch (declaration.mutation) {
    case "infinity":
      parameters = `{ ...(${parameters}), maximum: 1e999 }`;
      break;
    case "syntax":
      parameters = `] ${parameters}`;
      break;
    default:
      break;
  }
  if (choices.chance(0.3)) {
    lines.push(`const PARAMETERS = ${parameters};`);
    parameters = "PARAMETERS";
  }
  const description = speller.string(`The ${toolName} tool.`);
  const fnParts = choices.chance(0.3)
    ? [`...{ name: ${name}, description: ${description} }`, `parameters: ${parameters}`]
    : [`name: ${name}`, `description: ${description}`, `parameters: ${parameters}`];
  if (declaration.mutation === "spread") {
    lines.push("let EXTRA = {};");
    fnParts.push("...EXTRA");
  }
  const sharedImport = 'import { TOOL_NAME } from "./shared.js";';
  const shape = choices.pick(SHAPE_NAMES);
  const tool = [
    sharedImport,
    ...(shape === "ai-sdk" ? ['import { jsonSchema, tool as aiTool } from "ai";'] : []),
    ...speller.importLines(),
    ...speller.local,
    ...lines,
    "export const tool = {",
    ...shapeLines(shape, name, fnParts),
    `}${choices.chance(0.2) ? " satisfies Record<string, unknown>" : ""};`,
    "",
  ].join("\n");
  const files = new Map<string, string>([
    ["tool.ts", tool],
    ["shared.ts", `${[...beside.sharedImports, ...beside.shared].join("\n")}\n`],
  ]);
  beside.helpers.forEach((lines, index) => files.set(`helper${index}.ts`, `${lines.join("\n")}\n`));
  return { files, spelled, shape };
}

/** The declaration shapes (CONTRACT.md section 2), each with the key its schema is at. */
const SHAPE_KEYS = {
  plugin: "parameters",
  "openai-chat": "parameters",
  function: "parameters",
  mcp: "inputSchema",
  anthropic: "input_schema",
  gemini: "parametersJsonSchema",
  "ai-sdk": "inputSchema",
} as const;
type ShapeName = keyof typeof SHAPE_KEYS;
const SHAPE_NAMES = Object.keys(SHAPE_KEYS) as ShapeName[];

/** The body of the tool object in `shape`, around the parts holding its name and schema. */
function shapeLines(shape: ShapeName, name: string, parts: readonly string[]): string[] {
  const nested = `{\n      ${parts.join(",\n      ")},\n    }`;
  switch (shape) {
    case "plugin":
      return [
        `  name: ${name},`,
        "  config: {",
        '    type: "function" as const,',
        `    function: ${nested},`,
        "  },",
        '  execute: async () => ({ success: true, content: "" }),',
      ];
    case "openai-chat":
      return ['  type: "function" as const,', `  function: ${nested},`];
    case "ai-sdk": {
      // A tool set: the name is the key; the schema is `jsonSchema(...)`'s argument.
      const inner = parts
        .filter((part) => !part.startsWith("name:"))
        .map((part) =>
          part
            .replace(/^\.\.\.\{ name: [^,]+, /, "...{ ")
            .replace(
              /^parameters: ([\s\S]*)$/,
              (_, value: string) => `inputSchema: jsonSchema(${value})`,
            ),
        );
      const key = name.startsWith('"') ? name : `[${name}]`;
      return [`  ${key}: aiTool({\n    ${inner.join(",\n    ")},\n  }),`];
    }
    default: {
      const key = SHAPE_KEYS[shape];
      return parts.map((part) => `  ${part.replace(/^parameters:/, `${key}:`)},`);
    }
  }
}

/** The tool's name and schema as JavaScript evaluates the module, wherever its shape has them. */
function evaluated(tool: ToolModule["tool"], shape: ShapeName): { name: unknown; schema: unknown } {
  const fn =
    shape === "plugin"
      ? (tool.config as { function: FunctionObject }).function
      : shape === "openai-chat"
        ? (tool.function as FunctionObject)
        : undefined;
  if (fn) return { name: fn.name, schema: fn.parameters };
  if (shape === "ai-sdk") {
    const [key] = Object.keys(tool);
    const inputSchema = (tool[key!] as { inputSchema: { jsonSchema: unknown } }).inputSchema;
    return { name: key, schema: inputSchema.jsonSchema };
  }
  return { name: tool.name, schema: tool[SHAPE_KEYS[shape]] };
}

async function writeFiles(dir: string, files: Map<string, string>): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const [name, text] of files) await fs.writeFile(path.join(dir, name), text);
}

function listing(files: Map<string, string>): string {
  return [...files].map(([name, text]) => `--- ${name}\n${text}`).join("");
}

/** Spellings the files should show in any normal run: counted, printed and checked. */
const FEATURES: Record<string, RegExp> = {
  "hex/octal/binary": /\b0[xXoObB][0-9a-fA-F]/,
  exponent: /\d[eE][+-]?\d/,
  "numeric separator": /\d_\d/,
  "unary minus": /-\s*\(?\s*[0-9.]/,
  "single quotes": /'/,
  "template substitution": /\$\{/,
  "unicode escape": /\\u/,
  "line continuation": /\\\r?\n/,
  "string +": /["'`] \+ /,
  spread: /\.\.\./,
  comment: /\/\*|\/\//,
  "as const": /as const/,
  satisfies: /satisfies/,
  "trailing comma": /,\s*[}\]]/,
  "shared const": /export const C\d/,
  "namespace import": /Shared\.C/,
  "numeric key": /[{,]\s*[0-9.][0-9a-zA-Z_.+]*:/,
  arithmetic: /\d (?:-|\*|\||<<|\*\*) \d|~~\d/,
  "computed key": /[{,]\s*\[[^\]]+\]\s*:/,
  "enum member": /\benum C\d+ \{/,
  "static readonly": /static readonly M/,
};

interface ToolModule {
  tool: Record<string, unknown>;
}

interface FunctionObject {
  name: unknown;
  parameters: unknown;
}

let root: string;
beforeAll(async () => {
  root = await makeTempDir("tv-extract-oracle-");
  // The declarations import the AI SDK and TypeBox: resolved from the repository's modules.
  await fs.symlink(
    path.resolve(import.meta.dirname, "../../node_modules"),
    path.join(root, "node_modules"),
  );
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe("the static reading equals JavaScript's value", () => {
  it(
    "for random declarations in random spellings, or is a located error",
    async () => {
      const counts = { compared: 0, spoilt: 0 };
      const seen = Object.fromEntries(Object.keys(FEATURES).map((name) => [name, 0]));
      const shapes = Object.fromEntries(SHAPE_NAMES.map((name) => [name, 0])) as Record<
        ShapeName,
        number
      >;
      let run = 0;
      await fc.assert(
        fc.asyncProperty(declarationArb, async (declaration) => {
          const dir = path.join(root, `value${run++}`);
          const toolName = `Tool${run}`;
          const { files, spelled, shape } = declarationFiles(declaration, toolName);
          shapes[shape]++;
          await writeFiles(dir, files);
          for (const [name, pattern] of Object.entries(FEATURES))
            if (pattern.test(spelled)) seen[name]!++;
          const diagnostics = new DiagnosticBag();
          const { tools } = extractTools([path.join(dir, "tool.ts")], diagnostics);
          const expectedCode = MUTATIONS[declaration.mutation];
          if (expectedCode) {
            counts.spoilt++;
            const codes = diagnostics.items.map((d) => d.code);
            if (
              !codes.includes(expectedCode) ||
              tools.length > 0 ||
              diagnostics.items.some((d) => !d.location)
            )
              throw new Error(
                `expected a located ${expectedCode} and no tool, got ${JSON.stringify(diagnostics.items)}\n${listing(files)}`,
              );
            return;
          }
          const module = (await import(
            pathToFileURL(path.join(dir, "tool.ts")).href
          )) as ToolModule;
          const { name: evaluatedName, schema: actual } = evaluated(module.tool, shape);
          if (diagnostics.items.length > 0 || tools.length !== 1) {
            throw new Error(
              `read ${tools.length} tools with ${JSON.stringify(diagnostics.items.map((d) => d.message))}\nJavaScript: ${show(actual)}\n${listing(files)}`,
            );
          }
          const [read] = tools;
          expect(read!.name).toBe(evaluatedName);
          expect(read!.shape).toBe(shape);
          const found = difference(read!.parameters!, actual, "parameters");
          if (found) throw new Error(`${found}\nJavaScript: ${show(actual)}\n${listing(files)}`);
          counts.compared++;
        }),
        { seed: SEED, numRuns: RUNS },
      );
      console.log(
        `extraction oracle: ${counts.compared} declarations read exactly, ${counts.spoilt} spoilt ones reported (seed ${SEED}); files with each spelling: ${JSON.stringify(seen)}; declarations in each shape: ${JSON.stringify(shapes)}`,
      );
      // Every shape is written, read and compared in a normal run.
      for (const shape of SHAPE_NAMES) expect(shapes[shape], shape).toBeGreaterThan(0);
      expect(counts.compared + counts.spoilt).toBe(RUNS);
      expect(counts.compared).toBeGreaterThan(RUNS / 2);
      // Each spelling is in some files (in a replay of one case, not necessarily).
      if (RUNS >= 50)
        for (const [name, count] of Object.entries(seen)) expect(count, name).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});

/** TypeBox declarations written, imported and read (EXTRACT_TYPEBOX_RUNS). */
const TYPEBOX_RUNS = integerFromEnv("EXTRACT_TYPEBOX_RUNS", 60);

describe("TypeBox declarations are read as the schema TypeBox builds", () => {
  it(
    "for random builder trees of both lines, or are declared with TypeBox when a call is not read",
    async () => {
      const counts = { "0.3x": 0, "1.x": 0, unreadable: 0 };
      for (let run = 0; run < TYPEBOX_RUNS; run++) {
        const seed = (SEED + run * 7919) | 0;
        const dir = path.join(root, `typebox${run}`);
        const toolName = `TypeBox${run}`;
        const declaration = typeBoxDeclaration(seed, toolName);
        await writeFiles(dir, declaration.files);
        const diagnostics = new DiagnosticBag();
        const { tools, skipped } = extractTools([path.join(dir, "tool.ts")], diagnostics);
        const context = () =>
          `seed ${seed} (replay: EXTRACT_SEED=${SEED} EXTRACT_TYPEBOX_RUNS=${run + 1})\n${listing(declaration.files)}`;
        if (diagnostics.items.length > 0)
          throw new Error(
            `${JSON.stringify(diagnostics.items.map((d) => d.message))}\n${context()}`,
          );
        if (!declaration.readable) {
          // Never a misread: a call not read makes the tool one declared with TypeBox.
          if (
            tools.length > 0 ||
            skipped[0]?.skip.kind !== "library" ||
            skipped[0].skip.library !== "TypeBox"
          )
            throw new Error(
              `expected a tool declared with TypeBox, got ${JSON.stringify({ tools: tools.length, skipped })}\n${context()}`,
            );
          counts.unreadable++;
          continue;
        }
        const module = (await import(pathToFileURL(path.join(dir, "tool.ts")).href)) as {
          tool: { parameters: unknown };
        };
        // TypeBox's own value as JSON: its symbol and hidden keys dropped, key order kept.
        const built = JSON.stringify(module.tool.parameters);
        if (tools.length !== 1)
          throw new Error(
            `read ${tools.length} tools (${JSON.stringify(skipped)})\nTypeBox builds ${built}\n${context()}`,
          );
        const read = JSON.stringify(toJson(tools[0]!.parameters!));
        if (read !== built) throw new Error(`read  ${read}\nbuilt ${built}\n${context()}`);
        counts[declaration.line]++;
      }
      console.log(
        `extraction oracle: TypeBox declarations read exactly: ${counts["0.3x"]} of 0.3x, ${counts["1.x"]} of 1.x; ${counts.unreadable} declared with TypeBox (seed ${SEED})`,
      );
      if (TYPEBOX_RUNS >= 30) {
        expect(counts["0.3x"]).toBeGreaterThan(0);
        expect(counts["1.x"]).toBeGreaterThan(0);
        expect(counts.unreadable).toBeGreaterThan(0);
      }
    },
    TIMEOUT,
  );
});

interface GeneratedIndex {
  validateToolArgs(name: string, args: unknown): ValidationIssue[] | undefined;
  hasValidator(name: string): boolean;
}

/** Writes generated files to a fresh folder and imports its index. */
async function importOutput(
  output: readonly { name: string; content: string }[] | undefined,
  dir: string,
): Promise<GeneratedIndex> {
  if (!output) throw new Error("the generator produced no output");
  await fs.mkdir(dir, { recursive: true });
  for (const file of output) await fs.writeFile(path.join(dir, file.name), file.content);
  return (await import(pathToFileURL(path.join(dir, "index.ts")).href)) as GeneratedIndex;
}

describe("validators generated from the files and from the imported values", () => {
  it(
    "answer every call alike",
    async () => {
      const pool = fc
        .sample(declarationArb, { seed: SEED, numRuns: RUNS })
        .filter((d) => d.mutation === "none")
        .slice(0, TOOLS);
      const values: { name: string; schema: unknown }[] = [];
      for (const [index, declaration] of pool.entries()) {
        const dir = path.join(root, "batch", `tool${index}`);
        const { files, shape } = declarationFiles(declaration, `Batch${index}`);
        await writeFiles(dir, files);
        const module = (await import(pathToFileURL(path.join(dir, "tool.ts")).href)) as ToolModule;
        values.push({ name: `Batch${index}`, schema: evaluated(module.tool, shape).schema });
      }
      const fromFiles = await generate({ cwd: path.join(root, "batch"), tools: ["*/tool.ts"] });
      const fromValues = await generateFromSchemas(values, { formatter: "none" });
      const errors = [...fromFiles.diagnostics, ...fromValues.diagnostics].filter(
        (d) => d.severity === "error",
      );
      expect(errors).toEqual([]);
      const ours = await importOutput(fromFiles.output, path.join(root, "out-files"));
      const theirs = await importOutput(fromValues.output, path.join(root, "out-values"));
      let calls = 0;
      let rejected = 0;
      for (const [index, { name, schema }] of values.entries()) {
        expect(ours.hasValidator(name)).toBe(true);
        const argsList = fc.sample(argsArb(schema as Json as never), {
          seed: SEED + index,
          numRuns: ARGS,
        });
        for (const args of argsList) {
          const a = plainIssues(ours.validateToolArgs(name, args));
          const b = plainIssues(theirs.validateToolArgs(name, args));
          if (JSON.stringify(a) !== JSON.stringify(b)) {
            throw new Error(
              `${name}: the validators differ on ${show(args)}\nfrom the file: ${JSON.stringify(a)}\nfrom the value: ${JSON.stringify(b)}\nschema: ${show(schema)}`,
            );
          }
          calls++;
          if (a !== undefined) rejected++;
        }
      }
      console.log(
        `extraction oracle: ${values.length} tools, ${calls} calls answered alike (${rejected} rejected) (seed ${SEED})`,
      );
      expect(calls).toBe(values.length * ARGS);
      expect(rejected).toBeGreaterThan(0);
      expect(rejected).toBeLessThan(calls);
    },
    TIMEOUT,
  );
});
