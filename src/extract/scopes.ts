import { Node, ts, type EnumDeclaration } from "../tsMorph.js";
import {
  declaredNames,
  enumBinding,
  runTimeName,
  unreadable,
  variableBinding,
  type Binding,
} from "./bindings.js";
import { identifierText } from "./identifiers.js";
import type { ImportedName, Modules } from "./modules.js";

/** The names a block-like scope declares itself (not those of the blocks inside it). */
type Declarations = Map<string, Binding>;

const blockDeclarations = new WeakMap<ts.Node, Declarations>();
const hoistedVars = new WeakMap<ts.Node, ReadonlySet<string>>();

/**
 * What an identifier used as a value refers to, found as JavaScript finds it: through the
 * scopes that enclose it, innermost first (blocks, `case` blocks, loops, `catch` clauses,
 * functions with their parameters and the `var`s they hoist, class and function expression
 * names, an enum's members inside its initializers), then the module's top level and its
 * imports. A local `const` is read like a module's; a parameter, a `let`, a `var` or a loop
 * variable is unreadable, saying which it is: a local name is never mistaken for a module
 * constant it shadows. Undefined when nothing declares the name (a global).
 */
export function resolveIdentifier(modules: Modules, identifier: Node): Binding | undefined {
  const name = identifierText(identifier);
  let child: Node = identifier;
  for (let node = identifier.getParent(); node; child = node, node = node.getParent()) {
    if (Node.isSourceFile(node)) return modules.lookupLocal(node, name);
    const found = declaredIn(modules, node, child, name);
    if (found) return found;
  }
  return undefined;
}

/**
 * Where an identifier is imported from, as the import is written, when it names an import
 * (and no inner scope declares the same name); nothing is resolved.
 */
export function importOf(modules: Modules, identifier: Node): ImportedName | undefined {
  const name = identifierText(identifier);
  let child: Node = identifier;
  for (let node = identifier.getParent(); node; child = node, node = node.getParent()) {
    if (Node.isSourceFile(node)) return modules.importOf(node, name);
    if (declaredIn(modules, node, child, name)) return undefined;
  }
  return undefined;
}

function declaredIn(modules: Modules, node: Node, child: Node, name: string): Binding | undefined {
  if (Node.isBlock(node) || Node.isModuleBlock(node) || Node.isCaseBlock(node))
    return declarationsOf(node).get(name);
  if (
    (Node.isForStatement(node) || Node.isForInStatement(node) || Node.isForOfStatement(node)) &&
    Node.isVariableDeclarationList(node.getInitializer())
  ) {
    const list = node.getInitializer() as import("ts-morph").VariableDeclarationList;
    for (const declaration of list.getDeclarations())
      if (declaredNames(declaration.getNameNode()).some((d) => d.name === name))
        return runTimeName(`"${name}" is a loop variable: its value changes as the loop runs`);
    return undefined;
  }
  if (Node.isCatchClause(node)) {
    const variable = node.getVariableDeclaration();
    if (variable && declaredNames(variable.getNameNode()).some((d) => d.name === name))
      return runTimeName(`"${name}" is what a \`catch\` clause caught, known only at run time`);
    return undefined;
  }
  if (Node.isClassDeclaration(node) || Node.isClassExpression(node)) {
    // Inside its body, a class's own name is the class.
    if (node.getName() === name && child !== node.getNameNode())
      return { kind: "class", name, declaration: node, declaredAt: node };
    return undefined;
  }
  if (Node.isClassStaticBlockDeclaration(node)) {
    if (hoisted(node).has(name)) return varReason(name);
    return undefined;
  }
  if (Node.isEnumDeclaration(node) && Node.isEnumMember(child))
    return enumMemberNamed(modules, node, name);
  if (isFunctionWithBody(node)) return functionScope(node, child, name);
  return undefined;
}

/** A function's own scope: its parameters, `arguments`, its own name, the `var`s it hoists. */
function functionScope(fn: Node, child: Node, name: string): Binding | undefined {
  const parameters = Node.isFunctionLikeDeclaration(fn) ? fn.getParameters() : [];
  for (const parameter of parameters) {
    if (declaredNames(parameter.getNameNode()).some((d) => d.name === name))
      return runTimeName(
        `"${name}" is a parameter of ${functionLabel(fn)}: its value is known only when it is called`,
      );
  }
  if (name === "arguments" && !Node.isArrowFunction(fn))
    return runTimeName(`\`arguments\` is known only when ${functionLabel(fn)} is called`);
  if (Node.isFunctionExpression(fn) && fn.getName() === name && child !== fn.getNameNode())
    return { kind: "function", name, declaration: fn };
  if (hoisted(fn).has(name)) return varReason(name);
  return undefined;
}

function varReason(name: string): Binding {
  return unreadable(`"${name}" is a \`var\` variable; only \`const\` values are read`);
}

function isFunctionWithBody(node: Node): boolean {
  return (
    (Node.isFunctionDeclaration(node) ||
      Node.isFunctionExpression(node) ||
      Node.isArrowFunction(node) ||
      Node.isMethodDeclaration(node) ||
      Node.isConstructorDeclaration(node) ||
      Node.isGetAccessorDeclaration(node) ||
      Node.isSetAccessorDeclaration(node)) &&
    node.getBody() !== undefined
  );
}

