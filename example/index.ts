// The reference host's entry point: an agent runtime that uses the generated validators exactly
// as another code base would (it is not part of the package). example/ is layered; each folder
// imports only from the folders above it in this list (`npm run check:cycles` finds any cycle
// between files or folders):
//   core/      the shared types (types.ts) and the tool-result helpers (results.ts)
//   services/  what tools use: the session, task store, background jobs, cron scheduler, shell, skills
//   tools/     the tool contract (toolPlugin.ts) and the built-in tools
//   runtime/   the tool manager and what only it uses: registry, permissions, MCP, buildTool
export type * from "./types.js";
export {
  buildTool,
  isCustomTool,
  type BuildToolOptions,
  type CustomToolPlugin,
} from "./runtime/buildTool.js";
export {
  ToolManager,
  type HookBlock,
  type PostToolUseHook,
  type PreToolUseHook,
  type ToolCallInfo,
  type ToolCallRequest,
  type ToolHooks,
  type ToolManagerOptions,
  type ValidationFailureEvent,
} from "./runtime/toolManager.js";
export type { CanUseTool, PermissionDecision } from "./runtime/permissions.js";
export type { McpServerConfig, McpServerStatus } from "./runtime/mcp.js";
export type { RegisteredTool, ToolSource } from "./runtime/toolRegistry.js";
export type { BackgroundJob } from "./services/backgroundJobs.js";
export { Session, type SessionOptions, type WorktreeState } from "./services/session.js";
export { builtinTools } from "./tools/index.js";
export {
  failureRecord,
  formatPath,
  formatValidationError,
  hasValidator,
  hintLine,
  issueLine,
  validateToolArgs,
  validatorFor,
  type FailureRecord,
  type FormatOptions,
  type IssuePath,
  type RecordedIssue,
  type ValidationHint,
  type ValidationIssue,
  type Validator,
} from "../generated/index.js";
