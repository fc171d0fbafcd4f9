// The retry cap: off by default (a failed validation stays an ordinary recoverable result);
// when set, the Nth consecutive validation failure of one tool in a turn asks the host to stop.
import { describe, expect, it } from "vitest";
import { makeManager } from "../../helpers/manager.js";

const manager = makeManager;

const wrongGet = { id: "1" };
const WRONG_GET_TEXT =
  "TaskGet failed due to the following issues:\nThe required parameter `taskId` is missing\nAn unexpected parameter `id` was provided\nHint: did you mean `taskId` instead of `id`?";

describe("validation retry cap", () => {
  it("is off by default: every failure is an ordinary result", async () => {
    const { call } = await manager();
    for (let i = 0; i < 10; i++) {
      const result = await call("TaskGet", wrongGet);
      expect(result).toEqual({
        success: false,
        content: "",
        error: WRONG_GET_TEXT,
        validationIssues: [
          { code: "missing", path: ["taskId"] },
          { code: "unexpected", path: ["id"], hint: { kind: "key", key: "taskId" } },
        ],
      });
    }
  });

  it("stops the turn at the Nth consecutive failure of the same tool", async () => {
    const { call } = await manager({ validationRetryLimit: 3 });
    expect((await call("TaskGet", wrongGet)).stopTurn).toBeUndefined();
    expect((await call("TaskGet", wrongGet)).stopTurn).toBeUndefined();
    const third = await call("TaskGet", wrongGet);
    expect(third.success).toBe(false);
    expect(third.error).toBe(WRONG_GET_TEXT);
    expect(third.stopTurn).toEqual({
      reason: `TaskGet was called with invalid arguments 3 times in a row; the turn should stop here so that the person can see what went wrong:\n${WRONG_GET_TEXT}`,
    });
  });

  it("counts each tool on its own, and a valid call of the tool starts its count again", async () => {
    const { call } = await manager({ validationRetryLimit: 2 });
    expect((await call("TaskGet", wrongGet)).stopTurn).toBeUndefined();
    expect((await call("Read", {})).stopTurn).toBeUndefined();
    expect((await call("TaskGet", { taskId: "9" })).error).toBe("Task #9 not found");
    expect((await call("TaskGet", wrongGet)).stopTurn).toBeUndefined();
    expect((await call("Read", {})).stopTurn).toBeDefined();
    expect((await call("TaskGet", wrongGet)).stopTurn).toBeDefined();
  });

  it("starts again with each turn", async () => {
    const { tm, call } = await manager({ validationRetryLimit: 2 });
    await call("TaskGet", wrongGet);
    tm.startTurn();
    expect((await call("TaskGet", wrongGet)).stopTurn).toBeUndefined();
    expect((await call("TaskGet", wrongGet)).stopTurn).toBeDefined();
  });

  it("rejects a limit that is not a whole number of at least 1", async () => {
    await expect(manager({ validationRetryLimit: 0 })).rejects.toThrow(
      "validationRetryLimit must be a whole number of at least 1, not 0",
    );
  });
});
