import type { JsonType } from "../../normalize/keywords.js";
import { code, type Code } from "../code.js";
import { pathLiteral, pushIssue, type EmitContext, type PathPart } from "../context.js";
import { typeCondition } from "../typeTests.js";

/** The `expected` text of a type issue: `string`, `string | null`. */
export function expectedText(types: readonly JsonType[]): string {
  return types.join(" | ");
}

/** Checks the type; `then` runs only when it passed (a value of the wrong type gets no further checks). */
export function emitType(
  ctx: EmitContext,
  types: readonly JsonType[],
  value: Code,
  path: readonly PathPart[],
  then: Code,
): Code {
  const issue = pushIssue(
    "invalid_type",
    code`path: ${pathLiteral(ctx, path)}, expected: ${expectedText(types)}, received: ${ctx.use("typeName")}(${value})`,
  );
  if (then.toString() === "") return code`if (!(${typeCondition(types, value)})) {\n${issue}}\n`;
  return code`if (${typeCondition(types, value)}) {\n${then}} else {\n${issue}}\n`;
}
