// `enum` checks in each of their three forms (src/keywords/enum.ts): up to 8 members compared
// one by one, 9 to 64 strings told apart by length first, more through a Set. Each form must
// accept exactly the members: every string of up to 7 letters over "ab" (many of one length,
// which the length switch must still tell apart) is checked against the member list itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileSchemas, type CompiledSchemas } from "../helpers/compile.js";

/** Every string over "ab" of 0 to 7 letters, in a fixed order. */
function words(): string[] {
  const all = [""];
  for (let length = 1; length <= 7; length++) {
    for (let bits = 0; bits < 1 << length; bits++) {
      let word = "";
      for (let i = 0; i < length; i++) word += bits & (1 << i) ? "b" : "a";
      all.push(word);
    }
  }
  return all;
}

/** `count` members picked from `words()` with a fixed step, so that lengths repeat. */
function members(count: number): string[] {
  const all = words();
  return Array.from({ length: count }, (_, i) => all[(i * 7 + 3) % all.length]!);
}

const SIZES = [3, 9, 40, 64, 65, 200];
let compiled: CompiledSchemas;

beforeAll(async () => {
  compiled = await compileSchemas(
    [
      ...SIZES.map((size) => ({
        name: `Strings${size}`,
        schema: { type: "string", enum: members(size) },
      })),
      // No declared type: the check must reject values of other types by itself.
      { name: "Untyped", schema: { enum: members(20) } },
    ],
    // Standard mode takes a schema of any type at the root.
    "standard",
  );
});
afterAll(async () => {
  await compiled?.cleanup();
});

describe("enum members", () => {
  it.each(SIZES)("%i string members: exactly the members pass", (size) => {
    const listed = new Set(members(size));
    expect(listed.size).toBe(size);
    for (const word of words()) {
      const issues = compiled.validateToolArgs(`Strings${size}`, word);
      expect(issues === undefined, JSON.stringify(word)).toBe(listed.has(word));
      if (issues !== undefined) expect(issues[0]?.code).toBe("invalid_enum");
    }
  });

  it("each form is the one its size asks for", () => {
    const file = (size: number) => compiled.files.get(`strings${size}.ts`) ?? "";
    expect(file(3)).not.toMatch(/switch \(v\.length\)|new Set/);
    expect(file(9)).toMatch(/switch \(v\.length\)/);
    expect(file(64)).toMatch(/switch \(v\.length\)/);
    expect(file(65)).toMatch(/new Set/);
  });

  it("without a declared type, values of other types fail and members pass", () => {
    for (const value of [0, 1, null, true, ["a"], { a: 1 }]) {
      expect(compiled.validateToolArgs("Untyped", value)?.[0]?.code).toBe("invalid_enum");
    }
    for (const member of members(20)) {
      expect(compiled.validateToolArgs("Untyped", member)).toBeUndefined();
    }
  });
});
