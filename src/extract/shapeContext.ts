// The context a declaration shape is given about an object literal (shapes/shape.ts).
import {
  Node,
  VariableDeclarationKind,
  ts,
  type CallExpression,
  type ClassDeclaration,
  type ClassExpression,
  type ObjectLiteralExpression,
  type PropertyAssignment,
  type SourceFile,
  type VariableDeclaration,
} from "../tsMorph.js";
import {
  isValueWrapper,
  propertyKey,
  unwrap,
  type Locate,
  type StaticEvaluator,
} from "./evaluate.js";
import { identifierText } from "./identifiers.js";
import type { Modules } from "./modules.js";
import { resolveIdentifier } from "./scopes.js";
import type { Callee, EnclosingCall, HeldAt, ShapeContext } from "./shapes/index.js";
import type { StaticEntry, StaticObject, StaticValue } from "./values.js";
import { descendants } from "./walk.js";

/**
 * Where the names of the files read are used: every identifier given as a call's argument,
 * every call of a name, and every property whose value is a name, each found once per run (on
 * the first question) and shared by the readings of every file. Each question asks for every
 * file again (`files`): the reading that asks depends on all of them.
 */
export class NameUses {
  readonly #files: () => readonly SourceFile[];
  readonly #modules: Modules;
  #properties: Map<string, Node[]> | undefined;
  #arguments: Map<string, Node[]> | undefined;
  #callees: Map<string, CallExpression[]> | undefined;

  /** `files`: the files read, where the uses of a `const` are looked for. */
  constructor(files: () => readonly SourceFile[], modules: Modules) {
    this.#files = files;
    this.#modules = modules;
  }

  /** Every identifier of the files read given as a call's argument, by name. */
  asArguments(): Map<string, Node[]> {
    const files = this.#files();
    this.#arguments ??= this.#index(files, false, function* (file) {
      for (const call of descendants(file, (node) => ts.isCallExpression(node)))
        for (const argument of (call as CallExpression).getArguments()) {
          const value = unwrap(argument);
          if (Node.isIdentifier(value)) yield [identifierText(value), value];
        }
    });
    return this.#arguments;
  }

  /**
   * Every call of the files read whose callee is a name (`createSearchTool(ctx)`), by that name
   * and by the name it is imported as.
   */
  asCallees(): Map<string, CallExpression[]> {
    const files = this.#files();
    this.#callees ??= this.#index(files, true, function* (file) {
      for (const node of descendants(file, (node) => ts.isCallExpression(node))) {
        const callee = unwrap((node as CallExpression).getExpression());
        if (Node.isIdentifier(callee)) yield [identifierText(callee), node as CallExpression];
      }
    });
    return this.#callees;
  }

  /**
   * Every property of the files read whose value is a name (`weather: weatherTool`, `{
   * weatherTool }`), by that name and by the name it is imported as.
   */
  asProperties(): Map<string, Node[]> {
    const files = this.#files();
    this.#properties ??= this.#index(files, true, function* (file) {
      const properties = descendants(
        file,
        (node) =>
          ts.isShorthandPropertyAssignment(node) ||
          (ts.isPropertyAssignment(node) && ts.isIdentifier(skipWrappers(node.initializer))),
      );
      for (const property of properties) {
        if (Node.isShorthandPropertyAssignment(property))
          yield [identifierText(property.getNameNode()), property];
        else {
          const value = unwrap((property as PropertyAssignment).getInitializerOrThrow());
          yield [identifierText(value), value];
        }
      }
    });
    return this.#properties;
  }

  /**
   * The uses `found` in each file, by the name written and, with `imported`, also by the name
   * an imported one is exported as.
   */
  #index<T>(
    files: readonly SourceFile[],
    imported: boolean,
    found: (file: SourceFile) => Iterable<readonly [string, T]>,
  ): Map<string, T[]> {
    const uses = new Map<string, T[]>();
    const add = (name: string, use: T) => uses.set(name, [...(uses.get(name) ?? []), use]);
    for (const file of files)
      for (const [name, use] of found(file)) {
        add(name, use);
        const exported = imported ? this.#modules.importOf(file, name)?.imported : undefined;
        if (exported !== undefined && exported !== name) add(exported, use);
      }
    return uses;
  }
}

/**
 * What the shapes may ask about the objects of one file's reading: the call around an object,
 * the keys a value is held at (also where a `const` holding it is used in the files read), what
 * a callee is. Each is computed when a shape asks.
 */
export class Surroundings {
  readonly #evaluator: StaticEvaluator;
  readonly #modules: Modules;
  readonly #locate: Locate;
  readonly #uses: NameUses;

