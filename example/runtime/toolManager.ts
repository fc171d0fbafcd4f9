// CONTRACT.md section 6 (where validation sits in a tool call), 9 (failure data).
import {
  assertValidators,
  failureRecord,
  formatValidationError,
  validatorFor,
  type ValidationIssue,
} from "../../generated/index.js";
import { builtinTools } from "../tools/index.js";
import { listSkills } from "../services/skills.js";
import type {
  HostServices,
  PermissionMode,
  PromptContext,
  ToolConfig,
  ToolResult,
} from "../core/types.js";
import type { ToolContext, ToolPlugin } from "../tools/toolPlugin.js";
import { McpServers, type McpServerConfig, type McpServerStatus } from "./mcp.js";
import { modeVerdict, planModeDenial, type CanUseTool } from "./permissions.js";
import { errorMessage, failed } from "../core/results.js";
import { Session } from "../services/session.js";
import { ToolRegistry, type RegisteredTool, type ToolSource } from "./toolRegistry.js";
import { ValidationLog } from "./validationLog.js";

/** A tool call as hooks see it (after its arguments were parsed). */
export interface ToolCallInfo {
  toolName: string;
  args: Record<string, unknown>;
  source: ToolSource;
}

export interface HookBlock {
  decision: "block";
  reason: string;
}

type HookOutcome = void | HookBlock;

/** Runs before the permission step; a block stops the call. */
export type PreToolUseHook = (call: ToolCallInfo) => HookOutcome | Promise<HookOutcome>;

/** Runs after the tool; a block turns its result into a failed one. */
export type PostToolUseHook = (
  call: ToolCallInfo & { result: ToolResult },
) => HookOutcome | Promise<HookOutcome>;

export interface ToolHooks {
  PreToolUse?: PreToolUseHook[];
  PostToolUse?: PostToolUseHook[];
}

/** One failed validation of a built-in tool's arguments, as `onValidationFailure` gets it. */
export interface ValidationFailureEvent {
  readonly toolName: string;
  /** Every issue, with its hint: the same array as the result's `validationIssues`. */
  readonly issues: readonly ValidationIssue[];
  /** When the validation failed. */
  readonly time: Date;
}

export interface ToolManagerOptions {
  workdir: string;
  /** Tools of the SDK user (e.g. from `buildTool`); one named like a built-in replaces it. */
  customTools?: readonly ToolPlugin<unknown>[];
  /** Only these built-in and custom tools are available (case-insensitive names). */
  tools?: readonly string[];
  /** These tools are never available (case-insensitive; a trailing `*` matches a prefix). */
  disallowedTools?: readonly string[];
  hooks?: ToolHooks;
  /** Asked for calls the permission mode does not settle; without it they are allowed. */
  canUseTool?: CanUseTool;
  permissionMode?: PermissionMode;
  mcpServers?: Record<string, McpServerConfig>;
  host?: HostServices;
  skillsDir?: string;
  /**
   * Off by default: a failed validation is an ordinary, recoverable result. When set to N, the
   * Nth consecutive validation failure of the same tool in one turn (see `startTurn`) returns
   * a result with `stopTurn`, telling the host to end the turn and show the person the problem.
   */
  validationRetryLimit?: number;
  /**
   * On by default: a failed validation's text ends with `Hint: ` lines (a near-miss key, JSON
   * text inside a string, an enum value in the wrong case). False gives Claude Code's text
   * exactly. The hints are on the issues (`validationIssues`) either way.
   */
  validationHints?: boolean;
  /**
   * Called once per failed validation, before the failed result is returned. It cannot fail or
   * delay the call: what it throws is ignored, and a promise it returns is not awaited (its
   * rejection is ignored too). It runs on the call's path, so heavy work belongs after an
   * `await` or in a queue of its own.
   */
  onValidationFailure?: (event: ValidationFailureEvent) => void | Promise<void>;
  /**
   * A file to which every failed validation appends one JSON line (`failureRecord`: the tool,
   * and per issue its code, path, types and hint; never an argument value), for
   * `npm run report`. Relative to the process's working directory; created when absent, never
   * truncated. Lines are written in order without making the call wait; `close()` writes what
   * is left. The first failure to open or write it goes to `onValidationLogError` (by default a
   * process warning, `process.emitWarning`), once; logging then stops and calls go on.
   */
  validationLog?: string;
  /** Gets the one error of a validation log that cannot be written (see `validationLog`). */
  onValidationLogError?: (error: Error) => void;
}

export interface ToolCallRequest {
  name: string;
  /**
   * The arguments as the model wrote them: JSON text ("" means no arguments). Anything else (an
   * object already parsed) is a failed result saying that the arguments must be JSON text.
   */
  arguments: string;
  signal?: AbortSignal;
}

/** The one entry point that runs tool calls, and the session they share. */
export class ToolManager {
  readonly session: Session;
  readonly #registry: ToolRegistry;
  readonly #mcp: McpServers;
  readonly #hooks: ToolHooks;
  readonly #canUseTool: CanUseTool | undefined;
  readonly #validationRetryLimit: number | undefined;
  readonly #validationHints: boolean;
  readonly #onValidationFailure: ToolManagerOptions["onValidationFailure"];
  readonly #validationLog: ValidationLog | undefined;
  /** Consecutive validation failures per tool in the current turn. */
  readonly #validationFailures = new Map<string, number>();
  #started: Promise<void> | undefined;
  #closed: Promise<void> | undefined;

