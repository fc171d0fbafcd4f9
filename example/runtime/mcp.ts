import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { JsonSchema, ToolResult } from "../core/types.js";
import type { ToolPlugin } from "../tools/toolPlugin.js";
import { errorMessage, failed } from "../core/results.js";

/** An MCP server started as a child process and spoken to over stdio. */
export interface McpServerConfig {
  command: string;
  args?: string[];
  /** Added to a minimal inherited environment (HOME, PATH, ...). */
  env?: Record<string, string>;
  /** Default: the session's project directory. */
  cwd?: string;
}

export type McpServerStatus =
  | { name: string; status: "pending" }
  | { name: string; status: "connected"; tools: string[] }
  | { name: string; status: "failed"; error: string };

/** How much of a failed server's stderr goes into the error report. */
const STDERR_TAIL_CHARS = 2000;
/** How long a failed start waits for the rest of the server's stderr. */
const STDERR_DRAIN_MS = 1000;

const CLIENT_INFO = { name: "tool-validators", version: "0.1.0" };

interface Connection {
  name: string;
  client: Client;
  tools: McpTool[];
}

/** The model-facing name of a server's tool. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

/** The configured MCP servers: started together once, closed together. */
export class McpServers {
  readonly #configs: [string, McpServerConfig][];
  readonly #defaultCwd: string;
  readonly #connections: Connection[] = [];
  readonly #failures = new Map<string, string>();
  #started: Promise<void> | undefined;

  constructor(configs: Record<string, McpServerConfig>, defaultCwd: string) {
    this.#configs = Object.entries(configs);
    this.#defaultCwd = defaultCwd;
  }

  /** Connects every server and lists its tools. Never rejects: failures are kept per server. */
  start(): Promise<void> {
    this.#started ??= Promise.allSettled(
      this.#configs.map(([name, config]) => connect(name, config, this.#defaultCwd)),
    ).then((outcomes) => {
      // Kept in configuration order, whichever server answered first.
      outcomes.forEach((outcome, i) => {
        if (outcome.status === "fulfilled") this.#connections.push(outcome.value);
        else this.#failures.set(this.#configs[i]![0], errorMessage(outcome.reason));
      });
    });
    return this.#started;
  }

  /** A tool per tool of every connected server, named `mcp__<server>__<tool>`. */
  tools(): ToolPlugin[] {
    return this.#connections.flatMap(({ name, client, tools }) =>
      tools.map((tool) => mcpToolPlugin(name, client, tool)),
    );
  }

  /** Why a tool name cannot be served, when it belongs to a server that failed to start. */
  failureFor(toolName: string): string | undefined {
    for (const [server, error] of this.#failures) {
      if (toolName.startsWith(mcpToolName(server, ""))) {
        return `MCP server '${server}' failed to start: ${error}`;
      }
    }
    return undefined;
  }

  status(): McpServerStatus[] {
    return this.#configs.map(([name]): McpServerStatus => {
      const connection = this.#connections.find((c) => c.name === name);
      if (connection) {
        return { name, status: "connected", tools: connection.tools.map((t) => t.name) };
      }
      const error = this.#failures.get(name);
      return error === undefined ? { name, status: "pending" } : { name, status: "failed", error };
    });
  }

  /** Stops every server process (waits for a start in progress first; none starts later). */
  async close(): Promise<void> {
    this.#started ??= Promise.resolve();
    await this.#started;
    const connections = this.#connections.splice(0);
    await Promise.all(connections.map(({ client }) => client.close().catch(() => undefined)));
  }
}

async function connect(
  name: string,
  config: McpServerConfig,
  defaultCwd: string,
): Promise<Connection> {
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args,
    env: config.env,
    cwd: config.cwd ?? defaultCwd,
    stderr: "pipe",
  });
  // Keep the end of the server's stderr: it usually says why a server did not start.
  let stderrTail = "";
  const stderr = transport.stderr;
  stderr?.on("data", (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
  });
  const stderrEnded = stderr ? once(stderr, "end").catch(() => undefined) : Promise.resolve();
  const client = new Client(CLIENT_INFO);
  try {
    await client.connect(transport);
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return { name, client, tools };
  } catch (error) {
    await client.close().catch(() => undefined);
    // The process is gone; let its last words arrive before reporting.
    await Promise.race([stderrEnded, sleep(STDERR_DRAIN_MS, undefined, { ref: false })]);
    const printed = stderrTail.trim();
    throw new Error(
      `${errorMessage(error)}${printed ? `\nIts stderr ended with:\n${printed}` : ""}`,
    );
  }
}

/** Wraps a server's tool: arguments go to the server untouched, its answer becomes a ToolResult. */
function mcpToolPlugin(server: string, client: Client, tool: McpTool): ToolPlugin {
  const name = mcpToolName(server, tool.name);
  return {
    name,
    permission: "ask",
    config: {
      type: "function",
      function: {
        name,
        description: tool.description ?? `The tool '${tool.name}' of the MCP server '${server}'.`,
        parameters: tool.inputSchema as JsonSchema,
      },
    },
    async execute(args, context) {
      const result = await client.callTool({ name: tool.name, arguments: args }, undefined, {
        signal: context.signal,
      });
      return toToolResult(result, name);
    },
  };
}

function toToolResult(result: Record<string, unknown>, name: string): ToolResult {
  const parts = Array.isArray(result.content) ? result.content.map(describeContent) : [];
  let text = parts.filter((part) => part !== "").join("\n");
  // Servers may answer with structured content only, or in the protocol's older shape.
  if (text === "" && result.structuredContent !== undefined) {
    text = JSON.stringify(result.structuredContent);
  }
  if (text === "" && result.toolResult !== undefined) text = JSON.stringify(result.toolResult);
  if (result.isError === true)
    return failed(text || `${name} reported an error without a message.`);
  return { success: true, content: text };
}

function describeContent(item: unknown): string {
  const part = item as { type?: string; text?: string; mimeType?: string; uri?: string };
  switch (part.type) {
    case "text":
      return part.text ?? "";
    case "resource": {
      const resource = (item as { resource?: { uri?: string; text?: string } }).resource;
      return resource?.text ?? `[resource ${resource?.uri ?? ""}]`;
    }
    case "resource_link":
      return `[resource link ${part.uri ?? ""}]`;
    default:
      return `[${part.type ?? "unknown"} content${part.mimeType ? ` (${part.mimeType})` : ""}]`;
  }
}
