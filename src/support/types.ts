// The types.ts of an output folder where every keyword is enforced (src/emit/supportModules.ts
// writes it): the support sources beside it compile against it. `npm run test:golden` refreshes it.
/** Where in the arguments an issue is: keys and array indices, e.g. ["questions", 0, "label"]. */
export type IssuePath = readonly (string | number)[];

/** A declared key the call left out, close to the unexpected key it sent. */
export interface KeyHint {
  readonly kind: "key";
  readonly key: string;
}

/** A string that is JSON text of the expected type (an array sent as `"[1, 2]"`). */
export interface JsonTextHint {
  readonly kind: "json";
  readonly type: "array" | "object" | "number" | "boolean";
}

/**
 * A declared enum member equal to the value sent once case and surrounding spaces are ignored.
 */
export interface ValueHint {
  readonly kind: "value";
  readonly value: string;
}

/** What the model most likely meant, attached to the issue it explains. */
export type ValidationHint = KeyHint | JsonTextHint | ValueHint;

/** One problem with a tool call's arguments. */
export type ValidationIssue =
  /** A required key is absent (or its value is `undefined`). */
  | { code: "missing"; path: IssuePath }
  /** A key the declaration does not allow. */
  | { code: "unexpected"; path: IssuePath; hint?: KeyHint }
  /**
   * A value of the wrong type: `expected` is the declared type (`string | null`), `received`
   * what came (`unreadable` for a value whose reading threw).
   */
  | {
      code: "invalid_type";
      path: IssuePath;
      expected: string;
      received: string;
      hint?: JsonTextHint;
    }
  /** A value that is not one of the declared `enum` members (listed in `values`). */
  | { code: "invalid_enum"; path: IssuePath; values: readonly unknown[]; hint?: ValueHint }
  /** A number outside `minimum`: `limit` is the bound, `received` the number. */
  | { code: "too_small"; path: IssuePath; limit: number; received: number }
  /** A number outside `exclusiveMinimum`: `limit` is the bound, `received` the number. */
  | { code: "too_small_exclusive"; path: IssuePath; limit: number; received: number }
  /** A number outside `maximum`: `limit` is the bound, `received` the number. */
  | { code: "too_large"; path: IssuePath; limit: number; received: number }
  /** A number outside `exclusiveMaximum`: `limit` is the bound, `received` the number. */
  | { code: "too_large_exclusive"; path: IssuePath; limit: number; received: number }
  /**
   * A number that is not a multiple of `multipleOf` (`divisor`), in exact decimal arithmetic;
   * `received` is the number.
   */
  | { code: "not_multiple"; path: IssuePath; divisor: number; received: number }
  /** A string shorter than `minLength` (`limit`); `length` is its length in code points. */
  | { code: "too_short"; path: IssuePath; limit: number; length: number }
  /** A string longer than `maxLength` (`limit`); `length` is its length in code points. */
  | { code: "too_long"; path: IssuePath; limit: number; length: number }
  /** A string with no match of `pattern` (its source in `pattern`). */
  | { code: "pattern_mismatch"; path: IssuePath; pattern: string }
  /** An array with fewer elements than `minItems` (`limit`); `count` is how many it has. */
  | { code: "too_few_items"; path: IssuePath; limit: number; count: number }
  /** An array with more elements than `maxItems` (`limit`); `count` is how many it has. */
  | { code: "too_many_items"; path: IssuePath; limit: number; count: number }
  /**
   * An array with two equal elements under `uniqueItems`: `indices` are the first such pair.
   */
  | { code: "not_unique"; path: IssuePath; indices: readonly [number, number] }
  /** An object with fewer keys than `minProperties` (`limit`); `count` is how many it has. */
  | { code: "too_few_properties"; path: IssuePath; limit: number; count: number }
  /** An object with more keys than `maxProperties` (`limit`); `count` is how many it has. */
  | { code: "too_many_properties"; path: IssuePath; limit: number; count: number }
  /** A key that `dependentRequired` requires because the key `when` is present. */
  | { code: "dependent_required"; path: IssuePath; when: string }
  /** A value that differs from `const` (the constant in `value`). */
  | { code: "invalid_const"; path: IssuePath; value: unknown };

