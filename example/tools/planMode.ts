import type { ToolPlugin } from "./toolPlugin.js";
import { ENTER_PLAN_MODE_TOOL_NAME, EXIT_PLAN_MODE_TOOL_NAME } from "./names.js";
import type { EnterPlanModeArgs, ExitPlanModeArgs } from "../../generated/index.js";
import { failed } from "../core/results.js";

export const enterPlanModeTool: ToolPlugin<EnterPlanModeArgs> = {
  name: ENTER_PLAN_MODE_TOOL_NAME,
  permission: "none",
  allowedInPlanMode: true,
  config: {
    type: "function",
    function: {
      name: ENTER_PLAN_MODE_TOOL_NAME,
      description: `Switches the session to plan mode: explore and design without changing anything (tools that edit files or act on the world are refused). When the plan is ready, call ${EXIT_PLAN_MODE_TOOL_NAME} so the person can approve it and work can start.`,
      parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
    },
  },
  async execute(_args, context) {
    const session = context.session;
    if (session.permissionMode === "plan") {
      return failed(
        `The session is already in plan mode. Call ${EXIT_PLAN_MODE_TOOL_NAME} when the plan is ready.`,
      );
    }
    session.modeBeforePlan = session.permissionMode;
    session.permissionMode = "plan";
    return {
      success: true,
      content: `Entered plan mode (was "${session.modeBeforePlan}"). Read and explore freely, but do not edit files or run commands that change anything. Present the plan, then call ${EXIT_PLAN_MODE_TOOL_NAME}.`,
      shortResult: "plan mode on",
    };
  },
};

export const exitPlanModeTool: ToolPlugin<ExitPlanModeArgs> = {
  name: EXIT_PLAN_MODE_TOOL_NAME,
  // Leaving plan mode is the person's decision: the permission step asks them.
  permission: "ask",
  allowedInPlanMode: true,
  config: {
    type: "function",
    function: {
      name: EXIT_PLAN_MODE_TOOL_NAME,
      description: `Asks to leave plan mode once the plan has been presented; on approval the session returns to the mode it had before ${ENTER_PLAN_MODE_TOOL_NAME} and the plan can be carried out.`,
      parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
    },
  },
  async execute(_args, context) {
    const session = context.session;
    if (session.permissionMode !== "plan") {
      return failed(
        `The session is not in plan mode (the mode is "${session.permissionMode}"), so there is nothing to exit.`,
      );
    }
    // A session started in plan mode has no earlier mode to return to.
    const restored = session.modeBeforePlan ?? "default";
    session.permissionMode = restored;
    session.modeBeforePlan = undefined;
    return {
      success: true,
      content: `Left plan mode; the mode is "${restored}" again. Carry out the approved plan.`,
      shortResult: "plan mode off",
    };
  },
};
