// Arguments nested 100,000 levels deep, sent as the model sends them (JSON text) through the
// whole pipeline: no call fails later because of what an earlier call was allowed to store.
import { describe, expect, it } from "vitest";
import type { AskUserRequest, WorkflowRequest } from "../../../example/types.js";
import { makeManager } from "../../helpers/manager.js";

const DEEP = 100_000;

/** JSON text of `levels` objects inside each other: {"a":{"a":...1...}}. */
function nestedObjects(levels: number): string {
  return '{"a":'.repeat(levels) + "1" + "}".repeat(levels);
}

/** JSON text of `levels` arrays inside each other: [[[...]]]. */
function nestedArrays(levels: number): string {
  return "[".repeat(levels) + "]".repeat(levels);
}

/** How many objects and arrays are nested in a value (counted without recursion). */
function levelsOf(value: unknown): number {
  let levels = 0;
  for (let v = value; typeof v === "object" && v !== null; levels++) {
    v = Array.isArray(v) ? v[0] : Object.values(v)[0];
  }
  return levels;
}

const tooDeep = (key: string) =>
  `metadata may nest objects and arrays at most 32 levels deep (metadata itself is level 1), but the value of "${key}" goes deeper. Store it flatter, e.g. as a JSON string.`;

async function manager(options: Parameters<typeof makeManager>[0] = {}) {
  const { tm } = await makeManager(options);
  return (name: string, json: string) => tm.executeToolCall({ name, arguments: json });
}

describe("task metadata nested 100,000 levels deep", () => {
  it("is refused by TaskUpdate, which changes nothing; TaskGet and TaskList go on working", async () => {
    const call = await manager();
    await call("TaskCreate", '{"subject":"Ship","description":"Ship it","metadata":{"keep":1}}');
    const update = await call(
      "TaskUpdate",
      `{"taskId":"1","subject":"Renamed","metadata":{"deep":${nestedObjects(DEEP)}}}`,
    );
    expect(update).toEqual({ success: false, content: "", error: tooDeep("deep") });
    expect(await call("TaskGet", '{"taskId":"1"}')).toMatchObject({
      success: true,
      content: [
        "Task #1: Ship",
        "Status: pending",
        "Description: Ship it",
        "Blocked by: none",
        "Blocks: none",
        'Metadata: {"keep":1}',
      ].join("\n"),
    });
    expect(await call("TaskList", "{}")).toMatchObject({
      success: true,
      content: "#1 [pending] Ship",
    });
  });

  it("is refused by TaskCreate, which creates no task and uses up no id", async () => {
    const call = await manager();
    const create = await call(
      "TaskCreate",
      `{"subject":"Ship","description":"Ship it","metadata":{"list":${nestedArrays(DEEP)}}}`,
    );
    expect(create).toEqual({ success: false, content: "", error: tooDeep("list") });
    expect((await call("TaskList", "{}")).content).toBe("No tasks found");
    expect((await call("TaskCreate", '{"subject":"Ship","description":"Ship it"}')).content).toBe(
      "Task #1 created successfully: Ship",
    );
  });

  it("is kept up to 32 levels (metadata itself is the first) and shown in full", async () => {
    const call = await manager();
    const atLimit = `{"x":${nestedObjects(31)}}`;
    const created = await call(
      "TaskCreate",
      `{"subject":"Ship","description":"Ship it","metadata":${atLimit}}`,
    );
    expect(created.content).toBe("Task #1 created successfully: Ship");
    expect((await call("TaskGet", '{"taskId":"1"}')).content).toContain(`Metadata: ${atLimit}`);
    const overLimit = await call(
      "TaskUpdate",
      `{"taskId":"1","metadata":{"y":${nestedObjects(32)}}}`,
    );
    expect(overLimit.error).toBe(tooDeep("y"));
    expect((await call("TaskGet", '{"taskId":"1"}')).content).toContain(`Metadata: ${atLimit}`);
  });
});

describe("other arguments nested 100,000 levels deep", () => {
  it("Workflow passes args to the host unchanged", async () => {
    const received: WorkflowRequest[] = [];
    const call = await manager({
      host: {
        async runWorkflow(request) {
          received.push(request);
          return { runId: "run_1", status: "completed", output: "done" };
        },
      },
    });
    const result = await call("Workflow", `{"script":"main()","args":${nestedObjects(DEEP)}}`);
    expect(result).toEqual({
      success: true,
      content: "Workflow run run_1 completed.\ndone",
      shortResult: "workflow run run_1 completed",
      metadata: { runId: "run_1" },
    });
    expect(received).toHaveLength(1);
    expect(levelsOf(received[0]!.args)).toBe(DEEP);
  });

  it("AskUserQuestion reports answers that are not text without asking anyone", async () => {
    const asked: AskUserRequest[] = [];
    const call = await manager({
      host: {
        async askUser(request) {
          asked.push(request);
          return { answers: {} };
        },
      },
    });
    const questions =
      '[{"question":"Which?","header":"Pick","options":[{"label":"a"},{"label":"b"}]}]';
    const result = await call(
      "AskUserQuestion",
      `{"questions":${questions},"answers":{"Which?":${nestedObjects(DEEP)}}}`,
    );
    expect(result.error).toBe(
      "AskUserQuestion failed due to the following issue:\nThe parameter `answers.Which?` type is expected as `string` but provided as `object`",
    );
    expect(asked).toEqual([]);
  });
});
