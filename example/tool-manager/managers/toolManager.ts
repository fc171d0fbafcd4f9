// The tool manager of a wave-style agent SDK, with the generated validators wired in as
// docs/tool-manager.md shows: one registry for built-in and custom tools, the validators of
// the built-ins looked up once, a telemetry span around every execution.
// #region registry
import { formatValidationError, validatorFor, type Validator } from "../generated/index.js";
// #endregion registry
import { endToolSpan, startToolSpan } from "../telemetry/spans.js";
import {
  builtInTools,
  type ToolContext,
  type ToolPlugin,
  type ToolResult,
} from "../tools/index.js";

// #region registry
export class ToolManager {
  private toolsRegistry = new Map<string, ToolPlugin>();
  /** The validators of the tools registered as built-in (never of a tool that replaced one). */
  private validators = new Map<string, Validator>();

  constructor(
    private readonly context: ToolContext,
    private readonly customTools: readonly ToolPlugin[] = [],
  ) {}

  public initializeBuiltInTools(): void {
    for (const tool of builtInTools) {
      this.toolsRegistry.set(tool.name, tool);
      const validate = validatorFor(tool.name);
      if (validate) this.validators.set(tool.name, validate);
    }
    for (const tool of this.customTools) this.register(tool);
  }

  /** Custom tools: a tool registered under a built-in's name replaces it, unvalidated. */
  public register(tool: ToolPlugin): void {
    this.toolsRegistry.set(tool.name, tool);
    this.validators.delete(tool.name);
  }

  /** A built-in switched off (a feature gate) takes its validator with it. */
  public unregister(name: string): void {
    this.toolsRegistry.delete(name);
    this.validators.delete(name);
  }

  /**
   * The error text for a built-in tool's arguments that do not match its declared parameters;
   * undefined when they match, or when the tool is not a built-in.
   */
  public validateArgs(name: string, args: unknown): string | undefined {
    const issues = this.validators.get(name)?.(args);
    return issues ? formatValidationError(name, issues) : undefined;
  }
  // #endregion registry

  public getPlugin(name: string): ToolPlugin | undefined {
    return this.toolsRegistry.get(name);
  }

  public list(): string[] {
    return [...this.toolsRegistry.keys()];
  }

  // #region execute
  public async execute(name: string, args: Record<string, unknown>): Promise<ToolResult> {
    const span = startToolSpan(name);
    const plugin = this.toolsRegistry.get(name);
    if (!plugin) {
      endToolSpan(span, { success: false });
      return { success: false, content: "", error: `Tool '${name}' not found` };
    }
    const invalid = this.validateArgs(name, args);
    if (invalid) {
      // This return leaves the method early: it ends the span opened above, as every exit does.
      endToolSpan(span, { success: false });
      return { success: false, content: "", error: invalid };
    }
    try {
      const result = await plugin.execute(args, this.context);
      endToolSpan(span, { success: result.success });
      return result;
    } catch (error) {
      endToolSpan(span, { success: false });
      return { success: false, content: "", error: (error as Error).message };
    }
  }
  // #endregion execute
}
