import type { DiagnosticCode } from "../diagnostics/codes.js";
import type { SourceLocation } from "../diagnostics/diagnostics.js";
import type { Node } from "../tsMorph.js";

/**
 * How deep arrays and objects may nest in what the generator reads: the parameters object is
 * level 1, so this allows 50 nested schemas (a schema and its `properties` are two levels).
 * The stages after reading recurse over schemas; the limit keeps them far from the stack's end.
 */
export const MAX_VALUE_DEPTH = 100;

/**
 * A value read statically from source, with where each part came from, so that later stages
 * can point at the exact token. `unknown` marks an expression that is not statically known:
 * whether that is an error depends on where it sits (a schema's `type` must be known, a
 * `description` need not be), so the evaluator records it and the schema stage decides.
 * Numbers are JavaScript's (Infinity and -0 included): whether JSON can carry them is checked
 * where the value is used.
 */
export type StaticValue =
  | {
      readonly kind: "primitive";
      readonly value: string | number | boolean | null;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: "array";
      readonly elements: readonly StaticValue[];
      readonly location: SourceLocation;
    }
  | StaticObject
  | {
      readonly kind: "unknown";
      readonly reason: string;
      readonly location: SourceLocation;
      /**
       * Set when the value cannot be read at all, wherever it sits (a limit of the reading was
       * reached): then it is an error with this code even where an unknown value is tolerated.
       */
      readonly error?: DiagnosticCode;
      /** Reading it throws when the module loads (a name in its temporal dead zone). */
      readonly throws?: true;
      /** Where it comes from, when that tells what an object holding it is (CONTRACT.md section 2). */
      readonly origin?: UnknownOrigin;
    };

/**
 * Where a value not statically known comes from, where that decides what the object holding it
 * is: a value that exists only when the code runs makes a run-time builder, not a declaration.
 */
export type UnknownOrigin =
  /** The result of a call or a `new` expression: the call, to tell which library it is. */
  | { readonly kind: "call"; readonly call: Node }
  /** A parameter, a loop variable, a caught value, `arguments`, `this`, an `await`. */
  | { readonly kind: "run time" };

export interface StaticObject {
  readonly kind: "object";
  /** In JavaScript's key order: integer keys ascending, then the others as first assigned. */
  readonly entries: readonly StaticEntry[];
  /** Parts of the literal that cannot be read as key/value pairs (computed keys, methods...). */
  readonly problems: readonly StaticProblem[];
  readonly location: SourceLocation;
}

export interface StaticEntry {
  readonly key: string;
  readonly keyLocation: SourceLocation;
  readonly value: StaticValue;
  /** The place of the key's last assignment among the object's parts (entries and problems). */
  readonly order: number;
}

export interface StaticProblem {
  /** What cannot be read and why, e.g. "the spread `...extra` cannot be read: ...". */
  readonly reason: string;
  readonly location: SourceLocation;
  /** Its place among the object's parts: a later assignment of the same key replaces it. */
  readonly order: number;
  /** The key it assigns when that is known (a getter `get a()`); undefined: it could be any key. */
  readonly key?: string;
  /** `__proto__: x` sets the prototype: it only matters for keys the object lacks itself. */
  readonly inherited?: boolean;
}

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Looks up a key of a static object (the last assignment wins, as in JavaScript). */
export function entryOf(value: StaticValue, key: string): StaticEntry | undefined {
  if (value.kind !== "object") return undefined;
  return value.entries.find((entry) => entry.key === key);
}

/** What `object[key]` is, as far as the static reading can tell. */
export type Lookup =
  | { readonly kind: "found"; readonly entry: StaticEntry }
  | { readonly kind: "absent" }
  /**
   * A part that cannot be read could assign the key: after its last readable assignment
   * (`entry`), or where there is none.
   */
  | { readonly kind: "unreadable"; readonly problem: StaticProblem; readonly entry?: StaticEntry };

/**
 * Looks up `key` with JavaScript's semantics: the last assignment wins, so an unreadable part
 * (a spread of an unknown value, a computed key) before the last assignment does not matter,
 * and one after it, or where the key is not assigned at all, could.
 */
