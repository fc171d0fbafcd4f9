import { identifierText } from "./identifiers.js";
import { forEachDescendant, wrap } from "./walk.js";
import {
  Node,
  SyntaxKind,
  ts,
  type ObjectLiteralExpression,
  type ParameterDeclaration,
} from "../tsMorph.js";
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import {
  isValueWrapper,
  numericLiteralValue,
  propertyKey,
  unwrap,
  type Locate,
} from "./evaluate.js";
import type { Modules } from "./modules.js";
import type { StaticValue } from "./values.js";
import { resolveIdentifier } from "./scopes.js";

/** A read of one argument key inside a tool's `execute` (or a helper it passes the arguments to). */
export interface ArgumentRead {
  readonly key: string;
  /** How the code reads it, e.g. `args.file_path`. */
  readonly text: string;
  readonly location: SourceLocation;
}

/** A use of the arguments the analysis cannot follow to a key (`args[k]`, `{ ...args }`, an unknown callee). */
export interface UnfollowedUse {
  readonly text: string;
  readonly why: string;
  readonly location: SourceLocation;
}

export interface ArgumentUses {
  readonly reads: ArgumentRead[];
  readonly unfollowed: UnfollowedUse[];
  /** False when the tool has no `execute` function the analysis could find. */
  readonly found: boolean;
}

type FunctionLike =
  | import("ts-morph").FunctionDeclaration
  | import("ts-morph").ArrowFunction
  | import("ts-morph").FunctionExpression
  | import("ts-morph").MethodDeclaration;

/** The static reading of an expression (evaluate.ts). */
type Evaluate = (node: Node) => StaticValue;

const NOT_KNOWN: StaticValue = {
  kind: "unknown",
  reason: "not read",
  location: { file: "", start: 0, end: 0 },
};

/** Functions that take the whole arguments object without reading particular keys. */
const OPAQUE_CALLEES = new Set([
  "JSON.stringify",
  "String",
  "console.log",
  "console.error",
  "console.warn",
  "console.debug",
]);

/** A place the arguments object flows to: a function's parameter, or a name in a scope. */
type Flow =
  | { readonly kind: "parameter"; readonly fn: FunctionLike; readonly index: number }
  | { readonly kind: "name"; readonly name: string; readonly scope: Node };

/**
 * Finds which argument keys a tool's `execute` reads: `args.x`, `args["x"]`, destructuring in
 * the parameter list or a declaration, `"x" in args`, aliases (`const a = args`) and helpers
 * that receive the arguments (followed into their own parameter). Syntax only, no type checker.
 * Flows are followed from a work list, not by recursion: a chain of aliases may be long.
 */
export function findArgumentUses(
  toolObject: ObjectLiteralExpression,
  modules: Modules,
  locate: Locate,
  evaluate: (node: Node) => StaticValue = () => NOT_KNOWN,
): ArgumentUses {
  const execute = executeFunction(toolObject, modules);
  if (!execute) return { reads: [], unfollowed: [], found: false };
  const uses: ArgumentUses = { reads: [], unfollowed: [], found: true };
  const visited = new Set<Node>();
  const pending: Flow[] = [{ kind: "parameter", fn: execute, index: 0 }];
  for (let flow = pending.shift(); flow; flow = pending.shift()) {
    if (flow.kind === "parameter") {
      if (visited.has(flow.fn)) continue;
      visited.add(flow.fn);
      followParameter(flow.fn, flow.index, uses, locate, pending, evaluate);
    } else {
      const shadowed = new Map<ts.Node, boolean>();
      for (const identifier of identifiersNamed(flow.scope, flow.name)) {
        if (!isReference(identifier) || isShadowed(identifier, flow.name, flow.scope, shadowed))
          continue;
        followUse(identifier, uses, modules, locate, pending, evaluate);
      }
    }
  }
  return uses;
}

/** The tool's `execute` (the last one assigned), unless a later spread could replace it. */
function executeFunction(
  toolObject: ObjectLiteralExpression,
  modules: Modules,
): FunctionLike | undefined {
  const properties = toolObject.getProperties();
  for (let i = properties.length - 1; i >= 0; i--) {
    const property = properties[i]!;
    if (Node.isSpreadAssignment(property)) return undefined;
    if (Node.isMethodDeclaration(property) && propertyKey(property.getNameNode()) === "execute")
      return property;
    if (Node.isPropertyAssignment(property) && propertyKey(property.getNameNode()) === "execute")
      return functionOf(property.getInitializerOrThrow(), modules);
    if (Node.isShorthandPropertyAssignment(property) && property.getName() === "execute")
      return functionOf(property.getNameNode(), modules);
  }
  return undefined;
}

