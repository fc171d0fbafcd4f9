import { flatShape } from "./shape.js";

/** `{ name, description, input_schema }`: an Anthropic Messages API tool. */
export const anthropicShape = flatShape("anthropic", "input_schema", "{ name, input_schema }");
