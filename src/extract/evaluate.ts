// CONTRACT.md section 2 (static values: `as`, `satisfies`, `const` references, spreads).
import {
  Node,
  SyntaxKind,
  type ArrayLiteralExpression,
  type BindingElement,
  type VariableDeclaration,
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
  type PropertyAssignment,
  type ShorthandPropertyAssignment,
  type SpreadAssignment,
  type PropertyDeclaration,
} from "../tsMorph.js";
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import type { Binding, ClassBinding, EnumBinding } from "./bindings.js";
import { identifierText } from "./identifiers.js";
import type { ImportedName, Modules } from "./modules.js";
import { importOf, memberName, resolveIdentifier } from "./scopes.js";
import { readTypeBox, type CallReading } from "./typebox.js";
import {
  inKeyOrder,
  lookup,
  type StaticEntry,
  type StaticProblem,
  type StaticValue,
  type UnknownOrigin,
} from "./values.js";

/** Maps a node to the location shown to the user. */
export type Locate = (node: Node) => SourceLocation;

/**
 * Nested evaluations (values, references, operands, member accesses) in one reading. Far
 * more than any declaration needs, and far from the end of the stack.
 */
const MAX_EVALUATION_DEPTH = 1000;

/** Values built in one reading: `const b = [a, a]; const c = [b, b]; ...` doubles at each step. */
const MAX_VALUES = 250_000;

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
  /** The members of each enum read so far, by its first declaration. */
  readonly #enums = new WeakMap<Node, EnumTable>();
  /** Classes whose static property initializers are running: where the running one starts. */
  readonly #initializing = new Map<Node, number>();
  #depth = 0;
  #built = 0;

  /** What the readers of calls (TypeBox's builders) need. */
  readonly #calls: CallReading;

  constructor(modules: Modules, locate: Locate) {
    this.#modules = modules;
    this.#locate = locate;
    this.#calls = {
      evaluate: (node) => this.evaluate(node),
      importOf: (identifier) => importOf(modules, identifier),
      originOf: (identifier, known) => {
        const imported = importOf(modules, identifier);
        return imported && modules.originOf(imported, identifier.getSourceFile(), known);
      },
      locate,
    };
  }

  /** Where an identifier is imported from, as written (scopes.ts). */
  importOf(identifier: Node): ImportedName | undefined {
    return importOf(this.#modules, identifier);
  }

  /** What an identifier names, through its scopes and imports (scopes.ts). */
  binding(identifier: Node): Binding | undefined {
    return resolveIdentifier(this.#modules, identifier);
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
    if (Node.isBinaryExpression(node) && ARITHMETIC.has(node.getOperatorToken().getKind()))
      return this.#arithmetic(node, location);
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
        const origin = key?.kind === "unknown" ? key.origin : undefined;
        return unknown(`the key of \`${short(node)}\` is not statically known`, location, origin);
      }
      return this.#member(node.getExpression(), String(key.value), location);
    }
    if (Node.isCallExpression(node)) {
      const built = readTypeBox(node, this.#calls);
      if (built) return built;
    }
    if (Node.isClassExpression(node))
      return unknown(
        `the class \`${short(node)}\` is not a value that is read: only its \`static readonly\` properties are`,
        location,
      );
    return unknown(`${describe(node)} is not statically known`, location, this.#originOf(node));
  }

  /**
   * Where a value that is not read comes from: a call (whose library may tell what it is), or
   * something that has a value only when the code runs. A call a reader knows (TypeBox's
   * builders) is read instead.
   */
  #originOf(node: Node): UnknownOrigin | undefined {
    if (Node.isCallExpression(node) || Node.isNewExpression(node))
      return { kind: "call", call: node };
    if (Node.isThisExpression(node) || Node.isAwaitExpression(node)) return { kind: "run time" };
    // `a ? b : c`, `a ?? b`, `a || b`, `a && b` are not read; one built from a value that exists
    // only at run time (a parameter's member) is built at run time too.
    const operands = Node.isConditionalExpression(node)
      ? [node.getCondition(), node.getWhenTrue(), node.getWhenFalse()]
      : Node.isBinaryExpression(node) && LOGICAL.has(node.getOperatorToken().getKind())
        ? [node.getLeft(), node.getRight()]
        : [];
    for (const operand of operands) {
      const value = this.evaluate(operand);
      if (value.kind === "unknown" && value.origin) return { kind: "run time" };
    }
    return undefined;
  }

  /** `-x`, `+x` and `~x` on a primitive: JavaScript's own conversion to a number. */
  #prefix(node: PrefixUnaryExpression, location: SourceLocation): StaticValue {
    const operator = node.getOperatorToken();
    if (operator === SyntaxKind.TildeToken) {
      const operand = this.evaluate(node.getOperand());
      if (operand.kind === "unknown") return operand;
      if (operand.kind !== "primitive")
        return unknown(`${describe(node)} applies \`~\` to ${article(operand)}`, location);
      return { kind: "primitive", value: ~(operand.value as number), location };
    }
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

  /**
   * `a - b`, `a * b`, `a ** b`, `a << b`, `a | b` and the other numeric operators on two
   * primitives: computed by JavaScript's own operator, whose conversions of primitives have no
   * side effects, so the value is exactly the one the code gives.
   */
  #arithmetic(node: BinaryExpression, location: SourceLocation): StaticValue {
    const operands: Primitive[] = [];
    for (const side of [node.getLeft(), node.getRight()]) {
      const operand = this.evaluate(side);
      if (operand.kind === "unknown") return operand;
      if (operand.kind !== "primitive")
        return unknown(`${describe(node)} applies an operator to ${article(operand)}`, location);
      operands.push(operand.value);
    }
    const operate = ARITHMETIC.get(node.getOperatorToken().getKind())!;
    return { kind: "primitive", value: operate(operands[0]!, operands[1]!), location };
  }

  #template(node: TemplateExpression, location: SourceLocation): StaticValue {
    let text = node.getHead().compilerNode.text;
    for (const span of node.getTemplateSpans()) {
      const value = this.evaluate(span.getExpression());
      if (value.kind === "unknown") {
        return value.error
          ? value
          : unknown(
              `the template literal's substitution: ${value.reason}`,
              value.location,
              value.origin,
            );
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
    const parts = new ObjectParts();
    for (const property of node.getProperties()) {
      if (Node.isPropertyAssignment(property) || Node.isShorthandPropertyAssignment(property)) {
        this.#keyValue(property, parts);
      } else if (Node.isSpreadAssignment(property)) {
        this.#spread(property, parts);
      } else {
        const nameNode =
          Node.isMethodDeclaration(property) ||
          Node.isGetAccessorDeclaration(property) ||
          Node.isSetAccessorDeclaration(property)
            ? property.getNameNode()
            : undefined;
        parts.problem(
          `${describe(property)} is not a plain key/value pair`,
          this.#locate(property),
          {
            key: nameNode && this.#methodKey(nameNode),
          },
        );
      }
    }
    return {
      kind: "object",
      entries: inKeyOrder(parts.entries.values()),
      problems: parts.problems,
      location,
    };
  }

  /** `key: value` or a shorthand `key` of an object literal. */
  #keyValue(property: PropertyAssignment | ShorthandPropertyAssignment, parts: ObjectParts): void {
    const nameNode = property.getNameNode();
    const computed = Node.isComputedPropertyName(nameNode)
      ? this.#computedKey(nameNode)
      : undefined;
    if (computed && "reason" in computed) {
      parts.problem(
        `the computed key \`${short(nameNode)}\` ${computed.reason}`,
        this.#locate(nameNode),
      );
      return;
    }
    const key = computed ? computed.key : propertyKey(nameNode)!;
    if (Node.isShorthandPropertyAssignment(property)) {
      if (property.getObjectAssignmentInitializer()) {
        parts.problem(
          `\`${short(property)}\` is a syntax error: \`=\` may follow a shorthand key only in a destructuring pattern`,
          this.#locate(property),
          { key },
        );
        return;
      }
    } else if (key === "__proto__" && !computed) {
      parts.problem(
        "a `__proto__` key in an object literal sets the object's prototype instead of declaring a key",
        this.#locate(nameNode),
        { inherited: true },
      );
      return;
    }
    const value = Node.isPropertyAssignment(property)
      ? this.evaluate(property.getInitializerOrThrow())
      : this.#identifier(property.getNameNode(), this.#locate(property));
    parts.set(key, this.#locate(nameNode), value);
  }

  /** `...value` in an object literal. */
  #spread(property: SpreadAssignment, parts: ObjectParts): void {
    const spread = this.evaluate(property.getExpression());
    if (spread.kind === "object") {
      parts.copy(spread);
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
        parts.set(String(i), keyLocation, value);
      }
    } else if (spread.kind === "unknown" && !isUndefined(property.getExpression())) {
      // A spread that throws leaves no object at all: no later key makes up for it.
      const at = spread.throws ? { order: Number.MAX_SAFE_INTEGER } : {};
      parts.problem(
        `the spread \`${short(property)}\` cannot be read: ${spread.reason}`,
        this.#locate(property),
        at,
      );
    }
    // A spread of null, undefined, a number or a boolean adds nothing.
  }

  /**
   * The key a computed property name gives, as JavaScript converts its value to a key (a
   * number's canonical text: `[1e21]` is "1e+21", `[-0]` is "0"), or why it cannot be read.
   * `["__proto__"]` declares an own key, unlike `__proto__:`.
   */
  #computedKey(nameNode: Node): { key: string } | { reason: string } {
    if (!Node.isComputedPropertyName(nameNode)) return { reason: "is not a computed key" };
    const value = this.evaluate(nameNode.getExpression());
    if (value.kind === "primitive") return { key: String(value.value) };
    if (value.kind === "unknown") return { reason: `is not statically known: ${value.reason}` };
    return {
      reason: `is ${article(value)}, which JavaScript converts to a key by calling its \`toString\`: write the key itself`,
    };
  }

  /** The key of a method or accessor's name, when it is known. */
  #methodKey(nameNode: Node): string | undefined {
    const key = propertyKey(nameNode);
    if (key !== undefined) return key;
    const computed = this.#computedKey(nameNode);
    return "key" in computed ? computed.key : undefined;
  }

  #identifier(node: Node, location: SourceLocation): StaticValue {
    const name = identifierText(node);
    const binding = this.#lookup(node);
    if (binding === undefined && name === "undefined")
      return unknown("`undefined` is not a JSON value", location);
    return this.#fromBinding(binding, name, location);
  }

  /**
   * What an identifier refers to (scopes.ts). Every reference read here runs when the module
   * loads: one to a const, class or enum declared further down the same module is in its
   * temporal dead zone.
   */
  #lookup(node: Node): Binding | undefined {
    const binding = resolveIdentifier(this.#modules, node);
    if (binding === undefined) return undefined;
    const declared =
      binding.kind === "const" || binding.kind === "destructured"
        ? binding.declaration
        : binding.kind === "class"
          ? binding.declaredAt
          : binding.kind === "enum"
            ? binding.declarations[0]
            : undefined;
    const sameFile = declared?.getSourceFile() === node.getSourceFile();
    // A const used inside its own initializer is not set yet there (`const C = class { static
    // B = C.A }`): reading it throws.
    if (
      sameFile &&
      (binding.kind === "const" || binding.kind === "destructured") &&
      declared!.getStart() <= node.getStart() &&
      node.getEnd() <= declared!.getEnd()
    )
      return {
        kind: "unreadable",
        reason: `"${identifierText(node)}" is used in its own initializer, where it is not set yet: reading it throws a ReferenceError`,
        throws: true,
      };
    if (sameFile && declared!.getStart() > node.getStart()) {
      const name = identifierText(node);
      const error =
        binding.kind === "enum" ? "a TypeError (the enum is undefined there)" : "a ReferenceError";
      return {
        kind: "unreadable",
        reason: `"${name}" is used before its declaration: loading the module throws ${error}`,
        throws: true,
      };
    }
    return binding;
  }

  #fromBinding(binding: Binding | undefined, name: string, location: SourceLocation): StaticValue {
    if (binding === undefined)
      return unknown(`"${name}" is not a constant of this file or its imports`, location);
    switch (binding.kind) {
      case "unreadable":
        return binding.throws
          ? { kind: "unknown", reason: binding.reason, location, throws: true }
          : unknown(binding.reason, location, binding.runTime ? { kind: "run time" } : undefined);
      case "namespace":
        return unknown(`"${name}" is a whole module, not a value`, location);
      case "function":
        return unknown(`"${name}" is a function, not a constant value`, location);
      case "enum":
        return unknown(
          `"${name}" is an enum: its members are read (\`${name}.Member\`, \`${name}["Member"]\`), not the enum object`,
          location,
        );
      case "enum-member":
        return this.#enumMember(binding.enum, binding.member, location);
      case "class":
        return unknown(
          `"${name}" is a class: only its \`static readonly\` properties are read (\`${name}.NAME\`)`,
          location,
        );
      case "const":
      case "destructured":
        break;
    }
    if (this.#active.has(binding.declaration))
      return unknown(`"${name}" refers to itself`, location);
    this.#active.add(binding.declaration);
    try {
      if (binding.kind === "const") return this.evaluate(binding.initializer);
      return this.#destructured(binding.element, binding.declaration, location);
    } finally {
      this.#active.delete(binding.declaration);
    }
  }

  /**
   * The value a name of a destructuring `const` gets: the initializer, then each step of the
   * pattern down to the name (a key of an object pattern, an index of an array pattern), with
   * the element's default where the value there is absent.
   */
  #destructured(
    element: BindingElement,
    declaration: VariableDeclaration,
    location: SourceLocation,
  ): StaticValue {
    const steps: BindingElement[] = [];
    for (let current: Node = element; !Node.isVariableDeclaration(current);) {
      if (Node.isBindingElement(current)) steps.unshift(current);
      current = current.getParentOrThrow();
    }
    let value = this.evaluate(declaration.getInitializerOrThrow());
    for (const step of steps) {
      if (value.kind === "unknown") return value;
      if (step.getDotDotDotToken())
        return unknown(`the rest element \`${short(step)}\` is not read`, this.#locate(step));
      const pattern = step.getParentOrThrow();
      let key: string;
      if (Node.isArrayBindingPattern(pattern)) {
        if (value.kind === "primitive" && typeof value.value === "string")
          value = {
            kind: "array",
            elements: [...value.value].map((c) => ({
              kind: "primitive",
              value: c,
              location: value.location,
            })),
            location: value.location,
          };
        if (value.kind !== "array")
          return unknown(
            `\`${short(pattern)}\` destructures a value that is not an array`,
            location,
          );
        key = String(pattern.getElements().indexOf(step));
      } else {
        const nameNode = step.getPropertyNameNode() ?? step.getNameNode();
        const computed = Node.isComputedPropertyName(nameNode)
          ? this.#computedKey(nameNode)
          : { key: propertyKey(nameNode)! };
        if ("reason" in computed)
          return unknown(
            `the key \`${short(nameNode)}\` ${computed.reason}`,
            this.#locate(nameNode),
          );
        key = computed.key;
      }
      const found = this.#property(value, key, this.#locate(step));
      if (found === "absent") {
        const fallback = step.getInitializer();
        if (!fallback)
          return unknown(
            `\`${short(step)}\` takes a key the value does not have: it is undefined`,
            this.#locate(step),
          );
        value = this.evaluate(fallback);
      } else value = found;
    }
    return value;
  }

  /** `object.key` where `object` is a namespace import, an enum, a class or a known value. */
  #member(objectNode: Expression, key: string, location: SourceLocation): StaticValue {
    const target = unwrap(objectNode);
    const reference = this.#reference(target);
    if (reference?.kind === "namespace")
      return this.#fromBinding(this.#modules.lookupExport(reference.file, key), key, location);
    if (reference?.kind === "enum") return this.#enumMember(reference, key, location);
    if (reference?.kind === "class") return this.#classStatic(reference, key, location, new Set());
    const object = this.evaluate(target);
    if (object.kind === "unknown") return object;
    const found = this.#property(object, key, location);
    if (found === "absent") return unknown(`\`${short(target)}\` has no key "${key}"`, location);
    return found;
  }

  /** A key of a known value, as JavaScript reads it; "absent" where the value has none. */
  #property(object: StaticValue, key: string, location: SourceLocation): StaticValue | "absent" {
    if (object.kind === "unknown") return object;
    if (object.kind === "object") {
      const found = lookup(object, key);
      if (found.kind === "found") return found.entry.value;
      if (found.kind === "absent") return "absent";
      return unknown(
        `the key "${key}" cannot be read: ${found.problem.reason}`,
        found.problem.location,
      );
    }
    const indexed =
      object.kind === "array"
        ? object.elements
        : typeof object.value === "string"
          ? object.value
          : undefined;
    if (indexed === undefined) return "absent";
    if (key === "length") return { kind: "primitive", value: indexed.length, location };
    if (!/^(0|[1-9]\d*)$/.test(key) || Number(key) >= indexed.length) return "absent";
    const element = indexed[Number(key)]!;
    return typeof element === "string" ? { kind: "primitive", value: element, location } : element;
  }

  /**
   * What a reference names, when it is a module, an enum or a class rather than a value: an
   * identifier, a member of a namespace import (`Shared.Names`), `this` in a static property
   * initializer, followed through consts that name another (`const Names = ToolNames`) and
   * consts holding a class expression.
   */
  #reference(node: Node, hops = 0): Binding | undefined {
    let binding: Binding | undefined;
    if (Node.isIdentifier(node)) binding = this.#lookup(node);
    else if (Node.isThisExpression(node)) binding = staticThis(node);
    else if (Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node)) {
      const holder = this.#reference(unwrap(node.getExpression()), hops + 1);
      if (holder?.kind !== "namespace") return undefined;
      const key = Node.isPropertyAccessExpression(node)
        ? node.getName()
        : literalText(node.getArgumentExpression());
      if (key === undefined) return undefined;
      binding = this.#modules.lookupExport(holder.file, key);
    }
    if (binding?.kind !== "const" || hops > 100) return binding;
    const initializer = unwrap(binding.initializer);
    if (Node.isClassExpression(initializer))
      return {
        kind: "class",
        name: binding.name,
        declaration: initializer,
        declaredAt: binding.declaration,
      };
    if (this.#active.has(binding.declaration)) return binding;
    this.#active.add(binding.declaration);
    try {
      const aliased = this.#reference(initializer, hops + 1);
      return aliased?.kind === "namespace" || aliased?.kind === "enum" || aliased?.kind === "class"
        ? aliased
        : binding;
    } finally {
      this.#active.delete(binding.declaration);
    }
  }

  /**
   * A member of an enum, as the code TypeScript emits for it gives it at run time: members in
   * declaration order (across the enum's declarations), each an initializer's value (a number
   * or a string; the other members are reachable by their bare names there) or, without one,
   * the member before it plus one (0 for the first). `E[value]` of a numeric member is its name
   * (the reverse mapping).
   */
  #enumMember(binding: EnumBinding, key: string, location: SourceLocation): StaticValue {
    const table = this.#enumTable(binding);
    const member = table.members.get(key);
    if (member) return member.value;
    if (table.computing && table.names.has(key))
      return unknown(
        `the enum member "${binding.name}.${key}" is used before its declaration: a member's initializer may use only the members declared before it`,
        location,
      );
    let reverse: string | undefined;
    let ambiguous = false;
    for (const [name, { value, literal }] of table.members) {
      if (value.kind !== "primitive") continue;
      if (typeof value.value === "number" && String(value.value) === key) reverse = name;
      // A string member whose initializer is not a string literal gets a reverse mapping from
      // compilers that cannot tell its type (isolatedModules, esbuild), not from tsc.
      if (typeof value.value === "string" && !literal && value.value === key) ambiguous = true;
    }
    if (ambiguous)
      return unknown(
        `whether the enum "${binding.name}" maps "${key}" back to a member's name depends on the compiler`,
        location,
      );
    if (reverse !== undefined) return { kind: "primitive", value: reverse, location };
    return unknown(`the enum "${binding.name}" has no member "${key}"`, location);
  }

  #enumTable(binding: EnumBinding): EnumTable {
    const first = binding.declarations[0]!;
    let table = this.#enums.get(first);
    if (table) return table;
    const names = new Set<string>();
    for (const declaration of binding.declarations)
      for (const member of declaration.getMembers()) {
        const name = memberName(member.getNameNode());
        if (name !== undefined) names.add(name);
      }
    table = { members: new Map(), names, computing: true };
    this.#enums.set(first, table);
    let previous: StaticValue | undefined;
    for (const declaration of binding.declarations) {
      for (const [index, member] of declaration.getMembers().entries()) {
        const nameNode = member.getNameNode();
        const name = memberName(nameNode);
        const at = this.#locate(member);
        if (name === undefined) {
          previous = unknown(`the enum member name \`${short(nameNode)}\` is not read`, at);
          continue;
        }
        const initializer = member.getInitializer();
        let value: StaticValue;
        if (binding.ambient && !(initializer && isLiteralInitializer(initializer)))
          value = unknown(
            `the member "${binding.name}.${name}" of a \`declare enum\` has no literal initializer: an ambient declaration does not hold the value the code has at run time`,
            at,
          );
        else if (initializer) {
          value = this.evaluate(initializer);
          if (
            value.kind !== "unknown" &&
            !(
              value.kind === "primitive" &&
              typeof value.value !== "boolean" &&
              value.value !== null
            )
          )
            value = unknown(
              `the enum member "${binding.name}.${name}" is ${article(value)}: an enum member is a number or a string`,
              at,
            );
        } else if (previous === undefined && index === 0 && declaration === first)
          value = { kind: "primitive", value: 0, location: at };
        else if (previous?.kind === "primitive" && typeof previous.value === "number")
          value = { kind: "primitive", value: previous.value + 1, location: at };
        else
          value = unknown(
            `the enum member "${binding.name}.${name}" has no initializer, and the member before it is ${previous === undefined ? "in another declaration of the enum" : previous.kind === "unknown" ? "not known" : "not a number"}`,
            at,
          );
        const literal =
          initializer !== undefined &&
          (Node.isStringLiteral(unwrap(initializer)) ||
            Node.isNoSubstitutionTemplateLiteral(unwrap(initializer)));
        table.members.set(name, { value, literal });
        previous = value;
      }
    }
    table.computing = false;
    return table;
  }

  /**
   * A `static readonly` property of a class: its initializer's value, read where the class
   * declares it (or a class it extends). A static that is not `readonly` could be reassigned;
   * a `static {}` block or a decorator could change the class: neither is read.
   */
  #classStatic(
    binding: ClassBinding,
    key: string,
    location: SourceLocation,
    seen: Set<Node>,
  ): StaticValue {
    const cls = binding.declaration;
    const name = binding.name;
    if (seen.has(cls)) return unknown(`the class "${name}" extends itself`, location);
    seen.add(cls);
    if (cls.getDecorators().length > 0)
      return unknown(`the class "${name}" has decorators, which can replace it`, location);
    const member = cls
      .getMembers()
      .filter(
        (member) =>
          (Node.isPropertyDeclaration(member) ||
            Node.isMethodDeclaration(member) ||
            Node.isGetAccessorDeclaration(member) ||
            Node.isSetAccessorDeclaration(member)) &&
          member.isStatic() &&
          this.#methodKey(member.getNameNode()) === key,
      )
      .at(-1);
    if (cls.getStaticBlocks().length > 0 && (member || !cls.getExtends()))
      return unknown(
        `the class "${name}" has a \`static {}\` block, which could assign ${name}.${key}`,
        location,
      );
    if (!member) {
      const heritage = cls.getExtends();
      if (!heritage)
        return unknown(
          `the class "${name}" has no \`static readonly\` property "${key}"`,
          location,
        );
      const base = this.#reference(unwrap(heritage.getExpression()));
      if (base?.kind === "class") return this.#classStatic(base, key, location, seen);
      return unknown(
        `"${name}.${key}" could be inherited from \`${short(heritage.getExpression())}\`, which is not read`,
        location,
      );
    }
    if (!Node.isPropertyDeclaration(member))
      return unknown(`"${name}.${key}" is ${describe(member)}, not a property`, location);
    return this.#staticProperty(binding, member, key, location);
  }

  /** The value of a class's `static readonly` property `key`, declared by `member`. */
  #staticProperty(
    binding: ClassBinding,
    member: PropertyDeclaration,
    key: string,
    location: SourceLocation,
  ): StaticValue {
    const cls = binding.declaration;
    const name = binding.name;
    if (!member.isReadonly())
      return unknown(
        `"${name}.${key}" is a \`static\` property that is not \`readonly\`: only \`static readonly\` properties are read (another could be reassigned)`,
        location,
      );
    if (member.hasAccessorKeyword?.())
      return unknown(`"${name}.${key}" is an \`accessor\`, which is not read`, location);
    const initializer = member.getInitializer();
    if (!initializer) return unknown(`"${name}.${key}" has no initializer`, location);
    // Static initializers run in order: a later one is not set yet while an earlier one runs.
    const running = this.#initializing.get(cls);
    if (running !== undefined && member.getStart() >= running)
      return unknown(
        `"${name}.${key}" is used before it is initialized: static properties are set in order`,
        location,
      );
    if (this.#active.has(member)) return unknown(`"${name}.${key}" refers to itself`, location);
    this.#active.add(member);
    this.#initializing.set(cls, member.getStart());
    try {
      return this.evaluate(initializer);
    } finally {
      this.#active.delete(member);
      if (running === undefined) this.#initializing.delete(cls);
      else this.#initializing.set(cls, running);
    }
  }
}