/** The function an expression names: a function expression, or a top-level function/const (also imported). */
function functionOf(expression: Node, modules: Modules): FunctionLike | undefined {
  const seen = new Set<Node>();
  let node = unwrap(expression);
  while (!seen.has(node)) {
    seen.add(node);
    if (Node.isArrowFunction(node) || Node.isFunctionExpression(node)) return node;
    if (!Node.isIdentifier(node)) return undefined;
    const binding = resolveIdentifier(modules, node);
    if (binding?.kind === "function") return binding.declaration;
    if (binding?.kind !== "const") return undefined;
    node = unwrap(binding.initializer);
  }
  return undefined;
}

function followParameter(
  fn: FunctionLike,
  index: number,
  uses: ArgumentUses,
  locate: Locate,
  pending: Flow[],
  evaluate: Evaluate,
): void {
  const parameter: ParameterDeclaration | undefined = fn.getParameters()[index];
  if (!parameter) return;
  const name = parameter.getNameNode();
  if (Node.isObjectBindingPattern(name)) {
    readPattern(name, uses, locate, evaluate);
    return;
  }
  if (!Node.isIdentifier(name)) return;
  const body = fn.getBody();
  if (body) pending.push({ kind: "name", name: identifierText(name), scope: body });
}

/** Each scope's identifiers by name, found in one walk (a scope is searched for many names). */
const identifiersByScope = new WeakMap<ts.Node, Map<string, ts.Identifier[]>>();

/**
 * The identifiers spelled `name` inside `scope`. The walk runs over the compiler's nodes with
 * its own stack (a function body may nest deeply), once per scope, and wraps only the matches:
 * wrapping every node of a function body costs more than the rest of the reading together.
 */
function identifiersNamed(scope: Node, name: string): Node[] {
  let byName = identifiersByScope.get(scope.compilerNode);
  if (!byName) {
    const found = new Map<string, ts.Identifier[]>();
    forEachDescendant(scope.compilerNode, (node) => {
      if (!ts.isIdentifier(node)) return;
      const list = found.get(node.text);
      if (list) list.push(node);
      else found.set(node.text, [node]);
    });
    byName = found;
    identifiersByScope.set(scope.compilerNode, byName);
  }
  const wrapped = new Set<ts.Node>([scope.compilerNode]);
  return (byName.get(name) ?? [])
    .map((identifier) => wrap(scope, identifier, wrapped))
    .filter((identifier) => Node.isIdentifier(identifier));
}

function followUse(
  reference: Node,
  uses: ArgumentUses,
  modules: Modules,
  locate: Locate,
  pending: Flow[],
  evaluate: Evaluate,
): void {
  // `(args as X)`, `args!`, `(args)`: the value is still the arguments.
  let node: Node = reference;
  let parent = node.getParentOrThrow();
  while (isValueWrapper(parent)) {
    node = parent;
    parent = node.getParentOrThrow();
  }
  if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === node) {
    uses.reads.push({ key: parent.getName(), text: parent.getText(), location: locate(parent) });
  } else if (Node.isElementAccessExpression(parent) && parent.getExpression() === node) {
    const argument = parent.getArgumentExpression();
    keyRead(uses, parent, argument && literalKey(argument, evaluate), locate);
  } else if (
    Node.isBinaryExpression(parent) &&
    parent.getOperatorToken().getKind() === SyntaxKind.InKeyword &&
    parent.getRight() === node
  ) {
    keyRead(uses, parent, literalKey(parent.getLeft(), evaluate), locate);
  } else if (Node.isVariableDeclaration(parent) && parent.getInitializer() === node) {
    const target = parent.getNameNode();
    if (Node.isObjectBindingPattern(target)) readPattern(target, uses, locate, evaluate);
    else if (Node.isIdentifier(target)) {
      const scope =
        parent.getFirstAncestor((a) => Node.isBlock(a) || Node.isSourceFile(a)) ??
        parent.getSourceFile();
      pending.push({ kind: "name", name: identifierText(target), scope });
    }
  } else if (Node.isSpreadAssignment(parent) || Node.isSpreadElement(parent)) {
    unfollowed(uses, parent, "a spread copies every key", locate);
  } else if (Node.isCallExpression(parent) && parent.getArguments().includes(node)) {
    followCall(parent, node, uses, modules, locate, pending);
  } else if (
    Node.isShorthandPropertyAssignment(parent) ||
    (Node.isPropertyAssignment(parent) && parent.getInitializer() === node)
  ) {
    unfollowed(uses, parent, "the arguments are stored in another object", locate);
  }
}

