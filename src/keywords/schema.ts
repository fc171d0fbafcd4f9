import { Code, code, escapeLineSeparators, join } from "../code/code.js";
import { pathCode, type NodeEmitter, type PathPart } from "../code/context.js";
import {
  type ArgsTypes,
  type Emit,
  type KeywordUse,
  type SchemaNode,
  type ValueKind,
} from "./definition.js";
import type { JsonType } from "./jsonTypes.js";
import { union } from "./object.js";
import { collectType, plainObjectTest, primitiveType, typesEnsure } from "./type.js";

/**
 * One schema: its keywords in the order they apply. A `false` schema rejects everything; then
 * the type, the guard of every other keyword; only when it passed, each keyword in use, in
 * the registry's order. A keyword that applies to one kind of value (an object's keys, an
 * array's elements) runs only on values of that kind: one run-time test per run of keywords
 * of the same kind, none when the declared type already ensures it.
 */
export const schemaEmitter: NodeEmitter<SchemaNode> = {
  collect: collectNode,
  weight: (node) => node.keywords.reduce((sum, use) => sum + use.weight, 0),
};

/** The issue path: statements that add every issue of `value` at `path` to `c`. */
function collectNode(ctx: Emit, node: SchemaNode, value: Code, path: readonly PathPart[]): Code {
  if (node.never)
    return code`c = ${ctx.module.use("notAllowed")}(c, ${pathCode(ctx.module, path)});\n`;
  const checks = byKind(node).map((run) =>
    guarded(ctx, node, run, value, (local) => run.uses.map((use) => use.collect(ctx, local, path))),
  );
  const then = join(checks, "");
  return node.types ? collectType(ctx, node.types, value, path, then) : then;
}

/** Consecutive keywords in use that apply to the same kind of value. */
interface KindRun {
  readonly kind: ValueKind | undefined;
  readonly uses: KeywordUse[];
}

function byKind(node: SchemaNode): KindRun[] {
  const runs: KindRun[] = [];
  for (const use of node.keywords) {
    if (!use.hasChecks) continue;
    const last = runs.at(-1);
    if (last && last.kind === use.appliesTo) last.uses.push(use);
    else runs.push({ kind: use.appliesTo, uses: [use] });
  }
  return runs;
}

/** The cast each kind's checks see the value through, and the name of its local. */
const KINDS: Record<ValueKind, { prefix: "r" | "a" | "t" | "x"; type: string }> = {
  object: { prefix: "r", type: "Record<string, unknown>" },
  array: { prefix: "a", type: "unknown[]" },
  string: { prefix: "t", type: "string" },
  number: { prefix: "x", type: "number" },
};

/**
 * A run of checks on values of one kind: the value as that kind in a local, inside a test of
 * the kind unless the declared type ensures it.
 */
function guarded(
  ctx: Emit,
  node: SchemaNode,
  run: KindRun,
  value: Code,
  checks: (local: Code) => Code[],
): Code {
  if (run.kind === undefined) return join(checks(value), "");
  const { prefix, type } = KINDS[run.kind];
  const local = ctx.names.next(prefix);
  const body = code`const ${local} = ${value} as ${Code.raw(type)};\n${join(checks(local), "")}`;
  if (typesEnsure(node.types, run.kind)) return body;
  return code`if (${kindTest(run.kind, value)}) {\n${body}}\n`;
}

function kindTest(kind: ValueKind, value: Code): Code {
  switch (kind) {
    case "object":
      return plainObjectTest(value);
    case "array":
      return code`Array.isArray(${value})`;
    case "string":
      return code`typeof ${value} === "string"`;
    case "number":
      return code`typeof ${value} === "number"`;
  }
}

/**
 * The TypeScript type of the values a schema accepts: what a tool's `execute` receives after
 * validation.
 */
export function argsType(node: SchemaNode): Code {
  if (node.never) return Code.raw("never");
  for (const use of node.keywords) {
    const literal = use.literalType();
    if (literal) return literal;
  }
  // Without a declared type any value passes (object and array rules apply only to those kinds).
  if (!node.types) return Code.raw("unknown");
  return union(node.types.map((type) => typeOfKind(node, type)));
}

const ARGS_TYPES: ArgsTypes = { typeOf: argsType, jsdoc };

/** The type of the values of one JSON type a schema accepts. */
function typeOfKind(node: SchemaNode, type: JsonType): Code {
  if (type === "object" || type === "array") {
    for (const use of node.keywords) {
      if (use.appliesTo !== type) continue;
      const kindType = use.kindType(ARGS_TYPES);
      if (kindType) return kindType;
    }
    return Code.raw(type === "object" ? "Record<string, unknown>" : "Array<unknown>");
  }
  return primitiveType(type);
}

/** A JSDoc block: line breaks kept as lines; `*\/` in the text cannot close the comment. */
export function jsdoc(text: string): Code {
  const lines = escapeLineSeparators(text.replace(/\*\//g, "*\\/")).split(/\r\n|[\n\r]/);
  if (lines.length === 1) return Code.raw(`/** ${lines[0]} */\n`);
  return Code.raw(`/**\n${lines.map((line) => ` * ${line}`.trimEnd()).join("\n")}\n */\n`);
}
