import type { JsonValue } from "../../extract/values.js";
import { code, join, type Code } from "../code.js";
import type { ModuleContext } from "../context.js";

/** True when the value equals one member: `===` for primitives, deep equality for arrays and objects. */
export function enumCondition(ctx: ModuleContext, values: readonly JsonValue[], value: Code): Code {
  const tests = values.map((member, i) => {
    if (member === null || typeof member !== "object") return code`${value} === ${member}`;
    return code`${ctx.use("deepEqual")}(${value}, ${ctx.enumList(values)}[${i}])`;
  });
  return join(tests, " || ");
}

/** Rejects a value outside the enum. */
export function acceptEnum(ctx: ModuleContext, values: readonly JsonValue[], value: Code): Code {
  return code`if (!(${enumCondition(ctx, values, value)})) return false;\n`;
}
