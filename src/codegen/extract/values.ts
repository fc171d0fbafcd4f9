import type { SourceLocation } from "../diagnostics.js";

/**
 * A value read statically from source, with where each part came from, so that later stages
 * can point at the exact token. `unknown` marks an expression that is not statically known:
 * whether that is an error depends on where it sits (a schema's `type` must be known, a
 * `description` need not be), so the evaluator records it and the schema stage decides.
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
  | {
      readonly kind: "object";
      readonly entries: readonly StaticEntry[];
      /** Parts of the literal that cannot be read as key/value pairs (computed keys, methods...). */
      readonly problems: readonly StaticProblem[];
      readonly location: SourceLocation;
    }
  | { readonly kind: "unknown"; readonly reason: string; readonly location: SourceLocation };

export interface StaticEntry {
  readonly key: string;
  readonly keyLocation: SourceLocation;
  readonly value: StaticValue;
}

export interface StaticProblem {
  readonly reason: string;
  readonly location: SourceLocation;
}

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Looks up a key of a static object (the last assignment wins, as in JavaScript). */
export function entryOf(value: StaticValue, key: string): StaticEntry | undefined {
  if (value.kind !== "object") return undefined;
  return value.entries.find((entry) => entry.key === key);
}

/**
 * The plain JSON value, or undefined when some part is not statically known. Objects are
 * built with own data properties only, so a key such as `__proto__` stays an ordinary key.
 */
export function toJson(value: StaticValue): JsonValue | undefined {
  switch (value.kind) {
    case "primitive":
      return value.value;
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

/** Wraps a plain JSON value (e.g. a schema from a `.json` test file) as a static value. */
export function fromJson(json: unknown, location: SourceLocation): StaticValue {
  if (
    json === null ||
    typeof json === "string" ||
    typeof json === "number" ||
    typeof json === "boolean"
  ) {
    return { kind: "primitive", value: json, location };
  }
  if (Array.isArray(json)) {
    return {
      kind: "array",
      elements: json.map((element) => fromJson(element, location)),
      location,
    };
  }
  if (typeof json === "object") {
    const entries = Object.keys(json).map((key) => ({
      key,
      keyLocation: location,
      value: fromJson((json as Record<string, unknown>)[key], location),
    }));
    return { kind: "object", entries, problems: [], location };
  }
  return { kind: "unknown", reason: `a ${typeof json} is not a JSON value`, location };
}
