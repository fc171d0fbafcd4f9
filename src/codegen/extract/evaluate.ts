import { Node, SyntaxKind, type Expression, type ObjectLiteralExpression } from "ts-morph";
import type { SourceLocation } from "../diagnostics.js";
import type { Binding, Modules } from "./modules.js";
import type { StaticEntry, StaticProblem, StaticValue } from "./values.js";

/** Maps a node to the location shown to the user. */
export type Locate = (node: Node) => SourceLocation;

/** Strips the wrappers that do not change a value: `(x)`, `x as T`, `x satisfies T`, `<T>x`, `x!`. */
export function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    if (
      Node.isParenthesizedExpression(current) ||
      Node.isAsExpression(current) ||
      Node.isSatisfiesExpression(current) ||
      Node.isTypeAssertion(current) ||
      Node.isNonNullExpression(current)
    ) {
      current = current.getExpression();
    } else {
      return current;
    }
  }
}

/**
 * Reads the value of an expression without running any code: literals, arrays, objects,
 * template literals, `const` references (also imported), property access on such constants,
 * and spreads. Anything else becomes an `unknown` value that says what was found.
 */
export class StaticEvaluator {
  readonly #modules: Modules;
  readonly #locate: Locate;
  /** Declarations being evaluated, to stop on `const a = { ...a }` style cycles. */
  readonly #active = new Set<Node>();

  constructor(modules: Modules, locate: Locate) {
    this.#modules = modules;
    this.#locate = locate;
  }

