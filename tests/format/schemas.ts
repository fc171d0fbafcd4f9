// Random tool schemas aimed at the emitted layout (tests/format/layout.test.ts): the shapes that
// change how the generated code is laid out (long and quoted keys, keys that are numbers, unicode
// and control characters in keys and descriptions, many properties, large enums and enums of
// objects, additionalProperties schemas, deep nesting), alongside the property tests' own schemas.
import fc from "fast-check";
import { rootSchemaArb } from "../properties/schemas.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const KEYS = [
  "a",
  "id",
  "name",
  "type",
  "output_mode",
  "-A",
  "-n",
  "0",
  "1",
  "10",
  "1.5",
  "01",
  "1e3",
  "__proto__",
  "constructor",
  "it's",
  'a"b',
  "back`tick",
  "${x}",
  "with space",
  "new\nline",
  "tab\there",
  "nul\u0000",
  "é",
  "ünïcödé",
  "Ωmega",
  "日本語",
  "emoji😀",
  "\u2028",
  "\\",
  "",
  "a_very_long_property_name_that_goes_on_and_on_past_any_reasonable_print_width_limit_for_sure",
  "anotherRatherLongPropertyNameForWrapping",
];

const keyArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 4, unit: "binary" }) },
  {
    weight: 1,
    arbitrary: fc.stringMatching(/^[a-z][a-zA-Z0-9_]{20,70}$/),
  },
);

const textArb = fc.oneof(
  fc.constantFrom(
    "Short.",
    "A description that is long enough to reach past the print width of any configuration that a host is likely to use, and then some more words.",
    "Line one.\nLine two, after a line break.",
    "Ends with two spaces  \nand goes on.",
    "Quotes ' and \" and `backticks` and */ a comment end.",
    "Unicode: é ü Ω 日本語 😀 \u2028 \u0007.",
  ),
  fc.string({ maxLength: 30 }),
);

const leafArb = fc.oneof<fc.Arbitrary<Json>[]>(
  fc.constantFrom("string", "number", "integer", "boolean", "null").map((type) => ({ type })),
  fc.constant({ type: ["string", "null"] }),
  fc.constant({ type: "number", nullable: true }),
  fc
    .uniqueArray(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...KEYS)), {
      minLength: 1,
      maxLength: 12,
    })
    .map((e) => ({
      type: "string",
      enum: e,
    })),
  fc
    .uniqueArray(
      fc.oneof(
        fc.integer({ min: -1000, max: 1000 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      ),
      {
        minLength: 1,
        maxLength: 14,
      },
    )
    .map((e) => ({ type: "number", enum: e })),
  fc.constant({ enum: [{ kind: "a", n: 1 }, { kind: "b" }, [1, 2], null, "x"] }),
  fc.constant(true),
);

function schemaArb(depth: number): fc.Arbitrary<Json> {
  if (depth <= 0) return leafArb;
  const sub = schemaArb(depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: leafArb },
    { weight: 2, arbitrary: objectArb(depth, sub) },
    { weight: 1, arbitrary: sub.map((items) => ({ type: "array", items })) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant("object"), additionalProperties: sub }) },
  );
}

function objectArb(depth: number, sub: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc
    .record({
      entries: fc.uniqueArray(fc.tuple(keyArb, sub, fc.option(textArb, { freq: 3 })), {
        selector: (e) => e[0],
        maxLength: depth >= 3 ? 40 : 6,
      }),
      requiredEvery: fc.nat(3),
      additional: fc.oneof(
        fc.constant<Json | undefined>(undefined),
        fc.constant(false),
        fc.constant(true),
        sub,
      ),
    })
    .map(({ entries, requiredEvery, additional }) => {
      const properties: Record<string, Json> = Object.create(null);
      for (const [key, schema, description] of entries) {
        properties[key] =
          description !== null &&
          typeof schema === "object" &&
          schema !== null &&
          !Array.isArray(schema)
            ? { ...schema, description }
            : schema;
      }
      const required = entries
        .map(([key]) => key)
        .filter((_, i) => requiredEvery > 0 && i % requiredEvery === 0);
      const result: Record<string, Json> = { type: "object", properties };
      if (required.length > 0) result.required = required;
      if (additional !== undefined) result.additionalProperties = additional;
      return JSON.parse(JSON.stringify(result)) as Json;
    });
}

/** A tool's parameters: an object schema, sometimes with more than 32 properties. */
const toolParametersArb: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: objectArb(2, schemaArb(2)) },
  { weight: 1, arbitrary: objectArb(3, schemaArb(1)) },
  { weight: 1, arbitrary: objectArb(1, schemaArb(4)) },
);

const toolNameArb = fc.oneof(
  fc.constantFrom(
    "Read",
    "Bash",
    "mcp__server__do_thing",
    "A",
    "x-y",
    "VeryLongToolNameThatKeepsGoingForAWhile",
    "ツール",
    "tool 2",
  ),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,30}$/),
);

const descriptionArb = fc.option(textArb, { freq: 2 });

/** One to three tools: a name, parameters or any root schema, a description. */
export const toolsArb = fc.array(
  fc
    .record({
      name: toolNameArb,
      schema: fc.oneof(
        { weight: 2, arbitrary: toolParametersArb },
        { weight: 1, arbitrary: rootSchemaArb(3) },
      ),
      description: descriptionArb,
    })
    .map(({ name, schema, description }) => ({
      name,
      schema,
      description: description ?? undefined,
    })),
  { minLength: 1, maxLength: 3 },
);
