import { type Node, ts } from "../tsMorph.js";

/**
 * The compiler nodes under `scope` that `select` picks, in source order, found with a stack of
 * its own: a declaration may nest far deeper than a recursive walk can go (a `+` chain 10,000
 * operands long). Only the nodes picked are wrapped as ts-morph nodes; wrapping every node of
 * a file costs more than the rest of the reading.
 */
export function descendants<T extends Node>(scope: Node, select: (node: ts.Node) => boolean): T[] {
  const found: ts.Node[] = [];
  forEachDescendant(scope.compilerNode, (node) => {
    if (select(node)) found.push(node);
  });
  const wrapped = new Set<ts.Node>([scope.compilerNode]);
  return found.map((node) => wrap(scope, node, wrapped) as T);
}

/** Visits every compiler node under `root` in source order, with a stack of its own. */
export function forEachDescendant(root: ts.Node, visit: (node: ts.Node) => void): void {
  const stack: ts.Node[] = [];
  const pushChildren = (node: ts.Node) => {
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => {
      children.push(child);
    });
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  };
  pushChildren(root);
  for (let node = stack.pop(); node; node = stack.pop()) {
    visit(node);
    pushChildren(node);
  }
}

/**
 * ts-morph's wrapper of a compiler node inside `scope`. Its factory makes one directly (and
 * caches it), but wraps the node's parent first, recursively: so the ancestors not yet wrapped
 * are wrapped here from the top down, which keeps that recursion one level deep. (The public
 * way, `getDescendantAtPos`, walks down from the root for each node: slow on deep trees.)
 */
export function wrap(scope: Node, node: ts.Node, wrapped: Set<ts.Node>): Node {
  const factory = (scope as unknown as { _getNodeFromCompilerNode?: (node: ts.Node) => Node })
    ._getNodeFromCompilerNode;
  if (typeof factory !== "function") {
    throw new Error("ts-morph no longer has Node._getNodeFromCompilerNode (walk.ts needs it)");
  }
  const unwrapped: ts.Node[] = [];
  for (let ancestor = node.parent; ancestor && !wrapped.has(ancestor); ancestor = ancestor.parent)
    unwrapped.push(ancestor);
  for (let i = unwrapped.length - 1; i >= 0; i--) {
    factory.call(scope, unwrapped[i]!);
    wrapped.add(unwrapped[i]!);
  }
  return factory.call(scope, node);
}
