// OpenAI Agents JS (CONTRACT.md section 2): `tool({ name, description, parameters, execute })`
// and `agent.asTool({ toolName, parameters })`.
import { Node, type CallExpression } from "../../tsMorph.js";
import { propertyKey, unwrap } from "../evaluate.js";
import type { StaticObject, StaticValue } from "../values.js";
import {
  assigned,
  couldBeName,
  foundPart,
  part,
  valueOf,
  type DeclarationShape,
  type Part,
  type ShapeContext,
} from "./shape.js";

/** The packages Agents JS's `tool` is imported from. */
const MODULES = ["@openai/agents", "@openai/agents-core", "@openai/agents-realtime"];

/**
 * The argument of Agents JS's `tool({...})` (by its import): the model calls the tool by its
 * `name`, or, without one, by the name of its `execute` function (`execute: async () => ...` is
 * named "execute", `execute: lookUpOrder` after that function), each as the SDK writes it
 * (every character but a letter or a digit an underscore: "get-weather" is "get_weather").
 * `agent.asTool({ toolName, parameters })` with a schema built by a call (a schema library's)
 * is listed with it.
 */
export const openaiAgentsShape: DeclarationShape = {
  name: "openai-agents",
  pattern: "tool({ name, parameters, execute })",
  triggers: ["parameters"],
  schemaKeys: ["parameters"],
  recognize(object, context) {
    const enclosing = context.enclosingCall();
    if (!enclosing || enclosing.argument !== 0) return undefined;
    if (isAgentsTool(enclosing.call, context)) return agentsTool(object, context);
    return asTool(object, enclosing.call);
  },
};

/** Whether a call is Agents JS's `tool(...)`, by its import. */
export function isAgentsTool(call: CallExpression, context: ShapeContext): boolean {
  const callee = context.callee(call);
  return callee?.name === "tool" && callee.module !== undefined && MODULES.includes(callee.module);
}

function agentsTool(object: StaticObject, context: ShapeContext) {
  const schema = part(object, "parameters");
  const given = part(object, "name");
  const name = assigned(given.lookup) ? sdkName(given) : executeName(object, context);
  return {
    kind: "tool" as const,
    parts: {
      reads: assigned(given.lookup) ? [given, schema] : [schema, part(object, "execute")],
      names: [name],
      schema,
      description: part(object, "description"),
      schemaKey: "parameters",
    },
  };
}

/** A name as the SDK gives it to the model: every character but a letter or digit is `_`. */
function sdkName(name: Part): Part {
  const value = valueOf(name);
  if (value?.kind !== "primitive" || typeof value.value !== "string") return name;
  const written = value.value.replace(/[^a-zA-Z0-9]/g, "_");
  return foundPart(name.label, "name", { ...value, value: written }, name.lookup);
}

/** The name of the `execute` function, which names a tool that has no `name`. */
function executeName(object: StaticObject, context: ShapeContext): Part {
  const execute = part(object, "execute");
  const entry = "entry" in execute.lookup ? execute.lookup.entry : undefined;
  const location = entry?.keyLocation ?? object.location;
  const unknown = (reason: string): StaticValue => ({
    kind: "unknown",
    reason,
    location,
    origin: { kind: "run time" },
  });
  let value: StaticValue = unknown(
    "the tool has no `name`, and its `execute` is a function declared elsewhere",
  );
  const property = findExecute(context.node);
  if (!entry || !property) value = unknown("the tool has no `name` and no `execute`");
  else {
    const name = functionName(property);
    if (name !== undefined) value = { kind: "primitive", value: name, location };
  }
  return sdkName(foundPart("execute's name", "name", value, execute.lookup));
}

/** The `execute` property of the object literal (the last one written). */
function findExecute(node: Node): Node | undefined {
  if (!Node.isObjectLiteralExpression(node)) return undefined;
  return node
    .getProperties()
    .filter((property) => {
      const nameNode = (property as Node & { getNameNode?(): Node }).getNameNode?.();
      return nameNode !== undefined && propertyKey(nameNode) === "execute";
    })
    .at(-1);
}

/**
 * The `name` JavaScript gives the function at `execute`, where it is written there: the key for
 * a method or an anonymous function, a function expression's own name. A function given by
 * reference is named where it is declared: not read here (the tool is listed as built at run
 * time).
 */
function functionName(property: Node): string | undefined {
  if (Node.isMethodDeclaration(property)) return "execute";
  if (!Node.isPropertyAssignment(property)) return undefined;
  const value = unwrap(property.getInitializerOrThrow());
  if (Node.isArrowFunction(value)) return "execute";
  if (Node.isFunctionExpression(value)) return value.getName() ?? "execute";
  return undefined;
}

/** `agent.asTool({ toolName, parameters })` whose parameters a call builds. */
function asTool(object: StaticObject, call: CallExpression) {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== "asTool") return undefined;
  const name = part(object, "toolName");
  const schema = part(object, "parameters");
  const value = valueOf(schema);
  if (!couldBeName(valueOf(name)) || value?.kind !== "unknown" || !value.origin) return undefined;
  return {
    kind: "tool" as const,
    parts: {
      reads: [name, schema],
      names: [name],
      schema,
      description: part(object, "toolDescription"),
      schemaKey: "parameters",
    },
  };
}
