// The formatter prints with the printer where prettier 3.10.1 would format, and the output is
// the same bytes as with prettier alone: the command run on this repository's tools and on
// random ones, for host configurations of several kinds (none, .prettierrc in JSON and YAML,
// .editorconfig with overrides, options of every kind, and one the printer does not reproduce,
// where prettier formats); and the formatter on the output of random schemas over random
// options. TOOL_VALIDATORS_FORMATTER=prettier formats with prettier alone; =printer fails where
// a file would go to prettier, so that the runs with the printer are known to use it.
import fs from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import prettier from "prettier";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Formatter, PRINTER_PRETTIER_VERSION } from "../../src/format/formatter.js";
import { PRINTER_PRETTIER_VERSION as PRINTER_VERSION } from "../../src/format/printer/index.js";
import { makeTempDir } from "../helpers/context.js";
import { REPO, runGen, snapshotFolder } from "../helpers/spawn.js";
import { schemaFiles, supportFiles } from "./corpus.js";
import { toolNameArb, toolParametersArb } from "./schemas.js";

const SEED = process.env.PRINTER_SEED ? Number(process.env.PRINTER_SEED) : 20_261_201;
const LONG = 600_000;

describe("the formatter", () => {
  it("uses the printer for the prettier version the printer reproduces", () => {
    expect(PRINTER_PRETTIER_VERSION).toBe(PRINTER_VERSION);
    expect(prettier.version).toBe(PRINTER_PRETTIER_VERSION);
  });
});

/** Random tool declarations the generator accepts, as a tool file (seeded). */
function randomToolsFile(count: number, seed: number): string {
  const tools = fc.sample(fc.record({ name: toolNameArb, schema: toolParametersArb }), {
    numRuns: count * 3,
    seed,
  });
  const seen = new Set<string>();
  const declarations: string[] = [];
  for (const tool of tools) {
    // Kept apart from this repository's tool names.
    const name = `Random${tool.name}`;
    const { schema } = tool;
    if (declarations.length === count || seen.has(name.toLowerCase())) continue;
    const json = JSON.stringify(schema);
    // An object literal reads "__proto__" as the prototype, JSON does not: left out.
    if (json.includes('"__proto__"')) continue;
    // The generator's own reading of the schema: one it rejects would stop the whole run.
    if (!schemaFiles([{ name, schema }])) continue;
    seen.add(name.toLowerCase());
    declarations.push(
      `export const random${declarations.length} = {\n  name: ${JSON.stringify(name)},\n  config: { type: "function", function: { name: ${JSON.stringify(name)}, parameters: ${json} } },\n};\n`,
    );
  }
  return declarations.join("\n");
}

interface HostConfiguration {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  /** Whether the printer reproduces these options (else prettier formats every file). */
  readonly printer: boolean;
}

const CONFIGURATIONS: HostConfiguration[] = [
  { name: "no configuration (prettier's defaults)", files: {}, printer: true },
  {
    name: ".prettierrc.json",
    files: {
      ".prettierrc.json": '{ "printWidth": 80, "singleQuote": true, "trailingComma": "es5" }\n',
    },
    printer: true,
  },
  {
    name: ".prettierrc in YAML",
    files: {
      ".prettierrc": "semi: false\ntabWidth: 4\nquoteProps: consistent\narrowParens: avoid\n",
    },
    printer: true,
  },
  {
    name: ".editorconfig and per-file overrides",
    files: {
      ".editorconfig": "root = true\n\n[*]\nindent_style = tab\nmax_line_length = 120\n",
      ".prettierrc.json": JSON.stringify({
        overrides: [
          {
            files: "generated/index.ts",
            options: { experimentalTernaries: true, bracketSpacing: false },
          },
        ],
      }),
    },
    printer: true,
  },
  {
    name: "options of every kind in package.json",
    files: {
      "package.json.prettier": JSON.stringify({
        experimentalOperatorPosition: "start",
        objectWrap: "collapse",
        endOfLine: "crlf",
        useTabs: true,
        printWidth: 60,
        bracketSameLine: true,
      }),
    },
    printer: true,
  },
  {
    name: "a parser the printer does not reproduce (prettier formats)",
    files: {
      ".prettierrc.json": JSON.stringify({
        overrides: [{ files: "*.ts", options: { parser: "babel-ts" } }],
      }),
    },
    printer: false,
  },
];

