import { hintLine, issueLine } from "./message.js";
import { declarationFor, strictForm, withoutStrictNulls } from "./forms.js";
import type { ValidationIssue, Validator } from "./types.js";

/*
 * Standard Schema V1 and Standard JSON Schema V1 (https://standardschema.dev, the interfaces of
 * @standard-schema/spec 1.1.0, MIT), which agent frameworks take a tool's schema as (CONTRACT.md
 * section 5.1). The specification allows a copy, so that the output folder imports nothing. It
 * writes each interface's members in a namespace of the interface's name; they are written here
 * as interfaces of their own (`StandardSchemaV1.Props` is `StandardSchemaV1Props`), because a
 * host's lint (typescript-eslint's no-namespace) refuses namespaces: the types are the same.
 */

/** The Standard Typed interface. This is a base type extended by other specs. */
export interface StandardTypedV1<Input = unknown, Output = Input> {
  /** The Standard properties. */
  readonly "~standard": StandardTypedV1Props<Input, Output>;
}

/** The Standard Typed properties interface. */
export interface StandardTypedV1Props<Input = unknown, Output = Input> {
  /** The version number of the standard. */
  readonly version: 1;
  /** The vendor name of the schema library. */
  readonly vendor: string;
  /** Inferred types associated with the schema. */
  readonly types?: StandardTypedV1Types<Input, Output> | undefined;
}

/** The Standard Typed types interface. */
export interface StandardTypedV1Types<Input = unknown, Output = Input> {
  /** The input type of the schema. */
  readonly input: Input;
  /** The output type of the schema. */
  readonly output: Output;
}

/** The Standard Schema interface. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly "~standard": StandardSchemaV1Props<Input, Output>;
}

/** The Standard Schema properties interface. */
export interface StandardSchemaV1Props<
  Input = unknown,
  Output = Input,
> extends StandardTypedV1Props<Input, Output> {
  /** Validates unknown input values. */
  readonly validate: (
    value: unknown,
    options?: StandardSchemaV1Options,
  ) => StandardSchemaV1Result<Output> | Promise<StandardSchemaV1Result<Output>>;
}

/** The result interface of the validate function. */
export type StandardSchemaV1Result<Output> =
  StandardSchemaV1SuccessResult<Output> | StandardSchemaV1FailureResult;

/** The result interface if validation succeeds. */
export interface StandardSchemaV1SuccessResult<Output> {
  /** The typed output value. */
  readonly value: Output;
  /** A falsy value for `issues` indicates success. */
  readonly issues?: undefined;
}

export interface StandardSchemaV1Options {
  /** Explicit support for additional vendor-specific parameters, if needed. */
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** The result interface if validation fails. */
export interface StandardSchemaV1FailureResult {
  /** The issues of failed validation. */
  readonly issues: ReadonlyArray<StandardSchemaV1Issue>;
}

/** The issue interface of the failure output. */
export interface StandardSchemaV1Issue {
  /** The error message of the issue. */
  readonly message: string;
  /** The path of the issue, if any. */
  readonly path?: ReadonlyArray<PropertyKey | StandardSchemaV1PathSegment> | undefined;
}

/** The path segment interface of the issue. */
export interface StandardSchemaV1PathSegment {
  /** The key representing a path segment. */
  readonly key: PropertyKey;
}

/** The Standard JSON Schema interface. */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  /** The Standard JSON Schema properties. */
  readonly "~standard": StandardJSONSchemaV1Props<Input, Output>;
}

/** The Standard JSON Schema properties interface. */
export interface StandardJSONSchemaV1Props<
  Input = unknown,
  Output = Input,
> extends StandardTypedV1Props<Input, Output> {
  /** Methods for generating the input/output JSON Schema. */
  readonly jsonSchema: StandardJSONSchemaV1Converter;
}

/** The Standard JSON Schema converter interface. */
export interface StandardJSONSchemaV1Converter {
  /** Converts the input type to JSON Schema. May throw if conversion is not supported. */
  readonly input: (options: StandardJSONSchemaV1Options) => Record<string, unknown>;
  /** Converts the output type to JSON Schema. May throw if conversion is not supported. */
  readonly output: (options: StandardJSONSchemaV1Options) => Record<string, unknown>;
}

/**
 * The target version of the generated JSON Schema.
 *
 * It is *strongly recommended* that implementers support `"draft-2020-12"` and `"draft-07"`, as they are both in wide use. All other targets can be implemented on a best-effort basis. Libraries should throw if they don't support a specified target.
 *
 * The `"openapi-3.0"` target is intended as a standardized specifier for OpenAPI 3.0 which is a superset of JSON Schema `"draft-04"`.
 *
 * The specification writes `"draft-2020-12" | "draft-07" | "openapi-3.0" | ({} & string)`, which
 * keeps those names in an editor's completions and accepts the same strings.
 */
export type StandardJSONSchemaV1Target = string;

