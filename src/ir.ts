import type { SourceLocation } from "./diagnostics/diagnostics.js";
import type { JsonValue } from "./extract/values.js";
import type { NotEnforced, SchemaNode } from "./keywords/definition.js";

export type { Mode, NotEnforced, SchemaNode } from "./keywords/definition.js";
export { JSON_TYPES, jsonHasType, type JsonType } from "./keywords/jsonTypes.js";

/**
 * One tool, ready to emit: its name, where it is declared, and its parameters as the
 * validators enforce them (keywords/definition.ts); everything else was reported as not
 * enforced on the way.
 */
export interface ToolSchema {
  readonly name: string;
  readonly file: string;
  readonly declaredAs: string;
  /** Where it is declared (for diagnostics about its names). */
  readonly location: SourceLocation;
  readonly description?: string;
  readonly root: SchemaNode;
  readonly notEnforced: readonly NotEnforced[];
  /**
   * The declaration as JSON, as declared (normalize/declaration.ts): what the tool's Standard
   * JSON Schema gives (CONTRACT.md section 5.1).
   */
  readonly declaration: JsonValue;
}
