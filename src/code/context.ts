import type { JsonValue } from "../extract/values.js";
import type { SchemaNode } from "../ir.js";
import { Code, Names, code, join, jsonValue, literal, type NamePrefix } from "./code.js";

/**
 * A segment of an issue path: a static key, or a local holding an array index or an object key
 * known only at run time.
 */
export type PathPart = string | DynamicPart;

export interface DynamicPart {
  readonly local: Code;
  readonly type: "number" | "string";
}

/** The helpers of the generated `runtime.ts` a module may import. */
export type Helper =
  | "IssueList"
  | "UNREADABLE"
  | "append"
  | "missing"
  | "unexpectedKeys"
  | "keyList"
  | "wrongType"
  | "wrongValue"
  | "notAllowed"
  | "caught"
  | "finish"
  | "finishAfter"
  | "isMember";

/**
 * What one generated module's emitters share: fresh names, module constants, the functions
 * split off the validator, and the runtime helpers it imports.
 */
export class ModuleContext {
  readonly names = new Names();
  /** Module-level constants (paths, enum lists, key lists), in order of first use. */
  readonly constants: Code[] = [];
  /** Functions split off the validator (see `EmitContext`), in order of creation. */
  readonly functions: Code[] = [];
  readonly helpers = new Set<Helper>();
  readonly #sharedNames = new Map<string, Code>();
  readonly #enumLists = new Map<readonly JsonValue[], Code>();

  /**
   * The module constant `key` stands for, declared by `declaration` (given its fresh name) on
   * first use: every use of the same text shares one constant.
   */
  #shared(key: string, prefix: NamePrefix, declaration: (name: Code) => Code): Code {
    let name = this.#sharedNames.get(key);
    if (!name) {
      name = this.names.next(prefix);
      this.constants.push(declaration(name));
      this.#sharedNames.set(key, name);
    }
    return name;
  }

  /** A frozen module-level constant, shared by every use of the same text. */
  constant(prefix: NamePrefix, value: Code, type = ""): Code {
    const annotation = type === "" ? code`` : Code.raw(`: ${type}`);
    return this.#shared(
      `${prefix}:${type}:${value}`,
      prefix,
      (name) => code`const ${name}${annotation} = Object.freeze(${value});\n`,
    );
  }

  /** The module constant holding an enum's members (one per enum). */
  enumList(values: readonly JsonValue[]): Code {
    let name = this.#enumLists.get(values);
    if (!name) {
      const allPrimitive = values.every((m) => m === null || typeof m !== "object");
      const list = allPrimitive
        ? code`[${join(
            values.map((m) => literal(m as string | number | boolean | null)),
            ", ",
          )}]`
        : jsonValue(values as JsonValue[]);
      name = this.constant("e", list, "readonly unknown[]");
      this.#enumLists.set(values, name);
    }
    return name;
  }

  /** A module Set of an enum's primitive members, for enums too long to compare one by one. */
  enumSet(values: readonly JsonValue[]): Code {
    const list = this.enumList(values);
    return this.#shared(
      `set:${list}`,
      "e",
      (name) => code`const ${name}: ReadonlySet<unknown> = new Set(${list});\n`,
    );
  }

  /** A module constant listing an object's declared keys for the hints (one per list). */
  keyList(keys: readonly string[]): Code {
    const list = code`${this.use("keyList")}([${join(
      keys.map((key) => code`${key}`),
      ", ",
    )}])`;
    return this.#shared(`keys:${list}`, "K", (name) => code`const ${name} = ${list};\n`);
  }

  use(helper: Helper): Code {
    this.helpers.add(helper);
    return Code.raw(helper);
  }
}

/**
 * What keyword emitters recurse through. Each generated function gets its own context, with a
 * budget of checks: a nested schema that does not fit is emitted as a function of its own, so
 * that no generated function grows past what TypeScript's control-flow analysis can follow
 * (TS2563) however large the declaration.
 */
