// Every error before the run fails (CONTRACT.md section 8): one run over declarations holding
// one error of each kind, a tool's reading errors beside its keyword errors, a name that
// cannot be read beside a schema that can, a second tool of a name beside its own mistakes.
// Each is reported once, and the command counts them all.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/context.js";
import { runMain } from "../helpers/inProcess.js";
import type { RunResult } from "../helpers/spawn.js";

const plugin = (name: string, parameters: string, extra = "") => `{
  name: ${name},
  config: { type: "function", function: { name: ${name}, parameters: ${parameters} } },${extra}
}`;

const deep = `${'{ type: "object", properties: { x: '.repeat(60)}{ type: "string" }${" } }".repeat(60)}`;

const TOOLS = `
let dynamicName = "Unnamed";
declare function makeValues(): string[];
declare const base: Record<string, unknown>;
declare const limit: number;

// Reading errors and keyword errors of one tool: TV1007, and TV2013 four times.
export const numbers = ${plugin(
  '"Numbers"',
  `{ type: "object", properties: {
    a: { type: "number", minimum: 2 ** 1024 },
    b: { type: "number", multipleOf: 1e-400 },
    c: { type: "string", maxLength: 1.5 },
    d: { type: "number", exclusiveMinimum: true },
    e: { type: "array", prefixItems: [] },
  } }`,
)};

// A name that cannot be read (TV1002: a let; a call or a parameter
// would be built at run time and listed), and an unknown type name in its schema (TV2003).
export const unnamed = {
  name: dynamicName,
  description: "d",
  parameters: { type: "object", properties: { q: { type: "strin" } } },
};

// Two names that differ (TV1004), and a misspelt keyword (TV2010).
export const differ = {
  name: "Differ",
  config: { type: "function", function: { name: "Differs", parameters: { type: "object", requried: [] } } },
};

// A spread that could set the schema (TV1008), and a type that is not a name (TV2004).
export const spread = { name: "Spread", description: "d", parameters: { type: "object", properties: { t: { type: 5 } } }, ...base };

// Nesting too deep to read (TV1009), and an empty enum (TV2008).
export const deep = ${plugin('"Deep"', `{ type: "object", properties: { n: ${deep}, e: { enum: [] } } }`)};

// A value that is not statically known (TV2001), an enum that is not an array (TV2007), and
// nullable that is not a boolean (TV2005).
export const dynamic = ${plugin(
  '"Dynamic"',
  `{ type: "object", properties: { v: { type: "string", enum: makeValues() }, m: { type: "string", minLength: limit }, w: { type: "string", nullable: "yes" } } }`,
)};

// Two tools of one name (TV3002); the second has a required key it does not declare (TV2006).
export const first = ${plugin('"Twice"', `{ type: "object", properties: {} }`)};
export const second = ${plugin('"Twice"', `{ type: "object", properties: { a: { type: "string" } }, required: ["b"] }`)};

// Export names that clash (TV3004).
export const readFile = ${plugin('"read_file"', `{ type: "object", properties: {} }`)};
export const readFile2 = ${plugin('"read-file"', `{ type: "object", properties: {} }`)};

// An argument read that the declaration lacks (TV4001).
export const reads = ${plugin(
  '"Reads"',
  `{ type: "object", properties: { path: { type: "string" } } }`,
  "\n  execute: async (args: { path: string; mode?: string }) => args.mode,",
)};

// Two schema keys side by side (TV1010).
export const both = { name: "Both", description: "d", parameters: { type: "object" }, inputSchema: { type: "object" } };

// An enum that is not an array (TV2007), properties that are not an object (TV2009), required
// that is not an array of strings (TV2011), additionalProperties that is not a schema (TV2012),
// a schema that is not an object (TV2002), parameters that do not describe an object (TV2020).
export const keywords = ${plugin(
  '"Keywords"',
  `{ type: "object", properties: { e: { enum: "a" }, p: { type: "object", properties: 1 }, s: 4 }, required: [1], additionalProperties: "no" }`,
)};
export const notObject = ${plugin('"NotObject"', `{ type: "string" }`)};
`;

/** The errors the declarations above hold, by code. */
const EXPECTED: Record<string, number> = {
  TV1002: 1,
  TV1004: 1,
  TV1005: 1,
  TV1007: 1,
  TV1008: 1,
  TV1009: 1,
  TV1010: 1,
  TV2001: 1,
  TV2002: 1,
  TV2003: 1,
  TV2004: 1,
  TV2005: 1,
  TV2006: 1,
  TV2007: 2,
  TV2008: 1,
  TV2009: 1,
  TV2010: 1,
  TV2011: 1,
  TV2012: 1,
  TV2013: 4,
  TV2020: 1,
  TV3002: 1,
  TV3004: 1,
  TV4001: 1,
};

let folder: string;
let run: RunResult;

beforeAll(async () => {
  folder = await makeTempDir("tv-every-error-");
  await fs.mkdir(path.join(folder, "tools"));
  await fs.writeFile(path.join(folder, "tools/tools.ts"), TOOLS);
  await fs.writeFile(path.join(folder, "tools/broken.ts"), "export const x = {;\n");
  await fs.writeFile(
    path.join(folder, "tool-validators.config.json"),
    JSON.stringify({
      tools: "tools/*.ts",
      out: "generated",
      enforce: "all",
    }),
  );
  run = await runMain([], folder);
});

afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

describe("every error at once", () => {
  it("reports one of each kind in one run, each once, and counts them", () => {
    const codes = [...run.stderr.matchAll(/ - error (TV\d{4}): /g)].map((match) => match[1]!);
    const counted: Record<string, number> = {};
    for (const code of codes) counted[code] = (counted[code] ?? 0) + 1;
    expect(counted).toEqual(EXPECTED);
    const total = Object.values(EXPECTED).reduce((a, b) => a + b, 0);
    expect(run.stderr).toContain(`Found ${total} errors.`);
    expect(run.code).toBe(2);
  });

  it("names a tool whose name cannot be read by where it is declared", () => {
    expect(run.stderr).toMatch(/error TV2003: Tool "unnamed", parameters\.properties\.q\.type: /);
  });

  it("writes nothing", async () => {
    await expect(fs.stat(path.join(folder, "generated"))).rejects.toThrow();
  });
});
