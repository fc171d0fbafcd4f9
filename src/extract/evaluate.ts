import {
  Node,
  SyntaxKind,
  type ArrayLiteralExpression,
  type AsExpression,
  type NonNullExpression,
  type ParenthesizedExpression,
  type SatisfiesExpression,
  type TypeAssertion,
  type BinaryExpression,
  type Expression,
  type ObjectLiteralExpression,
  type PrefixUnaryExpression,
  type TemplateExpression,
} from "ts-morph";
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import { identifierText } from "./identifiers.js";
import type { Binding, Modules } from "./modules.js";
import {
  inKeyOrder,
  lookup,
  type StaticEntry,
  type StaticProblem,
  type StaticValue,
} from "./values.js";

/** Maps a node to the location shown to the user. */
export type Locate = (node: Node) => SourceLocation;

/**
 * Nested evaluations (values, references, operands, member accesses) in one reading. Far
 * more than any declaration needs, and far from the end of the stack.
 */
export const MAX_EVALUATION_DEPTH = 1000;

/** Values built in one reading: `const b = [a, a]; const c = [b, b]; ...` doubles at each step. */
export const MAX_VALUES = 250_000;

type Primitive = string | number | boolean | null;

/** A wrapper that does not change the value inside it: `(x)`, `x as T`, `x satisfies T`, `<T>x`, `x!`. */
export function isValueWrapper(
  node: Node,
): node is
  ParenthesizedExpression | AsExpression | SatisfiesExpression | TypeAssertion | NonNullExpression {
  return (
    Node.isParenthesizedExpression(node) ||
    Node.isAsExpression(node) ||
    Node.isSatisfiesExpression(node) ||
    Node.isTypeAssertion(node) ||
    Node.isNonNullExpression(node)
  );
}

/** The value inside any wrappers that do not change it. */
export function unwrap(node: Node): Node {
  let current = node;
  while (isValueWrapper(current)) current = current.getExpression();
  return current;
}

/**
 * Reads the value of an expression without running any code, exactly as JavaScript evaluates
 * it: literals in any spelling, arrays, objects (JavaScript's key order, the last assignment
 * wins), template literals, `+` and unary `-`/`+` on primitives, `const` references (also
 * imported), property access on such constants, and spreads. Anything else becomes an
 * `unknown` value that says what was found. The recursion is bounded (MAX_EVALUATION_DEPTH,
 * MAX_VALUES): past a bound the value is an unknown marked as an error.
 */
export class StaticEvaluator {
  readonly #modules: Modules;
  readonly #locate: Locate;
  /** Declarations being evaluated, to stop on `const a = { ...a }` style cycles. */
  readonly #active = new Set<Node>();
  #depth = 0;
  #built = 0;

  constructor(modules: Modules, locate: Locate) {
    this.#modules = modules;
    this.#locate = locate;
  }

