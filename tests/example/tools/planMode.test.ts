import { afterEach, describe, expect, it } from "vitest";
import { enterPlanModeTool, exitPlanModeTool } from "../../../example/tools/planMode.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

let t: TestContext | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

describe("plan mode tools", () => {
  it("declares empty, closed parameters and the right permissions", () => {
    const empty = { type: "object", properties: {}, required: [], additionalProperties: false };
    expect(enterPlanModeTool.config.function.parameters).toEqual(empty);
    expect(exitPlanModeTool.config.function.parameters).toEqual(empty);
    expect(enterPlanModeTool).toMatchObject({ permission: "none", allowedInPlanMode: true });
    expect(exitPlanModeTool).toMatchObject({ permission: "ask", allowedInPlanMode: true });
  });

  it("enters plan mode and returns to the mode it came from", async () => {
    t = await makeToolContext({ permissionMode: "acceptEdits" });
    const entered = await enterPlanModeTool.execute({}, t.context);
    expect(entered.success).toBe(true);
    expect(entered.content).toMatch(/^Entered plan mode \(was "acceptEdits"\)\./);
    expect(t.session.permissionMode).toBe("plan");
    expect(t.session.modeBeforePlan).toBe("acceptEdits");

    const exited = await exitPlanModeTool.execute({}, t.context);
    expect(exited.content).toBe(
      'Left plan mode; the mode is "acceptEdits" again. Carry out the approved plan.',
    );
    expect(t.session.permissionMode).toBe("acceptEdits");
    expect(t.session.modeBeforePlan).toBeUndefined();
  });

  it("refuses to enter twice and keeps the remembered mode", async () => {
    t = await makeToolContext({ permissionMode: "bypassPermissions" });
    await enterPlanModeTool.execute({}, t.context);
    const again = await enterPlanModeTool.execute({}, t.context);
    expect(again).toEqual({
      success: false,
      content: "",
      error: "The session is already in plan mode. Call ExitPlanMode when the plan is ready.",
    });
    expect(t.session.modeBeforePlan).toBe("bypassPermissions");
  });

  it("refuses to exit when not in plan mode", async () => {
    t = await makeToolContext();
    const result = await exitPlanModeTool.execute({}, t.context);
    expect(result).toEqual({
      success: false,
      content: "",
      error:
        'The session is not in plan mode (the mode is "default"), so there is nothing to exit.',
    });
    expect(t.session.permissionMode).toBe("default");
  });

  it("leaves a session that started in plan mode for the default mode", async () => {
    t = await makeToolContext({ permissionMode: "plan" });
    const result = await exitPlanModeTool.execute({}, t.context);
    expect(result.success).toBe(true);
    expect(t.session.permissionMode).toBe("default");
  });
});