/** A read of the key `key` by `parent`, or one the analysis cannot follow (`undefined`). */
function keyRead(uses: ArgumentUses, parent: Node, key: string | undefined, locate: Locate): void {
  if (key === undefined) unfollowed(uses, parent, "the key is computed at run time", locate);
  else uses.reads.push({ key, text: parent.getText(), location: locate(parent) });
}

/** The arguments passed to a function: followed into its parameter, where it has a body. */
function followCall(
  call: import("ts-morph").CallExpression,
  node: Node,
  uses: ArgumentUses,
  modules: Modules,
  locate: Locate,
  pending: Flow[],
): void {
  const callee = call.getExpression().getText();
  if (OPAQUE_CALLEES.has(callee)) return;
  const fn = functionOf(call.getExpression(), modules);
  // A declaration without a body (`declare function`) cannot be followed.
  if (fn?.getBody())
    pending.push({ kind: "parameter", fn, index: call.getArguments().indexOf(node) });
  else
    unfollowed(
      uses,
      call,
      `the arguments are passed to \`${callee}\`, which cannot be followed`,
      locate,
    );
}

function readPattern(
  pattern: import("ts-morph").ObjectBindingPattern,
  uses: ArgumentUses,
  locate: Locate,
  evaluate: Evaluate,
): void {
  for (const element of pattern.getElements()) {
    if (element.getDotDotDotToken()) {
      unfollowed(uses, element, "a rest element takes every other key", locate);
      continue;
    }
    const propertyName = element.getPropertyNameNode();
    const key = !propertyName
      ? element.getName()
      : Node.isComputedPropertyName(propertyName)
        ? literalKey(propertyName.getExpression(), evaluate)
        : propertyKey(propertyName);
    if (key === undefined) unfollowed(uses, element, "the key is computed at run time", locate);
    else uses.reads.push({ key, text: element.getText(), location: locate(element) });
  }
}

/** The key an expression names: a literal, or a value the static reading knows (`args[PARAM]`). */
function literalKey(node: Node, evaluate: Evaluate): string | undefined {
  const target = unwrap(node);
  if (Node.isStringLiteral(target) || Node.isNoSubstitutionTemplateLiteral(target))
    return target.compilerNode.text;
  if (Node.isNumericLiteral(target)) return String(numericLiteralValue(target));
  const value = evaluate(target);
  return value.kind === "primitive" ? String(value.value) : undefined;
}

function unfollowed(uses: ArgumentUses, node: Node, why: string, locate: Locate): void {
  const text = node.getText().replace(/\s+/g, " ");
  uses.unfollowed.push({
    text: text.length > 60 ? `${text.slice(0, 57)}...` : text,
    why,
    location: locate(node),
  });
}

/** An identifier that names a value (not a property name, a declaration's own name, or a type). */
function isReference(identifier: Node): boolean {
  const parent = identifier.getParentOrThrow();
  if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === identifier) return false;
  if (Node.isPropertyAssignment(parent) && parent.getNameNode() === identifier) return false;
  if (Node.isBindingElement(parent) || Node.isParameterDeclaration(parent)) return false;
  if (Node.isVariableDeclaration(parent) && parent.getNameNode() === identifier) return false;
  if (Node.isTypeReference(parent) || Node.isQualifiedName(parent)) return false;
  return true;
}

/**
 * True when a nested function or block between the use and `scope` declares its own `name`.
 * The walk up is over the compiler's nodes, and each node's answer is kept: a use deep inside
 * a long expression costs its depth only once.
 */
function isShadowed(
  identifier: Node,
  name: string,
  scope: Node,
  known: Map<ts.Node, boolean> = new Map(),
): boolean {
  const path: ts.Node[] = [];
  let answer = false;
  for (
    let node = identifier.compilerNode.parent;
    node && node !== scope.compilerNode;
    node = node.parent
  ) {
    const cached = known.get(node);
    if (cached !== undefined) {
      answer = cached;
      break;
    }
    path.push(node);
    if (declaresOwn(node, name)) {
      answer = true;
      break;
    }
  }
  // Every node walked shares the answer of the first node that decided it.
  for (const node of path) known.set(node, answer);
  return answer;
}

function declaresOwn(node: ts.Node, name: string): boolean {
  if (ts.isFunctionLike(node)) {
    return node.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name);
  }
  if (ts.isBlock(node)) {
    return node.statements.some(
      (statement) =>
        ts.isVariableStatement(statement) &&
        statement.declarationList.declarations.some(
          (d) => ts.isIdentifier(d.name) && d.name.text === name,
        ),
    );
  }
  return false;
}
