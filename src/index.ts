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
  issueLine,
} from "./validation/formatValidationError.js";
export { hasValidator, validateToolArgs } from "../generated/index.js";
export type { IssuePath, ValidationIssue, Validator } from "../generated/types.js";
