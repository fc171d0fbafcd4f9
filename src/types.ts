import type { Session } from "./runtime/session.js";

/** A JSON Schema object as tools declare it (only a few keywords are enforced; see SPEC). */
export interface JsonSchema {
  type?: string | readonly string[];
  description?: string;
  properties?: { readonly [key: string]: JsonSchema };
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | readonly JsonSchema[];
  enum?: readonly unknown[];
  nullable?: boolean;
  [keyword: string]: unknown;
}

/** The declaration shown to the model (OpenAI function-calling shape). */
export interface ToolConfig {
  type: "function";
  function: {
    name: string;
    description: string;
    parameters?: JsonSchema;
  };
}

/** What a tool call gives back to the model. */
export interface ToolResult {
  success: boolean;
  /** The text the model reads on success (may be empty on failure). */
  content: string;
  /** Why the call failed, in words the model can act on. */
  error?: string;
  /** A one-line summary for compact UIs. */
  shortResult?: string;
  /** Extra structured data for hosts and logs (never shown to the model). */
  metadata?: Record<string, unknown>;
}

export type ToolPermission = "none" | "edit" | "ask";

export type PermissionMode = "default" | "acceptEdits" | "plan" | "bypassPermissions";

/** Context available to a tool's `prompt` function when the host builds tool descriptions. */
export interface PromptContext {
  workdir: string;
  availableSubagents: readonly string[];
  availableSkills: readonly string[];
}

/**
 * Services only the host application can provide (a subagent runner, a workflow engine, a
 * language server, a person to ask, an artifact viewer). Tools that need one fail with a clear
 * result when the host has not provided it.
 */
export interface HostServices {
  [service: string]: unknown;
}

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
