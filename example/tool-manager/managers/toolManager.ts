// The tool manager of a wave-style agent SDK, with the generated validators wired in as
// docs/tool-manager.md shows. Its shape is wave-agent's: an options object, one registry for
// built-in and custom tools, a feature-gated built-in that a reload takes out, MCP tools run by
// their own manager, a telemetry span around every execution, and `execute(name, args,
// context)` with the context the caller builds.
// #region registry
import { formatValidationError, validatorFor, type Validator } from "../generated/index.js";
// #endregion registry
import { endToolSpan, startToolSpan } from "../telemetry/spans.js";
import {
  readTool,
  taskUpdateTool,
  type ToolContext,
  type ToolPlugin,
  type ToolResult,
} from "../tools/index.js";
import { McpManager } from "./mcpManager.js";

export interface ToolManagerOptions {
  /** Only these tools (by name, any case), when given. */
  tools?: string[];
  /** Custom tools to register alongside the built-in tools. */
  customTools?: ToolPlugin[];
  /** Whether a feature-gated built-in is on; read again by `reloadFeatureGatedTools`. */
  isFeatureEnabled?: (toolName: string) => boolean;
  mcpManager?: McpManager;
}

// #region registry
export class ToolManager {
  private toolsRegistry = new Map<string, ToolPlugin>();
  /**
   * The validators of the built-in plugins, by plugin object: a custom tool registered under a
   * built-in's name, an MCP tool and a built-in taken out of the registry have none.
   */
  private validators = new WeakMap<ToolPlugin, Validator>();
  private tools?: string[];
  private customTools?: ToolPlugin[];
  private isFeatureEnabled: (toolName: string) => boolean;
  private mcpManager: McpManager;

  constructor(options: ToolManagerOptions) {
    this.tools = options.tools;
    this.customTools = options.customTools;
    this.isFeatureEnabled = options.isFeatureEnabled ?? (() => true);
    this.mcpManager = options.mcpManager ?? new McpManager();
  }

  public register(tool: ToolPlugin): void {
    this.toolsRegistry.set(tool.name, tool);
  }

  public initializeBuiltInTools(): void {
    const builtInTools = [readTool];
    // Feature-gated: not registered while its feature is off.
    if (this.isFeatureEnabled(taskUpdateTool.name)) builtInTools.push(taskUpdateTool);

    for (const tool of builtInTools) {
      if (this.shouldEnableTool(tool.name)) {
        this.toolsRegistry.set(tool.name, tool);
        const validate = validatorFor(tool.name);
        if (validate) this.validators.set(tool, validate);
      }
    }
    for (const tool of this.customTools ?? []) {
      if (this.shouldEnableTool(tool.name)) this.toolsRegistry.set(tool.name, tool);
    }
  }

  /** Takes the feature-gated built-ins out, then registers them again if still enabled. */
  public reloadFeatureGatedTools(): void {
    this.toolsRegistry.delete(taskUpdateTool.name);
    this.initializeBuiltInTools();
  }

  /**
   * The error text for a built-in tool's arguments that do not match its declared parameters;
   * undefined when they match, or when the tool registered under this name is not a built-in.
   */
  public validateArgs(name: string, args: unknown): string | undefined {
    const plugin = this.toolsRegistry.get(name);
    const issues = plugin && this.validators.get(plugin)?.(args);
    return issues ? formatValidationError(name, issues) : undefined;
  }
  // #endregion registry

  private shouldEnableTool(name: string): boolean {
    return !this.tools || this.tools.some((tool) => tool.toLowerCase() === name.toLowerCase());
  }

  /** The registered built-in and custom tools (MCP tools are the MCP manager's). */
  public getTools(): ToolPlugin[] {
    return [...this.toolsRegistry.values()];
  }

  // #region execute
  public async execute(
    name: string,
    args: Record<string, unknown>,
    context: ToolContext,
  ): Promise<ToolResult> {
    startToolSpan(name, args);
    const started = Date.now();

    // MCP tools first: their server checks their arguments.
    if (this.mcpManager.isMcpTool(name)) return this.executeMcpTool(name, args, context, started);

    const plugin = this.toolsRegistry.get(name);
    if (plugin) {
      const invalid = this.validateArgs(name, args);
      if (invalid) {
        // This return leaves the method early: it ends the span started above, as every exit does.
        endToolSpan({ success: false, error: invalid, durationMs: Date.now() - started });
        return { success: false, content: "", error: invalid };
      }
      try {
        const result = await plugin.execute(args, context);
        endToolSpan({ success: result.success, durationMs: Date.now() - started });
        return result;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        endToolSpan({ success: false, error: message, durationMs: Date.now() - started });
        return { success: false, content: "", error: message };
      }
    }

    const error = `Tool '${name}' not found`;
    endToolSpan({ success: false, error, durationMs: Date.now() - started });
    return { success: false, content: "", error };
  }
  // #endregion execute

  private async executeMcpTool(
    name: string,
    args: Record<string, unknown>,
    context: ToolContext,
    started: number,
  ): Promise<ToolResult> {
    try {
      const result = await this.mcpManager.executeMcpTool(name, args, context);
      endToolSpan({ success: result.success, durationMs: Date.now() - started });
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      endToolSpan({ success: false, error: message, durationMs: Date.now() - started });
      return { success: false, content: "", error: message };
    }
  }
}
