import { describe, expect, it } from "vitest";
import {
  Code,
  code,
  commentText,
  jsonValue,
  literal,
  pascalIdentifier,
  propertyName,
} from "../../src/codegen/code/code.js";

describe("the emit module", () => {
  it("quotes every interpolated value that is not code", () => {
    const name = Code.raw("v0");
    expect(code`if (${name} === ${'"; process.exit(1); "'}) {}`.toString()).toBe(
      'if (v0 === "\\"; process.exit(1); \\"") {}',
    );
    expect(code`${1.5} ${true} ${null}`.toString()).toBe("1.5 true null");
  });

  it("escapes U+2028 and U+2029 in literals", () => {
    expect(literal("a\u2028b\u2029c").toString()).toBe('"a\\u2028b\\u2029c"');
  });

  it("builds arrays and objects through JSON.parse so `__proto__` stays an own key", () => {
    const value = JSON.parse('{"__proto__": {"x": 1}}');
    const text = jsonValue(value).toString();
    expect(text).toBe('JSON.parse("{\\"__proto__\\":{\\"x\\":1}}")');
    const rebuilt = new Function(`return ${text}`)();
    expect(Object.hasOwn(rebuilt, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(rebuilt)).toBe(Object.prototype);
  });

  it("writes object keys bare only when they are identifier-safe", () => {
    expect(propertyName("ok_1").toString()).toBe("ok_1");
    expect(propertyName("not ok").toString()).toBe('"not ok"');
    expect(propertyName("-A").toString()).toBe('"-A"');
    expect(propertyName("__proto__").toString()).toBe('"__proto__"');
  });

  it("keeps comment text on one line and unable to close a block", () => {
    expect(commentText("a\nb\u2028c */ d\u0000")).toBe("a\\nb\\u2028c *\\/ d\\u0000");
  });

  it("escapes lone surrogates, which a UTF-8 file cannot hold, and keeps pairs", () => {
    expect(commentText("x\uD800 y\uDC00 \uD83D\uDE00")).toBe("x\\ud800 y\\udc00 \uD83D\uDE00");
    expect(literal("x\uD800").toString()).toBe('"x\\ud800"');
  });

  it("derives export names from letters and digits only", () => {
    expect(pascalIdentifier("TaskUpdate")).toBe("TaskUpdate");
    expect(pascalIdentifier("mcp__server__tool")).toBe("McpServerTool");
    expect(pascalIdentifier('a"); b')).toBe("AB");
    expect(pascalIdentifier("3d")).toBeUndefined();
    expect(pascalIdentifier("ünï")).toBeUndefined();
    expect(pascalIdentifier("---")).toBeUndefined();
  });
});
