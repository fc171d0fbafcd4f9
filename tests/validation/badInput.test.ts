// Proof 3: bad input of every kind, straight into the real generated validators. None throws;
// each gets the issue the spec gives it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasValidator, validatedToolNames, validateToolArgs } from "../../generated/index.js";
import { validateRead } from "../../generated/read.js";
import { validateTaskCreate } from "../../generated/task-create.js";
import { validateTaskUpdate } from "../../generated/task-update.js";
import { formatValidationError } from "../../generated/index.js";
import { compileSchemas, type CompiledSchemas } from "../helpers/compile.js";

describe("bad input", () => {
  it.each([
    [[], "array"],
    ["text", "string"],
    [42, "number"],
    [null, "null"],
    [true, "boolean"],
    [undefined, "undefined"],
    [NaN, "NaN"],
    [() => 1, "function"],
    [10n, "bigint"],
  ])("arguments %s (not an object) get one root issue from every validator", (args, received) => {
    expect(validatedToolNames.length).toBeGreaterThan(20);
    for (const name of validatedToolNames) {
      expect(validateToolArgs(name, args), name).toEqual([
        { code: "invalid_type", path: [], expected: "object", received },
      ]);
    }
  });

  it("an own `__proto__` key from JSON is an unexpected key, not a prototype", () => {
    const args = JSON.parse('{"subject": "s", "description": "d", "__proto__": {"subject": 1}}');
    expect(validateTaskCreate(args)).toEqual([{ code: "unexpected", path: ["__proto__"] }]);
  });

  it("an object without a prototype is read like any other", () => {
    const args = Object.assign(Object.create(null) as object, { subject: "s", description: "d" });
    expect(validateTaskCreate(args)).toBeUndefined();
    const wrong = Object.assign(Object.create(null) as object, { subject: 1, extra: true });
    expect(validateTaskCreate(wrong)).toEqual([
      { code: "missing", path: ["description"] },
      { code: "unexpected", path: ["extra"] },
      { code: "invalid_type", path: ["subject"], expected: "string", received: "number" },
    ]);
  });

  it("inherited properties never count as present, nor as unexpected", () => {
    const args = Object.create({ taskId: "1", bogus: true }) as object;
    expect(validateTaskUpdate(args)).toEqual([{ code: "missing", path: ["taskId"] }]);
    const polluted = Object.prototype as Record<string, unknown>;
    polluted.taskId = "1";
    try {
      expect(validateTaskUpdate({})).toEqual([{ code: "missing", path: ["taskId"] }]);
      expect(validateTaskUpdate({ taskId: "2" })).toBeUndefined();
    } finally {
      delete polluted.taskId;
    }
  });

  it("a key whose value is undefined is absent: not present for required, not unexpected", () => {
    expect(
      validateRead({ file_path: "a", offset: undefined, whatever: undefined }),
    ).toBeUndefined();
    expect(validateRead({ file_path: undefined })).toEqual([
      { code: "missing", path: ["file_path"] },
    ]);
  });

  it("values JSON cannot carry are named by what they are", () => {
    const issues = validateRead({ file_path: Symbol("x"), offset: NaN, limit: Infinity });
    expect(issues).toEqual([
      { code: "invalid_type", path: ["file_path"], expected: "string", received: "symbol" },
      { code: "invalid_type", path: ["offset"], expected: "number", received: "NaN" },
      { code: "invalid_type", path: ["limit"], expected: "number", received: "Infinity" },
    ]);
    expect(validateRead({ file_path: "a", offset: -Infinity, limit: 5n })).toEqual([
      { code: "invalid_type", path: ["offset"], expected: "number", received: "-Infinity" },
      { code: "invalid_type", path: ["limit"], expected: "number", received: "bigint" },
    ]);
    expect(validateRead({ file_path: () => "a" })?.[0]).toMatchObject({ received: "function" });
  });

  it("a 1,000,000-element array is checked in one pass, each element read once, at most 100 issues kept", () => {
    const size = 1_000_000;
    const ids = Array.from({ length: size }, (_, i) => String(i));
    let reads = 0;
    const counted = new Proxy(ids, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(validateTaskUpdate({ taskId: "1", addBlocks: counted })).toBeUndefined();
    expect(reads).toBe(size);

    // A wrong element in every slot: the validator keeps 100 issues and stops looking at the
    // next one it finds (the 101st element).
    const numbers = Array.from({ length: size }, (_, i) => i);
    reads = 0;
    const countedNumbers = new Proxy(numbers, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const issues = validateTaskUpdate({ taskId: "1", addBlocks: countedNumbers })!;
    expect(issues).toHaveLength(100);
    expect(reads).toBe(101);
    expect(issues[99]).toEqual({
      code: "invalid_type",
      path: ["addBlocks", 99],
      expected: "string",
      received: "number",
    });
    const text = formatValidationError("TaskUpdate", issues);
    expect(text.split("\n")).toHaveLength(1 + 20 + 1);
    expect(text.split("\n").at(-1)).toBe("...and more issues");
  });

  it("values nested beyond the schema are not walked (no stack growth on deep input)", () => {
    let deep: unknown = "bottom";
    for (let i = 0; i < 200_000; i++) deep = { next: deep, list: [deep] };
    expect(
      validateTaskCreate({ subject: "s", description: "d", metadata: deep as object }),
    ).toBeUndefined();
    let deepArray: unknown = [];
    for (let i = 0; i < 200_000; i++) deepArray = [deepArray];
    expect(validateTaskUpdate({ taskId: "1", metadata: { a: deepArray } })).toBeUndefined();
  });

  it("unknown tool names have no validator (and are never looked up on the prototype)", () => {
    for (const name of ["Nope", "constructor", "toString", "__proto__", "hasOwnProperty", ""]) {
      expect(hasValidator(name), name).toBe(false);
      expect(validateToolArgs(name, 5), name).toBeUndefined();
    }
  });
});

describe("enum members compared deeply (JavaScript callers)", () => {
  let compiled: CompiledSchemas;
  beforeAll(async () => {
    compiled = await compileSchemas(
      [
        {
          name: "Pick",
          schema: {
            type: "object",
            properties: {
              choice: { enum: [{ a: 1 }, [1, { b: 2 }]] },
              label: { type: "string" },
            },
          },
        },
      ],
      "strict",
    );
  });
  afterAll(() => compiled.cleanup());
  const validate = (args: unknown) => compiled.validateToolArgs("Pick", args);
  const wrongChoice = [
    { code: "invalid_enum", path: ["choice"], values: [{ a: 1 }, [1, { b: 2 }]] },
  ];

  it("only own enumerable keys count: a hidden `a: 1` does not make `{ b: 2 }` equal `{ a: 1 }`", () => {
    const hidden = Object.defineProperty({ b: 2 }, "a", { value: 1, enumerable: false });
    expect(validate({ choice: hidden })).toEqual(wrongChoice);
    const onlyHidden = Object.defineProperty({}, "a", { value: 1, enumerable: false });
    expect(validate({ choice: onlyHidden })).toEqual(wrongChoice);
    expect(validate({ choice: Object.create({ a: 1 }) as object })).toEqual(wrongChoice);
    expect(validate({ choice: { a: 1 } })).toBeUndefined();
  });

  it("a key whose value is undefined counts as absent, at any depth", () => {
    expect(validate({ choice: { a: 1, b: undefined } })).toBeUndefined();
    expect(validate({ choice: [1, { b: 2, c: undefined }] })).toBeUndefined();
    expect(validate({ choice: { a: undefined } })).toEqual(wrongChoice);
    expect(validate({ choice: { a: 1, b: null } })).toEqual(wrongChoice);
  });

  it("a getter that throws inside the value makes it unequal; sibling issues are kept", () => {
    const choice = {
      get a(): number {
        throw new Error("boom");
      },
    };
    expect(validate({ choice, label: 5, extra: true })).toEqual([
      { code: "unexpected", path: ["extra"] },
      { code: "invalid_type", path: ["label"], expected: "string", received: "number" },
      ...wrongChoice,
    ]);
    const { proxy, revoke } = Proxy.revocable({ a: 1 }, {});
    revoke();
    expect(validate({ choice: [1, proxy], label: 5 })).toEqual([
      { code: "invalid_type", path: ["label"], expected: "string", received: "number" },
      ...wrongChoice,
    ]);
  });
});
