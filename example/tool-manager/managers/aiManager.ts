// The AI manager of a wave-style agent SDK: it parses each tool call's arguments, runs the
// PreToolUse hooks, then asks the tool manager to run the tool. Validation sits right after
// the parsing, before the hooks, as docs/tool-manager.md shows.
import type { MessageManager } from "./messageManager.js";
import { parseToolArguments } from "./toolArguments.js";
import type { ToolManager } from "./toolManager.js";

export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** The arguments as the model wrote them: JSON text. */
  readonly arguments: string;
}

/** Runs before a tool; returning a reason blocks the call. */
export type PreToolUseHook = (name: string, args: Record<string, unknown>) => string | undefined;

export class AIManager {
  constructor(
    private readonly toolManager: ToolManager,
    private readonly messageManager: MessageManager,
    private readonly hooks: readonly PreToolUseHook[] = [],
  ) {}

  // #region executeToolCall
  async executeToolCall(call: ToolCall): Promise<void> {
    const { id, name: toolName, arguments: argsString } = call;
    const parsed = parseToolArguments(argsString);
    if ("error" in parsed) {
      const error = `The arguments of ${toolName} cannot be read: ${parsed.error}`;
      this.end(call, { success: false, result: `Error: ${error}`, error });
      return;
    }
    const { args: toolArgs, note } = parsed;

    // Before the PreToolUse hooks: a wrong call runs no hook and asks no permission.
    const invalid = this.toolManager.validateArgs(toolName, toolArgs);
    if (invalid) {
      // The note on repaired JSON stays: the cut-off is likely why the call is wrong.
      const error = note ? `${invalid}\n\n${note}` : invalid;
      this.messageManager.updateToolBlock({
        id,
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
        this.end(call, { success: false, result: `Blocked: ${blocked}`, error: blocked });
        return;
      }
    }
    this.messageManager.updateToolBlock({
      id,
      name: toolName,
      parameters: argsString,
      stage: "running",
    });
    const result = await this.toolManager.execute(toolName, toolArgs);
    const text = result.success ? result.content : `Error: ${result.error ?? ""}`;
    this.end(call, {
      success: result.success,
      result: note ? `${text}\n\n${note}` : text,
      ...(result.error !== undefined ? { error: result.error } : {}),
    });
  }

  // #region executeForkTool
  /** A forked loop (compaction, a side question) runs a plugin itself, not through execute. */
  async executeForkTool(name: string, args: Record<string, unknown>): Promise<string> {
    const invalid = this.toolManager.validateArgs(name, args);
    if (invalid) return `Error: ${invalid}`;
    // #endregion executeForkTool
    const plugin = this.toolManager.getPlugin(name);
    if (!plugin) return `Error: Tool '${name}' not found`;
    const result = await plugin.execute(args, this.forkContext);
    return result.success ? result.content : `Error: ${result.error ?? ""}`;
  }

  /** The context forked loops give the tools they run (here: nothing to read, no tasks). */
  private readonly forkContext = { files: new Map<string, string>(), tasks: new Map() };

  private end(call: ToolCall, outcome: { success: boolean; result: string; error?: string }): void {
    this.messageManager.updateToolBlock({
      id: call.id,
      name: call.name,
      parameters: call.arguments,
      stage: "end",
      ...outcome,
    });
  }
}
