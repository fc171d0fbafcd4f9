// The tool contract: what a tool is and what its body may use. Built-in tools, custom tools
// (buildTool) and MCP tools all have this shape.
import type {
  HostServices,
  PromptContext,
  ToolConfig,
  ToolPermission,
  ToolResult,
} from "../core/types.js";
import type { Session } from "../services/session.js";

/** Everything a tool body may use. */
export interface ToolContext {
  /** The session's current working directory (it moves into a worktree on EnterWorktree). */
  readonly workdir: string;
  /** Mutable per-session state: tasks, background jobs, schedules, permission mode, worktree. */
  readonly session: Session;
  /** Services the host passes in. */
  readonly host: HostServices;
  /** Aborted when the host cancels the turn. */
  readonly signal?: AbortSignal;
}

/**
 * A tool. `Args` is the shape of the arguments after validation; built-in tools use the type
 * generated from their own declaration. `execute` is a method so that a tool with narrower
 * arguments is still a `ToolPlugin`.
 */
export interface ToolPlugin<Args = Record<string, unknown>> {
  name: string;
  config: ToolConfig;
  /**
   * How the permission step treats a call: "none" never asks (reads, the session's own
   * bookkeeping); "edit" changes files (allowed without asking in acceptEdits mode); "ask"
   * (the default) asks `canUseTool` unless the mode allows everything.
   */
  permission?: ToolPermission;
  /** Plan mode denies "edit" and "ask" tools unless this is true (ExitPlanMode). */
  allowedInPlanMode?: boolean;
  /** A description built at run time (replaces `config.function.description` when present). */
  prompt?: string | ((context: PromptContext) => string);
  /** A short rendering of the arguments for tool-call headers in a UI. */
  formatCompactParams?(args: Args, context: PromptContext): string;
  execute(args: Args, context: ToolContext): Promise<ToolResult>;
}
