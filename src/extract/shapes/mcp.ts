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
 * takes a zod shape there: a tool declared with zod, the configuration written in the call or
 * held by a `const` the call is given (`server.registerTool(name, config, handler)`).
 */
export const mcpShape: DeclarationShape = {
  ...flat,
  recognize(object, context) {
    return flat.recognize(object, context) ?? registeredTool(object, context);
  },
};

/** The second argument of `<server>.registerTool(name, config, handler)`. */
function registeredTool(object: StaticObject, context: ShapeContext): Recognition | undefined {
  const schema = part(object, "inputSchema");
  if (!assigned(schema.lookup)) return undefined;
  const names = context.passedTo().flatMap(({ call, argument }) => {
    const callee = call.getExpression();
    const [nameNode] = call.getArguments();
    if (argument !== 1 || !nameNode) return [];
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== "registerTool") return [];
    return [foundPart("name", "name", context.evaluate(nameNode))];
  });
  if (names.length === 0) return undefined;
  return {
    kind: "tool",
    parts: {
      reads: [schema],
      names,
      schema,
      description: part(object, "description"),
      schemaKey: "inputSchema",
      schemaLibrary: "zod",
    },
  };
}
