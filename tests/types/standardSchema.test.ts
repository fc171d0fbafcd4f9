// The generated Standard Schemas against the specification's own types (@standard-schema/spec
// 1.1.0): checked by `npm run typecheck`, where an object that stopped implementing either
// interface, or a copied type that drifted from the specification's, fails the type check.
import type {
  StandardJSONSchemaV1,
  StandardSchemaV1,
  StandardTypedV1,
} from "@standard-schema/spec";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  openAIStrict,
  toolSchemas,
  type GlobArgs,
  type StandardJSONSchemaV1 as CopiedJSONSchemaV1,
  type StandardSchemaV1 as CopiedSchemaV1,
  type StandardToolSchemaV1,
  type TaskUpdateArgs,
  type ToolArgsByName,
} from "../../generated/index.js";
import { GlobSchema } from "../../generated/glob.js";

describe("the generated Standard Schemas, typed", () => {
  it("implement Standard Schema V1 and Standard JSON Schema V1 of the argument type", () => {
    expectTypeOf(GlobSchema).toExtend<StandardSchemaV1<GlobArgs>>();
    expectTypeOf(GlobSchema).toExtend<StandardJSONSchemaV1<GlobArgs>>();
    expectTypeOf(GlobSchema).toExtend<StandardTypedV1<GlobArgs>>();
    expectTypeOf(openAIStrict(GlobSchema)).toExtend<StandardSchemaV1<GlobArgs>>();
    expectTypeOf(openAIStrict(GlobSchema)).toExtend<StandardJSONSchemaV1<GlobArgs>>();
    // The argument type is not lost: another tool's type does not fit.
    expectTypeOf(GlobSchema).not.toExtend<StandardSchemaV1<unknown, TaskUpdateArgs>>();
  });

  it("carry the argument type as input and output", () => {
    expectTypeOf<StandardSchemaV1.InferInput<typeof GlobSchema>>().toEqualTypeOf<GlobArgs>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof GlobSchema>>().toEqualTypeOf<GlobArgs>();
    expectTypeOf<
      StandardJSONSchemaV1.InferOutput<(typeof toolSchemas)["TaskUpdate"]>
    >().toEqualTypeOf<TaskUpdateArgs>();
    expectTypeOf(toolSchemas.TaskUpdate).toEqualTypeOf<StandardToolSchemaV1<TaskUpdateArgs>>();
    expectTypeOf<keyof typeof toolSchemas>().toEqualTypeOf<keyof ToolArgsByName>();
  });

  it("give the typed value when valid", () => {
    const result = GlobSchema["~standard"].validate(JSON.parse('{"pattern": "*.md"}'));
    if (result.issues) throw new Error("expected a valid call");
    expectTypeOf(result.value).toEqualTypeOf<GlobArgs>();
    expect(result.value.pattern).toBe("*.md");
  });

  it("copy the specification's interfaces: each fits the other", () => {
    expectTypeOf<CopiedSchemaV1<GlobArgs>>().toExtend<StandardSchemaV1<GlobArgs>>();
    expectTypeOf<StandardSchemaV1<GlobArgs>>().toExtend<CopiedSchemaV1<GlobArgs>>();
    expectTypeOf<CopiedJSONSchemaV1<GlobArgs>>().toExtend<StandardJSONSchemaV1<GlobArgs>>();
    expectTypeOf<StandardJSONSchemaV1<GlobArgs>>().toExtend<CopiedJSONSchemaV1<GlobArgs>>();
    expectTypeOf<StandardSchemaV1.Result<GlobArgs>>().toEqualTypeOf<
      ReturnType<CopiedSchemaV1<GlobArgs>["~standard"]["validate"]> extends infer R
        ? R extends Promise<infer P>
          ? P
          : R
        : never
    >();
    // The target is written `string`: the specification's `"draft-07" | ... | ({} & string)`
    // accepts the same strings.
    type CopiedOptions = Parameters<CopiedJSONSchemaV1["~standard"]["jsonSchema"]["input"]>[0];
    expectTypeOf<StandardJSONSchemaV1.Options>().toExtend<CopiedOptions>();
    expectTypeOf<CopiedOptions>().toExtend<StandardJSONSchemaV1.Options>();
  });
});
