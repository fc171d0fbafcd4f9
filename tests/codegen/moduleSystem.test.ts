// Output folders a host compiles as CommonJS with verbatimModuleSyntax, where TypeScript rejects
// ES-module syntax (TS1287, TS1295): an error before anything is written, saying what to set
// (CONTRACT.md section 5). compiles.test.ts type-checks the output in both package types.
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline/generate.js";
import { makeTempDir } from "../helpers/context.js";

let work: string;
beforeEach(async () => {
  work = await makeTempDir("tv-module-system-");
  await fs.mkdir(path.join(work, "src"));
  await fs.writeFile(
    path.join(work, "src/tool.ts"),
    'export const tool = { name: "echo", inputSchema: { type: "object", properties: { text: { type: "string" } } } };\n',
  );
});
afterEach(() => fs.rm(work, { recursive: true, force: true }));

async function setup(packageJson: object, compilerOptions: object) {
  await fs.writeFile(path.join(work, "package.json"), JSON.stringify(packageJson));
  await fs.writeFile(path.join(work, "tsconfig.json"), JSON.stringify({ compilerOptions }));
  return generate({ cwd: work, tools: ["src/*.ts"], outDir: "src/generated" });
}

describe("the output folder's module system", () => {
  it("a CommonJS package whose tsconfig sets verbatimModuleSyntax with NodeNext is an error", async () => {
    const result = await setup({}, { module: "NodeNext", verbatimModuleSyntax: true });
    expect(result.output).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "TV3005",
        'src/generated/ is compiled as CommonJS (package.json has no "type": "module"; tsconfig.json sets "module": "NodeNext") with "verbatimModuleSyntax", where TypeScript rejects the generated files\' import and export statements. Set "verbatimModuleSyntax": false for them (TypeScript then compiles them to CommonJS as your own files), or put the output folder in an ES-module package ("type": "module").',
      ],
    ]);
  });

  it("module commonjs with verbatimModuleSyntax is the same error; extends is followed", async () => {
    await fs.writeFile(
      path.join(work, "base.json"),
      JSON.stringify({ compilerOptions: { module: "commonjs", verbatimModuleSyntax: true } }),
    );
    await fs.writeFile(path.join(work, "package.json"), JSON.stringify({ type: "module" }));
    await fs.writeFile(
      path.join(work, "tsconfig.json"),
      JSON.stringify({ extends: "./base.json" }),
    );
    const result = await generate({ cwd: work, tools: ["src/*.ts"], outDir: "src/generated" });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["TV3005"]);
    expect(result.hostFiles.map((file) => path.basename(file)).sort()).toEqual([
      "base.json",
      "package.json",
      "tsconfig.json",
    ]);
  });

  it.each([
    [
      "an ES-module package",
      { type: "module" },
      { module: "NodeNext", verbatimModuleSyntax: true },
    ],
    ["CommonJS without verbatimModuleSyntax", {}, { module: "NodeNext" }],
    [
      "a bundler setup",
      {},
      { module: "ESNext", moduleResolution: "Bundler", verbatimModuleSyntax: true },
    ],
  ])("%s generates", async (_, packageJson, compilerOptions) => {
    const result = await setup(packageJson, compilerOptions);
    expect(result.diagnostics).toEqual([]);
    expect(result.output).toBeDefined();
  });
});
