import type { JsonValue } from "../../extract/values.js";
import { code, type Code } from "../code.js";
import { pathLiteral, pushIssue, type EmitContext, type PathPart } from "../context.js";
import { enumCondition } from "../accept/enum.js";

/** The value must equal one member: `===` for primitives, deep equality for arrays and objects. */
export function emitEnum(
  ctx: EmitContext,
  values: readonly JsonValue[],
  value: Code,
  path: readonly PathPart[],
): Code {
  const list = ctx.enumList(values);
  const issue = pushIssue("invalid_enum", code`path: ${pathLiteral(ctx, path)}, values: ${list}`);
  return code`if (!(${enumCondition(ctx, values, value)})) {\n${issue}}\n`;
}
