// Each generated validator as a Standard Schema and a Standard JSON Schema (CONTRACT.md section
// 5.1), at run time: the repository's own output (generated/) for every built-in tool against its
// validator and its declaration as JavaScript evaluates it, and declarations of the tests' own,
// run through the real generator, for the OpenAPI 3.0 form and OpenAI's strict form.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatValidationError,
  hintLine,
  issueLine,
  openAIStrict,
  toolSchemas,
  validatedToolNames,
  validateToolArgs,
  type StandardToolSchemaV1,
} from "../../generated/index.js";
import { GlobSchema, validateGlob } from "../../generated/glob.js";
import { TaskUpdateSchema } from "../../generated/task-update.js";
import { builtinTools } from "../../example/tools/index.js";
import { compileSchemas, type CompiledSchemas } from "../helpers/compile.js";

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";
const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** Each built-in tool's declared parameters, as JavaScript evaluates the declaration. */
const DECLARED = new Map(
  builtinTools.map((tool) => [
    tool.name,
    JSON.parse(JSON.stringify(tool.config.function.parameters)) as Record<string, unknown>,
  ]),
);

const schemaOf = (name: string) =>
  (toolSchemas as Readonly<Record<string, StandardToolSchemaV1<unknown>>>)[name]!;

describe("every generated tool's Standard Schema", () => {
  it("is in toolSchemas under its tool name, an object with no other keys", () => {
    expect(Object.keys(toolSchemas)).toEqual([...validatedToolNames]);
    expect(Object.getPrototypeOf(toolSchemas)).toBeNull();
    expect(Object.isFrozen(toolSchemas)).toBe(true);
    expect(toolSchemas.Glob).toBe(GlobSchema);
    expect((toolSchemas as Record<string, unknown>)["toString"]).toBeUndefined();
  });

  it("speaks version 1 as tool-validators, and names its tool", () => {
    for (const name of validatedToolNames) {
      const schema = schemaOf(name);
      expect(schema.toolName).toBe(name);
      expect(schema["~standard"].version).toBe(1);
      expect(schema["~standard"].vendor).toBe("tool-validators");
      expect(typeof schema["~standard"].validate).toBe("function");
      expect(typeof schema["~standard"].jsonSchema.input).toBe("function");
      expect(typeof schema["~standard"].jsonSchema.output).toBe("function");
    }
  });

  it("gives the declaration for draft-2020-12 and draft-07, with $schema first, input and output alike", () => {
    expect(DECLARED.size).toBe(validatedToolNames.length);
    for (const [name, declared] of DECLARED) {
      const { jsonSchema } = schemaOf(name)["~standard"];
      for (const [target, uri] of [
        ["draft-2020-12", DRAFT_2020_12],
        ["draft-07", DRAFT_07],
      ] as const) {
        const given = jsonSchema.input({ target });
        expect(given, `${name} ${target}`).toEqual({ $schema: uri, ...declared });
        expect(Object.keys(given)).toEqual(["$schema", ...Object.keys(declared)]);
        expect(jsonSchema.output({ target })).toEqual(given);
      }
    }
  });

  it("gives a fresh object each time: what a framework changes is not kept", () => {
    const first = GlobSchema["~standard"].jsonSchema.input({ target: "draft-07" });
    (first["properties"] as Record<string, unknown>)["pattern"] = { type: "number" };
    first["additionalProperties"] = false;
    expect(GlobSchema["~standard"].jsonSchema.input({ target: "draft-07" })).toEqual({
      $schema: DRAFT_07,
      ...DECLARED.get("Glob"),
    });
  });

  it("throws for any other target, naming the targets served", () => {
    const { jsonSchema } = GlobSchema["~standard"];
    const served = 'the targets served are "draft-2020-12", "draft-07" and "openapi-3.0"';
    expect(() => jsonSchema.input({ target: "draft-04" })).toThrow(
      `The JSON Schema of the "Glob" tool has no form for the target "draft-04": ${served}.`,
    );
    for (const target of ["constructor", "__proto__", "toString", ""])
      expect(() => jsonSchema.output({ target })).toThrow(served);
    for (const options of [undefined, null, {}, { target: 7 }, getterThatThrows("target")])
      expect(() => jsonSchema.input(options as never)).toThrow(
        `The JSON Schema of the "Glob" tool is given for a target, { target: ... }: ${served}.`,
      );
  });

  it("validates as the validator does: the value itself when valid", () => {
    const args = { pattern: "**/*.ts", limit: 10 };
    const result = GlobSchema["~standard"].validate(args);
    expect(result).toEqual({ value: args });
    expect("value" in result && result.value).toBe(args);
  });

  it("gives one issue per contract issue: its line as message (hint after), its path", () => {
    const args = { taskId: 1, staus: "done", status: "Completed" };
    const issues = validateToolArgs("TaskUpdate", args)!;
    expect(issues.length).toBe(3);
    const result = TaskUpdateSchema["~standard"].validate(args);
    expect(result.issues).toEqual(
      issues.map((issue) => {
        const hint = hintLine(issue);
        return {
          message: hint ? `${issueLine(issue)} ${hint}` : issueLine(issue),
          path: issue.path,
        };
      }),
    );
    expect(result.issues!.map((issue) => issue.message)).toEqual([
      "An unexpected parameter `staus` was provided",
      "The parameter `taskId` type is expected as `string` but provided as `number`",
      'The parameter `status` is invalid: expected one of "pending"|"in_progress"|"completed"|"deleted" Hint: did you mean "completed" for `status`?',
    ]);
    expect(result.issues!.map((issue) => issue.path)).toEqual([["staus"], ["taskId"], ["status"]]);
    // `issues` gives the contract's issues themselves, which the text is made from.
    expect(TaskUpdateSchema.issues(args)).toEqual(issues);
    expect(formatValidationError("TaskUpdate", TaskUpdateSchema.issues(args)!)).toBe(
      formatValidationError("TaskUpdate", issues),
    );
    expect(TaskUpdateSchema.issues({ taskId: "1" })).toBeUndefined();
  });

  it("never throws on a value that is not JSON; its issues are the validator's", () => {
    class Point {
      x = 1;
    }
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const values: unknown[] = [
      undefined,
      new Map([["pattern", "x"]]),
      new Point(),
      getterThatThrows("pattern"),
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error("no keys");
          },
        },
      ),
      revoked.proxy,
      Symbol("s"),
      10n,
      () => "x",
    ];
    for (const value of values) {
      const issues = validateGlob(value)!;
      expect(issues).toBeDefined();
      const result = GlobSchema["~standard"].validate(value);
      expect(result.issues?.map((issue) => issue.path)).toEqual(issues.map((issue) => issue.path));
      expect(result.issues?.map((issue) => issue.message)).toEqual(issues.map(issueLine));
      expect(GlobSchema.issues(value)).toEqual(issues);
    }
  });
});

