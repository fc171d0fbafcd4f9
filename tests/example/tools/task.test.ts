import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  taskCreateTool,
  taskGetTool,
  taskListTool,
  taskUpdateTool,
} from "../../../example/tools/task.js";
import type { ToolContext } from "../../../example/types.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

let t: TestContext;
let context: ToolContext;

beforeEach(async () => {
  t = await makeToolContext();
  context = t.context;
});
afterEach(async () => {
  await t.cleanup();
});

async function create(subject: string, extra: Record<string, unknown> = {}) {
  return taskCreateTool.execute({ subject, description: `do ${subject}`, ...extra }, context);
}

describe("task tools", () => {
  it("declares TaskList with exactly an empty properties object and every task tool as 'none'", () => {
    expect(taskListTool.config.function.parameters).toEqual({ type: "object", properties: {} });
    for (const tool of [taskCreateTool, taskGetTool, taskUpdateTool, taskListTool]) {
      expect(tool.permission).toBe("none");
    }
    expect(taskCreateTool.config.function.parameters?.properties?.metadata).toMatchObject({
      type: "object",
    });
  });

  it("gives ids 1, 2, 3 in creation order and never reuses a deleted id", async () => {
    expect((await create("a")).content).toBe("Task #1 created successfully: a");
    expect((await create("b")).content).toBe("Task #2 created successfully: b");
    await taskUpdateTool.execute({ taskId: "2", status: "deleted" }, context);
    expect((await create("c")).content).toBe("Task #3 created successfully: c");
    expect(t.session.tasks.list().map((task) => task.id)).toEqual(["1", "3"]);
  });

  it("creates pending tasks with empty links and shows them in full", async () => {
    await create("Write docs", { activeForm: "Writing docs", metadata: { area: "docs" } });
    const got = await taskGetTool.execute({ taskId: "1" }, context);
    expect(got.success).toBe(true);
    expect(got.content).toBe(
      [
        "Task #1: Write docs",
        "Status: pending",
        "Active form: Writing docs",
        "Description: do Write docs",
        "Blocked by: none",
        "Blocks: none",
        'Metadata: {"area":"docs"}',
      ].join("\n"),
    );
  });

  it("reports an unknown id with the exact text, for TaskGet and TaskUpdate", async () => {
    expect(await taskGetTool.execute({ taskId: "9" }, context)).toEqual({
      success: false,
      content: "",
      error: "Task #9 not found",
    });
    expect(await taskUpdateTool.execute({ taskId: "9", status: "completed" }, context)).toEqual({
      success: false,
      content: "",
      error: "Task #9 not found",
    });
  });

  it("links addBlocks and addBlockedBy in both directions, without duplicates", async () => {
    await create("a");
    await create("b");
    await create("c");
    const first = await taskUpdateTool.execute({ taskId: "1", addBlocks: ["2", "2"] }, context);
    expect(first.content).toBe("Updated task #1 blocks");
    await taskUpdateTool.execute({ taskId: "3", addBlockedBy: ["1"] }, context);
    // Same link from the other side: nothing new.
    const again = await taskUpdateTool.execute({ taskId: "2", addBlockedBy: ["1"] }, context);
    expect(again.content).toBe("Task #2 unchanged (nothing differed from its current state)");
    const store = t.session.tasks;
    expect(store.get("1")).toMatchObject({ blocks: ["2", "3"], blockedBy: [] });
    expect(store.get("2")).toMatchObject({ blocks: [], blockedBy: ["1"] });
    expect(store.get("3")).toMatchObject({ blocks: [], blockedBy: ["1"] });
  });

  it("rejects self-links and unknown ids and then changes nothing", async () => {
    await create("a");
    await create("b");
    const self = await taskUpdateTool.execute({ taskId: "1", addBlocks: ["1"] }, context);
    expect(self.error).toBe("Task #1 cannot be linked to itself (addBlocks).");
    const unknown = await taskUpdateTool.execute(
      { taskId: "1", subject: "renamed", addBlocks: ["2"], addBlockedBy: ["7"] },
      context,
    );
    expect(unknown).toEqual({
      success: false,
      content: "",
      error: "Task #7 not found (in addBlockedBy)",
    });
    expect(t.session.tasks.get("1")).toMatchObject({ subject: "a", blocks: [], blockedBy: [] });
    expect(t.session.tasks.get("2")).toMatchObject({ blockedBy: [] });
  });

  it("deleting a task removes it from the other tasks' links", async () => {
    await create("a");
    await create("b");
    await create("c");
    await taskUpdateTool.execute({ taskId: "2", addBlockedBy: ["1"], addBlocks: ["3"] }, context);
    const deleted = await taskUpdateTool.execute({ taskId: "2", status: "deleted" }, context);
    expect(deleted.content).toBe("Task #2 deleted");
    expect(t.session.tasks.get("2")).toBeUndefined();
    expect(t.session.tasks.get("1")).toMatchObject({ blocks: [], blockedBy: [] });
    expect(t.session.tasks.get("3")).toMatchObject({ blocks: [], blockedBy: [] });
    expect((await taskGetTool.execute({ taskId: "2" }, context)).error).toBe("Task #2 not found");
  });

  it("merges metadata key by key and deletes keys set to null", async () => {
    await create("a", { metadata: { keep: 1, drop: "x", nested: { a: 1 } } });
    const result = await taskUpdateTool.execute(
      { taskId: "1", metadata: { drop: null, nested: { b: 2 }, added: true } },
      context,
    );
    expect(result.content).toBe("Updated task #1 metadata");
    expect(t.session.tasks.get("1")!.metadata).toEqual({ keep: 1, nested: { b: 2 }, added: true });
  });

  it("keeps a '__proto__' metadata key from JSON as plain data", async () => {
    await create("a");
    const metadata = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    await taskUpdateTool.execute({ taskId: "1", metadata }, context);
    const stored = t.session.tasks.get("1")!.metadata;
    expect(Object.keys(stored)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses metadata that contains itself (it has no depth to keep)", async () => {
    const metadata: Record<string, unknown> = { label: "loop" };
    metadata.self = metadata;
    const result = await create("a", { metadata });
    expect(result.error).toBe(
      'metadata may nest objects and arrays at most 32 levels deep (metadata itself is level 1), but the value of "self" goes deeper. Store it flatter, e.g. as a JSON string.',
    );
    expect(t.session.tasks.list()).toEqual([]);
  });

  it("updates fields and status and names what changed", async () => {
    await create("a");
    const result = await taskUpdateTool.execute(
      { taskId: "1", status: "in_progress", owner: "agent-1", subject: "a2" },
      context,
    );
    expect(result.content).toBe("Updated task #1 subject, owner, status");
    expect(t.session.tasks.get("1")).toMatchObject({
      subject: "a2",
      status: "in_progress",
      owner: "agent-1",
    });
    const empty = await taskUpdateTool.execute({ taskId: "1", subject: "  " }, context);
    expect(empty.error).toBe("The task subject must not be empty.");
  });

  it("lists every task with status, owner and open blockers only", async () => {
    expect((await taskListTool.execute({}, context)).content).toBe("No tasks found");
    await create("design");
    await create("build");
    await create("ship");
    await taskUpdateTool.execute({ taskId: "3", addBlockedBy: ["1", "2"] }, context);
    await taskUpdateTool.execute({ taskId: "1", status: "completed", owner: "ana" }, context);
    const list = await taskListTool.execute({}, context);
    expect(list.content).toBe(
      [
        "#1 [completed] design (owner: ana)",
        "#2 [pending] build",
        "#3 [pending] ship [blocked by #2]",
      ].join("\n"),
    );
    const got = await taskGetTool.execute({ taskId: "3" }, context);
    expect(got.content).toContain("Blocked by: #1 (completed), #2 (pending)");
  });
});
