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
import { collectType, primitiveType, typesEnsure } from "./type.js";

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
    guarded(ctx, node, run, value, (local) =>
      run.uses.map((use) => use.collect(ctx, local, path, node.types)),
    ),
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
    // A keyword for a kind the declared types leave out never runs: the type test stops every
    // value of that kind first.
    if (!use.hasChecks || !kindDeclared(use.appliesTo, node.types)) continue;
    const last = runs.at(-1);
    if (last && last.kind === use.appliesTo) last.uses.push(use);
    else runs.push({ kind: use.appliesTo, uses: [use] });
  }
  return runs;
}

/** Whether a value of the kind can pass the declared types (any can where none is declared). */
function kindDeclared(
  kind: ValueKind | undefined,
  types: readonly JsonType[] | undefined,
): boolean {
  if (kind === undefined || types === undefined) return true;
  if (kind === "number") return types.includes("number") || types.includes("integer");
  return types.includes(kind);
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
 * the kind unless the declared type ensures it. The local is cast only where the tests before
 * it leave a wider type: a `typeof` test narrows a string or a number already, and a host's
 * linter rejects an assertion that changes nothing (no-unnecessary-type-assertion).
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
  const ensured = typesEnsure(node.types, run.kind);
  // The type test narrows a string with `typeof`, a number not (Number.isFinite); the guard
  // narrows both with `typeof`.
  const narrowed = run.kind === "string" || (run.kind === "number" && !ensured);
  const read = narrowed ? value : code`${value} as ${Code.raw(type)}`;
  const body = code`const ${local} = ${read};\n${join(checks(local), "")}`;
  if (ensured) return body;
  return code`if (${kindTest(run.kind, value, node.types)}) {\n${body}}\n`;
}

/** The test of a kind, among the declared types (any value when none is declared). */
function kindTest(kind: ValueKind, value: Code, types: readonly JsonType[] | undefined): Code {
  switch (kind) {
    case "object":
      return objectTest(value, types);
    case "array":
      return code`Array.isArray(${value})`;
    case "string":
      return code`typeof ${value} === "string"`;
    case "number":
      return code`typeof ${value} === "number"`;
  }
}

/**
 * An object that is not an array, told apart from the other declared types only: the type test
 * passed, so `v !== null` where null is not declared would be a test a host's linter finds
 * always true (no-unnecessary-condition).
 */
function objectTest(value: Code, types: readonly JsonType[] | undefined): Code {
  const has = (type: JsonType) => types === undefined || types.includes(type);
  const tests: Code[] = [];
  if ((["string", "number", "integer", "boolean"] as const).some(has))
    tests.push(code`typeof ${value} === "object"`);
  if (has("null")) tests.push(code`${value} !== null`);
  if (has("array")) tests.push(code`!Array.isArray(${value})`);
  return join(tests, " && ");
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