/** An enum's members as read so far (they are read in order, once per reading). */
interface EnumTable {
  readonly members: Map<string, { readonly value: StaticValue; readonly literal: boolean }>;
  /** Every member's name. */
  readonly names: ReadonlySet<string>;
  /** True while the members are being read: one not read yet is used before its declaration. */
  computing: boolean;
}

/** The class `this` is in a static property initializer or `static {}` block, if it is. */
function staticThis(node: Node): Binding | undefined {
  for (let current = node.getParent(); current; current = current.getParent()) {
    if (Node.isArrowFunction(current)) continue;
    if (Node.isFunctionLikeDeclaration(current) || Node.isSourceFile(current)) return undefined;
    const holder = current.getParent();
    if (
      holder &&
      (Node.isClassDeclaration(holder) || Node.isClassExpression(holder)) &&
      ((Node.isPropertyDeclaration(current) && current.isStatic()) ||
        Node.isClassStaticBlockDeclaration(current))
    )
      return {
        kind: "class",
        name: holder.getName() ?? "this",
        declaration: holder,
        declaredAt: holder,
      };
    if (holder && (Node.isClassDeclaration(holder) || Node.isClassExpression(holder)))
      return undefined;
  }
  return undefined;
}

/** The text of a string or number literal key (`ns["X"]`), if it is one. */
function literalText(node: Node | undefined): string | undefined {
  const target = node && unwrap(node);
  if (!target) return undefined;
  if (Node.isStringLiteral(target) || Node.isNoSubstitutionTemplateLiteral(target))
    return target.compilerNode.text;
  if (Node.isNumericLiteral(target)) return String(numericLiteralValue(target));
  return undefined;
}

