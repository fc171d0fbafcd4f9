// CONTRACT.md section 2 (tools declared with a schema library: listed, never read).
import { Node } from "../tsMorph.js";
import { unwrap } from "./evaluate.js";
import { identifierText } from "./identifiers.js";
import type { Binding } from "./bindings.js";
import type { ImportedName } from "./modules.js";
import type { StaticValue } from "./values.js";

/** A schema library: a tool declared with it is validated by it at run time. */
interface SchemaLibrary {
  /** Its name in messages. */
  readonly name: string;
  /** The modules it is imported from (a trailing `/` takes every subpath). */
  readonly modules: readonly string[];
  /** The names its calls usually start with, where the import is not visible (`z.object`). */
  readonly roots: readonly string[];
  /** Its functions that turn a schema into JSON Schema at run time (`zodToJsonSchema`). */
  readonly functions: readonly string[];
}

const LIBRARIES: readonly SchemaLibrary[] = [
  {
    name: "zod",
    modules: ["zod", "zod/", "zod-to-json-schema", "openai/helpers/zod", "@zod/"],
    roots: ["z"],
    functions: ["zodToJsonSchema", "zodFunction", "zodResponseFormat", "zodTextFormat"],
  },
  { name: "valibot", modules: ["valibot", "@valibot/"], roots: ["v"], functions: [] },
  { name: "ArkType", modules: ["arktype", "@ark/"], roots: [], functions: [] },
  {
    name: "Effect Schema",
    modules: ["effect", "effect/", "@effect/schema"],
    roots: [],
    functions: [],
  },
  {
    name: "TypeBox",
    modules: ["typebox", "typebox/", "@sinclair/typebox", "@sinclair/typebox/"],
    roots: ["Type"],
    functions: [],
  },
];

/** The library of an imported module, if it is one. */
export function libraryOfModule(module: string): string | undefined {
  for (const library of LIBRARIES)
    if (library.modules.some((m) => (m.endsWith("/") ? module.startsWith(m) : module === m)))
      return library.name;
  return undefined;
}

/** What telling a call's library needs: imports as written, and static values. */
export interface LibraryLookup {
  importOf(identifier: Node): ImportedName | undefined;
  evaluate(node: Node): StaticValue;
  /** What an identifier names (a function of the host's that returns a library's schema). */
  binding(identifier: Node): Binding | undefined;
}

/** How many calls deep a library is looked for: `toJsonSchema(ArgsSchema)`, `ArgsSchema = z.object(...)`. */
const MAX_DEPTH = 3;

/**
 * The schema library a call belongs to, if any: by what the name it starts with is imported
 * from (`z` from "zod", `Type` from "typebox"), else by the names the library's calls use (an
 * import from a module of the host's that re-exports the library); a
 * call of something else that builds its value from a library's schema (a const holding one,
 * or an argument: `zodSchema(ArgsSchema)`) belongs to that library too.
 */
export function libraryOf(call: Node, lookup: LibraryLookup, depth = 0): string | undefined {
  if (!Node.isCallExpression(call) && !Node.isNewExpression(call)) return undefined;
  const root = calleeRoot(call.getExpression());
  if (Node.isIdentifier(root)) {
    const imported = lookup.importOf(root);
    const library =
      (imported && libraryOfModule(imported.module)) ??
      libraryOfName(imported?.imported ?? identifierText(root), calleeName(call));
    if (library) return library;
  }
  if (depth >= MAX_DEPTH) return undefined;
  const sources = [
    Node.isIdentifier(root) ? [root, ...returned(lookup.binding(root))] : [],
    call.getArguments() ?? [],
  ].flat();
  for (const source of sources) {
    const value = lookup.evaluate(source);
    if (value.kind !== "unknown" || value.origin?.kind !== "call" || value.origin.call === call)
      continue;
    const library = libraryOf(value.origin.call, lookup, depth + 1);
    if (library) return library;
  }
  return undefined;
}

/**
 * What a function of the host's returns, where it is written in its body (`(context) =>
 * z.object({...})`, `return z.object(...)`): a helper that builds a library's schema.
 */
function returned(binding: Binding | undefined): Node[] {
  let fn: Node | undefined;
  if (binding?.kind === "function") fn = binding.declaration;
  else if (binding?.kind === "const") fn = unwrap(binding.initializer);
  if (
    !fn ||
    !(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isFunctionDeclaration(fn))
  )
    return [];
  const body = fn.getBody();
  if (!body) return [];
  if (!Node.isBlock(body)) return [body];
  const found: Node[] = [];
  body.forEachDescendant((node, traversal) => {
    // A nested function's returns are its own.
    if (Node.isFunctionLikeDeclaration(node)) traversal.skip();
    else if (Node.isReturnStatement(node) && node.getExpression())
      found.push(node.getExpression()!);
  });
  return found;
}

function libraryOfName(root: string, name: string | undefined): string | undefined {
  for (const library of LIBRARIES)
    if (library.roots.includes(root) || (name !== undefined && library.functions.includes(name)))
      return library.name;
  return undefined;
}

/** The name a call's callee chain starts with: `z` in `z.object({...}).describe("...")`. */
function calleeRoot(expression: Node): Node {
  let node = unwrap(expression);
  for (;;) {
    if (
      Node.isPropertyAccessExpression(node) ||
      Node.isElementAccessExpression(node) ||
      Node.isCallExpression(node)
    )
      node = unwrap(node.getExpression());
    else return node;
  }
}

/** The name of the function called: `zodToJsonSchema` in `zodToJsonSchema(x)`. */
function calleeName(call: Node & { getExpression(): Node }): string | undefined {
  const callee = unwrap(call.getExpression());
  if (Node.isIdentifier(callee)) return identifierText(callee);
  if (Node.isPropertyAccessExpression(callee)) return callee.getName();
  return undefined;
}
