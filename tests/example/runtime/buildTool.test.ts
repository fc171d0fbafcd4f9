import { describe, expect, it } from "vitest";
import { buildTool, isCustomTool } from "../../../example/runtime/buildTool.js";
import { ToolRegistry } from "../../../example/runtime/toolRegistry.js";
import { readTool } from "../../../example/tools/read.js";

const execute = async () => ({ success: true, content: "ok" });

describe("buildTool", () => {
  it("builds the declaration from the properties map with defaults for required and additionalProperties", () => {
    const tool = buildTool({
      name: "Lookup",
      description: "Looks a customer up.",
      parameters: { id: { type: "string", description: "The customer id." } },
      execute,
    });
    expect(tool.name).toBe("Lookup");
    expect(tool.config).toEqual({
      type: "function",
      function: {
        name: "Lookup",
        description: "Looks a customer up.",
        parameters: {
          type: "object",
          properties: { id: { type: "string", description: "The customer id." } },
          required: [],
          additionalProperties: false,
        },
      },
    });
    expect(tool.execute).toBe(execute);
    expect(tool.permission).toBe("ask");
    expect(tool).not.toHaveProperty("prompt");
    expect(tool).not.toHaveProperty("formatCompactParams");
  });

  it("keeps required, additionalProperties, prompt, formatCompactParams and permission", () => {
    const prompt = () => "dynamic";
    const formatCompactParams = (args: { id: string }) => args.id;
    const tool = buildTool<{ id: string }>({
      name: "Lookup",
      description: "Looks a customer up.",
      parameters: { id: { type: "string" } },
      required: ["id"],
      additionalProperties: { type: "number" },
      prompt,
      formatCompactParams,
      permission: "none",
      execute,
    });
    expect(tool.config.function.parameters).toMatchObject({
      required: ["id"],
      additionalProperties: { type: "number" },
    });
    expect(tool.prompt).toBe(prompt);
    expect(tool.formatCompactParams).toBe(formatCompactParams);
    expect(tool.permission).toBe("none");
    expect(
      buildTool({ name: "T", description: "d", parameters: {}, prompt: "text", execute }).prompt,
    ).toBe("text");
  });

  it("marks its tools as custom, and the mark is not part of the JSON declaration", () => {
    const tool = buildTool({ name: "Read", description: "d", parameters: {}, execute });
    expect(isCustomTool(tool)).toBe(true);
    expect(isCustomTool({ ...tool })).toBe(true);
    expect(isCustomTool(readTool)).toBe(false);
    // A symbol key: serialising the tool shows only its ordinary fields.
    expect(Object.keys(JSON.parse(JSON.stringify(tool))).sort()).toEqual([
      "config",
      "name",
      "permission",
    ]);
  });

  it("is never registered as a built-in, even when handed in among the built-ins", () => {
    const registry = new ToolRegistry();
    const tool = buildTool({ name: "Read", description: "d", parameters: {}, execute });
    registry.register(readTool, "builtin");
    expect(registry.get("Read")?.source).toBe("builtin");
    registry.register(tool, "builtin");
    expect(registry.get("Read")).toEqual({ tool, source: "custom" });
  });
});
