// Hostile schema text (quotes, backticks, `${`, `*/`, newlines, U+2028, `constructor`,
// `toString`, names with nothing usable for an identifier) must stay data: the generated
// code runs nothing it should not and validates exactly what was declared.
import fs from "node:fs";
import path from "node:path";
import { Node, Project } from "ts-morph";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CODEGEN_FIXTURES, importCaseOutput } from "../helpers/golden.js";
import type { Validator } from "../../generated/index.js";

interface HostileOutput {
  hasValidator(toolName: string): boolean;
  validateHostileProcessExit1: Validator;
  validateIndex: Validator;
  validateToolb9cf933c: Validator;
  validateToolArgs(toolName: string, args: unknown): ReturnType<Validator>;
  validatedToolNames: readonly string[];
}

// The golden folder holds the tool modules and index.ts; the case's whole output (support
// modules included) is written into a temporary folder to be imported.
const {
  hasValidator,
  validateHostileProcessExit1,
  validateIndex,
  validateToolb9cf933c,
  validateToolArgs,
  validatedToolNames,
} = await importCaseOutput<HostileOutput>("hostile");

const HOSTILE_NAME = 'Hostile"); process.exit(1); //';
const EXPECTED_DIR = path.join(CODEGEN_FIXTURES, "hostile/expected");

let exit: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  exit = vi.spyOn(process, "exit").mockImplementation(() => {
    throw new Error("generated code called process.exit");
  });
});
afterEach(() => {
  expect(exit).not.toHaveBeenCalled();
  exit.mockRestore();
});

const valid = () => ({ 'a"b': "x", constructor: "c", "new\nline": "n" });