  evaluate(expression: Node): StaticValue {
    const node = unwrap(expression);
    const location = this.#locate(node);
    if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) {
      return { kind: "primitive", value: node.getLiteralValue(), location };
    }
    if (Node.isNumericLiteral(node))
      return { kind: "primitive", value: node.getLiteralValue(), location };
    if (node.getKind() === SyntaxKind.TrueKeyword)
      return { kind: "primitive", value: true, location };
    if (node.getKind() === SyntaxKind.FalseKeyword)
      return { kind: "primitive", value: false, location };
    if (node.getKind() === SyntaxKind.NullKeyword)
      return { kind: "primitive", value: null, location };
    if (Node.isPrefixUnaryExpression(node)) return this.#prefix(node, location);
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
      if (
        key?.kind !== "primitive" ||
        (typeof key.value !== "string" && typeof key.value !== "number")
      ) {
        return unknown(`the key of \`${short(node)}\` is not a statically known string`, location);
      }
      return this.#member(node.getExpression(), String(key.value), location);
    }
    return unknown(`${describe(node)} is not statically known`, location);
  }

  #prefix(node: import("ts-morph").PrefixUnaryExpression, location: SourceLocation): StaticValue {
    const operand = this.evaluate(node.getOperand());
    const operator = node.getOperatorToken();
    if (operand.kind === "primitive" && typeof operand.value === "number") {
      if (operator === SyntaxKind.MinusToken)
        return { kind: "primitive", value: -operand.value, location };
      if (operator === SyntaxKind.PlusToken)
        return { kind: "primitive", value: operand.value, location };
    }
    return unknown(`${describe(node)} is not statically known`, location);
  }

  #template(node: import("ts-morph").TemplateExpression, location: SourceLocation): StaticValue {
    let text = node.getHead().getLiteralText();
    for (const span of node.getTemplateSpans()) {
      const value = this.evaluate(span.getExpression());
      if (value.kind === "unknown")
        return unknown(`the template literal's substitution: ${value.reason}`, value.location);
      if (value.kind !== "primitive") {
        return unknown(
          `the template literal substitutes ${value.kind === "array" ? "an array" : "an object"}`,
          value.location,
        );
      }
      text += String(value.value) + span.getLiteral().getLiteralText();
    }
    return { kind: "primitive", value: text, location };
  }

  #array(node: import("ts-morph").ArrayLiteralExpression, location: SourceLocation): StaticValue {
    const elements: StaticValue[] = [];
    for (const element of node.getElements()) {
      if (Node.isSpreadElement(element)) {
        const spread = this.evaluate(element.getExpression());
        if (spread.kind === "array") elements.push(...spread.elements);
        else if (spread.kind === "unknown") elements.push(spread);
        else
          elements.push(
            unknown(`the spread \`${short(element)}\` is not an array`, this.#locate(element)),
          );
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
    for (const property of node.getProperties()) {
      if (Node.isPropertyAssignment(property) || Node.isShorthandPropertyAssignment(property)) {
        const nameNode = property.getNameNode();
        const key = propertyKey(nameNode);
        if (key === undefined) {
          problems.push({
            reason: `the computed key \`${short(nameNode)}\` is not statically known`,
            location: this.#locate(nameNode),
          });
          continue;
        }
        if (key === "__proto__" && !Node.isShorthandPropertyAssignment(property)) {
          problems.push({
            reason:
              "a `__proto__` key in an object literal sets the object's prototype instead of declaring a key",
            location: this.#locate(nameNode),
          });
          continue;
        }
        const value = Node.isPropertyAssignment(property)
          ? this.evaluate(property.getInitializerOrThrow())
          : this.#identifier(property.getNameNode(), this.#locate(property));
        entries.set(key, { key, keyLocation: this.#locate(nameNode), value });
      } else if (Node.isSpreadAssignment(property)) {
        const spread = this.evaluate(property.getExpression());
        if (spread.kind === "object") {
          for (const entry of spread.entries) entries.set(entry.key, entry);
          problems.push(...spread.problems);
        } else {
          const reason =
            spread.kind === "unknown"
              ? spread.reason
              : `it is ${spread.kind === "array" ? "an array" : "not an object"}`;
          problems.push({
            reason: `the spread \`${short(property)}\` cannot be read: ${reason}`,
            location: this.#locate(property),
          });
        }
      } else {
        problems.push({
          reason: `${describe(property)} is not a plain key/value pair`,
          location: this.#locate(property),
        });
      }
    }
    return { kind: "object", entries: [...entries.values()], problems, location };
  }

  #identifier(node: Node, location: SourceLocation): StaticValue {
    const name = node.getText();
    if (name === "undefined") return unknown("`undefined` is not a JSON value", location);
    const binding = this.#modules.lookupLocal(node.getSourceFile(), name);
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

  /** `object.key` where `object` is a namespace import or a statically known object. */
  #member(objectNode: Expression, key: string, location: SourceLocation): StaticValue {
    const target = unwrap(objectNode);
    if (Node.isIdentifier(target)) {
      const binding = this.#modules.lookupLocal(target.getSourceFile(), target.getText());
      if (binding?.kind === "namespace") {
        return this.#fromBinding(this.#modules.lookupExport(binding.file, key), key, location);
      }
    }
    const object = this.evaluate(target);
    if (object.kind === "unknown") return object;
    if (object.kind === "object") {
      const entry = object.entries.find((e) => e.key === key);
      if (entry) return entry.value;
      return unknown(`\`${short(target)}\` has no key "${key}"`, location);
    }
    if (object.kind === "array" && /^(0|[1-9]\d*)$/.test(key)) {
      const element = object.elements[Number(key)];
      if (element) return element;
    }
    return unknown(`\`${short(target)}\` has no key "${key}"`, location);
  }
}

function unknown(reason: string, location: SourceLocation): StaticValue {
  return { kind: "unknown", reason, location };
}

/** The key a property name declares, or undefined for a computed key that is not a literal. */
export function propertyKey(nameNode: Node): string | undefined {
  if (Node.isIdentifier(nameNode) || Node.isPrivateIdentifier(nameNode)) return nameNode.getText();
  if (Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode))
    return nameNode.getLiteralValue();
  if (Node.isNumericLiteral(nameNode)) return String(nameNode.getLiteralValue());
  return undefined;
}

function short(node: Node): string {
  const text = node.getText().replace(/\s+/g, " ");
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** A few words saying what kind of expression a node is. */
export function describe(node: Node): string {
  const text = `\`${short(node)}\``;
  if (Node.isCallExpression(node)) return `the call ${text}`;
  if (Node.isNewExpression(node)) return `the \`new\` expression ${text}`;
  if (Node.isArrowFunction(node) || Node.isFunctionExpression(node)) return `the function ${text}`;
  if (
    Node.isMethodDeclaration(node) ||
    Node.isGetAccessorDeclaration(node) ||
    Node.isSetAccessorDeclaration(node)
  ) {
    return `the method ${text}`;
  }
  if (Node.isBinaryExpression(node)) return `the expression ${text}`;
  if (Node.isConditionalExpression(node)) return `the conditional ${text}`;
  return text;
}
