// The generated validators in the real tool-call pipeline: every acceptance scenario (CONTRACT.md section 6),
// with spies on hooks and permission, and the exact text the model reads.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { buildTool } from "../../../example/runtime/buildTool.js";
import type { CanUseTool } from "../../../example/runtime/permissions.js";
import type { ToolManagerOptions } from "../../../example/runtime/toolManager.js";
import { readTool } from "../../../example/tools/read.js";
import type { ToolContext } from "../../../example/types.js";
import { makeManager } from "../../helpers/manager.js";
import { REPO } from "../../helpers/spawn.js";

/** A manager on a fresh folder with spies on every step after validation. */
async function pipeline(options: Partial<ToolManagerOptions> = {}) {
  const preToolUse = vi.fn(() => undefined);
  const postToolUse = vi.fn(() => undefined);
  const canUseTool = vi.fn<CanUseTool>(() => ({ behavior: "allow" }));
  const { tm, dir, call } = await makeManager({
    hooks: { PreToolUse: [preToolUse], PostToolUse: [postToolUse] },
    canUseTool,
    ...options,
  });
  /** Nothing after validation ran. */
  const expectNothingRan = () => {
    expect(preToolUse).not.toHaveBeenCalled();
    expect(canUseTool).not.toHaveBeenCalled();
    expect(postToolUse).not.toHaveBeenCalled();
  };
  return { tm, dir, call, preToolUse, postToolUse, canUseTool, expectNothingRan };
}