export function lookup(object: StaticObject, key: string): Lookup {
  const entry = object.entries.find((e) => e.key === key);
  let blocking: StaticProblem | undefined;
  for (const problem of object.problems) {
    if (problem.key !== undefined && problem.key !== key) continue;
    if (entry && (problem.inherited || problem.order < entry.order)) continue;
    if (!blocking || problem.order > blocking.order) blocking = problem;
  }
  if (blocking)
    return entry
      ? { kind: "unreadable", problem: blocking, entry }
      : { kind: "unreadable", problem: blocking };
  return entry ? { kind: "found", entry } : { kind: "absent" };
}

/** Whether `key` is an array index, which JavaScript lists first, in ascending order. */
function isArrayIndex(key: string): boolean {
  return /^(0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}

/** Entries in JavaScript's own-key order: array indices ascending, then the rest as created. */
export function inKeyOrder(entries: Iterable<StaticEntry>): StaticEntry[] {
  const indices: StaticEntry[] = [];
  const others: StaticEntry[] = [];
  for (const entry of entries) (isArrayIndex(entry.key) ? indices : others).push(entry);
  indices.sort((a, b) => Number(a.key) - Number(b.key));
  return [...indices, ...others];
}

/**
 * The plain JSON value, or undefined when some part is not statically known or is a number
 * JSON cannot carry. Objects are built with own data properties only, so a key such as
 * `__proto__` stays an ordinary key.
 */
export function toJson(value: StaticValue): JsonValue | undefined {
  switch (value.kind) {
    case "primitive":
      return typeof value.value === "number" && !Number.isFinite(value.value)
        ? undefined
        : value.value;
    case "array": {
      const out: JsonValue[] = [];
      for (const element of value.elements) {
        const json = toJson(element);
        if (json === undefined) return undefined;
        out.push(json);
      }
      return out;
    }
    case "object": {
      if (value.problems.length > 0) return undefined;
      const out: { [key: string]: JsonValue } = {};
      for (const entry of value.entries) {
        const json = toJson(entry.value);
        if (json === undefined) return undefined;
        Object.defineProperty(out, entry.key, {
          value: json,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case "unknown":
      return undefined;
  }
}

/**
 * Wraps a plain JSON value (e.g. a schema from a `.json` test file) as a static value. What
 * JSON cannot hold (Infinity, NaN, undefined, functions, class instances, array holes) and
 * anything nested deeper than MAX_VALUE_DEPTH (a cycle included) becomes an unknown value
 * saying so, which the schema stage reports.
 */
export function fromJson(json: unknown, location: SourceLocation, depth = 1): StaticValue {
  if (json === null || typeof json === "string" || typeof json === "boolean") {
    return { kind: "primitive", value: json, location };
  }
  if (typeof json === "number") {
    if (Number.isFinite(json)) return { kind: "primitive", value: json, location };
    return { kind: "unknown", reason: `the number ${json} is not a JSON value`, location };
  }
  if (typeof json !== "object") {
    return { kind: "unknown", reason: `a ${typeof json} is not a JSON value`, location };
  }
  if (depth > MAX_VALUE_DEPTH) {
    return { kind: "unknown", reason: tooDeepReason(), location, error: "TV1009" };
  }
  if (Array.isArray(json)) {
    const elements: StaticValue[] = [];
    for (let i = 0; i < json.length; i++) {
      elements.push(
        i in json
          ? fromJson(json[i], location, depth + 1)
          : { kind: "unknown", reason: "an array hole is not a JSON value", location },
      );
    }
    return { kind: "array", elements, location };
  }
  const prototype = Object.getPrototypeOf(json) as unknown;
  if (prototype !== Object.prototype && prototype !== null) {
    const name = (json as { constructor?: { name?: unknown } }).constructor?.name;
    const what = typeof name === "string" && name !== "" ? `a ${name} object` : "this object";
    return { kind: "unknown", reason: `${what} is not a JSON value`, location };
  }
  const entries = Object.keys(json).map((key, order) => ({
    key,
    keyLocation: location,
    value: fromJson((json as Record<string, unknown>)[key], location, depth + 1),
    order,
  }));
  return { kind: "object", entries, problems: [], location };
}

/** Why a value nested deeper than MAX_VALUE_DEPTH is not read. */
export function tooDeepReason(): string {
  return `arrays and objects nest deeper than ${MAX_VALUE_DEPTH} levels (at most ${MAX_VALUE_DEPTH / 2} nested schemas), which the generator does not read`;
}