  constructor(evaluator: StaticEvaluator, modules: Modules, locate: Locate, uses: NameUses) {
    this.#evaluator = evaluator;
    this.#modules = modules;
    this.#locate = locate;
    this.#uses = uses;
  }

  /**
   * A class's fields as one object: each property declared with an initializer (static or
   * not, in the order written), its value as read.
   */
  fieldsOf(cls: ClassDeclaration | ClassExpression): StaticObject {
    const entries: StaticEntry[] = [];
    for (const member of cls.getMembers()) {
      if (Node.isGetAccessorDeclaration(member)) {
        // A getter's value exists only when the code runs.
        const key = propertyKey(member.getNameNode());
        const location = this.#locate(member.getNameNode());
        const value: StaticValue = {
          kind: "unknown",
          reason: `\`${key}\` is a getter`,
          location,
          origin: { kind: "run time" },
        };
        if (key !== undefined)
          entries.push({ key, keyLocation: location, value, order: entries.length });
        continue;
      }
      if (!Node.isPropertyDeclaration(member)) continue;
      const nameNode = member.getNameNode();
      const initializer = member.getInitializer();
      const key = propertyKey(nameNode);
      if (key === undefined || !initializer) continue;
      const value = this.#evaluator.evaluate(initializer);
      entries.push({ key, keyLocation: this.#locate(nameNode), value, order: entries.length });
    }
    return { kind: "object", entries, problems: [], location: this.#locate(cls) };
  }

  of(node: ObjectLiteralExpression | ClassDeclaration | ClassExpression): ShapeContext {
    return {
      node,
      enclosingCall: () => enclosingCall(node),
      passedTo: () => this.#passedTo(node),
      heldAt: (value) => this.#heldAt(value),
      callee: (call) => this.#callee(call),
      evaluate: (value) => this.#evaluator.evaluate(value),
    };
  }

  #passedTo(node: Node): EnclosingCall[] {
    const direct = enclosingCall(node);
    if (direct) return [direct];
    const declaration = constHolding(node);
    if (!declaration) return [];
    return this.#usesOf(declaration, this.#uses.asArguments()).flatMap((use) => {
      const call = enclosingCall(use);
      return call ? [call] : [];
    });
  }

  /**
   * The properties a value is held at: its own, those where the `const` holding it is used, and
   * those holding a call of the function that returns it (`search: createSearchTool(ctx)`),
   * through FACTORY_DEPTH factories at most.
   */
  #heldAt(node: Node, depth = 0): HeldAt[] {
    let child = node;
    let parent = node.getParent();
    while (parent && isValueWrapper(parent)) [child, parent] = [parent, parent.getParent()];
    if (parent && Node.isPropertyAssignment(parent) && parent.getInitializer() === child)
      return [this.#property(parent)];
    if (parent && Node.isVariableDeclaration(parent) && parent.getInitializer() === child)
      return isConst(parent)
        ? this.#usesOf(parent, this.#uses.asProperties()).map((use) =>
            this.#property(Node.isShorthandPropertyAssignment(use) ? use : use.getParentOrThrow()),
          )
        : [];
    const factory = depth < FACTORY_DEPTH ? factoryReturning(child, parent) : undefined;
    if (!factory) return [];
    return this.#callsOf(factory).flatMap((call) => this.#heldAt(call, depth + 1));
  }

  /** The calls in the files read of a function (its declaration, or the `const` holding it). */
  #callsOf(factory: Factory): CallExpression[] {
    return (this.#uses.asCallees().get(factory.name) ?? []).filter((call) => {
      const binding = resolveIdentifier(this.#modules, unwrap(call.getExpression()));
      return (
        (binding?.kind === "function" || binding?.kind === "const") &&
        binding.declaration.compilerNode === factory.declaration.compilerNode
      );
    });
  }

  /** A property's key and the object holding it. */
  #property(property: Node): HeldAt {
    const holder = property.getParentOrThrow() as ObjectLiteralExpression;
    const nameNode = (property as Node & { getNameNode(): Node }).getNameNode();
    const text = propertyKey(nameNode);
    const location = this.#locate(nameNode);
    const key: StaticValue =
      text !== undefined
        ? { kind: "primitive", value: text, location }
        : Node.isComputedPropertyName(nameNode)
          ? keyOf(this.#evaluator.evaluate(nameNode.getExpression()))
          : { kind: "unknown", reason: "the key is not read", location };
    return { key, holder };
  }

  /** The uses in `index` (by name) that name the `const` `declaration` declares. */
  #usesOf(declaration: VariableDeclaration, index: Map<string, Node[]>): Node[] {
    const nameNode = declaration.getNameNode();
    if (!Node.isIdentifier(nameNode)) return [];
    return (index.get(identifierText(nameNode)) ?? []).filter((use) => {
      const identifier = Node.isShorthandPropertyAssignment(use) ? use.getNameNode() : use;
      const binding = resolveIdentifier(this.#modules, identifier);
      return (
        binding?.kind === "const" && binding.declaration.compilerNode === declaration.compilerNode
      );
    });
  }

  #callee(call: Node): Callee | undefined {
    if (!Node.isCallExpression(call)) return undefined;
    const callee = unwrap((call as CallExpression).getExpression());
    if (Node.isIdentifier(callee)) {
      const imported = this.#evaluator.importOf(callee);
      if (imported)
        return { name: imported.imported ?? "*", module: imported.module, local: false };
      const local = resolveIdentifier(this.#modules, callee) !== undefined;
      return { name: identifierText(callee), module: undefined, local };
    }
    if (Node.isPropertyAccessExpression(callee)) {
      const holder = unwrap(callee.getExpression());
      if (!Node.isIdentifier(holder)) return undefined;
      const imported = this.#evaluator.importOf(holder);
      if (imported?.imported !== undefined) return undefined;
      if (imported) return { name: callee.getName(), module: imported.module, local: false };
    }
    return undefined;
  }
}

