import { Node } from "../../tsMorph.js";
import { isValueWrapper, propertyKey } from "../evaluate.js";
import { assigned, part, valueOf, type DeclarationShape } from "./shape.js";

/** The keys a chosen tool is given at: `tool_choice: { type: "function", function: { name } }`. */
const CHOICE_KEYS = ["tool_choice", "toolChoice"];

/**
 * `{ type: "function", function: { name, description, parameters } }`: an OpenAI chat
 * completions tool. A function may declare no parameters. The same object with nothing but a
 * name in `function`, or at a `tool_choice` key, chooses a tool, and one whose `function` has
 * `arguments` is a call of a tool: neither declares one.
 */
export const openaiChatShape: DeclarationShape = {
  name: "openai-chat",
  pattern: '{ type: "function", function: { name, parameters } }',
  triggers: ["function"],
  schemaKeys: ["parameters"],
  recognize(object, context) {
    const type = part(object, "type");
    const typeValue = valueOf(type);
    if (typeValue?.kind !== "primitive" || typeValue.value !== "function") return undefined;
    const fn = part(object, "function");
    const fnValue = valueOf(fn);
    if (fnValue?.kind !== "object") return undefined;
    const fnName = part(fnValue, "name", "function.");
    const schema = part(fnValue, "parameters", "function.");
    const onlyName =
      fnValue.problems.length === 0 && fnValue.entries.every((e) => e.key === "name");
    if (onlyName || isChoice(context.node))
      return { kind: "not a tool", what: "a `tool_choice` value" };
    if (!assigned(schema.lookup) && fnValue.entries.some((entry) => entry.key === "arguments"))
      return { kind: "not a tool", what: "a tool call" };
    return {
      kind: "tool",
      parts: {
        reads: [type, fn, fnName, schema],
        names: [fnName],
        schema,
        description: part(fnValue, "description", "function."),
        schemaKey: "parameters",
      },
    };
  },
};

/** Whether an object is the value of a `tool_choice` key. */
function isChoice(node: Node): boolean {
  let child = node;
  let parent = node.getParent();
  while (parent && isValueWrapper(parent)) [child, parent] = [parent, parent.getParent()];
  if (!parent || !Node.isPropertyAssignment(parent) || parent.getInitializer() !== child)
    return false;
  return CHOICE_KEYS.includes(propertyKey(parent.getNameNode()) ?? "");
}
