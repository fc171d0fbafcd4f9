import { isGeminiDeclaration } from "./gemini.js";
import { isAgentsTool } from "./openaiAgents.js";
import { flatShape, type DeclarationShape } from "./shape.js";

const flat = flatShape("function", "parameters", "{ name, parameters }");

/**
 * `{ name, description, parameters }`: OpenAI Responses and other flat function objects. A
 * Gemini declaration of the same keys holds Gemini's Schema (the `gemini` shape reads it), and
 * Agents JS's `tool({...})` names its tool as the SDK does (the `openai-agents` shape).
 */
export const functionShape: DeclarationShape = {
  ...flat,
  recognize(object, context) {
    if (isGeminiDeclaration(context.node)) return undefined;
    const enclosing = context.enclosingCall();
    if (enclosing?.argument === 0 && isAgentsTool(enclosing.call, context)) return undefined;
    return flat.recognize(object, context);
  },
};
