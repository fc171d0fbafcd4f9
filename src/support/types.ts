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
  | { code: "invalid_enum"; path: IssuePath; values: readonly unknown[]; hint?: ValueHint };

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
  | { readonly code: "invalid_enum"; readonly path: IssuePath; readonly hint?: ValueHint };

/** A generated validator: `undefined` for a valid call, otherwise its issues (at most 100). */
export type Validator = (args: unknown) => ValidationIssue[] | undefined;
