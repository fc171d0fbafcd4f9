import type { ToolPlugin } from "./toolPlugin.js";
import { agentTool } from "./agent.js";
import { artifactTool } from "./artifact.js";
import { askUserQuestionTool } from "./askUserQuestion.js";
import { bashTool } from "./bash.js";
import { cronCreateTool, cronDeleteTool, cronListTool } from "./cron.js";
import { editTool } from "./edit.js";
import { globTool } from "./glob.js";
import { grepTool } from "./grep.js";
import { lspTool } from "./lsp.js";
import { enterPlanModeTool, exitPlanModeTool } from "./planMode.js";
import { readTool } from "./read.js";
import { skillTool } from "./skill.js";
import { taskCreateTool, taskGetTool, taskListTool, taskUpdateTool } from "./task.js";
import { taskStopTool } from "./taskStop.js";
import { webFetchTool } from "./webFetch.js";
import { workflowTool } from "./workflow.js";
import { enterWorktreeTool, exitWorktreeTool } from "./worktree.js";
import { writeTool } from "./write.js";

/** Every built-in tool, in the order they are registered. */
export const builtinTools: readonly ToolPlugin<unknown>[] = [
  bashTool,
  taskStopTool,
  readTool,
  writeTool,
  editTool,
  globTool,
  grepTool,
  lspTool,
  agentTool,
  skillTool,
  askUserQuestionTool,
  taskCreateTool,
  taskGetTool,
  taskUpdateTool,
  taskListTool,
  cronCreateTool,
  cronDeleteTool,
  cronListTool,
  webFetchTool,
  enterWorktreeTool,
  exitWorktreeTool,
  enterPlanModeTool,
  exitPlanModeTool,
  workflowTool,
  artifactTool,
];
