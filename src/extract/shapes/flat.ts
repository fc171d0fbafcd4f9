import { flatShape } from "./shape.js";

/** `{ name, description, parameters }`: OpenAI Responses and Gemini function declarations. */
export const flatParametersShape = flatShape("function", "parameters", "{ name, parameters }");

/** `{ name, description, inputSchema }`: an MCP `Tool`. */
export const mcpShape = flatShape("mcp", "inputSchema", "{ name, inputSchema }");

/** `{ name, description, input_schema }`: an Anthropic Messages API tool. */
export const anthropicShape = flatShape("anthropic", "input_schema", "{ name, input_schema }");

/** `{ name, description, parametersJsonSchema }`: a Gemini function declaration. */
export const geminiShape = flatShape(
  "gemini",
  "parametersJsonSchema",
  "{ name, parametersJsonSchema }",
);