/** "an array", "an object", "the number 1": what a value is, for messages. */
function article(value: StaticValue): string {
  if (value.kind === "array") return "an array";
  if (value.kind === "object") return "an object";
  if (value.kind === "primitive") return `\`${String(value.value)}\``;
  return "not known";
}

/** The logical operators, whose value is one of their operands. */
const LOGICAL = new Set([
  SyntaxKind.QuestionQuestionToken,
  SyntaxKind.BarBarToken,
  SyntaxKind.AmpersandAmpersandToken,
]);

/** The numeric operators read, each computed by JavaScript's own. */
const ARITHMETIC = new Map<SyntaxKind, (a: Primitive, b: Primitive) => number>([
  [SyntaxKind.MinusToken, (a, b) => (a as number) - (b as number)],
  [SyntaxKind.AsteriskToken, (a, b) => (a as number) * (b as number)],
  [SyntaxKind.SlashToken, (a, b) => (a as number) / (b as number)],
  [SyntaxKind.PercentToken, (a, b) => (a as number) % (b as number)],
  [SyntaxKind.AsteriskAsteriskToken, (a, b) => (a as number) ** (b as number)],
  [SyntaxKind.LessThanLessThanToken, (a, b) => (a as number) << (b as number)],
  [SyntaxKind.GreaterThanGreaterThanToken, (a, b) => (a as number) >> (b as number)],
  [SyntaxKind.GreaterThanGreaterThanGreaterThanToken, (a, b) => (a as number) >>> (b as number)],
  [SyntaxKind.AmpersandToken, (a, b) => (a as number) & (b as number)],
  [SyntaxKind.BarToken, (a, b) => (a as number) | (b as number)],
  [SyntaxKind.CaretToken, (a, b) => (a as number) ^ (b as number)],
]);