describe("generated code from hostile declarations", () => {
  it("calls only the functions the emitter itself writes", () => {
    // What the emitter writes: the runtime's helpers, the built-ins it uses, and functions and
    // lists it names with a counter (c0, e1, u2.push, e3.has).
    const allowed = new Set([
      "Number.isFinite",
      "Number.isInteger",
      "Array.isArray",
      "Object.freeze",
      "JSON.parse",
      "String",
      "(Object.prototype as ObjectMethods).hasOwnProperty.call",
      "append",
      "missing",
      "unexpectedKeys",
      "keyList",
      "wrongType",
      "wrongValue",
      "notAllowed",
      "caught",
      "finish",
      "finishAfter",
      "isMember",
      "validators.has",
      "validators.get",
      // Each tool's Standard Schema, the map of them, and the check for missing validators.
      "standardSchema",
      "Object.assign",
      "Object.create",
      "hasValidator",
      "missingValidators",
      "missing.includes",
      "missing.push",
      "JSON.stringify",
    ]);
    const counterNamed = /^(?:[ce]\d+|[ue]\d+\.(?:push|has))$/;
    // The support files (runtime.ts, message.ts, similarity.ts, types.ts, failures.ts,
    // standard.ts, forms.ts) are this package's own sources, the same text whatever the
    // declarations say.
    const support = new Set([
      "runtime.ts",
      "message.ts",
      "similarity.ts",
      "types.ts",
      "failures.ts",
      "standard.ts",
      "forms.ts",
    ]);
    const project = new Project({ useInMemoryFileSystem: true });
    for (const name of fs.readdirSync(EXPECTED_DIR)) {
      if (support.has(name)) continue;
      const file = project.createSourceFile(
        name,
        fs.readFileSync(path.join(EXPECTED_DIR, name), "utf8"),
      );
      const calls = file
        .getDescendants()
        .filter(Node.isCallExpression)
        .map((call) => call.getExpression().getText());
      // Type guards call their own validator, by a name made of letters and digits only.
      for (const callee of calls) {
        if (/^validate[A-Za-z0-9]+$/.test(callee) || counterNamed.test(callee)) continue;
        expect(allowed, `${name}: ${callee}`).toContain(callee);
      }
      // Every schema text is inside a string literal: no identifier spells `process`.
      const identifiers = file
        .getDescendants()
        .filter(Node.isIdentifier)
        .map((id) => id.getText());
      expect(identifiers, name).not.toContain("process");
    }
  });

  it("accepts a valid call and lists the missing keys in declaration order", () => {
    expect(validateHostileProcessExit1(valid())).toBeUndefined();
    expect(validateHostileProcessExit1({})).toEqual([
      { code: "missing", path: ['a"b'] },
      { code: "missing", path: ["new\nline"] },
      { code: "missing", path: ["constructor"] },
    ]);
  });

  it("never counts an inherited key (`constructor`, `toString`) as present", () => {
    const inherited = Object.create({ 'a"b': "x", "new\nline": "n" }) as object;
    expect(validateHostileProcessExit1(inherited)).toEqual([
      { code: "missing", path: ['a"b'] },
      { code: "missing", path: ["new\nline"] },
      { code: "missing", path: ["constructor"] },
    ]);
  });

  it("checks the types of keys with quotes, backticks, ${, */, U+2028 and empty keys", () => {
    const args = {
      ...valid(),
      "back`tick": 1,
      "${process.exit(3)}": "3",
      "*/ process.exit(4); /*": "yes",
      "line\u2028separator": false,
      toString: 2,
      hasOwnProperty: 1.5,
      "": null,
      "0": [],
    };
    // "0" comes first: JavaScript lists integer keys before the others, whatever the source order.
    expect(validateHostileProcessExit1(args)).toEqual([
      { code: "invalid_type", path: ["0"], expected: "string", received: "array" },
      { code: "invalid_type", path: ["back`tick"], expected: "string", received: "number" },
      {
        code: "invalid_type",
        path: ["${process.exit(3)}"],
        expected: "number",
        received: "string",
        hint: { kind: "json", type: "number" },
      },
      {
        code: "invalid_type",
        path: ["*/ process.exit(4); /*"],
        expected: "boolean",
        received: "string",
      },
      {
        code: "invalid_type",
        path: ["line\u2028separator"],
        expected: "string",
        received: "boolean",
      },
      { code: "invalid_type", path: ["toString"], expected: "string", received: "number" },
      { code: "invalid_type", path: ["hasOwnProperty"], expected: "integer", received: "number" },
      { code: "invalid_type", path: [""], expected: "string", received: "null" },
    ]);
  });

  it("compares enum members as data", () => {
    for (const mode of [
      '"; process.exit(6); "',
      "`${process.exit(7)}`",
      "*/",
      "x\u2028y",
      "__proto__",
      "constructor",
    ]) {
      expect(validateHostileProcessExit1({ ...valid(), mode }), mode).toBeUndefined();
    }
    expect(validateHostileProcessExit1({ ...valid(), mode: "toString" })).toEqual([
      {
        code: "invalid_enum",
        path: ["mode"],
        values: [
          '"; process.exit(6); "',
          "`${process.exit(7)}`",
          "*/",
          "x\u2028y",
          "__proto__",
          "constructor",
        ],
      },
    ]);
    expect(
      validateHostileProcessExit1({ ...valid(), shape: { constructor: { polluted: true } } }),
    ).toBeUndefined();
    expect(validateHostileProcessExit1({ ...valid(), shape: ["toString"] })).toBeUndefined();
    const wrong = [
      { constructor: { polluted: false } },
      JSON.parse('{"__proto__": {"polluted": true}}'),
      ["constructor"],
      {},
    ];
    for (const shape of wrong) {
      expect(
        validateHostileProcessExit1({ ...valid(), shape })?.[0]?.code,
        JSON.stringify(shape),
      ).toBe("invalid_enum");
    }
  });

  it("reports an own `__proto__` key from JSON as unexpected, nested keys with their full path", () => {
    const args = JSON.parse(
      '{"a\\"b": "x", "constructor": "c", "new\\nline": "n", "__proto__": {"polluted": true}, "nested": {"\'single\'": 1, "extra": 2}}',
    );
    expect(validateHostileProcessExit1(args)).toEqual([
      { code: "missing", path: ["nested", "\\"] },
      { code: "unexpected", path: ["nested", "extra"] },
      { code: "unexpected", path: ["__proto__"] },
      {
        code: "invalid_type",
        path: ["nested", "'single'"],
        expected: "string",
        received: "number",
      },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("dispatches by the exact tool name, including names that are not identifiers", () => {
    expect(validatedToolNames).toEqual([HOSTILE_NAME, "index", "ünïcødé-tööl"]);
    expect(validateToolArgs(HOSTILE_NAME, {})).toHaveLength(3);
    expect(validateToolArgs("Hostile", {})).toBeUndefined();
    expect(hasValidator("ünïcødé-tööl")).toBe(true);
    expect(hasValidator("toString")).toBe(false);
    expect(hasValidator("__proto__")).toBe(false);
    expect(validateToolb9cf933c({ ключ: "значение" })).toBeUndefined();
    expect(validateToolb9cf933c({})).toEqual([{ code: "missing", path: ["ключ"] }]);
    expect(validateIndex({})).toBeUndefined();
    expect(validateIndex({ a: 1 })).toEqual([{ code: "unexpected", path: ["a"] }]);
  });
});
