// The types every layer shares: what a tool call gives back, how tools are declared and
// permitted, and the services only the host provides. Nothing here imports from the rest of src.
import type { ValidationIssue } from "../../generated/types.js";

/** A JSON Schema object as tools declare it (only a few keywords are enforced; see CONTRACT.md section 3). */
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

/** A prompt the session runs on a cron schedule (CronCreate). */
export interface ScheduledJob {
  readonly id: string;
  /** A 5-field cron expression, read in local time. */
  readonly cron: string;
  readonly prompt: string;
  /** False: the job fires once, then it is removed. */
  readonly recurring: boolean;
  /** True: kept in the project's scheduled_tasks.json and loaded again by later sessions. */
  readonly durable: boolean;
  /** ISO time of creation. */
  readonly createdAt: string;
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
