// unionOf: a union of generated types written as hosts' linters accept it
// (no-duplicate-type-constituents, no-redundant-type-constituents).
import { describe, expect, it } from "vitest";
import { unionOf } from "../../src/code/typeUnion.js";

describe("unionOf", () => {
  it("keeps each member once, nested unions taken apart", () => {
    expect(unionOf(["string", "number | string", "null"])).toBe("string | number | null");
  });

  it("drops a literal beside its primitive, and never beside others", () => {
    expect(unionOf(['"a"', "string", "1", "number", "true", "boolean", "never"])).toBe(
      "string | number | boolean",
    );
    expect(unionOf(['"a"', "1", "false"])).toBe('"a" | 1 | false');
    expect(unionOf(["never"])).toBe("never");
  });

  it("is unknown when a member is", () => {
    expect(unionOf(["string", "unknown"])).toBe("unknown");
  });

  it("splits only at the top level, never inside brackets or string literals", () => {
    const members = ['"x | y"', "Array<string | number>", "{ a: 1 | 2 }", "(string | null)[]"];
    expect(unionOf([...members, '"x | y"'])).toBe(members.join(" | "));
    expect(unionOf(['"a\\" | b"', "string"])).toBe("string");
  });

  it("splits never inside comments, whatever they hold (an object type's descriptions)", () => {
    const object = '{\n  /** >z | ( " */\n  a: string | null;\n  // ] | <\n  b: 1;\n}';
    expect(unionOf([object, "null", object])).toBe(`${object} | null`);
  });
});
