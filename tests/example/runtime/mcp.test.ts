import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CanUseTool } from "../../../example/runtime/permissions.js";
import { ToolManager } from "../../../example/runtime/toolManager.js";
import { makeTempDir } from "../../helpers/context.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const fixtureServer = {
  command: process.execPath,
  args: ["--import", "tsx", path.join(repoRoot, "tests/fixtures/mcp-server/server.ts")],
  // tsx is resolved from the folder the server starts in.
  cwd: repoRoot,
};

describe("MCP tools", () => {
  let dir: string;
  let tm: ToolManager;
  const canUseTool = vi.fn<CanUseTool>(() => ({ behavior: "allow" }));

  beforeAll(async () => {
    dir = await makeTempDir();
    tm = new ToolManager({
      workdir: dir,
      tools: ["Read"],
      disallowedTools: ["mcp__fixture__last*"],
      canUseTool,
      mcpServers: {
        fixture: fixtureServer,
        spare: fixtureServer,
        broken: {
          command: process.execPath,
          args: ["-e", "console.error('missing API token'); process.exit(3)"],
        },
      },
    });
  });

  afterAll(async () => {
    await tm.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("lists each server's tools as mcp__<server>__<tool> with the server's input schema", async () => {
    const configs = await tm.listTools();
    const names = configs.map((config) => config.function.name);
    expect(names).toEqual([
      "Read",
      ...["echo", "fail"].map((tool) => `mcp__fixture__${tool}`),
      ...["echo", "fail", "last_arguments"].map((tool) => `mcp__spare__${tool}`),
    ]);
    const echo = configs.find((config) => config.function.name === "mcp__fixture__echo")!;
    expect(echo.function.description).toBe("Answers with the JSON of its arguments.");
    expect(echo.function.parameters).toMatchObject({
      type: "object",
      properties: { text: { type: "string" }, count: { type: "number" } },
      required: ["text"],
    });
    expect(tm.getRegisteredTool("mcp__fixture__echo")?.source).toBe("mcp");
  });

  it("reports each server's state", async () => {
    await tm.start();
    const [fixture, spare, broken] = tm.mcpServers();
    expect(fixture).toEqual({
      name: "fixture",
      status: "connected",
      tools: ["echo", "fail", "last_arguments"],
    });
    expect(spare?.status).toBe("connected");
    expect(broken).toMatchObject({ name: "broken", status: "failed" });
  });

  it("calls a tool with the arguments as they are and asks permission first", async () => {
    canUseTool.mockClear();
    const args = { text: "hi", extra: { nested: [1, "two", null] } };
    const result = await tm.executeToolCall({
      name: "mcp__fixture__echo",
      arguments: JSON.stringify(args),
    });
    expect(result).toEqual({ success: true, content: JSON.stringify(args) });
    expect(canUseTool).toHaveBeenCalledWith("mcp__fixture__echo", args);
  });

  it("turns an error result into a failed result", async () => {
    expect(
      await tm.executeToolCall({
        name: "mcp__fixture__fail",
        arguments: '{"reason":"on purpose"}',
      }),
    ).toEqual({ success: false, content: "", error: "fail was asked to fail: on purpose" });
  });

  it("passes incomplete arguments through untouched: the server, not the runtime, refuses them", async () => {
    const result = await tm.executeToolCall({
      name: "mcp__spare__echo",
      arguments: '{"count":"3","note":"no text"}',
    });
    expect(result.success).toBe(false);
    expect(result.error).toContain("Input validation error: Invalid arguments for tool echo");
    const seen = await tm.executeToolCall({ name: "mcp__spare__last_arguments", arguments: "" });
    expect(seen).toEqual({ success: true, content: '{"count":"3","note":"no text"}' });
  });

  it("reports a server that failed to start by name, with what it printed", async () => {
    const result = await tm.executeToolCall({ name: "mcp__broken__anything", arguments: "{}" });
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/^MCP server 'broken' failed to start: /);
    expect(result.error).toContain("missing API token");
  });

  it("does not register MCP tools on the deny list", async () => {
    expect(
      (await tm.executeToolCall({ name: "mcp__fixture__last_arguments", arguments: "" })).error,
    ).toMatch(/^Tool 'mcp__fixture__last_arguments' not found\. Available tools: Read, /);
  });
});

describe("MCP servers that cannot start", () => {
  it("reports a command that does not exist, and the other tools still work", async () => {
    const dir = await makeTempDir();
    const tm = new ToolManager({
      workdir: dir,
      mcpServers: { ghost: { command: path.join(dir, "no-such-server") } },
    });
    try {
      const result = await tm.executeToolCall({ name: "mcp__ghost__x", arguments: "{}" });
      expect(result.error).toMatch(/^MCP server 'ghost' failed to start: .*ENOENT/);
      expect(tm.mcpServers()).toEqual([
        { name: "ghost", status: "failed", error: expect.stringContaining("ENOENT") },
      ]);
      await fs.writeFile(path.join(dir, "a.txt"), "one\n");
      expect(
        await tm.executeToolCall({ name: "Read", arguments: '{"file_path":"a.txt"}' }),
      ).toMatchObject({
        success: true,
      });
    } finally {
      await tm.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("starts nothing once the manager is closed", async () => {
    const dir = await makeTempDir();
    const tm = new ToolManager({ workdir: dir, tools: [], mcpServers: { fixture: fixtureServer } });
    expect(tm.mcpServers()).toEqual([{ name: "fixture", status: "pending" }]);
    await tm.close();
    expect(await tm.listTools()).toEqual([]);
    expect(tm.mcpServers()).toEqual([{ name: "fixture", status: "pending" }]);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