  constructor(options: ToolManagerOptions) {
    this.session = new Session({
      workdir: options.workdir,
      permissionMode: options.permissionMode,
      skillsDir: options.skillsDir,
      host: options.host,
    });
    this.#registry = new ToolRegistry(options);
    // A built-in tool the generator did not read would run unvalidated: fail at start-up instead.
    assertValidators(builtinTools.map((tool) => tool.name));
    for (const tool of builtinTools)
      this.#registry.register(tool, "builtin", validatorFor(tool.name));
    for (const tool of options.customTools ?? []) this.#registry.register(tool, "custom");
    this.#mcp = new McpServers(options.mcpServers ?? {}, this.session.projectDir);
    this.#hooks = options.hooks ?? {};
    this.#canUseTool = options.canUseTool;
    const limit = options.validationRetryLimit;
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
      throw new RangeError(
        `validationRetryLimit must be a whole number of at least 1, not ${limit}`,
      );
    }
    this.#validationRetryLimit = limit;
    this.#validationHints = options.validationHints ?? true;
    this.#onValidationFailure = options.onValidationFailure;
    const log = options.validationLog;
    if (log !== undefined && (typeof log !== "string" || log === "")) {
      throw new TypeError(`validationLog must be a file name, not ${JSON.stringify(log)}`);
    }
    this.#validationLog =
      log === undefined
        ? undefined
        : new ValidationLog(log, options.onValidationLogError ?? warnOnce);
  }

  /** Starts the MCP servers and registers their tools. Calls and listings do this themselves. */
  start(): Promise<void> {
    this.#started ??= this.#mcp.start().then(() => {
      for (const tool of this.#mcp.tools()) this.#registry.register(tool, "mcp");
    });
    return this.#started;
  }

  /** The tool declarations the model sees, with each tool's `prompt` applied. */
  async listTools(): Promise<ToolConfig[]> {
    await this.start();
    const context = await this.#promptContext();
    return this.#registry.list().map(({ tool }) => {
      if (tool.prompt === undefined) return tool.config;
      const description = typeof tool.prompt === "string" ? tool.prompt : tool.prompt(context);
      return { ...tool.config, function: { ...tool.config.function, description } };
    });
  }

  /** The registered tool of this exact name (MCP tools appear once the servers have started). */
  getRegisteredTool(name: string): RegisteredTool | undefined {
    return this.#registry.get(name);
  }

  /** The state of each configured MCP server (after `start`). */
  mcpServers(): McpServerStatus[] {
    return this.#mcp.status();
  }

  /** A tool's short rendering of call arguments for a UI header, if the tool has one. */
  async formatCompactParams(
    name: string,
    args: Record<string, unknown>,
  ): Promise<string | undefined> {
    const tool = this.#registry.get(name)?.tool;
    if (!tool?.formatCompactParams) return undefined;
    return tool.formatCompactParams(args, await this.#promptContext());
  }

  /**
   * Runs one tool call: parse, resolve, (validate built-ins), PreToolUse hooks, permission,
   * execution, PostToolUse hooks. Every failure is a failed result; this never throws.
   */
  async executeToolCall(call: ToolCallRequest): Promise<ToolResult> {
    const { name, signal } = call;
    if (this.#closed) return failed("The tool manager is closed.");

    // Not necessarily an object: built-in validation reports a wrong root, while custom and MCP
    // tools get what the model sent.
    // The arguments are JSON text, as a model's tool call carries them. A JavaScript caller
    // that passes anything else (an object it parsed itself) gets a failed result that says so,
    // never a TypeError from deep inside.
    const text: unknown = call.arguments;
    if (typeof text !== "string") {
      return failed(
        `The arguments of ${name} must be JSON text (a string), not ${kindOf(text)}: pass JSON.stringify(arguments).`,
      );
    }
    let args: Record<string, unknown>;
    try {
      args = text.trim() === "" ? {} : JSON.parse(text);
    } catch (error) {
      return failed(`The arguments of ${name} are not valid JSON: ${errorMessage(error)}`);
    }

    await this.start();
    const entry = this.#registry.get(name);
    if (!entry) return failed(this.#mcp.failureFor(name) ?? this.#notFound(name));
    const { tool, source, validate } = entry;

    // Built-in tools only: their declarations were compiled into validators at build time. A
    // custom tool registered under a built-in's name is "custom" and is not validated here.
    if (validate) {
      const issues = validate(args);
      if (issues !== undefined) return this.#validationFailure(name, issues);
      this.#validationFailures.delete(name);
    }

    const info: ToolCallInfo = { toolName: name, args, source };
    for (const hook of this.#hooks.PreToolUse ?? []) {
      try {
        const outcome = await hook(info);
        if (outcome?.decision === "block") {
          return failed(`${name} was blocked by a PreToolUse hook: ${outcome.reason}`);
        }
      } catch (error) {
        return failed(`A PreToolUse hook failed for ${name}: ${errorMessage(error)}`);
      }
    }

    const denial = await this.#checkPermission(tool, name, args);
    if (denial !== undefined) return failed(denial);

    let result = await this.#run(tool, name, args, signal);

    for (const hook of this.#hooks.PostToolUse ?? []) {
      try {
        const outcome = await hook({ ...info, result });
        if (outcome?.decision === "block") {
          result = failed(
            `The result of ${name} was blocked by a PostToolUse hook: ${outcome.reason}`,
            result.metadata,
          );
          break;
        }
      } catch (error) {
        return failed(`A PostToolUse hook failed for ${name}: ${errorMessage(error)}`);
      }
    }
    return result;
  }

  /** A new turn of the conversation: the validation retry counts start again. */
  startTurn(): void {
    this.#validationFailures.clear();
  }

  /** Stops the MCP servers, background jobs and timers. Later calls fail. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      await this.#mcp.close();
      await this.session.dispose();
      await this.#validationLog?.close();
    })();
    return this.#closed;
  }

  #validationFailure(name: string, issues: readonly ValidationIssue[]): ToolResult {
    this.#recordFailure(name, issues);
    const error = formatValidationError(name, issues, { hints: this.#validationHints });
    const failures = (this.#validationFailures.get(name) ?? 0) + 1;
    this.#validationFailures.set(name, failures);
    const limit = this.#validationRetryLimit;
    if (limit === undefined || failures < limit) {
      return { success: false, content: "", error, validationIssues: issues };
    }
    return {
      success: false,
      content: "",
      error,
      validationIssues: issues,
      stopTurn: {
        reason: `${name} was called with invalid arguments ${failures} times in a row; the turn should stop here so that the person can see what went wrong:\n${error}`,
      },
    };
  }

  /** The failure data: the `onValidationFailure` hook and the validation log. Never throws. */
  #recordFailure(toolName: string, issues: readonly ValidationIssue[]): void {
    const hook = this.#onValidationFailure;
    const log = this.#validationLog;
    if (hook === undefined && log === undefined) return;
    const time = new Date();
    if (log !== undefined) {
      try {
        log.append(`${JSON.stringify(failureRecord(toolName, issues, time))}\n`);
      } catch {
        // Never reached with the generated issues; the call goes on regardless.
      }
    }
    if (hook !== undefined) {
      try {
        const outcome: unknown = hook({ toolName, issues, time });
        if (typeof (outcome as PromiseLike<void> | undefined)?.then === "function") {
          (outcome as PromiseLike<void>).then(undefined, () => {});
        }
      } catch {
        // A failing hook changes nothing about the call.
      }
    }
  }

  /** Why the call may not run, or undefined when it may. */
  async #checkPermission(
    tool: ToolPlugin<unknown>,
    name: string,
    args: Record<string, unknown>,
  ): Promise<string | undefined> {
    const verdict = modeVerdict(
      this.session.permissionMode,
      tool.permission ?? "ask",
      tool.allowedInPlanMode === true,
    );
    if (verdict === "deny") return planModeDenial(name);
    if (verdict === "allow" || !this.#canUseTool) return undefined;
    try {
      const decision = await this.#canUseTool(name, args);
      if (decision.behavior === "allow") return undefined;
      return decision.message
        ? `Permission to use ${name} was denied: ${decision.message}`
        : `Permission to use ${name} was denied.`;
    } catch (error) {
      return `The permission check for ${name} failed: ${errorMessage(error)}`;
    }
  }

  async #run(
    tool: ToolPlugin<unknown>,
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal | undefined,
  ): Promise<ToolResult> {
    const session = this.session;
    const context: ToolContext = {
      // A getter: EnterWorktree and ExitWorktree move the session while tools run.
      get workdir() {
        return session.workdir;
      },
      session,
      host: session.host,
      signal,
    };
    try {
      const result: unknown = await tool.execute(args, context);
      if (typeof (result as ToolResult | undefined)?.success !== "boolean") {
        return failed(`${name} failed: it returned no tool result.`);
      }
      return result as ToolResult;
    } catch (error) {
      return failed(`${name} failed: ${errorMessage(error)}`);
    }
  }

  #notFound(name: string): string {
    const names = this.#registry.names();
    const available = names.length > 0 ? names.join(", ") : "none";
    return `Tool '${name}' not found. Available tools: ${available}.`;
  }

  async #promptContext(): Promise<PromptContext> {
    return {
      workdir: this.session.workdir,
      availableSubagents: this.session.host.subagentTypes ?? [],
      availableSkills: await listSkills(this.session.skillsDir),
    };
  }
}

/** The default report of a validation log that cannot be written: one process warning. */
function warnOnce(error: Error): void {
  process.emitWarning(error.message, { code: "TOOL_VALIDATORS_VALIDATION_LOG" });
}

/** `an object`, `an array`, `null`, `undefined`, `a number`: what a value is, in a message. */
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  const type = typeof value;
  return `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}