/** An issue as a validation log records it: never an argument value (failures.ts). */
export type RecordedIssue =
  /** A required key is absent (or its value is `undefined`). */
  | { readonly code: "missing"; readonly path: IssuePath }
  /** A key the declaration does not allow. */
  | { readonly code: "unexpected"; readonly path: IssuePath; readonly hint?: KeyHint }
  /**
   * A value of the wrong type: `expected` is the declared type (`string | null`), `received`
   * what came (`unreadable` for a value whose reading threw).
   */
  | {
      readonly code: "invalid_type";
      readonly path: IssuePath;
      readonly expected: string;
      readonly received: string;
      readonly hint?: JsonTextHint;
    }
  /** A value that is not one of the declared `enum` members (listed in `values`). */
  | { readonly code: "invalid_enum"; readonly path: IssuePath; readonly hint?: ValueHint }
  /** A number outside `minimum`: `limit` is the bound, `received` the number. */
  | { readonly code: "too_small"; readonly path: IssuePath; readonly limit: number }
  /** A number outside `exclusiveMinimum`: `limit` is the bound, `received` the number. */
  | { readonly code: "too_small_exclusive"; readonly path: IssuePath; readonly limit: number }
  /** A number outside `maximum`: `limit` is the bound, `received` the number. */
  | { readonly code: "too_large"; readonly path: IssuePath; readonly limit: number }
  /** A number outside `exclusiveMaximum`: `limit` is the bound, `received` the number. */
  | { readonly code: "too_large_exclusive"; readonly path: IssuePath; readonly limit: number }
  /**
   * A number that is not a multiple of `multipleOf` (`divisor`), in exact decimal arithmetic;
   * `received` is the number.
   */
  | { readonly code: "not_multiple"; readonly path: IssuePath; readonly divisor: number }
  /** A string shorter than `minLength` (`limit`); `length` is its length in code points. */
  | { readonly code: "too_short"; readonly path: IssuePath; readonly limit: number }
  /** A string longer than `maxLength` (`limit`); `length` is its length in code points. */
  | { readonly code: "too_long"; readonly path: IssuePath; readonly limit: number }
  /** A string with no match of `pattern` (its source in `pattern`). */
  | { readonly code: "pattern_mismatch"; readonly path: IssuePath }
  /** An array with fewer elements than `minItems` (`limit`); `count` is how many it has. */
  | { readonly code: "too_few_items"; readonly path: IssuePath; readonly limit: number }
  /** An array with more elements than `maxItems` (`limit`); `count` is how many it has. */
  | { readonly code: "too_many_items"; readonly path: IssuePath; readonly limit: number }
  /**
   * An array with two equal elements under `uniqueItems`: `indices` are the first such pair.
   */
  | { readonly code: "not_unique"; readonly path: IssuePath }
  /** An object with fewer keys than `minProperties` (`limit`); `count` is how many it has. */
  | { readonly code: "too_few_properties"; readonly path: IssuePath; readonly limit: number }
  /** An object with more keys than `maxProperties` (`limit`); `count` is how many it has. */
  | { readonly code: "too_many_properties"; readonly path: IssuePath; readonly limit: number }
  /** A key that `dependentRequired` requires because the key `when` is present. */
  | { readonly code: "dependent_required"; readonly path: IssuePath }
  /** A value that differs from `const` (the constant in `value`). */
  | { readonly code: "invalid_const"; readonly path: IssuePath };

/** A generated validator: `undefined` for a valid call, otherwise its issues (at most 100). */
export type Validator = (args: unknown) => ValidationIssue[] | undefined;
