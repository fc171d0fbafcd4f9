// The benchmark's contenders give our answers (no timing here): every peer, typia and arktype
// included, agrees with the generated validators on every call of both corpora; which calls are
// left out of typia's comparison, and why; the floor walk reads every declared level.
import { Ajv } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { arktypeFor, arkErrors } from "../../bench/arktype.js";
import {
  corporaFor,
  disagreements,
  typiaCallsFor,
  type Corpora,
} from "../../bench/corpus/index.js";
import { floorWalker } from "../../bench/floor.js";
import { compilePeers } from "../../bench/peers.js";
import { loadTools, type BenchTool, type JsonObject } from "../../bench/schemas.js";
import { buildTypia, type TypiaPeer } from "../../bench/typia.js";

const tools = loadTools();
let typia: ReadonlyMap<string, TypiaPeer>;

beforeAll(async () => {
  // `typia generate` once (a few seconds), or what the last bench run left when nothing changed.
  typia = (
    await buildTypia(
      tools.map((tool) => tool.name),
      { reuse: true },
    )
  ).peers;
}, 60_000);

describe("the benchmark's peers", () => {
  it("agree with ours on every call of every tool (typia on the calls it is compared on)", () => {
    for (const tool of tools) {
      const corpora = corporaFor(tool);
      const peers = compilePeers(tool, typia);
      expect(disagreements(tool, corpora, peers, typiaCallsFor(tool, corpora)), tool.name).toEqual(
        [],
      );
    }
  });

  it("typia's generated validators reject undeclared keys and report every error", () => {
    const bash = typia.get("Bash")!;
    expect(bash.equals({ command: "ls" })).toBe(true);
    expect(bash.equals({ command: "ls", cwd: "/" })).toBe(false);
    const result = bash.validateEquals({ command: 1, cwd: "/" });
    expect(result.success).toBe(false);
    expect(result.success ? 0 : result.errors.length).toBe(2);
  });

  it("arktype takes no array for an object, and `integer` as an integer", () => {
    const schema: JsonObject = {
      type: "object",
      properties: { n: { type: "integer" } },
      additionalProperties: false,
    };
    const check = arktypeFor(schema);
    expect(check({ n: 2 }) instanceof arkErrors).toBe(false);
    expect(check({ n: 2.5 }) instanceof arkErrors).toBe(true);
    expect(check([]) instanceof arkErrors).toBe(true);
    expect(check({ m: 1 }) instanceof arkErrors).toBe(true);
  });
});

describe("typia's comparison", () => {
  const read = tools.find((tool) => tool.name === "Read")!;
  // A declaration that says integer, and ajv on it standing in for a validator that enforces it.
  const strict = structuredClone(read.strict) as JsonObject & { properties: JsonObject };
  (strict.properties.offset as JsonObject).type = "integer";
  const integerTool: BenchTool = { ...read, strict };
  const accepts = new Ajv().compile(strict);
  const corpora: Corpora = {
    valid: [{ file_path: "a" }, { file_path: "a", offset: 2 }],
    invalid: [{ args: { file_path: "a", offset: 2.5 }, codes: ["invalid_type"] }],
    wrong: [JSON.parse('{ "file_path": "a", "limit": 1e400 }'), { file_path: 3, offset: 2.5 }],
  };

  it("leaves out the calls where `integer` decides the answer, and non-finite numbers", () => {
    const split = typiaCallsFor(integerTool, corpora, (args) => accepts(args));
    expect(split.calls.valid).toHaveLength(2);
    // offset 2.5 alone: ours rejects it, typia's `number` takes it.
    expect(split.calls.invalid).toHaveLength(0);
    expect(split.excluded.invalid).toEqual({ integer: 1 });
    // Wrong anyway (file_path: 3): both reject it, so it is compared.
    expect(split.calls.wrong).toEqual([{ file_path: 3, offset: 2.5 }]);
    expect(split.excluded.wrong).toEqual({ "non-finite number": 1 });
  });

  it("leaves out nothing of the built-in tools' corpora", () => {
    for (const tool of tools) {
      const { excluded } = typiaCallsFor(tool, corporaFor(tool));
      expect(excluded, tool.name).toEqual({ valid: {}, invalid: {}, wrong: {} });
    }
  });
});

describe("the floor walk", () => {
  it("reads every key and value of every declared level, and checks nothing", () => {
    const ask = tools.find((tool) => tool.name === "AskUserQuestion")!;
    const walk = floorWalker(ask.strict);
    const call = {
      questions: [
        { question: "q", header: "h", options: [{ label: "a" }, { label: "b", description: "d" }] },
      ],
      answers: { q: "a" },
      metadata: { source: "s" },
    };
    // 3 root keys, 1 question, its 3 keys, 2 options, their 3 keys, 1 answer, 1 metadata key.
    expect(walk(call)).toBe(14);
    expect(walk({ questions: "not an array", stray: 1 })).toBe(2);
    expect(walk(null)).toBe(0);
  });
});
