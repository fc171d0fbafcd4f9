import {
  Node,
  VariableDeclarationKind,
  type BindingElement,
  type ClassDeclaration,
  type ClassExpression,
  type EnumDeclaration,
  type Expression,
  type FunctionDeclaration,
  type FunctionExpression,
  type SourceFile,
  type VariableDeclaration,
} from "../tsMorph.js";
import { identifierText } from "./identifiers.js";

/** What a name refers to, as far as static reading needs to know. */
export type Binding =
  | {
      readonly kind: "const";
      readonly name: string;
      readonly initializer: Expression;
      readonly declaration: Node;
    }
  /** A name a `const` declares by destructuring: `const { a, b: [c] } = value`. */
  | {
      readonly kind: "destructured";
      readonly name: string;
      readonly element: BindingElement;
      readonly declaration: VariableDeclaration;
    }
  | { readonly kind: "namespace"; readonly file: SourceFile }
  | {
      readonly kind: "function";
      readonly name: string;
      readonly declaration: FunctionDeclaration | FunctionExpression;
    }
  | EnumBinding
  /** A member's own name inside an enum member's initializer (`B = A + 1`). */
  | { readonly kind: "enum-member"; readonly enum: EnumBinding; readonly member: string }
  | ClassBinding
  | {
      readonly kind: "unreadable";
      readonly reason: string;
      /** Using the name throws when the module loads (it is in its temporal dead zone). */
      readonly throws?: true;
      /** A name that has a value only when the code runs (a parameter, a loop variable). */
      readonly runTime?: true;
    };

/** An `enum` or `const enum`: every declaration of it, merged in order. */
export interface EnumBinding {
  readonly kind: "enum";
  readonly name: string;
  readonly declarations: readonly EnumDeclaration[];
  /**
   * A `declare enum` (a package's declarations): only its members with a literal initializer
   * are known; the JavaScript holding the others is not read (CONTRACT.md section 2).
   */
  readonly ambient: boolean;
}

/** A class, whose `static readonly` properties are read. */
export interface ClassBinding {
  readonly kind: "class";
  readonly name: string;
  readonly declaration: ClassDeclaration | ClassExpression;
  /** Where the name is declared (for the temporal dead zone). */
  readonly declaredAt: Node;
}

/** A binding that cannot be read, saying why. */
export function unreadable(reason: string): Binding {
  return { kind: "unreadable", reason };
}

/** A name that has a value only when the code runs: a parameter, a loop variable, a caught value. */
export function runTimeName(reason: string): Binding {
  return { kind: "unreadable", reason, runTime: true };
}

/**
 * What a name declared by a variable declaration is: a `const` (or a name a `const` pattern
 * destructures) is read; `let`, `var`, `using` and a const without initializer are not.
 */
export function variableBinding(
  declaration: VariableDeclaration,
  name: string,
  element?: BindingElement,
): Binding {
  const kind = declarationKind(declaration);
  if (kind !== VariableDeclarationKind.Const)
    return unreadable(`"${name}" is a \`${kind}\` variable; only \`const\` values are read`);
  if (!declaration.getInitializer()) return unreadable(`"${name}" has no initializer`);
  if (element) return { kind: "destructured", name, element, declaration };
  return { kind: "const", name, initializer: declaration.getInitializerOrThrow(), declaration };
}

function declarationKind(declaration: VariableDeclaration): VariableDeclarationKind {
  const list = declaration.getParent();
  return Node.isVariableDeclarationList(list)
    ? list.getDeclarationKind()
    : VariableDeclarationKind.Var;
}

/** Each name a declaration's name (an identifier or a pattern) declares, with its element. */
export function declaredNames(
  nameNode: Node,
): { readonly name: string; readonly element?: BindingElement }[] {
  if (Node.isIdentifier(nameNode)) return [{ name: identifierText(nameNode) }];
  const names: { name: string; element: BindingElement }[] = [];
  const pending: Node[] = [nameNode];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (Node.isObjectBindingPattern(node) || Node.isArrayBindingPattern(node)) {
      const elements = node.getElements();
      for (let i = elements.length - 1; i >= 0; i--) pending.push(elements[i]!);
    } else if (Node.isBindingElement(node)) {
      const name = node.getNameNode();
      if (Node.isIdentifier(name)) names.push({ name: identifierText(name), element: node });
      else pending.push(name);
    }
  }
  return names;
}

/** The binding of an enum's declarations. */
export function enumBinding(name: string, declarations: readonly EnumDeclaration[]): Binding {
  const ambient = declarations.some((declaration) => declaration.hasDeclareKeyword());
  return { kind: "enum", name, declarations, ambient };
}
