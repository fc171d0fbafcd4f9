// CONTRACT.md section 3 (a keyword's meaning), 4, 4.1 and 4.3 (its issues, text and hints).
import type { Code } from "../code/code.js";
import type { EmitContext, PathPart } from "../code/context.js";
import type { DiagnosticCode } from "../diagnostics/codes.js";
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import type { StaticObject, StaticValue } from "../extract/values.js";
import type { JsonType } from "./jsonTypes.js";

/**
 * A keyword is the unit of the generator (CONTRACT.md section 3): one definition holds
 * everything about it, and the stages iterate over the definitions. Reading (normalize/) asks
 * each definition to read its keywords from a schema; emitting (emit/) asks each keyword read
 * for its checks with their issues, and its argument type; the folder's support modules
 * take every issue code's type, text, hint and log fields from the definitions in use. Adding
 * a keyword is one file in this folder (and its run-time predicates' module in src/support, if
 * it needs one), its line in `registry.ts`, its tests and its CONTRACT.md rows
 * (docs/architecture.md, "Adding a keyword").
 */
export interface KeywordDefinition<D> extends KeywordFacts {
  /** The kind of value its checks apply to (others pass); undefined: every value. */
  readonly appliesTo?: ValueKind;
  /**
   * Reads its keywords from a schema object: undefined when the schema has none of them (or
   * only in a form that is not enforced, which `reading.notEnforced` lists). Problems go to
   * `reading.report`.
   */
  read(schema: StaticObject, reading: SchemaReading): D | undefined;
  /** The schemas nested in what it read (default: none). */
  children?(data: D): readonly SchemaNode[];
  /** Whether what it read checks anything (default: true). */
  hasChecks?(data: D): boolean;
  /** How many checks it adds to the function it is emitted in (default: 1). */
  weight?(data: D): number;
  /**
   * The issue path: statements that add every issue of `value` at `path` to `c`. `types` are
   * the schema's types as the validator tests them (undefined: any), which `value` has passed.
   */
  collect(
    ctx: Emit,
    data: D,
    value: Code,
    path: readonly PathPart[],
    types: readonly JsonType[] | undefined,
  ): Code;
  /** A type that replaces the declared type of the values it accepts (`enum`'s literal union). */
  literalType?(data: D): Code | undefined;
  /** The type of the values of its kind it accepts (an object's members, an array's elements). */
  kindType?(data: D, types: ArgsTypes): Code;
}

/** What a keyword is besides its reading and emitting: its names, issues, hints and support. */
export interface KeywordFacts {
  /**
   * The JSON Schema keywords it reads. The first is its name in `enforce` and in messages; a
   * keyword of an opt-in definition that is not enforced is listed as not enforced.
   */
  readonly keywords: readonly [string, ...string[]];
  /** Enforced only when a host asks for it (`enforce`, CONTRACT.md section 3.1). */
  readonly optIn?: true;
  /** The issues it reports, with their text. */
  readonly issues?: readonly IssueDefinition[];
  /** The hints its issues carry, with their text. */
  readonly hints?: readonly HintDefinition[];
  /**
   * The modules of src/support its generated code imports besides `runtime` (its run-time
   * predicates, e.g. `stringLength` for `minLength`), copied into a folder only where a tool
   * module imports them.
   */
  readonly support?: readonly string[];
  /**
   * Other definitions (by name) whose issues its checks can report: enforcing it brings their
   * issue types and texts too. `minimum` reports `too_small_exclusive` for draft-04's
   * `exclusiveMinimum: true` beside it, a bound enforced as declared when either is enforced.
   */
  readonly reports?: readonly string[];
}

/** The kinds of value a keyword can apply to, each with the run-time test of that kind. */
export type ValueKind = "object" | "array" | "string" | "number";

/** The emit context keywords recurse through. */
export type Emit = EmitContext<SchemaNode>;

/** How argument types are made for nested schemas and descriptions. */
export interface ArgsTypes {
  typeOf(node: SchemaNode): Code;
  jsdoc(text: string): Code;
}

/** One keyword definition and what it read from one schema. */
export interface KeywordUse {
  /** The definition's name (its first keyword). */
  readonly name: string;
  readonly appliesTo: ValueKind | undefined;
  /** What it read (for the stages that look inside one keyword, e.g. the argument reads). */
  readonly data: unknown;
  readonly children: readonly SchemaNode[];
  readonly hasChecks: boolean;
  readonly weight: number;
  collect(
    ctx: Emit,
    value: Code,
    path: readonly PathPart[],
    types: readonly JsonType[] | undefined,
  ): Code;
  literalType(): Code | undefined;
  kindType(types: ArgsTypes): Code | undefined;
}

/**
 * A definition as the registry lists it: its facts, and its reading of a schema into a use
 * (so that definitions of different data types sit in one list).
 */
export interface RegisteredKeyword extends KeywordFacts {
  readonly appliesTo?: ValueKind;
  readUse(schema: StaticObject, reading: SchemaReading): KeywordUse | undefined;
}

