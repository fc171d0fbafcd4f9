import type { JsonValue } from "../extract/values.js";
import type { SchemaNode } from "../normalize/schema.js";
import { Code, Names, code, join, jsonValue, literal } from "./code.js";

/** A segment of an issue path: a static key, or a local variable holding an index or key. */
export type PathPart = string | Code;

export type Helper = "typeName" | "deepEqual";

/** What one generated module's emitters share: local names, module constants, imported helpers. */
export class ModuleContext {
  readonly names = new Names();
  /** Module-level constants (enum value lists), in order of first use. */
  readonly constants: Code[] = [];
  /** Helpers imported from `runtime.ts`. */
  readonly helpers = new Set<Helper>();
  readonly #enumLists = new Map<readonly JsonValue[], Code>();
  readonly #frozen = new Map<string, Code>();

  /** A frozen module-level array constant, shared by every use of the same literal. */
  constant(prefix: "p", literal: Code): Code {
    const text = literal.toString();
    let name = this.#frozen.get(text);
    if (!name) {
      name = this.names.next(prefix);
      this.constants.push(code`const ${name} = Object.freeze(${literal});\n`);
      this.#frozen.set(text, name);
    }
    return name;
  }

  /** The module constant holding an enum's members (one per enum, shared by both paths). */
  enumList(values: readonly JsonValue[]): Code {
    let name = this.#enumLists.get(values);
    if (!name) {
      name = this.names.next("e");
      const allPrimitive = values.every((m) => m === null || typeof m !== "object");
      const list = allPrimitive
        ? code`[${join(
            values.map((m) => literal(m as string | number | boolean | null)),
            ", ",
          )}]`
        : jsonValue(values as JsonValue[]);
      this.constants.push(code`const ${name}: readonly unknown[] = Object.freeze(${list});\n`);
      this.#enumLists.set(values, name);
    }
    return name;
  }

  use(helper: Helper): Code {
    this.helpers.add(helper);
    return Code.raw(helper);
  }
}

/** What keyword emitters recurse through, for the two paths of a validator. */
export interface EmitContext extends ModuleContext {
  /** The issue-collecting path: statements that record every issue of `node` at `path`. */
  readonly emitNode: (node: SchemaNode, value: Code, path: readonly PathPart[]) => Code;
  /** The accepting path: statements that `return false` when the value does not match `node`. */
  readonly acceptNode: (node: SchemaNode, value: Code) => Code;
}

/**
 * The issue path: a shared frozen module constant when every part is static (no allocation per
 * issue), an array literal when it holds indices or keys known only at run time
 * (`["questions", i0, "label"]`).
 */
export function pathLiteral(ctx: ModuleContext, path: readonly PathPart[]): Code {
  const parts = path.map((part) => (typeof part === "string" ? code`${part}` : part));
  const literal = code`[${join(parts, ", ")}]`;
  return path.every((part) => typeof part === "string") ? ctx.constant("p", literal) : literal;
}

export type IssueCode = "missing" | "unexpected" | "invalid_type" | "invalid_enum";

/**
 * The local array of each issue group: issues are appended to their group as the depth-first
 * walk finds them, and the groups are joined in the spec's order at the end (no sorting).
 */
export const ISSUE_GROUPS: Record<IssueCode, Code> = {
  missing: Code.raw("missing"),
  unexpected: Code.raw("unexpected"),
  invalid_type: Code.raw("wrongType"),
  invalid_enum: Code.raw("wrongValue"),
};

/** Appends an issue to its group; a group's array is created (at its size) on its first issue. */
export function pushIssue(issueCode: IssueCode, fields: Code): Code {
  const group = ISSUE_GROUPS[issueCode];
  return code`${group} = addIssue(${group}, { code: ${issueCode}, ${fields} });\n`;
}
