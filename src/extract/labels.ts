import { Node } from "../tsMorph.js";
import { isValueWrapper, propertyKey } from "./evaluate.js";
import { identifierText } from "./identifiers.js";

/** Labels are cut here: only their start is ever needed to find the place. */
const MAX_LABEL = 80;

/**
 * Where an object literal is declared, for messages: the `const` holding it (`readFileTool`),
 * a path through the values holding it (`toolSet.read_file`, `TOOLS[2]`), the function
 * returning it (`createTools()`), the call it is passed to (`createTool(...)`), or
 * `export default`.
 */
export function declarationLabel(node: Node): string {
  // A class is declared by its name (`class FindTool`), or like a value (`const X = class {}`).
  const className = Node.isClassDeclaration(node) ? node.getName() : undefined;
  const label = oneLine(className ?? labelOf(node, 0));
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 3)}...` : label;
}

/**
 * A label on one line, as a user types it into `excludeTools`: the line breaks of a call chain
 * written over several lines (`client.messages\n  .stream(...)`) and the spaces around them
 * go, other runs of spaces are one.
 */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]\s*/g, "").replace(/\s+/g, " ");
}

function labelOf(node: Node, depth: number): string {
  let child = node;
  let parent = node.getParent();
  while (parent && isValueWrapper(parent)) {
    child = parent;
    parent = parent.getParent();
  }
  if (!parent || depth > 20) return "an object literal";
  if (Node.isVariableDeclaration(parent)) {
    const name = parent.getNameNode();
    return Node.isIdentifier(name) ? identifierText(name) : "a destructured const";
  }
  if (Node.isPropertyAssignment(parent)) {
    const nameNode = parent.getNameNode();
    const key = propertyKey(nameNode);
    const holder = parent.getParent();
    const step =
      key === undefined
        ? nameNode.getText() // a computed key, as written: `[NAMES.grep]`
        : /^[A-Za-z_$][\w$]*$/.test(key)
          ? `.${key}`
          : `[${JSON.stringify(key)}]`;
    return `${labelOf(holder, depth + 1)}${step}`;
  }
  if (Node.isArrayLiteralExpression(parent)) {
    return `${labelOf(parent, depth + 1)}[${parent.getElements().indexOf(child as never)}]`;
  }
  if (Node.isExportAssignment(parent)) return "export default";
  if (Node.isReturnStatement(parent) || Node.isArrowFunction(parent)) return functionLabel(parent);
  if (Node.isCallExpression(parent) || Node.isNewExpression(parent)) {
    // A tool given to a call that is held somewhere (`weather: tool({...})`, `const t =
    // createTool({...})`) is named by where the call is held; an object holding tools
    // (`client.messages.stream({ tools })`) by the call.
    if (depth === 0 && isHeld(parent)) return labelOf(parent, depth + 1);
    return `${parent.getExpression().getText().slice(0, MAX_LABEL)}(...)`;
  }
  return "an object literal";
}

/** Whether a value sits where a label can name it: a const, a key, an array, a return, a default export. */
function isHeld(node: Node): boolean {
  let parent = node.getParent();
  while (parent && isValueWrapper(parent)) parent = parent.getParent();
  return (
    parent !== undefined &&
    (Node.isVariableDeclaration(parent) ||
      Node.isPropertyAssignment(parent) ||
      Node.isArrayLiteralExpression(parent) ||
      Node.isExportAssignment(parent) ||
      Node.isReturnStatement(parent) ||
      Node.isArrowFunction(parent))
  );
}

/**
 * The function a node is returned from, for labels: `createTools()`, or for a function given
 * to a call (a request handler), the call: `server.setRequestHandler(...)`.
 */
function functionLabel(node: Node): string {
  for (let current: Node | undefined = node; current; current = current.getParent()) {
    if (!Node.isArrowFunction(current) && !Node.isFunctionExpression(current)) continue;
    let holder = current.getParent();
    while (holder && isValueWrapper(holder)) holder = holder.getParent();
    if (holder && Node.isCallExpression(holder) && !isHeld(holder))
      return `${holder.getExpression().getText().slice(0, MAX_LABEL)}(...)`;
    break;
  }
  return `${functionName(node)}()`;
}

/** The name of the function a node is in: its declaration's, or the const or key holding it. */
function functionName(node: Node): string {
  for (let current: Node | undefined = node; current; current = current.getParent()) {
    if (
      Node.isFunctionDeclaration(current) ||
      Node.isMethodDeclaration(current) ||
      Node.isGetAccessorDeclaration(current)
    )
      return current.getName() ?? "a function";
    if (Node.isArrowFunction(current) || Node.isFunctionExpression(current)) {
      const holder = current.getParent();
      if (Node.isVariableDeclaration(holder) || Node.isPropertyAssignment(holder))
        return holder.getName();
    }
  }
  return "a function";
}

/**
 * The name of the `const` an object literal initialises (through wrappers, and through a call
 * it is given to: `const weatherTool = tool({...})`), if it does.
 */
export function declarationNameNode(node: Node): Node | undefined {
  if (Node.isClassDeclaration(node)) return node.getNameNode();
  let parent = node.getParent();
  while (parent && isValueWrapper(parent)) parent = parent.getParent();
  if (parent && (Node.isCallExpression(parent) || Node.isNewExpression(parent)) && isHeld(parent))
    return declarationNameNode(parent);
  return parent && Node.isVariableDeclaration(parent) ? parent.getNameNode() : undefined;
}
