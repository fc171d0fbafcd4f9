// The wave-style tool manager (example/tool-manager, docs/tool-manager.md): the real tool
// manager and AI manager with the generated validators wired in, through the acceptance
// scenarios of a tool call (SPEC.md section 6).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AIManager, type ToolCall } from "../../../example/tool-manager/managers/aiManager.js";
import { McpManager } from "../../../example/tool-manager/managers/mcpManager.js";
import { MessageManager } from "../../../example/tool-manager/managers/messageManager.js";
import { TRUNCATION_NOTE } from "../../../example/tool-manager/managers/toolArguments.js";
import {
  ToolManager,
  type ToolManagerOptions,
} from "../../../example/tool-manager/managers/toolManager.js";
import { spans } from "../../../example/tool-manager/telemetry/spans.js";
import {
  readTool,
  taskUpdateTool,
  type ToolContext,
  type ToolPlugin,
} from "../../../example/tool-manager/tools/index.js";
import { missingValidators } from "../../../example/tool-manager/generated/index.js";

const TASK_UPDATE_TEXT = [
  "TaskUpdate failed due to the following issues:",
  "The required parameter `taskId` is missing",
  "An unexpected parameter `id` was provided",
  "Hint: did you mean `taskId` instead of `id`?",
].join("\n");

function setup(options: Omit<ToolManagerOptions, "mcpManager"> = {}) {
  const context: ToolContext = {
    files: new Map([["notes.md", "# Notes\nline 2\nline 3"]]),
    tasks: new Map([["2", { subject: "Tag the release", status: "pending" }]]),
  };
  const mcpTool = vi.fn(async () => ({ success: true, content: "from the server" }));
  const mcpManager = new McpManager(new Map([["mcp__notes__search", mcpTool]]));
  const toolManager = new ToolManager({ ...options, mcpManager });
  toolManager.initializeBuiltInTools();
  const messageManager = new MessageManager();
  const hook = vi.fn<(name: string, args: Record<string, unknown>) => string | undefined>();
  const ai = new AIManager({ toolManager, messageManager, context, hooks: [hook] });
  return { context, toolManager, messageManager, hook, ai, mcpTool };
}

function call(name: string, args: string, id = "call_1"): ToolCall {
  return { id, type: "function", function: { name, arguments: args } };
}

describe("the wave-style tool manager", () => {
  beforeEach(() => {
    expect(spans().open).toEqual([]);
  });

  // #region validators
  it("has a generated validator for every built-in tool", () => {
    expect(missingValidators([readTool, taskUpdateTool].map((tool) => tool.name))).toEqual([]);
  });
  // #endregion validators

  it("answers a wrong call to a built-in with the text, runs nothing, and ends its span", async () => {
    const { context, toolManager } = setup();
    const result = await toolManager.execute(
      "TaskUpdate",
      { id: "2", status: "completed" },
      context,
    );
    expect(result).toEqual({ success: false, content: "", error: TASK_UPDATE_TEXT });
    expect(context.tasks.get("2")!.status).toBe("pending");
    expect(spans().open).toEqual([]);
    expect(spans().ended.at(-1)).toMatchObject({
      name: "TaskUpdate",
      ended: { success: false, error: TASK_UPDATE_TEXT },
    });

    const args = { taskId: "2", status: "completed" };
    const right = await toolManager.execute("TaskUpdate", args, context);
    expect(right).toEqual({ success: true, content: "Updated task #2 status" });
    expect(context.tasks.get("2")!.status).toBe("completed");
    expect(spans().open).toEqual([]);
  });

  it.each([
    // 3: a string where a number is declared is not converted.
    [
      "Read",
      { file_path: "notes.md", offset: "2" },
      "The parameter `offset` type is expected as `number` but provided as `string`",
    ],
    // 4: a value outside the enum.
    [
      "TaskUpdate",
      { taskId: "2", status: "done" },
      'The parameter `status` is invalid: expected one of "pending"|"in_progress"|"completed"',
    ],
    // 5: null is not an absent optional string.
    [
      "TaskUpdate",
      { taskId: "2", status: "completed", owner: null },
      "The parameter `owner` type is expected as `string` but provided as `null`",
    ],
  ])("rejects %s %j, and the tool does not run", async (name, args, line) => {
    const { context, toolManager } = setup();
    const result = await toolManager.execute(name, args, context);
    expect(result.success).toBe(false);
    expect(result.error!.split("\n")).toContain(line);
    expect(context.tasks.get("2")!.status).toBe("pending");
    expect(spans().open).toEqual([]);
  });

  it("runs a valid call as it ran without validation (optional parameters left out, free metadata)", async () => {
    const { context, toolManager } = setup();
    expect(await toolManager.execute("Read", { file_path: "notes.md" }, context)).toEqual({
      success: true,
      content: "# Notes\nline 2\nline 3",
    });
    const args = { taskId: "2", status: "in_progress", metadata: { sprint: 4, labels: ["x"] } };
    expect(await toolManager.execute("TaskUpdate", args, context)).toMatchObject({ success: true });
    expect(context.tasks.get("2")).toMatchObject({
      status: "in_progress",
      metadata: { sprint: 4, labels: ["x"] },
    });
  });

  it("does not validate an MCP tool", async () => {
    const { context, toolManager, mcpTool } = setup();
    expect(toolManager.validateArgs("mcp__notes__search", { anything: 1 })).toBeUndefined();
    const result = await toolManager.execute("mcp__notes__search", { anything: 1 }, context);
    expect(result).toEqual({ success: true, content: "from the server" });
    expect(mcpTool).toHaveBeenCalledWith({ anything: 1 }, context);
    expect(spans().open).toEqual([]);
  });

  it("does not validate a custom tool registered under a built-in's name", async () => {
    const execute = vi.fn(async () => ({ success: true, content: "custom" }));
    const custom: ToolPlugin = {
      name: "TaskUpdate",
      config: { type: "function", function: { name: "TaskUpdate", description: "mine" } },
      execute,
    };
    // Through the options, and through register() after start-up.
    for (const { context, toolManager } of [
      setup({ customTools: [custom] }),
      (() => {
        const made = setup();
        made.toolManager.register(custom);
        return made;
      })(),
    ]) {
      expect(toolManager.validateArgs("TaskUpdate", { id: "2" })).toBeUndefined();
      expect(await toolManager.execute("TaskUpdate", { id: "2" }, context)).toEqual({
        success: true,
        content: "custom",
      });
      expect(execute).toHaveBeenLastCalledWith({ id: "2" }, context);
    }
  });

  it("drops the validator of a feature-gated built-in that a reload takes out", async () => {
    let tasksOn = true;
    const { context, toolManager } = setup({ isFeatureEnabled: () => tasksOn });
    expect(toolManager.validateArgs("TaskUpdate", {})).toContain("`taskId` is missing");
    tasksOn = false;
    toolManager.reloadFeatureGatedTools();
    expect(toolManager.validateArgs("TaskUpdate", {})).toBeUndefined();
    expect(toolManager.getTools().map((tool) => tool.name)).toEqual(["Read"]);
    expect(await toolManager.execute("TaskUpdate", {}, context)).toEqual({
      success: false,
      content: "",
      error: "Tool 'TaskUpdate' not found",
    });
    tasksOn = true;
    toolManager.reloadFeatureGatedTools();
    expect(toolManager.validateArgs("TaskUpdate", {})).toContain("`taskId` is missing");
  });

  it("validates only the tools the options enable", () => {
    const { toolManager } = setup({ tools: ["read"] });
    expect(toolManager.validateArgs("Read", {})).toContain("`file_path` is missing");
    expect(toolManager.validateArgs("TaskUpdate", {})).toBeUndefined();
  });
});

