// Declarations the property tests generate output from: those that once gave output a strict
// host rejected, kept in every run, and random ones (tests/properties/schemas.ts) the generator
// accepts.
import fc from "fast-check";
import { generateFromSchemas, type NamedSchema } from "../../src/pipeline/generate.js";
import type { Mode } from "../../src/ir.js";
import { rootSchemaArb } from "./schemas.js";

/** Declarations that once gave output that did not compile, kept in every run. */
export const ODD: NamedSchema[] = [
  {
    name: "items_false",
    schema: { type: "object", properties: { a: { type: "array", items: false } } },
  },
  {
    name: "other_keys_empty",
    schema: { type: "object", properties: { a: {} }, additionalProperties: {} },
  },
  {
    name: "enum_off_type",
    schema: { type: "object", properties: { a: { type: "boolean", enum: [true, 0] } } },
  },
  {
    name: "enum_none_of_type",
    schema: { type: "object", properties: { a: { type: "string", enum: [1, null] } } },
  },
];

/** Only in standard mode: a required key without a schema beside other keys that are checked. */
export const ODD_STANDARD: NamedSchema[] = [
  {
    name: "required_other",
    schema: {
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a", "b"],
      additionalProperties: { type: "string" },
    },
  },
];

/** With every opt-in keyword enforced: each constraint keyword, and the odd combinations. */
export const ODD_ENFORCED: NamedSchema[] = [
  {
    name: "every_constraint",
    schema: {
      type: "object",
      properties: {
        id: { type: "string", minLength: 1, maxLength: 8, pattern: "^C[0-9]{4}$" },
        n: { type: "integer", minimum: 1, maximum: 20, multipleOf: 2 },
        x: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.01 },
        old: { type: "number", minimum: 0, exclusiveMinimum: true },
        tags: {
          type: "array",
          items: { type: "string" },
          minItems: 1,
          maxItems: 3,
          uniqueItems: true,
        },
        env: {
          type: "object",
          minProperties: 1,
          maxProperties: 2,
          additionalProperties: { type: "string" },
        },
        kind: { const: "k" },
        both: { type: "string", enum: ["a", "b"], const: "a" },
        shape: { const: JSON.parse('{"a":[1,null],"__proto__":{"b":"c"}}') as unknown },
        pair: {
          type: "array",
          prefixItems: [{ type: ["string", "null"] }, false],
          items: { type: "number" },
        },
        closed: { type: "array", prefixItems: [true, { enum: [1, 2] }], items: false, minItems: 1 },
        old07: {
          type: "array",
          items: [{ type: "object", properties: { a: { const: 1 } } }],
          additionalItems: false,
        },
        a: { type: "string" },
        b: { type: "string" },
      },
      dependentRequired: { a: ["b"] },
      dependencies: { b: ["a"] },
    },
  },
  {
    name: "const_off_type",
    schema: {
      type: "object",
      properties: {
        a: { type: "string", const: 1 },
        b: { type: "number", const: "x" },
        c: { type: "boolean", const: null },
        d: { type: "null", const: false },
        e: { type: ["string", "null"], const: null },
        f: { type: "integer", const: 1.5 },
      },
    },
  },
  {
    name: "constraints_off_type",
    schema: {
      type: "object",
      properties: {
        a: { type: "string", minimum: 1, minItems: 1, minProperties: 1, uniqueItems: true },
        b: { type: "boolean", pattern: "^a", multipleOf: 3, dependentRequired: { x: ["y"] } },
        c: { minLength: 0, minItems: 0, minProperties: 0, dependentRequired: {} },
      },
    },
  },
];

/** `count` random declarations from a seed, named `random_<i>`. */
export function randomDeclarations(seed: number, count: number): NamedSchema[] {
  return fc
    .sample(rootSchemaArb(3), { seed, numRuns: count })
    .map((schema, i): NamedSchema => ({ name: `random_${i}`, schema }));
}

/**
 * The declarations the generator accepts with these keywords enforced (their constraint
 * keywords are random too: a malformed one, such as the pattern "(", is an error, and that
 * declaration is left out).
 */
export async function acceptedDeclarations(
  declarations: readonly NamedSchema[],
  mode: Mode,
  enforce: readonly string[],
): Promise<NamedSchema[]> {
  const checked = await generateFromSchemas(declarations, { mode, enforce });
  const rejected = new Set(
    checked.diagnostics.filter((d) => d.severity === "error").map((d) => d.tool),
  );
  return declarations.filter(({ name }) => !rejected.has(name));
}
