// The AI manager of a wave-style agent SDK: it parses each tool call's arguments (recovering
// JSON cut off at the output limit), runs the PreToolUse hooks, then asks the tool manager to
// run the tool with the context it builds. Validation sits right after the parsing, before the
// hooks, as docs/tool-manager.md shows.
import type { ToolContext } from "../tools/index.js";
import type { MessageManager } from "./messageManager.js";
import { parseToolArguments } from "./toolArguments.js";
import type { ToolManager } from "./toolManager.js";

/** A tool call as the model API returns it (OpenAI's chat completions shape). */
export interface ToolCall {
  readonly id: string;
  readonly type: "function";
  /** The arguments as the model wrote them: JSON text. */
  readonly function: { readonly name: string; readonly arguments: string };
}

/** Runs before a tool; returning a reason blocks the call. */
export type PreToolUseHook = (name: string, args: Record<string, unknown>) => string | undefined;

export interface AIManagerOptions {
  toolManager: ToolManager;
  messageManager: MessageManager;
  /** The context the tools run with (wave builds it for each call). */
  context: ToolContext;
  hooks?: readonly PreToolUseHook[];
}

export class AIManager {
  private readonly toolManager: ToolManager;
  private readonly messageManager: MessageManager;
  private readonly context: ToolContext;
  private readonly hooks: readonly PreToolUseHook[];

  constructor(options: AIManagerOptions) {
    this.toolManager = options.toolManager;
    this.messageManager = options.messageManager;
    this.context = options.context;
    this.hooks = options.hooks ?? [];
  }

  // #region executeToolCall
  async executeToolCall(toolCall: ToolCall): Promise<void> {
    const { id: toolId, function: call } = toolCall;
    const { name: toolName, arguments: argsString } = call;
    const parsed = parseToolArguments(argsString);
    if ("error" in parsed) {
      const error = `The arguments of ${toolName} cannot be read: ${parsed.error}`;
      this.end(toolCall, { success: false, result: `Error: ${error}`, error });
      return;
    }
    const { args: toolArgs, note } = parsed;

    // Before the PreToolUse hooks: a wrong call runs no hook and asks no permission.
    const invalid = this.toolManager.validateArgs(toolName, toolArgs);
    if (invalid) {
      // The note on recovered JSON stays: the cut-off is likely why the call is wrong.
      const error = note ? `${invalid}\n\n${note}` : invalid;
      this.messageManager.updateToolBlock({
        id: toolId,
        name: toolName,
        parameters: argsString,
        stage: "end",
        success: false,
        result: `Error: ${error}`,
        error,
      });
      return;
    }
    // #endregion executeToolCall

    for (const hook of this.hooks) {
      const blocked = hook(toolName, toolArgs);
      if (blocked !== undefined) {
        this.end(toolCall, { success: false, result: `Blocked: ${blocked}`, error: blocked });
        return;
      }
    }
    this.messageManager.updateToolBlock({
      id: toolId,
      name: toolName,
      parameters: argsString,
      stage: "running",
    });
    const result = await this.toolManager.execute(toolName, toolArgs, this.context);
    const text = result.success ? result.content : `Error: ${result.error ?? ""}`;
    this.end(toolCall, {
      success: result.success,
      result: note ? `${text}\n\n${note}` : text,
      ...(result.error !== undefined ? { error: result.error } : {}),
    });
  }

  // #region executeForkTool
  /** A forked loop (compaction, a side question) runs a plugin itself, not through execute. */
  async executeForkTool(
    name: string,
    args: Record<string, unknown>,
    context: ToolContext,
  ): Promise<string> {
    const plugin = this.toolManager.getTools().find((tool) => tool.name === name);
    if (!plugin) return `Tool '${name}' not found`;
    const invalid = this.toolManager.validateArgs(name, args);
    if (invalid) return `Error: ${invalid}`;
    // #endregion executeForkTool
    const result = await plugin.execute(args, context);
    return result.success ? result.content : `Error: ${result.error ?? ""}`;
  }

  private end(call: ToolCall, outcome: { success: boolean; result: string; error?: string }): void {
    this.messageManager.updateToolBlock({
      id: call.id,
      name: call.function.name,
      parameters: call.function.arguments,
      stage: "end",
      ...outcome,
    });
  }
}