  evaluate(expression: Node): StaticValue {
    if (this.#depth === 0) this.#built = 0;
    if (this.#depth >= MAX_EVALUATION_DEPTH) {
      return {
        kind: "unknown",
        reason: `the value is nested or chained more than ${MAX_EVALUATION_DEPTH} levels deep (values, references and operands), which is too deep to be read`,
        location: this.#locate(expression),
        error: "TV1009",
      };
    }
    if (++this.#built > MAX_VALUES) {
      return {
        kind: "unknown",
        reason: `the value is made of more than ${MAX_VALUES.toLocaleString("en-US")} parts (a constant used many times over?), which is too large to be read`,
        location: this.#locate(expression),
        error: "TV1009",
      };
    }
    this.#depth++;
    try {
      return this.#evaluate(unwrap(expression));
    } finally {
      this.#depth--;
    }
  }

  #evaluate(node: Node): StaticValue {
    const location = this.#locate(node);
    if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) {
      // The compiler's text is the cooked value: escapes and line continuations resolved.
      return { kind: "primitive", value: node.compilerNode.text, location };
    }
    if (Node.isNumericLiteral(node)) {
      return { kind: "primitive", value: numericLiteralValue(node), location };
    }
    switch (node.getKind()) {
      case SyntaxKind.TrueKeyword:
        return { kind: "primitive", value: true, location };
      case SyntaxKind.FalseKeyword:
        return { kind: "primitive", value: false, location };
      case SyntaxKind.NullKeyword:
        return { kind: "primitive", value: null, location };
      case SyntaxKind.BigIntLiteral:
        return unknown(`the bigint \`${short(node)}\` is not a JSON value`, location);
    }
    if (Node.isPrefixUnaryExpression(node)) return this.#prefix(node, location);
    if (Node.isBinaryExpression(node) && isPlus(node)) return this.#sum(node, location);
    if (Node.isTemplateExpression(node)) return this.#template(node, location);
    if (Node.isArrayLiteralExpression(node)) return this.#array(node, location);
    if (Node.isObjectLiteralExpression(node)) return this.#object(node, location);
    if (Node.isIdentifier(node)) return this.#identifier(node, location);
    if (Node.isPropertyAccessExpression(node)) {
      return this.#member(node.getExpression(), node.getName(), location);
    }
    if (Node.isElementAccessExpression(node)) {
      const argument = node.getArgumentExpression();
      const key = argument ? this.evaluate(argument) : undefined;
      if (key?.kind !== "primitive") {
        return unknown(`the key of \`${short(node)}\` is not statically known`, location);
      }
      return this.#member(node.getExpression(), String(key.value), location);
    }
    return unknown(`${describe(node)} is not statically known`, location);
  }

  /** `-x` and `+x` on a primitive: JavaScript's own conversion to a number. */
  #prefix(node: PrefixUnaryExpression, location: SourceLocation): StaticValue {
    const operator = node.getOperatorToken();
    if (operator !== SyntaxKind.MinusToken && operator !== SyntaxKind.PlusToken) {
      return unknown(`${describe(node)} is not statically known`, location);
    }
    const operand = this.evaluate(node.getOperand());
    if (operand.kind === "unknown") return operand;
    if (operand.kind !== "primitive") {
      return unknown(
        `${describe(node)} applies \`${operator === SyntaxKind.MinusToken ? "-" : "+"}\` to ${operand.kind === "array" ? "an array" : "an object"}`,
        location,
      );
    }
    const number = Number(operand.value);
    return {
      kind: "primitive",
      value: operator === SyntaxKind.MinusToken ? -number : number,
      location,
    };
  }

  /**
   * `a + b + c`: the chain is a tree that leans left, as deep as it is long, so it is walked in
   * a loop, then added up left to right with JavaScript's `+` on primitives.
   */
  #sum(node: BinaryExpression, location: SourceLocation): StaticValue {
    const operands: Node[] = [];
    let current: Node = node;
    while (Node.isBinaryExpression(current) && isPlus(current)) {
      operands.push(current.getRight());
      current = unwrap(current.getLeft());
    }
    operands.push(current);
    let total: Primitive | undefined;
    for (let i = operands.length - 1; i >= 0; i--) {
      const operand = this.evaluate(operands[i]!);
      if (operand.kind === "unknown") return operand;
      if (operand.kind !== "primitive") {
        return unknown(
          `${describe(node)} adds ${operand.kind === "array" ? "an array" : "an object"}`,
          operand.location,
        );
      }
      total = total === undefined ? operand.value : add(total, operand.value);
    }
    return { kind: "primitive", value: total!, location };
  }

  #template(node: TemplateExpression, location: SourceLocation): StaticValue {
    let text = node.getHead().compilerNode.text;
    for (const span of node.getTemplateSpans()) {
      const value = this.evaluate(span.getExpression());
      if (value.kind === "unknown") {
        return value.error
          ? value
          : unknown(`the template literal's substitution: ${value.reason}`, value.location);
      }
      if (value.kind !== "primitive") {
        return unknown(
          `the template literal substitutes ${value.kind === "array" ? "an array" : "an object"}`,
          value.location,
        );
      }
      text += String(value.value) + span.getLiteral().compilerNode.text;
    }
    return { kind: "primitive", value: text, location };
  }

  #array(node: ArrayLiteralExpression, location: SourceLocation): StaticValue {
    const elements: StaticValue[] = [];
    for (const element of node.getElements()) {
      if (Node.isSpreadElement(element)) {
        const spread = this.evaluate(element.getExpression());
        if (spread.kind === "array") elements.push(...spread.elements);
        else if (spread.kind === "primitive" && typeof spread.value === "string") {
          // A string spreads into its code points, as its iterator gives them.
          for (const character of spread.value) {
            elements.push({ kind: "primitive", value: character, location: spread.location });
          }
        } else if (spread.kind === "unknown") elements.push(spread);
        else {
          const what = spread.kind === "object" ? "an object" : `\`${String(spread.value)}\``;
          elements.push(
            unknown(
              `the spread \`${short(element)}\` is not iterable: it is ${what}`,
              this.#locate(element),
            ),
          );
        }
      } else if (Node.isOmittedExpression(element)) {
        elements.push(unknown("an array hole is not a JSON value", this.#locate(element)));
      } else {
        elements.push(this.evaluate(element));
      }
    }
    return { kind: "array", elements, location };
  }

  #object(node: ObjectLiteralExpression, location: SourceLocation): StaticValue {
    // A Map keeps the first position of a key reassigned later, exactly like a JS object literal.
    const entries = new Map<string, StaticEntry>();
    const problems: StaticProblem[] = [];
    let order = 0;
    const problem = (reason: string, at: Node, extra?: Partial<StaticProblem>) =>
      problems.push({ reason, location: this.#locate(at), order: order++, ...extra });
    for (const property of node.getProperties()) {
      if (Node.isPropertyAssignment(property) || Node.isShorthandPropertyAssignment(property)) {
        const nameNode = property.getNameNode();
        const key = propertyKey(nameNode);
        if (key === undefined) {
          // Computed keys are not read, even when their value is known.
          const computed = this.#computedKey(nameNode);
          const why =
            computed === undefined
              ? "is not statically known"
              : `is not read: write the key ${JSON.stringify(computed)} itself`;
          problem(`the computed key \`${short(nameNode)}\` ${why}`, nameNode, { key: computed });
          continue;
        }
        if (Node.isShorthandPropertyAssignment(property)) {
          if (property.getObjectAssignmentInitializer()) {
            problem(
              `\`${short(property)}\` is a syntax error: \`=\` may follow a shorthand key only in a destructuring pattern`,
              property,
              { key },
            );
            continue;
          }
        } else if (key === "__proto__") {
          problem(
            "a `__proto__` key in an object literal sets the object's prototype instead of declaring a key",
            nameNode,
            { inherited: true },
          );
          continue;
        }
        const value = Node.isPropertyAssignment(property)
          ? this.evaluate(property.getInitializerOrThrow())
          : this.#identifier(property.getNameNode(), this.#locate(property));
        entries.set(key, { key, keyLocation: this.#locate(nameNode), value, order: order++ });
      } else if (Node.isSpreadAssignment(property)) {
        const spread = this.evaluate(property.getExpression());
        if (spread.kind === "object") {
          // Own keys are copied, in the source's key order; its prototype is not.
          const base = order;
          for (const entry of spread.entries) {
            entries.set(entry.key, { ...entry, order: base + entry.order });
            order = Math.max(order, base + entry.order + 1);
          }
          for (const inner of spread.problems) {
            if (inner.inherited) continue;
            problems.push({ ...inner, order: base + inner.order });
            order = Math.max(order, base + inner.order + 1);
          }
        } else if (spread.kind === "array" || isString(spread)) {
          // An array or a string spreads its indices (a string's UTF-16 code units).
          const keyLocation = this.#locate(property);
          const values = spread.kind === "array" ? spread.elements : spread.value;
          for (let i = 0; i < values.length; i++) {
            const element = values[i]!;
            const value: StaticValue =
              typeof element === "string"
                ? { kind: "primitive", value: element, location: spread.location }
                : element;
            entries.set(String(i), { key: String(i), keyLocation, value, order: order++ });
          }
        } else if (spread.kind === "unknown" && !isUndefined(property.getExpression())) {
          problem(`the spread \`${short(property)}\` cannot be read: ${spread.reason}`, property);
        }
        // A spread of null, undefined, a number or a boolean adds nothing.
      } else {
        const nameNode =
          Node.isMethodDeclaration(property) ||
          Node.isGetAccessorDeclaration(property) ||
          Node.isSetAccessorDeclaration(property)
            ? property.getNameNode()
            : undefined;
        problem(`${describe(property)} is not a plain key/value pair`, property, {
          key: nameNode && (propertyKey(nameNode) ?? this.#computedKey(nameNode)),
        });
      }
    }
    return { kind: "object", entries: inKeyOrder(entries.values()), problems, location };
  }

  /** The key a computed property name gives, when it is statically known. */
  #computedKey(nameNode: Node): string | undefined {
    if (!Node.isComputedPropertyName(nameNode)) return undefined;
    const key = this.evaluate(nameNode.getExpression());
    return key.kind === "primitive" ? String(key.value) : undefined;
  }

  #identifier(node: Node, location: SourceLocation): StaticValue {
    const name = identifierText(node);
    if (name === "undefined") return unknown("`undefined` is not a JSON value", location);
    const binding = this.#modules.lookupLocal(node.getSourceFile(), name);
    // Every reference read here runs when the module loads: one to a const declared further
    // down the same module is in its temporal dead zone.
    if (
      binding?.kind === "const" &&
      binding.declaration.getSourceFile() === node.getSourceFile() &&
      binding.declaration.getStart() > node.getStart()
    ) {
      return unknown(
        `"${name}" is used before its declaration: loading the module throws a ReferenceError`,
        location,
      );
    }
    return this.#fromBinding(binding, name, location);
  }

  #fromBinding(binding: Binding | undefined, name: string, location: SourceLocation): StaticValue {
    if (binding === undefined)
      return unknown(`"${name}" is not a top-level constant of this file or its imports`, location);
    if (binding.kind === "unreadable") return unknown(binding.reason, location);
    if (binding.kind === "namespace")
      return unknown(`"${name}" is a whole module, not a value`, location);
    if (binding.kind === "function")
      return unknown(`"${name}" is a function, not a constant value`, location);
    if (this.#active.has(binding.declaration))
      return unknown(`"${name}" refers to itself`, location);
    this.#active.add(binding.declaration);
    try {
      return this.evaluate(binding.initializer);
    } finally {
      this.#active.delete(binding.declaration);
    }
  }

  /** `object.key` where `object` is a namespace import or a statically known value. */
  #member(objectNode: Expression, key: string, location: SourceLocation): StaticValue {
    const target = unwrap(objectNode);
    if (Node.isIdentifier(target)) {
      const binding = this.#modules.lookupLocal(target.getSourceFile(), identifierText(target));
      if (binding?.kind === "namespace") {
        return this.#fromBinding(this.#modules.lookupExport(binding.file, key), key, location);
      }
    }
    const object = this.evaluate(target);
    if (object.kind === "unknown") return object;
    const missing = () => unknown(`\`${short(target)}\` has no key "${key}"`, location);
    if (object.kind === "object") {
      const found = lookup(object, key);
      if (found.kind === "found") return found.entry.value;
      if (found.kind === "absent") return missing();
      return unknown(
        `\`${short(target)}\`.${key} cannot be read: ${found.problem.reason}`,
        found.problem.location,
      );
    }
    const indexed =
      object.kind === "array"
        ? object.elements
        : typeof object.value === "string"
          ? object.value
          : undefined;
    if (indexed === undefined) return missing();
    if (key === "length") return { kind: "primitive", value: indexed.length, location };
    if (!/^(0|[1-9]\d*)$/.test(key) || Number(key) >= indexed.length) return missing();
    const element = indexed[Number(key)]!;
    return typeof element === "string" ? { kind: "primitive", value: element, location } : element;
  }
}

function unknown(reason: string, location: SourceLocation): StaticValue {
  return { kind: "unknown", reason, location };
}

function isPlus(node: BinaryExpression): boolean {
  return node.getOperatorToken().getKind() === SyntaxKind.PlusToken;
}

/** JavaScript's `+` on two primitives (for them, the conversions have no side effects). */
function add(left: Primitive, right: Primitive): string | number {
  if (typeof left === "string" || typeof right === "string") return String(left) + String(right);
  return Number(left) + Number(right);
}

function isString(
  value: StaticValue,
): value is Extract<StaticValue, { kind: "primitive" }> & { value: string } {
  return value.kind === "primitive" && typeof value.value === "string";
}

function isUndefined(node: Node): boolean {
  const target = unwrap(node);
  return Node.isIdentifier(target) && identifierText(target) === "undefined";
}

/**
 * A numeric literal's value as JavaScript reads it. The text is the source's: hexadecimal,
 * octal and binary prefixes, exponents and separators all read as `Number` reads them once the
 * separators are gone (the parser has rejected misplaced separators and legacy octal).
 */
export function numericLiteralValue(node: Node): number {
  return Number(node.getText().replace(/_/g, ""));
}

/**
 * The key a property name declares, as JavaScript makes it (`0x10` is "16", `1e21` is
 * "1e+21", `1n` is "1"), or undefined for a computed key.
 */
export function propertyKey(nameNode: Node): string | undefined {
  if (Node.isIdentifier(nameNode)) return identifierText(nameNode);
  if (Node.isPrivateIdentifier(nameNode)) return nameNode.getText();
  if (Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode))
    return nameNode.compilerNode.text;
  if (Node.isNumericLiteral(nameNode)) return String(numericLiteralValue(nameNode));
  if (nameNode.getKind() === SyntaxKind.BigIntLiteral)
    return BigInt(nameNode.getText().replace(/_/g, "").slice(0, -1)).toString();
  return undefined;
}

function short(node: Node): string {
  // Only the start of a long node (a whole function body) is ever shown.
  const text = node.getText().slice(0, 200).replace(/\s+/g, " ");
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** A few words saying what kind of expression a node is. */
export function describe(node: Node): string {
  const text = `\`${short(node)}\``;
  if (Node.isCallExpression(node)) return `the call ${text}`;
  if (Node.isNewExpression(node)) return `the \`new\` expression ${text}`;
  if (Node.isArrowFunction(node) || Node.isFunctionExpression(node)) return `the function ${text}`;
  if (Node.isGetAccessorDeclaration(node)) return `the getter ${text}`;
  if (Node.isSetAccessorDeclaration(node)) return `the setter ${text}`;
  if (Node.isMethodDeclaration(node)) return `the method ${text}`;
  if (Node.isBinaryExpression(node)) return `the expression ${text}`;
  if (Node.isConditionalExpression(node)) return `the conditional ${text}`;
  return text;
}
