// Large and odd declarations (CONTRACT.md section 5): output that type-checks under a strict
// host's settings however many properties and members, and text a file can hold exactly (a
// lone surrogate would come back as U+FFFD and the drift check would never pass).
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateFromSchemas } from "../../src/pipeline/generate.js";
import { makeTempDir } from "../helpers/context.js";
import { STRICTEST_OPTIONS } from "../helpers/hostChecks.js";
import { runMain } from "../helpers/inProcess.js";
import { REPO, run } from "../helpers/spawn.js";

/** `count` properties `key0`...; every third a number, the others strings. */
function manyProperties(count: number, required: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) properties[`key${i}`] = { type: i % 3 ? "string" : "number" };
  return { type: "object", properties, ...(required ? { required: Object.keys(properties) } : {}) };
}

function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < depth; i++) {
    schema = {
      type: "object",
      properties: { next: schema, list: { type: "array", items: { type: "integer" } } },
      required: ["next"],
    };
  }
  return schema;
}

/** A strict host (CONTRACT.md section 5): the output must type-check there. */
const STRICT_HOST = { compilerOptions: STRICTEST_OPTIONS, include: ["*.ts"] };

describe("large declarations", () => {
  it("500 optional properties, 2,000 required ones, a 20,000-member enum and 40 levels of nesting type-check", async () => {
    const members = Array.from({ length: 20_000 }, (_, i) => `member${i}`);
    const result = await generateFromSchemas([
      { name: "Optional500", schema: manyProperties(500, false) },
      { name: "Required2000", schema: manyProperties(2000, true) },
      {
        name: "Enum20000",
        schema: {
          type: "object",
          properties: { choice: { type: "string", enum: members } },
          required: ["choice"],
        },
      },
      { name: "Nested40", schema: nested(40) },
    ]);
    expect(result.diagnostics).toEqual([]);
    const dir = await makeTempDir("tv-large-");
    try {
      for (const file of result.output!)
        await fs.writeFile(path.join(dir, file.name), file.content);
      await fs.writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(STRICT_HOST));
      await fs.writeFile(path.join(dir, "package.json"), '{ "type": "module" }');
      const tsc = await run(
        process.execPath,
        [path.join(REPO, "node_modules/typescript/bin/tsc"), "-p", dir],
        dir,
      );
      expect(tsc.stdout + tsc.stderr).toBe("");
      expect(tsc.code).toBe(0);

      const index = await import(path.join(dir, "index.ts"));
      const valid: Record<string, unknown> = {};
      for (let i = 0; i < 2000; i++) valid[`key${i}`] = i % 3 ? "s" : i;
      expect(index.validateRequired2000(valid)).toBeUndefined();
      const wrong = { ...valid, key1: 1, key1999: undefined };
      expect(index.validateRequired2000(wrong)).toEqual([
        { code: "missing", path: ["key1999"] },
        { code: "invalid_type", path: ["key1"], expected: "string", received: "number" },
      ]);
      expect(index.validateEnum20000({ choice: "member19999" })).toBeUndefined();
      expect(index.validateEnum20000({ choice: "Member7" })?.[0]?.hint).toEqual({
        kind: "value",
        value: "member7",
      });
      let deep: unknown = "bottom";
      for (let i = 0; i < 40; i++) deep = { next: deep };
      expect(index.validateNested40(deep)).toBeUndefined();
      let wrongDeep: unknown = 1;
      for (let i = 0; i < 40; i++) wrongDeep = { next: wrongDeep };
      expect(index.validateNested40(wrongDeep)).toEqual([
        {
          code: "invalid_type",
          path: Array.from({ length: 40 }, () => "next"),
          expected: "string",
          received: "number",
        },
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe("text a file cannot hold as it is", () => {
  it("a lone surrogate in a description, a key and an enum value: gen, then the drift check passes", async () => {
    const work = await makeTempDir("tv-surrogate-");
    try {
      await fs.mkdir(path.join(work, "tools"));
      await fs.writeFile(
        path.join(work, "tools/odd.ts"),
        `export const oddTool = {
  name: "Odd",
  config: {
    type: "function",
    function: {
      name: "Odd",
      description: "x\\uD800 y",
      parameters: {
        type: "object",
        properties: {
          "k\\uDC00": { type: "string", description: "lone \\uD83D" },
          mode: { enum: ["a\\uD800", "b"] },
        },
      },
    },
  },
};
`,
      );
      const flags = ["--tools", "tools/*.ts", "--out", "out"];
      const gen = await runMain(flags, work);
      expect(gen.stderr).toBe("");
      expect(gen.code).toBe(0);
      const check = await runMain([...flags, "--check"], work);
      expect(check.stderr).toBe("");
      expect(check.code).toBe(0);
      const text = await fs.readFile(path.join(work, "out/odd.ts"), "utf8");
      expect(text).not.toContain("\uFFFD");
      const odd = await import(path.join(work, "out/index.ts"));
      expect(odd.validateOdd({ "k\uDC00": "v", mode: "a\uD800" })).toBeUndefined();
      expect(odd.validateOdd({ mode: "a" })?.[0]?.code).toBe("invalid_enum");
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});