function unknown(reason: string, location: SourceLocation, origin?: UnknownOrigin): StaticValue {
  return origin
    ? { kind: "unknown", reason, location, origin }
    : { kind: "unknown", reason, location };
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
function describe(node: Node): string {
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

/** The entries and problems of an object literal as its properties are read, in source order. */
class ObjectParts {
  // A Map keeps the first position of a key reassigned later, exactly like a JS object literal.
  readonly entries = new Map<string, StaticEntry>();
  readonly problems: StaticProblem[] = [];
  #order = 0;

  set(key: string, keyLocation: SourceLocation, value: StaticValue): void {
    this.entries.set(key, { key, keyLocation, value, order: this.#order++ });
  }

  problem(reason: string, location: SourceLocation, extra?: Partial<StaticProblem>): void {
    this.problems.push({ reason, location, order: this.#order++, ...extra });
  }

  /** A spread object's own keys, in the source's key order (its prototype is not copied). */
  copy(spread: StaticValue & { kind: "object" }): void {
    const base = this.#order;
    for (const entry of spread.entries) {
      this.entries.set(entry.key, { ...entry, order: base + entry.order });
      this.#order = Math.max(this.#order, base + entry.order + 1);
    }
    for (const inner of spread.problems) {
      if (inner.inherited) continue;
      this.problems.push({ ...inner, order: base + inner.order });
      this.#order = Math.max(this.#order, base + inner.order + 1);
    }
  }
}

/**
 * An initializer a `declare enum` member's value is known from: a string, or a number
 * (possibly negated); anything else names a value the package's JavaScript computes.
 */
function isLiteralInitializer(initializer: Node): boolean {
  const node = unwrap(initializer);
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return true;
  if (Node.isNumericLiteral(node)) return true;
  return (
    Node.isPrefixUnaryExpression(node) &&
    node.getOperatorToken() === SyntaxKind.MinusToken &&
    Node.isNumericLiteral(unwrap(node.getOperand()))
  );
}