function getterThatThrows(key: string): object {
  return Object.defineProperty({}, key, {
    enumerable: true,
    get() {
      throw new Error(`reading ${key}`);
    },
  });
}

describe("declarations of the tests' own", () => {
  let compiled: CompiledSchemas;
  const schema = (name: string) =>
    (compiled.index["toolSchemas"] as Record<string, StandardToolSchemaV1<unknown>>)[name]!;
  const strict = (name: string) =>
    (compiled.index["openAIStrict"] as typeof openAIStrict)(schema(name));

  beforeAll(async () => {
    compiled = await compileSchemas(
      [
        {
          name: "forms",
          schema: {
            type: "object",
            properties: {
              note: { type: ["string", "null"], description: "A note" },
              kind: { const: "order" },
              limit: { type: "integer", exclusiveMinimum: 0, maximum: 10 },
              tight: { type: "number", minimum: 1, exclusiveMinimum: 2 },
              loose: { type: "number", minimum: 3, exclusiveMinimum: 2 },
              tags: { type: "array", items: { type: "string" } },
              any: true,
              ["__proto__"]: { type: "boolean" },
            },
            required: [],
            "x-origin": "tests",
          },
        },
        {
          name: "tuple",
          schema: {
            type: "object",
            properties: { pair: { type: "array", prefixItems: [{ type: "string" }] } },
          },
        },
        { name: "nulls", schema: { type: "object", properties: { only: { type: "null" } } } },
        {
          name: "several",
          schema: { type: "object", properties: { x: { type: ["string", "number"] } } },
        },
        { name: "doc", schema: { type: "object", properties: {}, examples: [{}] } },
        {
          name: "drafted",
          schema: {
            $schema: "http://json-schema.org/draft-07/schema",
            type: "object",
            properties: {},
          },
        },
        {
          name: "weather",
          schema: {
            type: "object",
            properties: {
              city: { type: "string" },
              days: { type: "integer", description: "How many days" },
              unit: { type: ["string", "null"], enum: ["c", "f", null] },
              mode: { enum: ["fast", "slow"] },
              any: {},
              when: {
                type: "object",
                properties: { from: { type: "string" }, to: { type: "string" } },
                required: ["from"],
              },
              stops: {
                type: "array",
                items: {
                  type: "object",
                  properties: { at: { type: "string" }, note: { type: "string" } },
                  required: ["at"],
                },
              },
            },
            required: ["city"],
          },
        },
        {
          name: "branches",
          schema: {
            type: "object",
            properties: {
              target: {
                anyOf: [
                  {
                    type: "object",
                    properties: { id: { type: "string" }, note: { type: "string" } },
                    required: ["id"],
                  },
                  { type: "string" },
                ],
              },
            },
            required: ["target"],
          },
        },
        {
          name: "referenced",
          schema: {
            type: "object",
            properties: { a: { $ref: "#/$defs/a" } },
            $defs: { a: { type: "string" } },
          },
        },
      ],
      "strict",
    );
  });
  afterAll(() => compiled?.cleanup());

  it("give OpenAPI 3.0 where it can say the declaration, and say where it cannot", () => {
    const { jsonSchema } = schema("forms")["~standard"];
    const openapi = jsonSchema.input({ target: "openapi-3.0" });
    expect(openapi).toEqual({
      type: "object",
      properties: {
        note: { type: "string", nullable: true, description: "A note" },
        kind: { enum: ["order"] },
        limit: { type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 10 },
        tight: { type: "number", minimum: 2, exclusiveMinimum: true },
        loose: { type: "number", minimum: 3 },
        tags: { type: "array", items: { type: "string" } },
        any: {},
        ["__proto__"]: { type: "boolean" },
      },
      "x-origin": "tests",
    });
    expect(Object.hasOwn(openapi["properties"] as object, "__proto__")).toBe(true);
    expect(openapi).not.toHaveProperty("$schema");
    const cannot = (name: string, why: string) =>
      expect(() => schema(name)["~standard"].jsonSchema.input({ target: "openapi-3.0" })).toThrow(
        `The JSON Schema of the ${JSON.stringify(name)} tool has no OpenAPI 3.0 form: ${why} (OpenAPI 3.0 schemas have draft-04's keywords and \`nullable\`). The targets "draft-2020-12" and "draft-07" give it as declared.`,
      );
    cannot("tuple", "`prefixItems` at #/properties/pair has none");
    cannot("nulls", 'the type "null" at #/properties/only/type has none');
    cannot("several", 'the types ["string","number"] at #/properties/x/type are several');
    cannot("doc", "`examples` at # has none");
    cannot("drafted", "`$schema` at # has none");
  });

  it("give a declaration that names its own $schema for that draft only", () => {
    const { jsonSchema } = schema("drafted")["~standard"];
    expect(jsonSchema.input({ target: "draft-07" })).toEqual({
      $schema: "http://json-schema.org/draft-07/schema",
      type: "object",
      properties: {},
    });
    expect(() => jsonSchema.input({ target: "draft-2020-12" })).toThrow(
      'The JSON Schema of the "drafted" tool declares "$schema": "http://json-schema.org/draft-07/schema", so it cannot be given as draft-2020-12.',
    );
  });

  it("openAIStrict: every property required, optional ones nullable where null is refused", () => {
    const form = strict("weather")["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    const nullable = (schema: object, description?: string) => ({
      ...(description ? { description } : {}),
      anyOf: [schema, { type: "null" }],
    });
    expect(form).toEqual({
      $schema: DRAFT_2020_12,
      type: "object",
      properties: {
        city: { type: "string" },
        days: nullable({ type: "integer", description: "How many days" }, "How many days"),
        unit: { type: ["string", "null"], enum: ["c", "f", null] },
        mode: nullable({ enum: ["fast", "slow"] }),
        any: {},
        when: nullable({
          type: "object",
          properties: { from: { type: "string" }, to: nullable({ type: "string" }) },
          required: ["from", "to"],
          additionalProperties: false,
        }),
        stops: nullable({
          type: "array",
          items: {
            type: "object",
            properties: { at: { type: "string" }, note: nullable({ type: "string" }) },
            required: ["at", "note"],
            additionalProperties: false,
          },
        }),
      },
      required: ["city", "days", "unit", "mode", "any", "when", "stops"],
      additionalProperties: false,
    });
    expect(strict("weather")).toBe(strict("weather"));
  });

  it("openAIStrict reads null as absent where its form made a property nullable, and only there", () => {
    const { validate } = strict("weather")["~standard"];
    const call = {
      city: "Lisbon",
      days: null,
      unit: null,
      mode: null,
      any: null,
      when: { from: "9", to: null },
      stops: [
        { at: "a", note: null },
        { at: "b", note: "x" },
      ],
    };
    const result = validate(call);
    expect(result).toEqual({
      value: {
        city: "Lisbon",
        unit: null,
        any: null,
        when: { from: "9" },
        stops: [{ at: "a" }, { at: "b", note: "x" }],
      },
    });
    // The call itself is not changed.
    expect(call.days).toBeNull();
    expect(call.when.to).toBeNull();
    // The same null where the declaration requires the property, or refuses null, is an error.
    const wrong = validate({ city: null, when: { from: null }, stops: [null], unit: "k" });
    expect(wrong.issues?.map((issue) => issue.message)).toEqual([
      "The parameter `city` type is expected as `string` but provided as `null`",
      "The parameter `when.from` type is expected as `string` but provided as `null`",
      "The parameter `stops[0]` type is expected as `object` but provided as `null`",
      'The parameter `unit` is invalid: expected one of "c"|"f"|null',
    ]);
    // The plain schema takes no null for an optional property.
    expect(schema("weather")["~standard"].validate({ city: "x", days: null }).issues).toHaveLength(
      1,
    );
  });

  it("openAIStrict never throws on a value that is not JSON", () => {
    const { validate } = strict("weather")["~standard"];
    for (const value of [
      undefined,
      new Map(),
      getterThatThrows("days"),
      getterThatThrows("city"),
    ]) {
      const result = validate(value);
      expect(result.issues).toEqual(schema("weather")["~standard"].validate(value).issues);
    }
  });

  it("openAIStrict says where a declaration has no strict form", () => {
    expect(() => strict("branches")).toThrow(
      'The JSON Schema of the "branches" tool has no OpenAI strict form: the optional property at #/properties/target/anyOf/0/properties/note is inside `anyOf`.',
    );
    expect(() => strict("referenced")).toThrow(
      'The JSON Schema of the "referenced" tool has no OpenAI strict form: the strict form does not follow the `$ref` at #/properties/a.',
    );
    expect(() => openAIStrict({ toolName: "x" } as never)).toThrow(
      "openAIStrict takes a tool's schema from the generated folder (<Name>Schema or toolSchemas).",
    );
  });
});