/** The call an object is an argument of, through wrappers. */
function enclosingCall(node: Node): EnclosingCall | undefined {
  let child = node;
  let parent = node.getParent();
  while (parent && isValueWrapper(parent)) [child, parent] = [parent, parent.getParent()];
  if (!parent || !Node.isCallExpression(parent)) return undefined;
  const argument = parent.getArguments().indexOf(child);
  return argument < 0 ? undefined : { call: parent, argument };
}

/** The `const` a value initialises (through wrappers), if it does. */
function constHolding(node: Node): VariableDeclaration | undefined {
  let child = node;
  let parent = node.getParent();
  while (parent && isValueWrapper(parent)) [child, parent] = [parent, parent.getParent()];
  return parent &&
    Node.isVariableDeclaration(parent) &&
    parent.getInitializer() === child &&
    isConst(parent)
    ? parent
    : undefined;
}

function isConst(declaration: VariableDeclaration): boolean {
  const list = declaration.getParent();
  return (
    Node.isVariableDeclarationList(list) &&
    list.getDeclarationKind() === VariableDeclarationKind.Const
  );
}

/** A computed key's value as a key: a primitive as JavaScript converts it, or what was read. */
function keyOf(value: StaticValue): StaticValue {
  if (value.kind === "primitive") return { ...value, value: String(value.value) };
  if (value.kind === "unknown") return value;
  return { kind: "unknown", reason: "the computed key is not a string", location: value.location };
}

function skipWrappers(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current) ||
    ts.isNonNullExpression(current)
  )
    current = current.expression;
  return current;
}

/** How many functions returning a value `heldAt` follows to the calls that hold it. */
const FACTORY_DEPTH = 3;

/** A named function, by the declaration a call's name resolves to. */
interface Factory {
  readonly name: string;
  readonly declaration: Node;
}

/**
 * The function a value is returned by, when it is one a call can name: `function f() { return
 * value; }`, or a `const` holding `() => value` or a function expression returning it.
 */
function factoryReturning(value: Node, parent: Node | undefined): Factory | undefined {
  let fn: Node | undefined;
  if (parent && Node.isArrowFunction(parent) && parent.getBody() === value) fn = parent;
  else if (parent && Node.isReturnStatement(parent))
    fn = parent.getParentWhile((node) => !isFunctionLike(node))?.getParent();
  if (!fn) return undefined;
  if (Node.isFunctionDeclaration(fn)) {
    const name = fn.getName();
    return name === undefined ? undefined : { name, declaration: fn };
  }
  if (!Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn)) return undefined;
  const holder = constHolding(fn);
  const nameNode = holder?.getNameNode();
  return holder && nameNode && Node.isIdentifier(nameNode)
    ? { name: identifierText(nameNode), declaration: holder }
    : undefined;
}

function isFunctionLike(node: Node): boolean {
  return (
    Node.isFunctionDeclaration(node) ||
    Node.isFunctionExpression(node) ||
    Node.isArrowFunction(node) ||
    Node.isMethodDeclaration(node) ||
    Node.isConstructorDeclaration(node) ||
    Node.isGetAccessorDeclaration(node) ||
    Node.isSetAccessorDeclaration(node)
  );
}
