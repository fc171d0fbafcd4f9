// A method decorator that declares a tool (CONTRACT.md section 2): `@CreateAction({ name,
// description, schema: ArgsSchema })`.
import { Node } from "../../tsMorph.js";
import { assigned, couldBeName, part, valueOf, type DeclarationShape } from "./shape.js";

/**
 * `@Decorator({ name, description, schema })` on a method: a tool whose schema is a value built
 * when the code runs (a schema library's, as in AgentKit's action providers). Such a schema is
 * listed with its library (or as built at run time); a decorator's literal schema is not a
 * declaration this shape reads (what the decorator does with it is not known).
 */
export const decoratorShape: DeclarationShape = {
  name: "decorator",
  pattern: "@Decorator({ name, schema })",
  triggers: ["schema"],
  schemaKeys: ["schema"],
  recognize(object, context) {
    const enclosing = context.enclosingCall();
    if (!enclosing || enclosing.argument !== 0) return undefined;
    if (!Node.isDecorator(enclosing.call.getParent())) return undefined;
    const schema = part(object, "schema");
    const name = part(object, "name");
    if (!assigned(schema.lookup) || !couldBeName(valueOf(name))) return undefined;
    // Only a value built when the code runs (a call's result): never an error here.
    const value = valueOf(schema);
    if (value?.kind !== "unknown" || !value.origin) return undefined;
    return {
      kind: "tool",
      parts: {
        reads: [name, schema],
        names: [name],
        schema,
        description: part(object, "description"),
        schemaKey: "schema",
      },
    };
  },
};
