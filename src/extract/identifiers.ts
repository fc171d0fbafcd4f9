import type { Node, ts } from "ts-morph";

/**
 * The name an identifier stands for, with escapes resolved (`\u0061` is `a`), as TypeScript
 * reads it: `getText()` would give the escaped spelling.
 */
export function identifierText(node: Node): string {
  return (node.compilerNode as ts.Identifier).text;
}
