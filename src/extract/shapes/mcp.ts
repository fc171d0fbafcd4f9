import { Node } from "../../tsMorph.js";
import {
  assigned,
  flatShape,
  foundPart,
  part,
  type DeclarationShape,
  type Recognition,
  type ShapeContext,
} from "./shape.js";
import type { StaticObject } from "../values.js";

const flat = flatShape("mcp", "inputSchema", "{ name, inputSchema }");

/**
 * `{ name, description, inputSchema }`: an MCP `Tool` (the low-level `Server`'s tools). The
 * high-level `McpServer`'s `server.registerTool(name, { description, inputSchema }, handler)`
 * takes a zod shape there: a tool declared with zod.
 */
export const mcpShape: DeclarationShape = {
  ...flat,
  recognize(object, context) {
    return flat.recognize(object, context) ?? registeredTool(object, context);
  },
};

/** The second argument of `<server>.registerTool(name, config, handler)`. */
function registeredTool(object: StaticObject, context: ShapeContext): Recognition | undefined {
  const enclosing = context.enclosingCall();
  if (!enclosing || enclosing.argument !== 1) return undefined;
  const callee = enclosing.call.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== "registerTool")
    return undefined;
  const [nameNode] = enclosing.call.getArguments();
  const schema = part(object, "inputSchema");
  if (!nameNode || !assigned(schema.lookup)) return undefined;
  const name = foundPart("name", "name", context.evaluate(nameNode));
  return {
    kind: "tool",
    parts: {
      reads: [schema],
      names: [name],
      schema,
      description: part(object, "description"),
      schemaKey: "inputSchema",
      schemaLibrary: "zod",
    },
  };
}
