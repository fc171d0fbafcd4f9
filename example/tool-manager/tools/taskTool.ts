import { TASK_UPDATE_TOOL_NAME } from "../constants/tools.js";
import type { ToolPlugin } from "./types.js";

export const taskUpdateTool: ToolPlugin = {
  name: TASK_UPDATE_TOOL_NAME,
  config: {
    type: "function" as const,
    function: {
      name: TASK_UPDATE_TOOL_NAME,
      description: "Changes a task's status, and optionally its owner and metadata.",
      parameters: {
        type: "object",
        properties: {
          taskId: { type: "string" },
          status: { type: "string", enum: ["pending", "in_progress", "completed"] },
          owner: { type: "string", description: "Who works on the task" },
          metadata: { type: "object", description: "Keys to merge into the task's metadata" },
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
    if (typeof args.owner === "string") task.owner = args.owner;
    if (args.metadata) task.metadata = { ...task.metadata, ...(args.metadata as object) };
    return { success: true, content: `Updated task #${String(args.taskId)} status` };
  },
};
