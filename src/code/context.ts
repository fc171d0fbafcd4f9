import type { JsonValue } from "../extract/values.js";
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

/**
 * A name a generated module imports from one of the support modules of its folder
 * (`runtime`, or a module a keyword brings, such as `constraints`).
 */
export interface SupportImport {
  readonly module: string;
  readonly name: string;
  /** Imported with `type` (used in types only). */
  readonly typeOnly?: boolean;
}

/** Names imported from `./runtime.js` by default. */
const RUNTIME = "runtime";

/**
 * What one generated module's emitters share: fresh names, module constants, the functions
 * split off the validator, and the support names it imports.
 */
export class ModuleContext {
  readonly names = new Names();
  /** Module-level constants (paths, enum lists, key lists), in order of first use. */
  readonly constants: Code[] = [];
  /** Functions split off the validator (see `EmitContext`), in order of creation. */
  readonly functions: Code[] = [];
  /** Imported names by support module. */
  readonly #imports = new Map<string, Map<string, boolean>>();
  readonly #sharedNames = new Map<string, Code>();

  /**
   * The module constant `key` stands for, declared by `declaration` (given its fresh name) on
   * first use: every use of the same key shares one constant.
   */
  shared(key: string, prefix: NamePrefix, declaration: (name: Code) => Code): Code {
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
    return this.shared(
      `${prefix}:${type}:${value}`,
      prefix,
      (name) => code`const ${name}${annotation} = Object.freeze(${value});\n`,
    );
  }

  /** A frozen module constant holding a list of JSON values (an enum's members), one per text. */
  valueList(values: readonly JsonValue[]): Code {
    const allPrimitive = values.every((m) => m === null || typeof m !== "object");
    const list = allPrimitive
      ? code`[${join(
          values.map((m) => literal(m as string | number | boolean | null)),
          ", ",
        )}]`
      : jsonValue(values as JsonValue[], "unknown[]");
    return this.constant("e", list, "readonly unknown[]");
  }

  /** A name from `./runtime.js` (or another support module), imported once. */
  use(name: string, module = RUNTIME): Code {
    this.#import({ module, name });
    return Code.raw(name);
  }

  /** Whether a name from a support module is imported (as a value or a type). */
  imports(name: string, module = RUNTIME): boolean {
    return this.#imports.get(module)?.has(name) ?? false;
  }

  /** A type from a support module, imported with `type`. */
  useType(name: string, module = RUNTIME): Code {
    this.#import({ module, name, typeOnly: true });
    return Code.raw(name);
  }

  #import({ module, name, typeOnly = false }: SupportImport): void {
    let names = this.#imports.get(module);
    if (!names) this.#imports.set(module, (names = new Map()));
    // A name used as a value too is imported as a value.
    names.set(name, (names.get(name) ?? true) && typeOnly);
  }

  /** The support modules it imports from (`runtime`, `constraints`, ...). */
  importedModules(): readonly string[] {
    return [...this.#imports.keys()];
  }

  /** The import statements, one per support module, names sorted. */
  importStatements(): Code {
    const statements = [...this.#imports.keys()].sort().map((module) => {
      const names = [...this.#imports.get(module)!.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, typeOnly]) => (typeOnly ? `type ${name}` : name));
      return code`import { ${Code.raw(names.join(", "))} } from ${`./${module}.js`};\n`;
    });
    return join(statements, "");
  }
}

/** Emits the checks of one schema node. */
export interface NodeEmitter<N> {
  /** The issue path: statements that add every issue of `value` at `path` to `c`. */
  collect(ctx: EmitContext<N>, node: N, value: Code, path: readonly PathPart[]): Code;
  /** How many checks a node adds to the function it is emitted in (nested nodes not counted). */
  weight(node: N): number;
}

/**
 * What keyword emitters recurse through. Each generated function gets its own context, with a
 * budget of checks: a nested schema that does not fit is emitted as a function of its own, so
 * that no generated function grows past what TypeScript's control-flow analysis can follow
 * (TS2563) however large the declaration.
 */
export class EmitContext<N> {
  readonly module: ModuleContext;
  readonly #emitter: NodeEmitter<N>;
  #budget = FUNCTION_BUDGET;

  constructor(module: ModuleContext, emitter: NodeEmitter<N>) {
    this.module = module;
    this.#emitter = emitter;
  }

  get names(): Names {
    return this.module.names;
  }

  /** The issue path: statements that add every issue of `value` at `path` to `c`. */
  collect(node: N, value: Code, path: readonly PathPart[]): Code {
    if (this.#fits(node)) return this.#emitter.collect(this, node, value, path);
    return this.collectIn(
      (inner, innerPath) => this.#emitter.collect(inner, node, value, innerPath),
      path,
      [value],
    );
  }

  /** Whether the node's own checks fit this function (the first node always does). */
  #fits(node: N): boolean {
    const weight = this.#emitter.weight(node);
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
    body: (inner: EmitContext<N>, path: readonly PathPart[]) => Code,
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
    const statements = body(this.#fresh(), innerPath);
    const issueList = this.module.useType("IssueList");
    const parameters = [
      ...values.map((value) => code`${value}: ${Code.raw(valueType)}`),
      code`c: ${issueList} | undefined`,
      ...dynamic.map(({ inner: part }) => code`${part.local}: ${Code.raw(part.type)}`),
    ];
    this.module.functions.push(
      code`function ${name}(${join(parameters, ", ")}): ${issueList} | undefined {\n${statements}return c;\n}\n`,
    );
    const arguments_ = [...values, Code.raw("c"), ...dynamic.map(({ outer }) => outer)];
    return code`c = ${name}(${join(arguments_, ", ")});\n`;
  }

  #fresh(): EmitContext<N> {
    return new EmitContext(this.module, this.#emitter);
  }
}

/** About how many checks one generated function may hold (see EmitContext). */
const FUNCTION_BUDGET = 48;

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
