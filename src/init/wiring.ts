// What `init` prints for the kind of host it found: the code of the guide for that kind
// (docs/mcp-server.md, docs/openai-loop.md, docs/tool-manager.md), with the import of the
// output folder written for the host's file. The lines are the examples' code (a test keeps
// them equal to the regions the guides show).

/** The kinds of host, by the shapes their declarations have. */
export type HostKind = "mcp-server" | "model-loop" | "tool-manager";

export interface Wiring {
  readonly kind: HostKind;
  /** What the host is, for the command's report. */
  readonly title: string;
  /** The guide's file in this package. */
  readonly guide: string;
  /** Where the code goes, in words. */
  readonly where: string;
}

export const WIRINGS: Readonly<Record<HostKind, Wiring>> = {
  "mcp-server": {
    kind: "mcp-server",
    title: "an MCP server",
    guide: "docs/mcp-server.md",
    where: "the tools/call handler validates before it runs a tool",
  },
  "model-loop": {
    kind: "model-loop",
    title: "an agent loop on a model API (OpenAI-style tool calls)",
    guide: "docs/openai-loop.md",
    where: "the loop validates each tool call after parsing its arguments",
  },
  "tool-manager": {
    kind: "tool-manager",
    title: "a tool manager of plugin tools (config.function)",
    guide: "docs/tool-manager.md",
    where:
      "the tool manager keeps a validator for each built-in plugin it registers. New lines: the import, the `validators` field, the two after a built-in is registered, and `validateArgs`; the rest shows where they go. The guide then adds the check to `execute`, before the PreToolUse hooks and in forked loops",
  },
};

/** The kind of host a declaration shape belongs to. */
export function hostKindOf(shape: string): HostKind {
  if (shape === "mcp") return "mcp-server";
  if (shape === "plugin") return "tool-manager";
  return "model-loop";
}

const SNIPPETS: Readonly<Record<HostKind, readonly string[]>> = {
  "mcp-server": [
    "import { formatValidationError, validateToolArgs } from %SPECIFIER%;",
    "",
    "server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {",
    "  const { name } = request.params;",
    "  // MCP lets a client leave `arguments` out: that is a call without arguments.",
    "  const args = request.params.arguments ?? {};",
    "  const issues = validateToolArgs(name, args);",
    "  if (issues) {",
    "    // A failed validation is a tool result the model reads, not a protocol error.",
    "    return {",
    "      isError: true,",
    '      content: [{ type: "text", text: formatValidationError(name, issues) }],',
    "    };",
    "  }",
    "  return callHandler(handlers, name, args);",
    "});",
  ],
  "model-loop": [
    "import { formatValidationError, validateToolArgs } from %SPECIFIER%;",
    "",
    "/** One tool call's answer: the tool's result, or what was wrong with the call. */",
    "export async function runToolCall(call: ToolCall, handlers: Handlers): Promise<string> {",
    "  const { name, arguments: text } = call.function;",
    "  if (!Object.hasOwn(handlers, name)) return `Unknown tool: ${name}`;",
    "  let args: unknown;",
    "  try {",
    '    args = text.trim() === "" ? {} : JSON.parse(text);',
    "  } catch (error) {",
    "    return `${name} failed: its arguments are not valid JSON (${(error as Error).message})`;",
    "  }",
    "  const issues = validateToolArgs(name, args);",
    "  if (issues) return formatValidationError(name, issues);",
    "  const handler = handlers[name as keyof Handlers] as (args: unknown) => Promise<string>;",
    "  try {",
    "    return await handler(args);",
    "  } catch (error) {",
    "    return `${name} failed: ${(error as Error).message}`;",
    "  }",
    "}",
  ],
  "tool-manager": [
    "import { formatValidationError, validatorFor, type Validator } from %SPECIFIER%;",
    "",
    "export class ToolManager {",
    "  private toolsRegistry = new Map<string, ToolPlugin>();",
    "  /**",
    "   * The validators of the built-in plugins, by plugin object: a custom tool registered under a",
    "   * built-in's name, an MCP tool and a built-in taken out of the registry have none.",
    "   */",
    "  private validators = new WeakMap<ToolPlugin, Validator>();",
    "  private tools?: string[];",
    "  private customTools?: ToolPlugin[];",
    "  private isFeatureEnabled: (toolName: string) => boolean;",
    "  private mcpManager: McpManager;",
    "",
    "  constructor(options: ToolManagerOptions) {",
    "    this.tools = options.tools;",
    "    this.customTools = options.customTools;",
    "    this.isFeatureEnabled = options.isFeatureEnabled ?? (() => true);",
    "    this.mcpManager = options.mcpManager ?? new McpManager();",
    "  }",
    "",
    "  public register(tool: ToolPlugin): void {",
    "    this.toolsRegistry.set(tool.name, tool);",
    "  }",
    "",
    "  public initializeBuiltInTools(): void {",
    "    const builtInTools = [readTool];",
    "    // Feature-gated: not registered while its feature is off.",
    "    if (this.isFeatureEnabled(taskUpdateTool.name)) builtInTools.push(taskUpdateTool);",
    "",
    "    for (const tool of builtInTools) {",
    "      if (this.shouldEnableTool(tool.name)) {",
    "        this.toolsRegistry.set(tool.name, tool);",
    "        const validate = validatorFor(tool.name);",
    "        if (validate) this.validators.set(tool, validate);",
    "      }",
    "    }",
    "    for (const tool of this.customTools ?? []) {",
    "      if (this.shouldEnableTool(tool.name)) this.toolsRegistry.set(tool.name, tool);",
    "    }",
    "  }",
    "",
    "  /** Takes the feature-gated built-ins out, then registers them again if still enabled. */",
    "  public reloadFeatureGatedTools(): void {",
    "    this.toolsRegistry.delete(taskUpdateTool.name);",
    "    this.initializeBuiltInTools();",
    "  }",
    "",
    "  /**",
    "   * The error text for a built-in tool's arguments that do not match its declared parameters;",
    "   * undefined when they match, or when the tool registered under this name is not a built-in.",
    "   */",
    "  public validateArgs(name: string, args: unknown): string | undefined {",
    "    const plugin = this.toolsRegistry.get(name);",
    "    const issues = plugin && this.validators.get(plugin)?.(args);",
    "    return issues ? formatValidationError(name, issues) : undefined;",
    "  }",
  ],
};

/** The wiring's code, importing the output folder's index.ts by `specifier`. */
export function wiringCode(kind: HostKind, specifier: string): string {
  return `${SNIPPETS[kind].join("\n").replace("%SPECIFIER%", JSON.stringify(specifier))}\n`;
}
