import { part, valueOf, type DeclarationShape } from "./shape.js";

/**
 * `{ name, config: { type: "function", function: { name, description, parameters } }, execute }`:
 * a tool plugin whose `config` is an OpenAI function object (the shape CONTRACT.md section 2
 * shows). `name` and `config.function.name` must agree; a tool may declare no parameters.
 */
export const pluginShape: DeclarationShape = {
  name: "plugin",
  pattern: "{ name, config: { function: { name, parameters } } }",
  triggers: ["config"],
  schemaKeys: ["parameters"],
  recognize(object) {
    const config = part(object, "config");
    const configValue = valueOf(config);
    if (configValue?.kind !== "object") return undefined;
    const fn = part(configValue, "function", "config.");
    const fnValue = valueOf(fn);
    if (fnValue?.kind !== "object") return undefined;
    const fnName = part(fnValue, "name", "config.function.");
    const toolName = part(object, "name");
    const schema = part(fnValue, "parameters", "config.function.");
    return {
      kind: "tool",
      parts: {
        reads: [config, toolName, fn, fnName, schema],
        names: [fnName, toolName],
        schema,
        description: part(fnValue, "description", "config.function."),
        schemaKey: "parameters",
      },
    };
  },
};
