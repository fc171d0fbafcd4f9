import { part, valueOf, type DeclarationShape } from "./shape.js";

/**
 * `{ type: "function", function: { name, description, parameters } }`: an OpenAI chat
 * completions tool. A function may declare no parameters.
 */
export const openaiShape: DeclarationShape = {
  name: "openai-chat",
  pattern: '{ type: "function", function: { name, parameters } }',
  triggers: ["function"],
  locate(object) {
    const type = part(object, "type");
    const typeValue = valueOf(type);
    if (typeValue?.kind !== "primitive" || typeValue.value !== "function") return undefined;
    const fn = part(object, "function");
    const fnValue = valueOf(fn);
    if (fnValue?.kind !== "object") return undefined;
    const fnName = part(fnValue, "name", "function.");
    const schema = part(fnValue, "parameters", "function.");
    return {
      reads: [type, fn, fnName, schema],
      names: [fnName],
      schema,
      description: part(fnValue, "description", "function."),
      schemaKey: "parameters",
    };
  },
};