/** The options for the input/output methods. */
export interface StandardJSONSchemaV1Options {
  /** Specifies the target version of the generated JSON Schema. Support for all versions is on a best-effort basis. If a given version is not supported, the library should throw. */
  readonly target: StandardJSONSchemaV1Target;
  /** Explicit support for additional vendor-specific parameters, if needed. */
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/**
 * A tool's validator as a Standard Schema and a Standard JSON Schema of its argument type
 * (`<Name>Schema`, `toolSchemas`).
 */
export interface StandardToolSchemaV1<Args> {
  readonly "~standard": StandardToolPropsV1<Args>;
  /** The tool's name, as declared. */
  readonly toolName: string;
  /**
   * The issues `~standard.validate` finds, as the validator gives them (undefined when there is
   * none): `formatValidationError(toolName, issues)` makes the text. Never throws.
   */
  readonly issues: (value: unknown) => ValidationIssue[] | undefined;
}

/** Both specifications' properties; `validate` answers at once. */
export interface StandardToolPropsV1<Args>
  extends StandardSchemaV1Props<Args, Args>, StandardJSONSchemaV1Props<Args, Args> {
  readonly validate: (value: unknown) => StandardToolResultV1<Args>;
}

/**
 * The value, or one issue per issue of the validator: the line the text shows for it (then its
 * hint line, when it has one) as `message`, and its path.
 */
export type StandardToolResultV1<Args> =
  StandardSchemaV1SuccessResult<Args> | StandardSchemaV1FailureResult;

/** The vendor of every schema of a generated folder. */
const VENDOR = "tool-validators";

/** What a tool's schema is made of, for `openAIStrict`. */
interface ToolParts {
  readonly toolName: string;
  readonly validator: Validator;
  /** The declaration, as JSON text. */
  readonly declaration: string;
}

const partsOf = new WeakMap<object, ToolParts>();
const strictOf = new WeakMap<object, object>();

/**
 * A tool's Standard Schema: `validate` is its validator (a valid value is returned as it is),
 * `jsonSchema` gives its declaration (JSON text) for a target. Made once per tool, when its
 * module loads.
 */
export function standardSchema<Args>(
  toolName: string,
  validator: Validator,
  declaration: string,
): StandardToolSchemaV1<Args> {
  const schema = toolSchema<Args>(
    toolName,
    (value) => value,
    validator,
    (options) => declarationFor(toolName, declaration, options),
  );
  partsOf.set(schema, { toolName, validator, declaration });
  return schema;
}

/**
 * The tool's schema in OpenAI's strict form (what OpenAI's strict function calling and OpenAI
 * Agents JS send the model): every property required, an optional one made nullable where its
 * schema excludes `null`, `additionalProperties: false`. `validate` and `issues` read a `null`
 * there as absent, and only there (the value `validate` gives leaves those keys out); anything
 * else is the tool's validator. Throws, naming the place, for a declaration that has no strict
 * form.
 */
export function openAIStrict<Args>(schema: StandardToolSchemaV1<Args>): StandardToolSchemaV1<Args> {
  const known = strictOf.get(schema);
  if (known !== undefined) return known as StandardToolSchemaV1<Args>;
  const parts = partsOf.get(schema);
  if (parts === undefined)
    throw new TypeError(
      "openAIStrict takes a tool's schema from the generated folder (<Name>Schema or toolSchemas).",
    );
  const toolName = parts.toolName;
  const form = strictForm(toolName, parts.declaration);
  const strict = toolSchema<Args>(
    toolName,
    (value) => withoutStrictNulls(form.plan, value),
    parts.validator,
    (options) => declarationFor(toolName, form.text, options),
  );
  strictOf.set(schema, strict);
  return strict;
}

/** A schema whose validation is `validator` on the value as `read` reads it. */
function toolSchema<Args>(
  toolName: string,
  read: (value: unknown) => unknown,
  validator: Validator,
  convert: (options: StandardJSONSchemaV1Options) => Record<string, unknown>,
): StandardToolSchemaV1<Args> {
  const validate = (value: unknown): StandardToolResultV1<Args> => {
    const args = read(value);
    const issues = validator(args);
    return issues === undefined ? { value: args as Args } : { issues: issues.map(standardIssue) };
  };
  return Object.freeze({
    toolName,
    issues: (value: unknown) => validator(read(value)),
    "~standard": Object.freeze({
      version: 1 as const,
      vendor: VENDOR,
      validate,
      jsonSchema: Object.freeze({ input: convert, output: convert }),
    }),
  });
}

/** An issue as Standard Schema gives it: the line the text shows for it, then its hint line. */
function standardIssue(issue: ValidationIssue): StandardSchemaV1Issue {
  const line = issueLine(issue);
  const hint = hintLine(issue);
  return { message: hint === undefined ? line : `${line} ${hint}`, path: issue.path };
}
