import { flatShape } from "./shape.js";

/** `{ name, description, parametersJsonSchema }`: a Gemini function declaration. */
export const geminiShape = flatShape(
  "gemini",
  "parametersJsonSchema",
  "{ name, parametersJsonSchema }",
);