/** How a function is named in messages: `createTool()`, `a function`. */
function functionLabel(fn: Node): string {
  if (Node.isConstructorDeclaration(fn)) return "a constructor";
  const named = (fn as { getName?: () => string | undefined }).getName?.();
  if (named) return `\`${named}()\``;
  const holder = fn.getParent();
  if (Node.isVariableDeclaration(holder) || Node.isPropertyAssignment(holder))
    return `\`${holder.getName()}()\``;
  return "a function";
}

/** The names a block, module block or case block declares itself, read once per block. */
function declarationsOf(block: Node): Declarations {
  let declarations = blockDeclarations.get(block.compilerNode);
  if (declarations) return declarations;
  declarations = new Map();
  const statements = Node.isCaseBlock(block)
    ? block.getClauses().flatMap((clause) => clause.getStatements())
    : (block as import("ts-morph").Block).getStatements();
  const enums = new Map<string, EnumDeclaration[]>();
  // A name declared twice in a block is a syntax error, but for overloads and enum merging.
  const declare = (name: string, binding: Binding) => {
    const earlier = declarations!.get(name);
    if (!earlier || (earlier.kind === "enum" && binding.kind === "enum"))
      declarations!.set(name, binding);
    else if (!(earlier.kind === "function" && binding.kind === "function"))
      declarations!.set(name, unreadable(`"${name}" is declared more than once in its block`));
  };
  for (const statement of statements) {
    if (Node.isVariableStatement(statement)) {
      for (const declaration of statement.getDeclarations())
        for (const { name, element } of declaredNames(declaration.getNameNode()))
          declare(name, variableBinding(declaration, name, element));
    } else if (Node.isFunctionDeclaration(statement)) {
      const name = statement.getName();
      if (name) declare(name, { kind: "function", name, declaration: statement });
    } else if (Node.isClassDeclaration(statement)) {
      const name = statement.getName();
      if (name)
        declare(name, { kind: "class", name, declaration: statement, declaredAt: statement });
    } else if (Node.isEnumDeclaration(statement)) {
      const name = statement.getName();
      const all = [...(enums.get(name) ?? []), statement];
      enums.set(name, all);
      declare(name, enumBinding(name, all));
    } else if (Node.isModuleDeclaration(statement)) {
      const nameNode = statement.getNameNode();
      if (Node.isIdentifier(nameNode) && !declarations.has(identifierText(nameNode)))
        declare(
          identifierText(nameNode),
          unreadable(`"${identifierText(nameNode)}" is a namespace, whose members are not read`),
        );
    }
  }
  blockDeclarations.set(block.compilerNode, declarations);
  return declarations;
}

/**
 * The names `var` declares anywhere in a function's body (or a class's `static {}` block),
 * hoisted to it: every block and statement inside, but not nested functions and classes.
 */
function hoisted(fn: Node): ReadonlySet<string> {
  let names = hoistedVars.get(fn.compilerNode);
  if (names) return names;
  const found = new Set<string>();
  const body = (fn.compilerNode as { body?: ts.Node }).body;
  const pending: ts.Node[] = body ? [body] : [];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (ts.isVariableDeclarationList(node) && !(node.flags & ts.NodeFlags.BlockScoped)) {
      for (const declaration of node.declarations) collectNames(declaration.name, found);
    }
    ts.forEachChild(node, (child) => {
      if (ts.isFunctionLike(child) || ts.isClassLike(child)) return;
      pending.push(child);
    });
  }
  names = found;
  hoistedVars.set(fn.compilerNode, names);
  return names;
}

function collectNames(name: ts.BindingName, into: Set<string>): void {
  if (ts.isIdentifier(name)) {
    into.add(name.text);
    return;
  }
  for (const element of name.elements)
    if (!ts.isOmittedExpression(element)) collectNames(element.name, into);
}

/** A member named `name` of the enum `declaration` belongs to, seen from inside an initializer. */
function enumMemberNamed(
  modules: Modules,
  declaration: EnumDeclaration,
  name: string,
): Binding | undefined {
  const own = resolveIdentifier(modules, declaration.getNameNode());
  const declarations = own?.kind === "enum" ? own.declarations : [declaration];
  const isMember = declarations.some((d) =>
    d.getMembers().some((member) => memberName(member.getNameNode()) === name),
  );
  if (!isMember) return undefined;
  if (own?.kind !== "enum")
    return own?.kind === "unreadable" ? own : unreadable(`"${name}" is an enum member not read`);
  return { kind: "enum-member", enum: own, member: name };
}

/** An enum member's name: an identifier, a string, or a computed string. */
export function memberName(nameNode: Node): string | undefined {
  if (Node.isIdentifier(nameNode)) return identifierText(nameNode);
  if (Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode))
    return nameNode.compilerNode.text;
  if (Node.isComputedPropertyName(nameNode)) {
    const inner = nameNode.getExpression();
    if (Node.isStringLiteral(inner) || Node.isNoSubstitutionTemplateLiteral(inner))
      return inner.compilerNode.text;
  }
  return undefined;
}