describe("validation in the tool-call pipeline", () => {
  it("the independent test: TaskUpdate with `id` instead of `taskId` names both and changes nothing", async () => {
    const { tm, call, preToolUse, postToolUse } = await pipeline();
    await call("TaskCreate", { subject: "one", description: "first" });
    await call("TaskCreate", { subject: "two", description: "second" });

    const wrong = await call("TaskUpdate", { id: "2", status: "completed" });
    expect(wrong).toEqual({
      success: false,
      content: "",
      error: [
        "TaskUpdate failed due to the following issues:",
        "The required parameter `taskId` is missing",
        "An unexpected parameter `id` was provided",
        "Hint: did you mean `taskId` instead of `id`?",
      ].join("\n"),
      validationIssues: [
        { code: "missing", path: ["taskId"] },
        { code: "unexpected", path: ["id"], hint: { kind: "key", key: "taskId" } },
      ],
    });
    expect(tm.session.tasks.get("2")?.status).toBe("pending");
    expect(preToolUse).toHaveBeenCalledTimes(2);
    expect(postToolUse).toHaveBeenCalledTimes(2);

    const right = await call("TaskUpdate", { taskId: "2", status: "completed" });
    expect(right.success).toBe(true);
    expect(tm.session.tasks.get("2")?.status).toBe("completed");
    expect(tm.session.tasks.get("1")?.status).toBe("pending");
  });

  it("scenario 1 and 10: a missing required parameter stops the call before hooks, permission and execution", async () => {
    const { dir, call, expectNothingRan } = await pipeline();
    const result = await call("Write", { file_path: "notes.txt" });
    expect(result.error).toBe(
      "Write failed due to the following issue:\nThe required parameter `content` is missing",
    );
    expectNothingRan();
    await expect(fs.access(path.join(dir, "notes.txt"))).rejects.toThrow();
  });

  it("scenario 2: an undeclared key is named", async () => {
    const { call, expectNothingRan } = await pipeline();
    const result = await call("TaskGet", { taskId: "1", id: "1" });
    expect(result.error).toBe(
      "TaskGet failed due to the following issue:\nAn unexpected parameter `id` was provided",
    );
    expectNothingRan();
  });

  it('scenario 3: "20" for a number is a type error, not a 20', async () => {
    const { dir, call } = await pipeline();
    await fs.writeFile(path.join(dir, "a.txt"), "x\n".repeat(30));
    const result = await call("Read", { file_path: "a.txt", offset: "20" });
    expect(result.error).toBe(
      [
        "Read failed due to the following issue:",
        "The parameter `offset` type is expected as `number` but provided as `string`",
        "Hint: `offset` is JSON text inside a string; send the number itself",
      ].join("\n"),
    );
  });

  it("validationHints: false gives Claude Code's text exactly; the hints stay on the issues", async () => {
    const { tm } = await pipeline({ validationHints: false });
    const result = await tm.executeToolCall({
      name: "TaskUpdate",
      arguments: '{"id": "2", "status": "Completed "}',
    });
    expect(result.error).toBe(
      [
        "TaskUpdate failed due to the following issues:",
        "The required parameter `taskId` is missing",
        "An unexpected parameter `id` was provided",
        'The parameter `status` is invalid: expected one of "pending"|"in_progress"|"completed"|"deleted"',
      ].join("\n"),
    );
    expect(result.validationIssues?.map((issue) => "hint" in issue && issue.hint)).toEqual([
      false,
      { kind: "key", key: "taskId" },
      { kind: "value", value: "completed" },
    ]);
  });

  it("scenario 4: a value outside the enum lists the allowed values", async () => {
    const { call } = await pipeline();
    const result = await call("Grep", { pattern: "x", output_mode: "lines" });
    expect(result.error).toBe(
      'Grep failed due to the following issue:\nThe parameter `output_mode` is invalid: expected one of "content"|"files_with_matches"|"count"',
    );
    const exit = await call("ExitWorktree", { action: "delete" });
    expect(exit.error).toBe(
      'ExitWorktree failed due to the following issue:\nThe parameter `action` is invalid: expected one of "keep"|"remove"',
    );
  });

  it("scenario 5: null for an optional string is a type error, not an absent key", async () => {
    const { call } = await pipeline();
    const result = await call("Grep", { pattern: "x", path: null });
    expect(result.error).toBe(
      "Grep failed due to the following issue:\nThe parameter `path` type is expected as `string` but provided as `null`",
    );
  });

  it("scenario 6: valid calls behave exactly as without validation (optional keys left out, free metadata)", async () => {
    const { tm, dir, call, preToolUse, canUseTool } = await pipeline();
    await fs.writeFile(path.join(dir, "a.txt"), "alpha\nbeta\n");
    const context: ToolContext = { workdir: dir, session: tm.session, host: tm.session.host };
    expect(await call("Read", { file_path: "a.txt" })).toEqual(
      await readTool.execute({ file_path: "a.txt" }, context),
    );
    expect(preToolUse).toHaveBeenCalledTimes(1);

    const metadata = { owner: { team: "core", members: ["a", "b"] }, anything: null, n: 1 };
    const created = await call("TaskCreate", { subject: "s", description: "d", metadata });
    expect(created.success).toBe(true);
    expect(tm.session.tasks.get("1")?.metadata).toEqual({
      owner: { team: "core", members: ["a", "b"] },
      n: 1,
    });
    const updated = await call("TaskUpdate", {
      taskId: "1",
      metadata: { n: null, extra: { deep: true } },
    });
    expect(updated.success).toBe(true);
    expect(tm.session.tasks.get("1")?.metadata).toEqual({
      owner: { team: "core", members: ["a", "b"] },
      extra: { deep: true },
    });

    const written = await call("Write", { file_path: "out.txt", content: "hi\n" });
    expect(written.success).toBe(true);
    expect(canUseTool).toHaveBeenCalledWith("Write", { file_path: "out.txt", content: "hi\n" });
    expect(await fs.readFile(path.join(dir, "out.txt"), "utf8")).toBe("hi\n");
  });

  it("scenario 7: a failed validation is an ordinary result; the session goes on", async () => {
    const { call } = await pipeline();
    const failedCall = await call("TaskCreate", { subject: 1 });
    expect(failedCall.success).toBe(false);
    expect(failedCall.error).toBe(
      [
        "TaskCreate failed due to the following issues:",
        "The required parameter `description` is missing",
        "The parameter `subject` type is expected as `string` but provided as `number`",
      ].join("\n"),
    );
    const retried = await call("TaskCreate", { subject: "s", description: "d" });
    expect(retried).toMatchObject({ success: true, content: "Task #1 created successfully: s" });
  });

  it("scenario 8: MCP tools are not validated: incomplete arguments reach the server", async () => {
    const server = {
      command: process.execPath,
      args: ["--import", "tsx", path.join(REPO, "tests/fixtures/mcp-server/server.ts")],
      cwd: REPO,
    };
    const { call, preToolUse } = await pipeline({ mcpServers: { fixture: server } });
    const echo = await call("mcp__fixture__echo", { text: "hi", surprise: 1 });
    expect(echo.success).toBe(true);
    expect(preToolUse).toHaveBeenCalledTimes(1);
    const incomplete = await call("mcp__fixture__echo", {});
    expect(preToolUse).toHaveBeenCalledTimes(2);
    expect(incomplete.validationIssues).toBeUndefined();
    expect(incomplete.error ?? "").not.toContain("failed due to the following");
    const last = await call("mcp__fixture__last_arguments", {});
    expect(JSON.parse(last.content)).toEqual({});
  });

  it("scenario 9: custom tools are not validated, even one that replaces a built-in", async () => {
    const lookup = vi.fn(async () => ({ success: true, content: "looked up" }));
    const replacement = vi.fn(async (args: Record<string, unknown>) => ({
      success: true,
      content: JSON.stringify(args),
    }));
    const { tm, call } = await pipeline({
      customTools: [
        buildTool({
          name: "Lookup",
          description: "d",
          parameters: { id: { type: "string" } },
          required: ["id"],
          execute: lookup,
        }),
        buildTool({
          name: "Read",
          description: "custom read",
          parameters: { path: { type: "string" } },
          execute: replacement,
        }),
      ],
    });
    expect(await call("Lookup", { wrong: 1 })).toMatchObject({
      success: true,
      content: "looked up",
    });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(tm.getRegisteredTool("Read")?.source).toBe("custom");
    expect(await call("Read", { bogus: true })).toMatchObject({
      success: true,
      content: '{"bogus":true}',
    });
  });

  it("names every nested mistake with its full path", async () => {
    const { call } = await pipeline();
    const result = await call("AskUserQuestion", {
      questions: [
        {
          question: "Which?",
          header: "Pick",
          options: [{ label: "A" }, { description: "no label" }],
          colour: "red",
        },
        { question: 42, header: "H", options: "none", multiSelect: "yes" },
      ],
      answers: { "Which?": 1 },
    });
    expect(result.error).toBe(
      [
        "AskUserQuestion failed due to the following issues:",
        "The required parameter `questions[0].options[1].label` is missing",
        "An unexpected parameter `questions[0].colour` was provided",
        "The parameter `questions[1].question` type is expected as `string` but provided as `number`",
        "The parameter `questions[1].options` type is expected as `array` but provided as `string`",
        "The parameter `questions[1].multiSelect` type is expected as `boolean` but provided as `string`",
        "The parameter `answers.Which?` type is expected as `string` but provided as `number`",
      ].join("\n"),
    );
  });

  it("arguments that are not an object get the root message", async () => {
    const { tm } = await pipeline();
    for (const [text, received] of [
      ["[]", "array"],
      ['"x"', "string"],
      ["5", "number"],
      ["null", "null"],
    ]) {
      const result = await tm.executeToolCall({ name: "TaskList", arguments: text! });
      expect(result.error).toBe(
        `TaskList failed due to the following issue:\nThe input type is expected as \`object\` but provided as \`${received}\``,
      );
    }
  });

  it("CronList reports a stray key like every other built-in, and lists no jobs", async () => {
    const { tm, call, expectNothingRan } = await pipeline();
    tm.session.crons.create({
      cron: "0 9 * * *",
      prompt: "standup",
      recurring: true,
      durable: true,
    });
    expect(await call("CronList", { all: true })).toEqual({
      success: false,
      content: "",
      error:
        "CronList failed due to the following issue:\nAn unexpected parameter `all` was provided",
      validationIssues: [{ code: "unexpected", path: ["all"] }],
    });
    expectNothingRan();
    const listed = await call("CronList", {});
    expect(listed.success).toBe(true);
    expect(listed.content).toMatch(/^cron_1: "0 9 \* \* \*" next run /);
  });

  it("bad JSON is reported before validation", async () => {
    const { tm, expectNothingRan } = await pipeline();
    const result = await tm.executeToolCall({ name: "Write", arguments: '{"file_path": ' });
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/^The arguments of Write are not valid JSON: /);
    expect(result.validationIssues).toBeUndefined();
    expectNothingRan();
  });
});
