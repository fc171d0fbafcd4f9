import type { SchemaNode } from "../normalize/schema.js";

/** Whether a schema checks anything at all (an empty schema accepts every value). */
export function hasChecks(node: SchemaNode): boolean {
  return (
    node.never === true ||
    node.types !== undefined ||
    node.enumValues !== undefined ||
    (node.items !== undefined && hasChecks(node.items)) ||
    (node.object !== undefined && objectHasChecks(node))
  );
}

function objectHasChecks(node: SchemaNode): boolean {
  const rules = node.object!;
  return (
    rules.requiredOnly.length > 0 ||
    rules.properties.some((p) => p.required || hasChecks(p.schema)) ||
    rules.unknownKeys.kind === "reject" ||
    (rules.unknownKeys.kind === "check" && hasChecks(rules.unknownKeys.schema))
  );
}
