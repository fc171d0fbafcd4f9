import { isGeminiDeclaration } from "./gemini.js";
import { flatShape, type DeclarationShape } from "./shape.js";

const flat = flatShape("function", "parameters", "{ name, parameters }");

/**
 * `{ name, description, parameters }`: OpenAI Responses and other flat function objects. A
 * Gemini declaration of the same keys holds Gemini's Schema: the `gemini` shape reads it.
 */
export const functionShape: DeclarationShape = {
  ...flat,
  recognize(object, context) {
    return isGeminiDeclaration(context.node) ? undefined : flat.recognize(object, context);
  },
};
