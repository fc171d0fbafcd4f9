// The wave-style tool manager (example/tool-manager, docs/tool-manager.md): the real tool
// manager and AI manager with the generated validators wired in.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AIManager } from "../../../example/tool-manager/managers/aiManager.js";
import { MessageManager } from "../../../example/tool-manager/managers/messageManager.js";
import { TRUNCATION_NOTE } from "../../../example/tool-manager/managers/toolArguments.js";
import { ToolManager } from "../../../example/tool-manager/managers/toolManager.js";
import { spans } from "../../../example/tool-manager/telemetry/spans.js";
import {
  builtInTools,
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

function setup(customTools: readonly ToolPlugin[] = []) {
  const context: ToolContext = {
    files: new Map([["notes.md", "# Notes\nline 2\nline 3"]]),
    tasks: new Map([["2", { subject: "Tag the release", status: "pending" }]]),
  };
  const toolManager = new ToolManager(context, customTools);
  toolManager.initializeBuiltInTools();
  const messages = new MessageManager();
  const hook = vi.fn<(name: string, args: Record<string, unknown>) => string | undefined>();
  const ai = new AIManager(toolManager, messages, [hook]);
  return { context, toolManager, messages, hook, ai };
}

describe("the wave-style tool manager", () => {
  beforeEach(() => {
    expect(spans().open).toEqual([]);
  });

  // #region validators
  it("has a generated validator for every built-in tool", () => {
    expect(missingValidators(builtInTools.map((tool) => tool.name))).toEqual([]);
  });
  // #endregion validators

  it("answers a wrong call to a built-in with the text, runs nothing, and ends its span", async () => {
    const { context, toolManager } = setup();
    const result = await toolManager.execute("TaskUpdate", { id: "2", status: "completed" });
    expect(result).toEqual({ success: false, content: "", error: TASK_UPDATE_TEXT });
    expect(context.tasks.get("2")!.status).toBe("pending");
    expect(spans().open).toEqual([]);
    expect(spans().ended.at(-1)).toEqual({ name: "TaskUpdate", ended: { success: false } });

    const right = await toolManager.execute("TaskUpdate", { taskId: "2", status: "completed" });
    expect(right).toEqual({ success: true, content: "Updated task #2 status" });
    expect(context.tasks.get("2")!.status).toBe("completed");
    expect(spans().open).toEqual([]);
  });

  it("does not validate a custom tool registered under a built-in's name", async () => {
    const execute = vi.fn(async () => ({ success: true, content: "custom" }));
    const custom: ToolPlugin = {
      name: "TaskUpdate",
      config: { type: "function", function: { name: "TaskUpdate", description: "mine" } },
      execute,
    };
    const { toolManager } = setup([custom]);
    expect(toolManager.validateArgs("TaskUpdate", { id: "2" })).toBeUndefined();
    expect(await toolManager.execute("TaskUpdate", { id: "2" })).toEqual({
      success: true,
      content: "custom",
    });
    expect(execute).toHaveBeenCalledWith({ id: "2" }, expect.anything());
  });

  it("drops the validator of a built-in that is unregistered", () => {
    const { toolManager } = setup();
    expect(toolManager.validateArgs("Read", {})).toContain("`file_path` is missing");
    toolManager.unregister("Read");
    expect(toolManager.validateArgs("Read", {})).toBeUndefined();
    expect(toolManager.list()).toEqual(["TaskUpdate"]);
  });
});

describe("the wave-style AI manager", () => {
  it("validates before the PreToolUse hooks: a wrong call runs no hook", async () => {
    const { ai, hook, messages, context } = setup();
    await ai.executeToolCall({
      id: "call_1",
      name: "TaskUpdate",
      arguments: '{"id":"2","status":"completed"}',
    });
    expect(hook).not.toHaveBeenCalled();
    expect(messages.blocks).toEqual([
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
  });

  it("keeps the note on repaired truncated JSON when the repaired call fails validation", async () => {
    const { ai, hook, messages } = setup();
    // Cut off in the middle of the second key: read as {"taskId":"2"}.
    await ai.executeToolCall({ id: "call_1", name: "TaskUpdate", arguments: '{"taskId":"2","sta' });
    expect(hook).not.toHaveBeenCalled();
    const error = [
      "TaskUpdate failed due to the following issue:",
      "The required parameter `status` is missing",
      "",
      TRUNCATION_NOTE,
    ].join("\n");
    expect(messages.blocks[0]).toMatchObject({ success: false, result: `Error: ${error}`, error });
  });

  it("runs a repaired call that is valid, with the note after the result", async () => {
    const { ai, hook, messages } = setup();
    await ai.executeToolCall({
      id: "call_1",
      name: "Read",
      arguments: '{"file_path":"notes.md","offset":2',
    });
    expect(hook).toHaveBeenCalledWith("Read", { file_path: "notes.md", offset: 2 });
    expect(messages.blocks[0]).toMatchObject({
      stage: "end",
      success: true,
      result: `line 2\nline 3\n\n${TRUNCATION_NOTE}`,
    });
  });

  it("validates on the forked path that runs a plugin itself", async () => {
    const { ai } = setup();
    expect(await ai.executeForkTool("Read", { path: "notes.md" })).toBe(
      [
        "Error: Read failed due to the following issues:",
        "The required parameter `file_path` is missing",
        "An unexpected parameter `path` was provided",
        "Hint: did you mean `file_path` instead of `path`?",
      ].join("\n"),
    );
    expect(await ai.executeForkTool("Read", { file_path: "notes.md" })).toBe(
      "Error: File not found",
    );
  });
});
