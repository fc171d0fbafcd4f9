import type { ValidationIssue } from "../generated/types.js";
import type { ScheduledJob } from "./runtime/cronScheduler.js";
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
  /** When a built-in tool's arguments failed validation: every issue, as data (for logs and UIs). */
  validationIssues?: readonly ValidationIssue[];
  /** Set when the host should end the turn and show the person `reason` (see `validationRetryLimit`). */
  stopTurn?: { reason: string };
}

export type ToolPermission = "none" | "edit" | "ask";

export type PermissionMode = "default" | "acceptEdits" | "plan" | "bypassPermissions";

/** Context available to a tool's `prompt` function when the host builds tool descriptions. */
export interface PromptContext {
  workdir: string;
  availableSubagents: readonly string[];
  availableSkills: readonly string[];
}

/** A subagent run that the Agent tool asks the host for. */
export interface SubagentRequest {
  /** A short label of the task. */
  description: string;
  /** The whole task, as the subagent will read it. */
  prompt: string;
  /** Which kind of subagent to run. */
  subagentType: string;
  /** True when the call returned at once and the run goes on as a background job. */
  runInBackground: boolean;
  /** The background job's id (TaskStop stops it by this id); absent for a run the call awaits. */
  jobId?: string;
  /** The session's working directory when the run started. */
  workdir: string;
  /** Aborted when the call is cancelled or the background job is stopped. */
  signal: AbortSignal;
}

export interface SubagentResult {
  /** The subagent's final report; the model reads it as the tool result. */
  output: string;
}

/** A workflow run that the Workflow tool asks the host for. */
export interface WorkflowRequest {
  /** An inline script (exactly one of `script` and `scriptPath` is given). */
  script?: string;
  /** The absolute path of a script file. */
  scriptPath?: string;
  /** The run's input, passed through as the model gave it. */
  args?: unknown;
  /** The id of an earlier run to resume. */
  resumeFromRunId?: string;
  workdir: string;
  signal?: AbortSignal;
}

export interface WorkflowResult {
  runId: string;
  status: "completed" | "failed";
  /** What the run printed or returned, in words the model can read. */
  output: string;
}

export type LspOperation =
  | "goToDefinition"
  | "findReferences"
  | "hover"
  | "documentSymbol"
  | "workspaceSymbol"
  | "goToImplementation"
  | "prepareCallHierarchy"
  | "incomingCalls"
  | "outgoingCalls";

/** A language-server query that the LSP tool asks the host for. */
export interface LspRequest {
  operation: LspOperation;
  /** The absolute path of the file. */
  filePath: string;
  /** Zero-based line, as the language server protocol counts. */
  line: number;
  /** Zero-based character offset within the line. */
  character: number;
  signal?: AbortSignal;
}

export interface LspResponse {
  /** The language server's result as the protocol defines it for the operation; null for none. */
  result: unknown;
}

export interface UserQuestion {
  question: string;
  header: string;
  options: { label: string; description?: string }[];
  multiSelect: boolean;
}

/** Questions that the AskUserQuestion tool asks the person through the host. */
export interface AskUserRequest {
  questions: UserQuestion[];
  /** Answers the call already carried (question text -> answer), for the host to pre-fill. */
  answers?: Record<string, string>;
  /** Where the questions come from, for the host's records. */
  source?: string;
  signal?: AbortSignal;
}

export interface AskUserResponse {
  /** The person's answer per question text; several chosen options are joined with ", ". */
  answers: Record<string, string>;
  /** True when the person dismissed the questions without answering. */
  declined?: boolean;
}

/** A file that the Artifact tool asks the host to show to the person. */
export interface ArtifactRequest {
  /** The absolute path of the file. */
  filePath: string;
  label?: string;
  favicon?: string;
  url?: string;
  /** Show it again even if the host already shows this file. */
  force: boolean;
  signal?: AbortSignal;
}

export interface ArtifactResponse {
  /** Where the person can see the artifact, when the host has an address for it. */
  url?: string;
}

/**
 * Services only the host application can provide (a subagent runner, a workflow engine, a
 * language server, a person to ask, an artifact viewer). Tools that need one fail with a clear
 * result when the host has not provided it.
 */
export interface HostServices {
  /** The subagent types `runSubagent` accepts (the Agent tool lists them and checks against them). */
  subagentTypes?: readonly string[];
  runSubagent?(request: SubagentRequest): Promise<SubagentResult>;
  runWorkflow?(request: WorkflowRequest): Promise<WorkflowResult>;
  lsp?(request: LspRequest): Promise<LspResponse>;
  askUser?(request: AskUserRequest): Promise<AskUserResponse>;
  showArtifact?(request: ArtifactRequest): Promise<ArtifactResponse>;
  /** Receives a cron job's prompt when it fires (CronCreate); without it jobs fire into nothing. */
  onScheduledPrompt?(job: ScheduledJob): void | Promise<void>;
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
