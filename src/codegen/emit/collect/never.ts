import { code, type Code } from "../code.js";
import { pathLiteral, pushIssue, type ModuleContext, type PathPart } from "../context.js";

/** A `false` schema: any value here is not allowed. */
export function emitNever(ctx: ModuleContext, path: readonly PathPart[]): Code {
  return pushIssue("unexpected", code`path: ${pathLiteral(ctx, path)}`);
}
