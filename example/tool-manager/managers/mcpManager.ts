// The MCP tools of a wave-style agent SDK: tools of MCP servers, named `mcp__<server>__<tool>`,
// run by their server. Their arguments are the server's to check, never the tool manager's.
import type { ToolContext, ToolResult } from "../tools/index.js";

export type McpHandler = (
  args: Record<string, unknown>,
  context: ToolContext,
) => Promise<ToolResult>;

export class McpManager {
  constructor(private readonly tools: ReadonlyMap<string, McpHandler> = new Map()) {}

  public isMcpTool(name: string): boolean {
    return name.startsWith("mcp__") && this.tools.has(name);
  }

  public async executeMcpTool(
    name: string,
    args: Record<string, unknown>,
    context: ToolContext,
  ): Promise<ToolResult> {
    return this.tools.get(name)!(args, context);
  }
}
