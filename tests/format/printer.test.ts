// The printer against prettier itself, on every file the generator writes: this repository's
// tool modules and index.ts, the support files (the copied sources and types.ts and issues.ts as
// written for every set of keywords a run can enforce), and the output of random schemas;
// across the options prettier allows for TypeScript. The printer's text is prettier's, and it
// prints every one of them: the coverage is asserted per kind of file. PRINTER_SEED=<n> replays
// a run (the seed is printed); PRINTER_SCALE=<n> multiplies the random configurations and
// schemas (default 1).
import fc from "fast-check";
import prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  PRINTER_PRETTIER_VERSION,
  isSupportedOptions,
  printLikePrettier,
  unsupportedReason,
} from "../../src/format/printer/index.js";
import { parse } from "../../src/format/printer/estree.js";
import {
  keywordSets,
  repositoryToolFiles,
  schemaFiles,
  supportFiles,
  type UnformattedFile,
} from "./corpus.js";
import { integerFromEnv } from "../helpers/env.js";
import { toolsArb } from "./schemas.js";

const SEED = process.env.PRINTER_SEED ? Number(process.env.PRINTER_SEED) : 20_261_201;
const SCALE = integerFromEnv("PRINTER_SCALE", 1);
console.log(`printer corpus seed: ${SEED} (replay with PRINTER_SEED=${SEED})`);

const LONG = 900_000;
const OUT_DIR = "/host/project/generated";

type Options = Record<string, unknown>;

