import { TASK_UPDATE_TOOL_NAME } from "../constants/tools.js";
import type { ToolPlugin } from "./types.js";

export const taskUpdateTool: ToolPlugin = {
  name: TASK_UPDATE_TOOL_NAME,
  config: {
    type: "function" as const,
    function: {
      name: TASK_UPDATE_TOOL_NAME,
      description: "Changes a task's status.",
      parameters: {
        type: "object",
        properties: {
          taskId: { type: "string" },
          status: { type: "string", enum: ["pending", "in_progress", "completed"] },
        },
        required: ["taskId", "status"],
        additionalProperties: false,
      },
    },
  },
  execute: async (args, context) => {
    const task = context.tasks.get(args.taskId as string);
    if (!task)
      return { success: false, content: "", error: `Task #${String(args.taskId)} not found` };
    task.status = args.status as string;
    return { success: true, content: `Updated task #${String(args.taskId)} status` };
  },
};
