// Starts the example MCP server on stdio: `node --import tsx example/mcp-server/main.ts`.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createServer } from "./server.js";

await createServer().connect(new StdioServerTransport());
