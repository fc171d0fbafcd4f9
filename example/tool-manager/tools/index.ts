export { readTool } from "./readTool.js";
export { taskUpdateTool } from "./taskTool.js";
export type { Task, ToolContext, ToolPlugin, ToolResult } from "./types.js";
