import { flatShape } from "./shape.js";

/** `{ name, description, parameters }`: OpenAI Responses and Gemini function declarations. */
export const functionShape = flatShape("function", "parameters", "{ name, parameters }");
