// The printer against prettier itself: on every file the generator outputs (this repository's
// tool modules, index.ts and the support files, and those of random schemas), across the
// options prettier allows for TypeScript, the printer's text is prettier's or it declines
// (undefined). It must not decline on the tool modules and index.ts with the usual options.
// PRINTER_SEED=<n> replays a run (the seed is printed).
import fc from "fast-check";
import prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  PRINTER_PRETTIER_VERSION,
  isSupportedOptions,
  printLikePrettier,
  unsupportedReason,
} from "../../src/format/printer/index.js";
import {
  repositoryToolFiles,
  rootSchemaArb,
  schemaFiles,
  supportFiles,
  type UnformattedFile,
} from "./corpus.js";
import { descriptionArb, toolNameArb, toolParametersArb } from "./schemas.js";

const SEED = process.env.PRINTER_SEED ? Number(process.env.PRINTER_SEED) : 20_261_201;
console.log(`printer corpus seed: ${SEED} (replay with PRINTER_SEED=${SEED})`);

const LONG = 600_000;
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
];

interface Tally {
  compared: number;
  printed: number;
  declined: Map<string, number>;
}

const newTally = (): Tally => ({ compared: 0, printed: 0, declined: new Map() });

/** Compares one file: the printer's text is prettier's, or undefined. Returns whether it printed. */
async function compare(file: UnformattedFile, options: Options, tally: Tally): Promise<boolean> {
  const full = { ...options, filepath: `${OUT_DIR}/${file.name}` };
  const expected = await prettier.format(file.content, full);
  const got = printLikePrettier(file.content, full);
  tally.compared++;
  if (got === undefined) {
    const reason = unsupportedReason(file.content, full) ?? "?";
    tally.declined.set(reason, (tally.declined.get(reason) ?? 0) + 1);
    return false;
  }
  tally.printed++;
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
  // Idempotence: prettier's output printed again is itself (or declined).
  const again = printLikePrettier(expected, full);
  if (again !== undefined) expect(again).toBe(expected);
  return true;
}

function report(label: string, tally: Tally): void {
  const declined = [...tally.declined].map(([reason, n]) => `${n} × ${reason}`).join("; ");
  console.log(
    `${label}: ${tally.printed}/${tally.compared} printed${declined ? `; declined: ${declined}` : ""}`,
  );
}

const isToolFile = (file: UnformattedFile) =>
  !["types.ts", "issues.ts", "runtime.ts", "format.ts", "similarity.ts", "failures.ts"].includes(
    file.name,
  ) || file.content.includes("export function validate");

describe("printLikePrettier", () => {
  it("is for prettier 3.10.1, the version installed", async () => {
    expect(PRINTER_PRETTIER_VERSION).toBe("3.10.1");
    expect(prettier.version).toBe(PRINTER_PRETTIER_VERSION);
  });

  it(
    "prints this repository's tool modules and index.ts as prettier does, with the usual options, declining none",
    async () => {
      const files = await repositoryToolFiles();
      expect(files.length).toBeGreaterThan(20);
      const tally = newTally();
      for (const options of COMMON) {
        for (const file of files) {
          expect(
            await compare(file, options, tally),
            `${file.name} with ${JSON.stringify(options)}`,
          ).toBe(true);
        }
      }
      report("repository tool modules and index.ts, usual options", tally);
      expect(tally.printed).toBe(files.length * COMMON.length);
    },
    LONG,
  );

  it(
    "matches prettier or declines on every output file of this repository, over random options",
    async () => {
      const files = [...(await repositoryToolFiles()), ...supportFiles()];
      const tally = newTally();
      const toolTally = newTally();
      const samples = fc.sample(optionsArb, { numRuns: 12, seed: SEED });
      for (const options of samples) {
        for (const file of files) {
          const printed = await compare(file, options, tally);
          if (isToolFile(file) && !options.experimentalTernaries) {
            toolTally.compared++;
            if (printed) toolTally.printed++;
          }
        }
      }
      report("repository output files, random options", tally);
      report("of which tool modules and index.ts, without experimentalTernaries", toolTally);
      expect(toolTally.printed).toBe(toolTally.compared);
    },
    LONG,
  );

  it(
    "matches prettier or declines on the output of random schemas, over random options",
    async () => {
      const runArb = fc.record({
        tools: fc.array(
          fc.record({
            name: toolNameArb,
            schema: fc.oneof(
              { weight: 2, arbitrary: toolParametersArb },
              { weight: 1, arbitrary: rootSchemaArb(3) },
            ),
            description: descriptionArb,
          }),
          { minLength: 1, maxLength: 3 },
        ),
        options: fc.oneof(
          { weight: 1, arbitrary: fc.constantFrom(...COMMON) },
          { weight: 2, arbitrary: optionsArb },
        ),
        mode: fc.constantFrom("strict" as const, "standard" as const),
      });
      const runs = fc.sample(runArb, { numRuns: 120, seed: SEED + 1 });
      const tally = newTally();
      const usual = newTally();
      let skipped = 0;
      for (const run of runs) {
        const files = schemaFiles(
          run.tools.map((t) => ({
            name: t.name,
            schema: t.schema,
            description: t.description ?? undefined,
          })),
          run.mode,
        );
        if (!files) {
          skipped++;
          continue;
        }
        for (const file of files) {
          const printed = await compare(file, run.options, tally);
          if (!run.options.experimentalTernaries) {
            usual.compared++;
            if (printed) usual.printed++;
          }
        }
      }
      report(
        `random schemas (${runs.length - skipped} runs, ${skipped} rejected by the generator)`,
        tally,
      );
      report("of which without experimentalTernaries", usual);
      expect(tally.compared).toBeGreaterThan(200);
      // The generated tool modules and index.ts are printed, every one (experimentalTernaries
      // aside, which the printer does not reproduce).
      expect(usual.printed).toBe(usual.compared);
    },
    LONG,
  );
});

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
  });
});