/** The option values prettier allows for TypeScript (and two that do not apply to it). */
const optionsArb: fc.Arbitrary<Options> = fc.record(
  {
    printWidth: fc.oneof(fc.constantFrom(80, 100, 120, 20, 200), fc.integer({ min: 20, max: 200 })),
    tabWidth: fc.integer({ min: 1, max: 8 }),
    useTabs: fc.boolean(),
    semi: fc.boolean(),
    singleQuote: fc.boolean(),
    quoteProps: fc.constantFrom("as-needed", "consistent", "preserve"),
    trailingComma: fc.constantFrom("all", "es5", "none"),
    bracketSpacing: fc.boolean(),
    arrowParens: fc.constantFrom("always", "avoid"),
    endOfLine: fc.constantFrom("lf", "crlf", "cr", "auto"),
    objectWrap: fc.constantFrom("preserve", "collapse"),
    experimentalTernaries: fc.boolean(),
    experimentalOperatorPosition: fc.constantFrom("end", "start"),
    bracketSameLine: fc.boolean(),
    jsxSingleQuote: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** Usual configurations: prettier's defaults, this repository's, and common single changes. */
const COMMON: Options[] = [
  {},
  { printWidth: 100 },
  { printWidth: 120, singleQuote: true },
  { tabWidth: 4 },
  { useTabs: true },
  { semi: false, singleQuote: true },
  { trailingComma: "es5" },
  { trailingComma: "none", bracketSpacing: false },
  { quoteProps: "consistent" },
  { endOfLine: "crlf" },
  { experimentalTernaries: true },
  { experimentalOperatorPosition: "start", arrowParens: "avoid", objectWrap: "collapse" },
];

/** How the generator's commands may read in the files' first line (settings `command`). */
const COMMANDS = [
  "npm run gen",
  "npx tool-validators",
  "pnpm exec tool-validators --tools 'src/**/*.ts' --out src/generated --mode standard",
  "yarn gen */ && echo ünï 😀",
];

type Kind = "tool module" | "index.ts" | "copied support file" | "written support file";

interface Tagged extends UnformattedFile {
  readonly kind: Kind;
}

const WRITTEN = new Set(["types.ts", "issues.ts"]);
const tagTools = (files: readonly UnformattedFile[]): Tagged[] =>
  files.map((f) => ({ ...f, kind: f.name === "index.ts" ? "index.ts" : "tool module" }));
const tagSupport = (files: readonly UnformattedFile[]): Tagged[] =>
  files.map((f) => ({
    ...f,
    kind: WRITTEN.has(f.name) ? "written support file" : "copied support file",
  }));

/**
 * Every support file a run can write: each keyword set's, and the default set's again with a
 * first line (the command) that has quotes, a comment end and non-ASCII text.
 */
function allSupportFiles(): Tagged[] {
  const seen = new Set<string>();
  const files: Tagged[] = [];
  const add = (list: readonly UnformattedFile[]) => {
    for (const file of tagSupport(list)) {
      if (seen.has(file.content)) continue;
      seen.add(file.content);
      files.push(file);
    }
  };
  for (const optIn of keywordSets()) add(supportFiles(COMMANDS[0], optIn));
  add(supportFiles(COMMANDS[3]));
  return files;
}

class Tally {
  readonly byKind = new Map<Kind, { compared: number; printed: number }>();
  readonly declined = new Map<string, number>();

  add(kind: Kind, printed: boolean, reason?: string): void {
    const entry = this.byKind.get(kind) ?? { compared: 0, printed: 0 };
    entry.compared++;
    if (printed) entry.printed++;
    this.byKind.set(kind, entry);
    if (reason) this.declined.set(reason, (this.declined.get(reason) ?? 0) + 1);
  }

  get compared(): number {
    return [...this.byKind.values()].reduce((n, e) => n + e.compared, 0);
  }

  report(label: string): void {
    const kinds = [...this.byKind].map(([k, e]) => `${k} ${e.printed}/${e.compared}`).join(", ");
    const declined = [...this.declined].map(([r, n]) => `${n} × ${r}`).join("; ");
    console.log(`${label}: printed ${kinds}${declined ? `; declined: ${declined}` : ""}`);
  }

  /** Every file of every kind was printed. */
  expectAllPrinted(): void {
    for (const [kind, entry] of this.byKind)
      expect(entry.printed, `${kind} printed (declined: ${[...this.declined].join("; ")})`).toBe(
        entry.compared,
      );
  }
}

/** Compares one file: the printer's text is prettier's, or undefined. */
async function compare(file: Tagged, options: Options, tally: Tally): Promise<void> {
  const full = { ...options, filepath: `${OUT_DIR}/${file.name}` };
  const expected = await prettier.format(file.content, full);
  const got = printLikePrettier(file.content, full);
  if (got === undefined) {
    tally.add(file.kind, false, `${file.name}: ${unsupportedReason(file.content, full) ?? "?"}`);
    return;
  }
  tally.add(file.kind, true);
  if (got !== expected) {
    // The first differing line, for a readable failure.
    const a = expected.split(/\r\n|\r|\n/);
    const b = got.split(/\r\n|\r|\n/);
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    expect.fail(
      `${file.name} with ${JSON.stringify(options)} (seed ${SEED}) differs at line ${i + 1}:\n` +
        `prettier: ${JSON.stringify(a.slice(i, i + 3))}\nprinter:  ${JSON.stringify(b.slice(i, i + 3))}`,
    );
  }
  // Idempotence: prettier's output printed again is itself (or declined: it is not the
  // generator's output, e.g. a statement that starts with `;` without semicolons).
  const again = printLikePrettier(expected, full);
  if (again !== undefined) expect(again, `${file.name} printed again`).toBe(expected);
}

describe("printLikePrettier", () => {
  it("is for prettier 3.10.1, the version installed", async () => {
    expect(PRINTER_PRETTIER_VERSION).toBe("3.10.1");
    expect(prettier.version).toBe(PRINTER_PRETTIER_VERSION);
  });

  it(
    "reads every output file into prettier's AST (node types, ranges, children, comments)",
    async () => {
      const files = [...tagTools(await repositoryToolFiles()), ...allSupportFiles()];
      const debug = (prettier as unknown as { __debug: { parse: typeof prettierParse } }).__debug;
      const count = { nodes: 0 };
      for (const file of files) {
        const ours = parse(file.content);
        const theirs = await debug.parse(file.content, { parser: "typescript" });
        expect(astDifferences(ours.ast, theirs.ast, file.name, count)).toEqual([]);
        expect(
          ours.comments.map((c) => [c.type, ...c.range]),
          `${file.name} comments`,
        ).toEqual(theirs.ast.comments.map((c: Node) => [c.type, ...c.range]));
      }
      console.log(`AST: ${count.nodes} nodes in ${files.length} files, all as prettier reads them`);
    },
    LONG,
  );

  it(
    "prints every output file of this repository as prettier does, with the usual options",
    async () => {
      const files = [...tagTools(await repositoryToolFiles()), ...tagSupport(supportFiles())];
      expect(files.length).toBeGreaterThan(25);
      const tally = new Tally();
      for (const options of COMMON) for (const file of files) await compare(file, options, tally);
      tally.report(`repository output files, ${COMMON.length} usual configurations`);
      tally.expectAllPrinted();
    },
    LONG,
  );

  it(
    "prints every output file of this repository and every support file as prettier does, over random options",
    async () => {
      const files = [...tagTools(await repositoryToolFiles()), ...allSupportFiles()];
      const tally = new Tally();
      const samples = fc.sample(optionsArb, { numRuns: 7 * SCALE, seed: SEED });
      for (const options of samples) for (const file of files) await compare(file, options, tally);
      tally.report(
        `repository output files and support files, ${samples.length} random configurations`,
      );
      tally.expectAllPrinted();
    },
    LONG,
  );

  it(
    "prints the output of random schemas as prettier does, over random options",
    async () => {
      const runArb = fc.record({
        tools: toolsArb,
        options: fc.oneof(
          { weight: 1, arbitrary: fc.constantFrom(...COMMON) },
          { weight: 2, arbitrary: optionsArb },
        ),
        mode: fc.constantFrom("strict" as const, "standard" as const),
        command: fc.constantFrom(...COMMANDS),
      });
      const runs = fc.sample(runArb, { numRuns: 60 * SCALE, seed: SEED + 1 });
      const tally = new Tally();
      let skipped = 0;
      for (const run of runs) {
        const files = schemaFiles(run.tools, run.mode, run.command);
        if (!files) {
          skipped++;
          continue;
        }
        for (const file of tagTools(files)) await compare(file, run.options, tally);
      }
      tally.report(`random schemas (${runs.length - skipped} runs, ${skipped} rejected)`);
      expect(tally.compared).toBeGreaterThan(100 * SCALE);
      tally.expectAllPrinted();
    },
    LONG,
  );
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;
declare function prettierParse(text: string, options: Options): Promise<{ ast: Node }>;

const isNode = (v: unknown): boolean =>
  v !== null && typeof v === "object" && typeof (v as Node).type === "string";

/** The scalar fields the printer reads, compared besides the tree's shape. */
const SCALARS = [
  "operator",
  "kind",
  "computed",
  "optional",
  "readonly",
  "static",
  "shorthand",
  "method",
  "prefix",
  "importKind",
  "exportKind",
  "async",
  "raw",
  "name",
  "tail",
  "accessibility",
  "declare",
  "definite",
  "abstract",
  "override",
  "asserts",
  "generator",
];

const holdsNodes = (value: unknown): boolean =>
  isNode(value) || (Array.isArray(value) && value.some(isNode));

/**
 * The differences between two ESTree trees (node types, ranges, the fields the printer reads,
 * the children), up to 20; counts the nodes in `count`.
 */
function astDifferences(a: Node, b: Node, where: string, count: { nodes: number }): string[] {
  const out: string[] = [];
  const visit = (x: Node, y: Node, at: string) => {
    if (out.length >= 20) return;
    count.nodes++;
    if (x.type !== y.type) {
      out.push(`${at}: ${x.type} where prettier has ${y.type}`);
      return;
    }
    if (x.range[0] !== y.range[0] || x.range[1] !== y.range[1])
      out.push(`${at} (${x.type}): range ${x.range} where prettier has ${y.range}`);
    for (const key of SCALARS) {
      const p = x[key];
      const q = y[key];
      if (typeof p === "object" || typeof q === "object") continue;
      if (key === "raw" && x.type === "TemplateElement") continue;
      if ((p ?? false) !== (q ?? false))
        out.push(
          `${at} (${x.type}).${key}: ${JSON.stringify(p)} where prettier has ${JSON.stringify(q)}`,
        );
    }
    const keys = new Set<string>();
    for (const node of [x, y])
      for (const key in node) if (key !== "comments" && holdsNodes(node[key])) keys.add(key);
    for (const key of keys) {
      const p = x[key];
      const q = y[key];
      if (Array.isArray(p) && Array.isArray(q) && p.length === q.length)
        p.forEach((v: Node, i: number) => visit(v, q[i], `${at}.${key}[${i}]`));
      else if (isNode(p) && isNode(q)) visit(p, q, `${at}.${key}`);
      else out.push(`${at}.${key}: the children differ`);
    }
  };
  visit(a, b, where);
  return out;
}

describe("the width of a text", () => {
  it("is prettier's", async () => {
    const { stringWidth } = await import("../../src/format/printer/width.js");
    const samples = [
      ...fc.sample(fc.string({ unit: "binary", maxLength: 12 }), { numRuns: 300, seed: SEED }),
      ...fc.sample(fc.string({ unit: "grapheme", maxLength: 8 }), { numRuns: 300, seed: SEED }),
      "日本語",
      "emoji😀",
      "©®",
      "#️⃣",
      "e\u0301",
      "\u2028",
    ];
    for (const text of samples)
      expect(stringWidth(text), JSON.stringify(text)).toBe(prettier.util.getStringWidth(text));
  });
});

describe("what the printer declines", () => {
  const ts = { filepath: `${OUT_DIR}/x.ts` };

  it("declines options and files it does not reproduce", () => {
    expect(isSupportedOptions(ts)).toBe(true);
    expect(isSupportedOptions({ ...ts, printWidth: 100, semi: false })).toBe(true);
    expect(isSupportedOptions({ filepath: `${OUT_DIR}/x.js` })).toBe(false);
    expect(isSupportedOptions({ filepath: `${OUT_DIR}/x.d.ts` })).toBe(false);
    expect(isSupportedOptions({})).toBe(false);
    expect(isSupportedOptions({ ...ts, parser: "babel" })).toBe(false);
    expect(isSupportedOptions({ ...ts, plugins: ["prettier-plugin-x"] })).toBe(false);
    expect(isSupportedOptions({ ...ts, requirePragma: true })).toBe(false);
    expect(isSupportedOptions({ ...ts, printWidth: "100" })).toBe(false);
    expect(isSupportedOptions({ ...ts, someFutureOption: true })).toBe(false);
    expect(printLikePrettier("const a = 1;\n", { ...ts, plugins: ["x"] })).toBeUndefined();
  });

  it("declines input it does not reproduce, and invalid input", () => {
    expect(printLikePrettier("const a = 1;\n", ts)).toBe("const a = 1;\n");
    expect(printLikePrettier("const a = ;\n", ts)).toBeUndefined();
    expect(printLikePrettier("// prettier-ignore\nconst a  =  1;\n", ts)).toBeUndefined();
    expect(printLikePrettier("enum E { A }\n", ts)).toBeUndefined();
    expect(printLikePrettier("const a = b?.c;\n", ts)).toBeUndefined();
    expect(printLikePrettier("const a = 1;\r\n", ts)).toBeUndefined();
    expect(printLikePrettier("class A extends B {}\n", ts)).toBeUndefined();
  });
});
