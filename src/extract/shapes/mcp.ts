import { flatShape } from "./shape.js";

/** `{ name, description, inputSchema }`: an MCP `Tool`. */
export const mcpShape = flatShape("mcp", "inputSchema", "{ name, inputSchema }");