export class EmitContext {
  readonly module: ModuleContext;
  readonly #accept: (ctx: EmitContext, node: SchemaNode, value: Code) => Code;
  readonly #collect: (
    ctx: EmitContext,
    node: SchemaNode,
    value: Code,
    path: readonly PathPart[],
  ) => Code;
  #budget = FUNCTION_BUDGET;

  constructor(
    module: ModuleContext,
    accept: (ctx: EmitContext, node: SchemaNode, value: Code) => Code,
    collect: (ctx: EmitContext, node: SchemaNode, value: Code, path: readonly PathPart[]) => Code,
  ) {
    this.module = module;
    this.#accept = accept;
    this.#collect = collect;
  }

  get names(): Names {
    return this.module.names;
  }

  /** The accepting path: statements that `return false` when `value` does not match `node`. */
  accept(node: SchemaNode, value: Code): Code {
    if (this.#fits(node)) return this.#accept(this, node, value);
    const name = this.names.next("f");
    const parameter = this.names.next("v");
    const body = this.#accept(this.#fresh(), node, parameter);
    this.module.functions.push(
      code`function ${name}(${parameter}: unknown): boolean {\n${body}return true;\n}\n`,
    );
    return code`if (!${name}(${value})) return false;\n`;
  }

  /** The issue path: statements that add every issue of `value` at `path` to `c`. */
  collect(node: SchemaNode, value: Code, path: readonly PathPart[]): Code {
    if (this.#fits(node)) return this.#collect(this, node, value, path);
    return this.collectIn(
      (inner, innerPath) => inner.#collect(inner, node, value, innerPath),
      path,
      [value],
    );
  }

  /** Whether the node's own checks fit this function (the first node always does). */
  #fits(node: SchemaNode): boolean {
    const weight = ownWeight(node);
    if (weight > this.#budget && this.#budget < FUNCTION_BUDGET) return false;
    this.#budget -= weight;
    return true;
  }

  /**
   * Statements emitted into a function of their own: `body` gets a fresh context and the path
   * with its run-time parts turned into parameters; `values` are passed through unchanged (the
   * body refers to them by the same names, which are parameters there).
   */
  collectIn(
    body: (inner: EmitContext, path: readonly PathPart[]) => Code,
    path: readonly PathPart[],
    values: readonly Code[],
    valueType = "unknown",
  ): Code {
    const name = this.names.next("c");
    const dynamic: { outer: Code; inner: DynamicPart }[] = [];
    const innerPath = path.map((part) => {
      if (typeof part === "string") return part;
      const inner = { local: this.names.next("d"), type: part.type };
      dynamic.push({ outer: part.local, inner });
      return inner;
    });
    const inner = this.#fresh();
    const statements = body(inner, innerPath);
    const parameters = [
      ...values.map((value) => code`${value}: ${Code.raw(valueType)}`),
      Code.raw(`c: ${"IssueList"} | undefined`),
      ...dynamic.map(({ inner: part }) => code`${part.local}: ${Code.raw(part.type)}`),
    ];
    this.module.use("IssueList");
    this.module.functions.push(
      code`function ${name}(${join(parameters, ", ")}): IssueList | undefined {\n${statements}return c;\n}\n`,
    );
    const arguments_ = [...values, Code.raw("c"), ...dynamic.map(({ outer }) => outer)];
    return code`c = ${name}(${join(arguments_, ", ")});\n`;
  }

  #fresh(): EmitContext {
    return new EmitContext(this.module, this.#accept, this.#collect);
  }
}

/** About how many checks one generated function may hold (see EmitContext). */
const FUNCTION_BUDGET = 48;

/**
 * How many checks a schema adds to the function it is emitted in, not counting the schemas
 * nested in it (they are counted where they are emitted): one per declared property, one for
 * the other keys, one for the elements of an array.
 */
function ownWeight(node: SchemaNode): number {
  let weight = 0;
  if (node.object) weight += 1 + node.object.properties.length;
  if (node.items) weight += 1;
  return weight;
}

/**
 * Reads `object[key]` into a new local, once: a getter or proxy that throws gives the runtime's
 * UNREADABLE, which fails every declared type. Written out at each read (not a shared helper)
 * so that each read keeps its own inline cache.
 */
export function readInto(module: ModuleContext, local: Code, object: Code, key: Code): Code {
  const unreadable = module.use("UNREADABLE");
  return code`let ${local}: unknown;\ntry {\n${local} = ${object}[${key}];\n} catch {\n${local} = ${unreadable};\n}\n`;
}

/**
 * The issue path as code: a shared frozen module constant when every part is static (no
 * allocation per issue), an array literal when it holds indices or keys known only at run
 * time (`["questions", i0, "label"]`).
 */
export function pathCode(module: ModuleContext, path: readonly PathPart[]): Code {
  const parts = path.map((part) => (typeof part === "string" ? code`${part}` : part.local));
  const literal_ = code`[${join(parts, ", ")}]`;
  return path.every((part) => typeof part === "string") ? module.constant("p", literal_) : literal_;
}
