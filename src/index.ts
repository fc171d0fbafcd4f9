export type * from "./types.js";
export {
  buildTool,
  isCustomTool,
  type BuildToolOptions,
  type CustomToolPlugin,
} from "./buildTool.js";
export {
  ToolManager,
  type HookBlock,
  type PostToolUseHook,
  type PreToolUseHook,
  type ToolCallInfo,
  type ToolCallRequest,
  type ToolHooks,
  type ToolManagerOptions,
} from "./runtime/toolManager.js";
export type { CanUseTool, PermissionDecision } from "./runtime/permissions.js";
export type { McpServerConfig, McpServerStatus } from "./runtime/mcp.js";
export type { RegisteredTool, ToolSource } from "./runtime/toolRegistry.js";
export type { BackgroundJob } from "./runtime/backgroundJobs.js";
export { Session, type SessionOptions, type WorktreeState } from "./runtime/session.js";
export { builtinTools } from "./tools/index.js";
export {
  formatPath,
  formatValidationError,
  hasValidator,
  hintLine,
  issueLine,
  validateToolArgs,
  validatorFor,
  type FormatOptions,
  type IssuePath,
  type ValidationHint,
  type ValidationIssue,
  type Validator,
} from "../generated/index.js";