describe("the wave-style AI manager", () => {
  it("validates before the PreToolUse hooks: a wrong call runs no hook, and the turn goes on", async () => {
    const { ai, hook, messageManager, context } = setup();
    await ai.executeToolCall(call("TaskUpdate", '{"id":"2","status":"completed"}'));
    expect(hook).not.toHaveBeenCalled();
    expect(messageManager.blocks).toEqual([
      {
        id: "call_1",
        name: "TaskUpdate",
        parameters: '{"id":"2","status":"completed"}',
        stage: "end",
        success: false,
        result: `Error: ${TASK_UPDATE_TEXT}`,
        error: TASK_UPDATE_TEXT,
      },
    ]);
    expect(context.tasks.get("2")!.status).toBe("pending");
    expect(spans().open).toEqual([]);

    // The model corrects the call: it runs, after the hook.
    await ai.executeToolCall(call("TaskUpdate", '{"taskId":"2","status":"completed"}', "call_2"));
    expect(hook).toHaveBeenCalledWith("TaskUpdate", { taskId: "2", status: "completed" });
    expect(messageManager.blocks[1]).toMatchObject({ id: "call_2", success: true });
    expect(context.tasks.get("2")!.status).toBe("completed");
  });

  it("keeps the note on repaired truncated JSON when the repaired call fails validation", async () => {
    const { ai, hook, messageManager } = setup();
    // Cut off in the middle of the second key: read as {"taskId":"2"}.
    await ai.executeToolCall(call("TaskUpdate", '{"taskId":"2","sta'));
    expect(hook).not.toHaveBeenCalled();
    const error = [
      "TaskUpdate failed due to the following issue:",
      "The required parameter `status` is missing",
      "",
      TRUNCATION_NOTE,
    ].join("\n");
    expect(messageManager.blocks[0]).toMatchObject({
      success: false,
      result: `Error: ${error}`,
      error,
    });
  });

  it("runs a repaired call that is valid, with the note after the result", async () => {
    const { ai, hook, messageManager } = setup();
    await ai.executeToolCall(call("Read", '{"file_path":"notes.md","offset":2'));
    expect(hook).toHaveBeenCalledWith("Read", { file_path: "notes.md", offset: 2 });
    expect(messageManager.blocks[0]).toMatchObject({
      stage: "end",
      success: true,
      result: `line 2\nline 3\n\n${TRUNCATION_NOTE}`,
    });
  });

  it("validates on the forked path that runs a plugin itself", async () => {
    const { ai, context } = setup();
    expect(await ai.executeForkTool("Read", { path: "notes.md" }, context)).toBe(
      [
        "Error: Read failed due to the following issues:",
        "The required parameter `file_path` is missing",
        "An unexpected parameter `path` was provided",
        "Hint: did you mean `file_path` instead of `path`?",
      ].join("\n"),
    );
    expect(await ai.executeForkTool("Read", { file_path: "notes.md", offset: 3 }, context)).toBe(
      "line 3",
    );
  });
});