export function registered<D>(definition: KeywordDefinition<D>): RegisteredKeyword {
  return {
    ...definition,
    readUse(schema, reading) {
      const data = definition.read(schema, reading);
      return data === undefined ? undefined : keywordUse(definition, data);
    },
  };
}

/** Binds a definition to what it read. */
function keywordUse<D>(definition: KeywordDefinition<D>, data: D): KeywordUse {
  return {
    name: definition.keywords[0],
    appliesTo: definition.appliesTo,
    data,
    children: definition.children?.(data) ?? [],
    hasChecks: definition.hasChecks?.(data) ?? true,
    weight: definition.weight?.(data) ?? 1,
    collect: (ctx, value, path, types) => definition.collect(ctx, data, value, path, types),
    literalType: () => definition.literalType?.(data),
    kindType: (types) => definition.kindType?.(data, types),
  };
}

/**
 * One schema as the validators enforce it: a `false` schema, or its declared types and what
 * each keyword in use read from it, in the order of the registry.
 */
export interface SchemaNode {
  /** A `false` schema: every value is rejected. */
  readonly never?: true;
  /** Allowed types (`nullable` already merged in); undefined means any type. */
  readonly types?: readonly JsonType[];
  readonly keywords: readonly KeywordUse[];
  readonly description?: string;
}

/** Whether a schema checks anything at all (an empty schema accepts every value). */
export function hasChecks(node: SchemaNode): boolean {
  return (
    node.never === true || node.types !== undefined || node.keywords.some((use) => use.hasChecks)
  );
}

/** What a keyword's reader needs from the schema reader (normalize/) driving it. */
export interface SchemaReading {
  readonly mode: Mode;
  /** The types the schema declares (read first), undefined when it declares none. */
  readonly types: readonly JsonType[] | undefined;
  /** Where in the declaration the schema is (`parameters.properties.mode`). */
  readonly schemaPath: string;
  /** Which arguments it checks (`questions[].header`; empty for the top level). */
  readonly at: string;
  /** Whether the keyword definition named `name` is in use (enforced) in this run. */
  isEnforced(name: string): boolean;
  report(code: DiagnosticCode, message: string, location: SourceLocation, schemaPath: string): void;
  /** Reads a nested schema found at `schemaPath`, which checks the arguments at `at`. */
  read(value: StaticValue, schemaPath: string, at: string): SchemaNode;
  /** Reports the first part of `value` that is not statically known, if any. */
  requireStatic(value: StaticValue, schemaPath: string): void;
  notEnforced(item: NotEnforced): void;
  /**
   * Says that a keyword of this schema that is not enforced by its own name is read as part
   * of an enforced one (draft-04's `exclusiveMinimum: true` beside an enforced `minimum`): it
   * is then not listed as not enforced.
   */
  claim(keyword: string): void;
}

export type Mode = "strict" | "standard";

/** A keyword the validators read but do not enforce, and where. */
export interface NotEnforced {
  readonly keyword: string;
  /** Where in the arguments, e.g. `questions[].header`; empty for the top level. */
  readonly at: string;
  /** Why, when it is not simply an unenforced keyword. */
  readonly note?: string;
}

/**
 * An issue code: its data and its line; its place in the text's order is its keyword's in the
 * registry (`issueRank`). Texts are templates: `{path}` is the issue's path as shown, `{name}`
 * one of its fields (strings cut and escaped, lists of values written as `"a"|"b"`, other
 * values as JSON).
 */
export interface IssueDefinition {
  readonly code: string;
  /** What the issue means, for the generated type's comment. */
  readonly doc: string;
  /** Its data besides `code`, `path` and `hint`. */
  readonly fields: readonly IssueField[];
  /** The hint kinds it can carry. */
  readonly hints?: readonly string[];
  /** Its line at the root of the arguments, and at a path. */
  readonly text: { readonly root: string; readonly at: string };
}

export interface IssueField {
  readonly name: string;
  /** Its TypeScript type in the generated issue type. */
  readonly type: string;
  /**
   * How the text shows it: `text` (cut and escaped), `values` (`"a"|"b"`), `json`, `number`,
   * `count` (a number and its `unit`, plural but for 1: `3 characters`), `indices` (a pair of
   * array indices: `[0] and [3]`).
   */
  readonly shown: "text" | "values" | "json" | "number" | "count" | "indices";
  /** The unit of a `count`, singular (`character`). */
  readonly unit?: string;
  /** Whether a failure log keeps it (never an argument value: CONTRACT.md section 9). */
  readonly recorded: boolean;
}

/**
 * A hint kind: its type's name and fields, and its line. Besides the issue's `{path}` and the
 * hint's fields, a template may use `{where}` (`the input` at the root, else the path in
 * backticks) and `{sibling:field}` (the path with its last key replaced by that field).
 */
export interface HintDefinition {
  readonly kind: string;
  /** The name of its generated type (`KeyHint`). */
  readonly typeName: string;
  readonly doc: string;
  readonly fields: readonly IssueField[];
  readonly text: string;
}
