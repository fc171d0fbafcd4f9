import type { JsonValue } from "../../extract/values.js";
import { Code, code, join, jsonValue, literal } from "../code.js";
import { pathLiteral, pushIssue, type EmitContext, type PathPart } from "../context.js";

/** The value must equal one member: `===` for primitives, deep equality for arrays and objects. */
export function emitEnum(
  ctx: EmitContext,
  values: readonly JsonValue[],
  value: Code,
  path: readonly PathPart[],
): Code {
  const list = ctx.names.next("e");
  const allPrimitive = values.every((member) => member === null || typeof member !== "object");
  const listValue = allPrimitive
    ? code`[${join(
        values.map((m) => literal(m as string | number | boolean | null)),
        ", ",
      )}]`
    : jsonValue(values as JsonValue[]);
  ctx.constants.push(code`const ${list}: readonly unknown[] = Object.freeze(${listValue});\n`);
  const tests = values.map((member, i) => {
    if (member === null || typeof member !== "object") return code`${value} === ${member}`;
    ctx.helpers.add("deepEqual");
    return code`deepEqual(${value}, ${list}[${i}])`;
  });
  const issue = pushIssue(code`code: "invalid_enum", path: ${pathLiteral(path)}, values: ${list}`);
  return code`if (!(${join(tests, " || ")})) {\n${issue}}\n`;
}
