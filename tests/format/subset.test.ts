// The reader of the generator's own modules (src/format/printer/subset.ts) against the tree the
// printer builds from TypeScript's AST (estree.ts, itself checked against prettier's in
// printer.test.ts): on every file the generator writes it either gives exactly that tree
// (node types, fields, ranges, comments, the nodes whose end prettier moves) or declines, and
// it reads every tool module and index.ts. The same holds with random white space, line breaks
// and comments between the tokens: a line break that changes how TypeScript reads the text
// (an automatic semicolon) makes it decline, never read something else.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "../../src/format/printer/estree.js";
import { parseSubset, subsetDeclines } from "../../src/format/printer/subset.js";
import { Unsupported } from "../../src/format/printer/unsupported.js";
import { ts } from "../../src/tsMorph.js";
import {
  keywordSets,
  repositoryToolFiles,
  schemaFiles,
  supportFiles,
  type UnformattedFile,
} from "./corpus.js";
import { integerFromEnv } from "../helpers/env.js";
import { toolsArb } from "./schemas.js";

const LONG = 600_000;
const SEED = process.env.SUBSET_SEED ? Number(process.env.SUBSET_SEED) : 20_261_201;
/** SUBSET_SCALE=<n> multiplies the random cases (default 1). */
const SCALE = integerFromEnv("SUBSET_SCALE", 1);

/** The support files that use more of the language: TypeScript reads them. */
const READ_BY_TYPESCRIPT = new Set([
  "runtime.ts",
  "format.ts",
  "similarity.ts",
  "failures.ts",
  "types.ts",
  "issues.ts",
]);

/** The first difference between two trees, as a path and the two values; undefined if equal. */
function firstDifference(a: unknown, b: unknown, at = ""): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    return `${at}: ${JSON.stringify(a)} where TypeScript's reading has ${JSON.stringify(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: an array against a non-array`;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    if (!(key in x) || !(key in y)) return `${at}.${key}: present on one side only`;
    const difference = firstDifference(x[key], y[key], `${at}.${key}`);
    if (difference) return difference;
  }
  return undefined;
}

