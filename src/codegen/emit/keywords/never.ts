import { code } from "../code.js";
import { pathLiteral, pushIssue, type PathPart } from "../context.js";

/** A `false` schema: any value here is not allowed. */
export function emitNever(path: readonly PathPart[]) {
  return pushIssue(code`code: "unexpected", path: ${pathLiteral(path)}`);
}
