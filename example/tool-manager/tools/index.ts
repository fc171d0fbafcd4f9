import { readTool } from "./readTool.js";
import { taskUpdateTool } from "./taskTool.js";
import type { ToolPlugin } from "./types.js";

export const builtInTools: readonly ToolPlugin[] = [readTool, taskUpdateTool];
export type { ToolContext, ToolPlugin, ToolResult } from "./types.js";
