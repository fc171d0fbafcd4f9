// An MCP server on the official TypeScript SDK's low-level `Server`, as docs/mcp-server.md
// wires it: `tools/list` answers the declarations (read by the generator from the handler
// below), `tools/call` validates the arguments before any handler runs and answers a failed
// validation with `isError: true` and the text. `npm run gen` writes ./generated from this file.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { callHandler, noteHandlers, NoteStore } from "./notes.js";
// #region call
import { formatValidationError, validateToolArgs } from "./generated/index.js";
// #endregion call

export function createServer(store = new NoteStore()): Server {
  const server = new Server({ name: "notes", version: "1.0.0" }, { capabilities: { tools: {} } });
  const handlers = noteHandlers(store);

  // #region list
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: "add_note",
        description: "Adds a note.",
        inputSchema: {
          type: "object",
          properties: {
            title: { type: "string", description: "A short title" },
            body: { type: "string", description: "The note's text" },
            tags: { type: "array", items: { type: "string" } },
          },
          required: ["title", "body"],
        },
      },
      {
        name: "list_notes",
        description: "Lists the notes, optionally those with a tag.",
        inputSchema: { type: "object", properties: { tag: { type: "string" } } },
      },
      {
        name: "search_notes",
        description: "Finds the notes whose title or text contains the query.",
        inputSchema: {
          type: "object",
          properties: {
            query: { type: "string" },
            limit: { type: "integer", minimum: 1, default: 10 },
            order: { type: "string", enum: ["newest", "oldest"] },
          },
          required: ["query"],
        },
      },
      {
        name: "delete_note",
        description: "Deletes a note by its number.",
        inputSchema: {
          type: "object",
          properties: { id: { type: "integer" } },
          required: ["id"],
        },
      },
    ],
  }));
  // #endregion list

  // #region call
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name } = request.params;
    // MCP lets a client leave `arguments` out: that is a call without arguments.
    const args = request.params.arguments ?? {};
    const issues = validateToolArgs(name, args);
    if (issues) {
      // A failed validation is a tool result the model reads, not a protocol error.
      return {
        isError: true,
        content: [{ type: "text", text: formatValidationError(name, issues) }],
      };
    }
    return callHandler(handlers, name, args);
  });
  // #endregion call

  return server;
}