describe("the command's output with the printer and with prettier alone", () => {
  let work: string;
  let randomTools: string;

  beforeAll(async () => {
    work = await makeTempDir("tv-formatter-");
    randomTools = randomToolsFile(10, SEED);
  });

  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  for (const configuration of CONFIGURATIONS) {
    it(
      `is the same with ${configuration.name}`,
      async () => {
        const dir = path.join(work, configuration.name.replace(/\W+/g, "-"));
        await fs.cp(path.join(REPO, "example"), path.join(dir, "example"), { recursive: true });
        const settings = JSON.parse(await fs.readFile(path.join(REPO, "package.json"), "utf8"));
        const host: Record<string, unknown> = {
          name: "host",
          type: "module",
          "tool-validators": settings["tool-validators"],
        };
        for (const [name, text] of Object.entries(configuration.files)) {
          if (name === "package.json.prettier") host.prettier = JSON.parse(text);
          else await fs.writeFile(path.join(dir, name), text);
        }
        await fs.writeFile(path.join(dir, "package.json"), JSON.stringify(host, null, 2));
        await fs.writeFile(path.join(dir, "example/tools/random.ts"), randomTools);
        const generated = path.join(dir, "generated");

        const withPrinter = await runGen(["--no-cache"], dir, {
          env: { TOOL_VALIDATORS_FORMATTER: configuration.printer ? "printer" : "" },
        });
        expect(withPrinter.stderr).toBe("");
        expect(withPrinter.code).toBe(0);
        const printed = await snapshotFolder(generated);
        await fs.rm(generated, { recursive: true, force: true });

        const withPrettier = await runGen(["--no-cache"], dir, {
          env: { TOOL_VALIDATORS_FORMATTER: "prettier" },
        });
        expect(withPrettier.stderr).toBe("");
        expect(withPrettier.code).toBe(0);
        const formatted = await snapshotFolder(generated);

        expect(Object.keys(printed).length).toBeGreaterThan(30);
        expect(Object.keys(printed).sort()).toEqual(Object.keys(formatted).sort());
        for (const name of Object.keys(formatted))
          expect(printed[name], `${configuration.name}: ${name}`).toBe(formatted[name]);
      },
      LONG,
    );
  }
});

describe("the formatter on random schemas over random options", () => {
  it(
    "gives prettier's text with the printer, for each file",
    async () => {
      const work = await makeTempDir("tv-formatter-random-");
      try {
        const optionsArb = fc.record(
          {
            printWidth: fc.integer({ min: 20, max: 160 }),
            tabWidth: fc.integer({ min: 1, max: 8 }),
            useTabs: fc.boolean(),
            semi: fc.boolean(),
            singleQuote: fc.boolean(),
            quoteProps: fc.constantFrom("as-needed", "consistent", "preserve"),
            trailingComma: fc.constantFrom("all", "es5", "none"),
            bracketSpacing: fc.boolean(),
            arrowParens: fc.constantFrom("always", "avoid"),
            objectWrap: fc.constantFrom("preserve", "collapse"),
            experimentalTernaries: fc.boolean(),
            experimentalOperatorPosition: fc.constantFrom("end", "start"),
          },
          { requiredKeys: [] },
        );
        const runs = fc.sample(
          fc.record({
            options: optionsArb,
            tools: fc.array(fc.record({ name: toolNameArb, schema: toolParametersArb }), {
              minLength: 1,
              maxLength: 4,
            }),
          }),
          { numRuns: 8, seed: SEED + 2 },
        );
        let compared = 0;
        for (const [n, run] of runs.entries()) {
          const files = schemaFiles(run.tools);
          if (!files) continue;
          const dir = path.join(work, String(n));
          await fs.mkdir(path.join(dir, "generated"), { recursive: true });
          await fs.writeFile(path.join(dir, ".prettierrc.json"), JSON.stringify(run.options));
          const all = [...files, ...supportFiles()];
          const outDir = path.join(dir, "generated");
          const printing = new Formatter({ outDir, printer: true, printerThreads: 0 });
          // The printer in a worker thread (TOOL_VALIDATORS_PRINTER_THREADS).
          const inWorker = new Formatter({ outDir, printer: true, printerThreads: 1 });
          const formatting = new Formatter({ outDir, printer: false });
          try {
            const printed = await printing.format(all);
            const printedInWorker = await inWorker.format(all);
            const formatted = await formatting.format(all);
            expect(printing.printed, JSON.stringify(run.options)).toBe(all.length);
            expect(inWorker.printed).toBe(all.length);
            expect(formatting.printed).toBe(0);
            expect(printed).toEqual(formatted);
            expect(printedInWorker).toEqual(formatted);
            compared += all.length;
          } finally {
            printing.close();
            inWorker.close();
            formatting.close();
          }
        }
        expect(compared).toBeGreaterThan(40);
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },
    LONG,
  );
});