/** TypeScript's reading, or undefined when it finds a syntax error (or a construct it declines). */
function typeScriptReading(text: string): ReturnType<typeof parse> | undefined {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** Asserts the subset reads `file` as TypeScript does, or declines it; whether it read it. */
function checkFile(file: UnformattedFile): boolean {
  const ours = parseSubset(file.content);
  const theirs = typeScriptReading(file.content);
  if (ours === undefined) return false;
  expect(
    theirs,
    `${file.name}: read here, but TypeScript's reading fails: ${JSON.stringify(file.content.slice(0, 300))}`,
  ).toBeDefined();
  expect(firstDifference(ours, theirs), file.name).toBeUndefined();
  return true;
}

function randomSchemaFiles(runs: number, seed: number): UnformattedFile[] {
  const runArb = fc.record({
    tools: toolsArb,
    mode: fc.constantFrom("strict" as const, "standard" as const),
  });
  return fc
    .sample(runArb, { numRuns: runs, seed })
    .flatMap((run) => schemaFiles(run.tools, run.mode) ?? []);
}

describe("the reader of the generator's own modules", () => {
  it(
    "reads this repository's tool modules and index.ts as TypeScript does, in both modes",
    async () => {
      const files = [...(await repositoryToolFiles()), ...(await repositoryToolFiles("standard"))];
      expect(files.length).toBeGreaterThan(50);
      for (const file of files) expect(checkFile(file), file.name).toBe(true);
    },
    LONG,
  );

  it("reads the support files as TypeScript does, or leaves them to it", () => {
    let files = 0;
    for (const optIn of keywordSets()) {
      for (const file of supportFiles(undefined, optIn)) {
        checkFile(file);
        files++;
      }
    }
    expect(files).toBeGreaterThan(READ_BY_TYPESCRIPT.size);
  });

  it(
    "reads the output of random schemas as TypeScript does (tool modules and index.ts all read)",
    () => {
      const files = randomSchemaFiles(150 * SCALE, SEED);
      let read = 0;
      const declined = new Map<string, number>();
      for (const file of files) {
        if (checkFile(file)) {
          read++;
          continue;
        }
        if (READ_BY_TYPESCRIPT.has(file.name)) continue;
        const reason = subsetDeclines(file.content)!;
        declined.set(reason, (declined.get(reason) ?? 0) + 1);
      }
      console.log(`subset reader: ${read} random output files read as TypeScript reads them`);
      // A key that is a non-ASCII identifier is left bare, and TypeScript reads it.
      for (const reason of declined.keys()) expect(reason).toBe("unsupported: identifier escapes");
      expect(read).toBeGreaterThan(300);
    },
    LONG,
  );

  it(
    "with random white space and comments between the tokens, reads as TypeScript does",
    async () => {
      const files = await respacedCorpus();
      const samples = fc.sample(fc.infiniteStream(fc.constantFrom(...SAME_LINE)), {
        numRuns: 30 * SCALE,
        seed: SEED + 2,
      });
      samples.forEach((trivia, run) => {
        const file = files[run % files.length]!;
        const content = respaced(file.content, trivia[Symbol.iterator]());
        expect(checkFile({ name: `${file.name} (respaced, run ${run})`, content })).toBe(true);
      });
    },
    LONG,
  );

  it(
    "with random line breaks between the tokens as well, reads as TypeScript does or declines",
    async () => {
      const files = [
        ...(await respacedCorpus()),
        ...PROGRAMS.map((content, i) => ({ name: `program ${i}`, content })),
      ];
      const samples = fc.sample(
        fc.record({
          trivia: fc.infiniteStream(fc.constantFrom(...SAME_LINE, ...LINE_BREAKS)),
          file: fc.nat(files.length - 1),
        }),
        { numRuns: 200 * SCALE, seed: SEED + 3 },
      );
      let read = 0;
      samples.forEach(({ trivia, file: index }, run) => {
        const file = files[index]!;
        const content = respaced(file.content, trivia[Symbol.iterator]());
        if (checkFile({ name: `${file.name} (respaced, run ${run})`, content })) read++;
      });
      console.log(
        `subset reader, with line breaks: ${read} of ${samples.length} read, the rest declined`,
      );
      expect(read).toBeGreaterThan(10 * SCALE);
    },
    LONG,
  );

  it("declines what it would read differently from TypeScript", () => {
    const declined = [
      // An automatic semicolon after `return`, before a postfix `++`, after `readonly`.
      "function f(): number {\nreturn\n1;\n}\n",
      "let a = 1;\nlet b = 2;\na\n++b;\n",
      "type T = {\nreadonly\nkey: string;\n};\n",
      // A call with type arguments, a regular expression, a template, single quotes.
      "const a = f<T>(x);\n",
      'const r = /"x/u.test(s);\n',
      "const t = `a${b}`;\n",
      "const s = 'a';\n",
      // Statements without their semicolon, sequences, arrow functions, optional chains.
      "const a = 1\nconst b = 2;\n",
      "a = (b, c);\n",
      "const f = (x: number) => x;\n",
      "const a = b?.c;\n",
      // `as` after a line break, `in`, a label, escapes in names and strings it does not know.
      "const a = b\nas T;\n",
      "if (a in b) c();\n",
      "for (const k: string in o) f(k);\n",
      "x: for (;;) break x;\n",
      "const \\u0061 = 1;\n",
      'const s = "\\x41";\n',
    ];
    for (const text of declined) expect(parseSubset(text), text).toBeUndefined();
  });

  it("reads small programs of its subset as TypeScript does", () => {
    for (const text of PROGRAMS) {
      expect(subsetDeclines(text), text).toBeUndefined();
      expect(checkFile({ name: text, content: text })).toBe(true);
    }
  });
});

/** Small programs of the subset, each a few constructs. */
const PROGRAMS = [
  'export const a: readonly string[] = Object.freeze(["a", "b"]);\n',
  "let c: number | undefined, d = -1.5e-7;\nc = d >= 0 ? d : -d;\n",
  "for (let i = 0; i < 3; i++) { if (!(i % 2 === 0) && i !== 1) continue; else break; }\n",
  "switch (x.length) { case 1: { y = 2; } default: z(); }\n",
  "try { a(); } catch (e: unknown) { throw e; } finally { b(); }\n",
  'export type X = { a?: string; readonly "b-c": 1 | true | null; [key: string]: unknown };\n',
  'export { a, type B } from "./x.js";\nexport type { C } from "./y.js";\n',
  'const m = new Map<string, Set<number>>([["a", new Set()]]);\n',
  "/** doc */\nexport function is(args: unknown): args is X { return v(args) === undefined; }\n",
  "void args; // trailing\n/* block */\n",
  'const o = { a: 1, "b": [2], c, ...d };\n',
  "type T = constructor | toString | __proto__;\nx = a.constructor + b.hasOwnProperty;\n",
];

/** Some tool modules and index.ts, to respace. */
async function respacedCorpus(): Promise<UnformattedFile[]> {
  return [
    ...(await repositoryToolFiles()).filter((f) =>
      /^(?:index|glob|ask-user-question|task-update)\.ts$/.test(f.name),
    ),
    ...randomSchemaFiles(12, SEED + 1).filter((f) => !READ_BY_TYPESCRIPT.has(f.name)),
  ];
}

/** Trivia put between tokens on one line (never nothing: two words would become one). */
const SAME_LINE = [" ", " ", " ", "\t", "  ", "/* c */", " /** d */ "];
/** Trivia with a line break. */
const LINE_BREAKS = ["\n", "  \n\n  ", " // c\n", "\n/** d\n * e */\n", "/* a\nb */"];

/** `text` with the trivia between its tokens replaced, in turn, by the ones `trivia` gives. */
function respaced(text: string, trivia: Iterator<string>): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  let out = "";
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    // The scanner gives `>` alone (for type arguments); `>=` is rescanned whole.
    if (kind === ts.SyntaxKind.GreaterThanToken) scanner.reScanGreaterToken();
    if (out !== "") out += trivia.next().value as string;
    out += scanner.getTokenText();
  }
  return `${out}\n`;
}
