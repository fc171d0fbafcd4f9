// One fixture per class of declaration error: each must be reported with its code, its exact
// location (line:col of the offending token), the tool, the schema path and the exact text.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/diagnostics/diagnostics.js";
import { generate } from "../../src/pipeline/generate.js";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/diagnostics");

async function diagnose(glob: string) {
  const result = await generate({ cwd: FIXTURES, tools: [glob], formatter: "none" });
  return {
    result,
    printed: result.diagnostics.map((d) => formatDiagnostic(d, result.sources)),
  };
}

const cases: [file: string, firstLine: string][] = [
  [
    "unknown-type.ts",
    `unknown-type.ts:9:65 - error TV2003: Tool "UnknownType", parameters.properties.mode.type: Unknown type "strng". Did you mean "string"?`,
  ],
  [
    "required-not-array.ts",
    'required-not-array.ts:9:91 - error TV2011: Tool "RequiredNotArray", parameters.required: `required` must be an array of property names, not the string "taskId".',
  ],
  [
    "properties-unknown.ts",
    'properties-unknown.ts:9:49 - error TV2009: Tool "PropertiesUnknown", parameters.properties: `properties` must be an object of property schemas, not a value the generator cannot read (the call `pickProperties()` is not statically known).',
  ],
  [
    "required-not-string.ts",
    'required-not-string.ts:9:102 - error TV2011: Tool "RequiredNotString", parameters.required: `required` must list property names (strings), not the number 42.',
  ],
  [
    "required-undeclared.ts",
    'required-undeclared.ts:9:92 - error TV2006: Tool "RequiredUndeclared", parameters.required: "task_id" is required but not declared in `properties`, and undeclared keys are rejected: no call could pass.',
  ],
  [
    "enum-empty.ts",
    'enum-empty.ts:9:81 - error TV2008: Tool "EnumEmpty", parameters.properties.mode.enum: `enum` is empty: no value could ever be accepted.',
  ],
  [
    "enum-not-array.ts",
    'enum-not-array.ts:9:81 - error TV2007: Tool "EnumNotArray", parameters.properties.mode.enum: `enum` must be an array of allowed values, not the string "fast".',
  ],
  [
    "properties-not-object.ts",
    'properties-not-object.ts:9:49 - error TV2009: Tool "PropertiesNotObject", parameters.properties: `properties` must be an object of property schemas, not an array.',
  ],
  [
    "additional-properties-invalid.ts",
    'additional-properties-invalid.ts:9:75 - error TV2012: Tool "AdditionalInvalid", parameters.additionalProperties: `additionalProperties` must be true, false or a schema, not the string "no".',
  ],
  [
    "additional-properties-unknown.ts",
    'additional-properties-unknown.ts:9:75 - error TV2012: Tool "AdditionalUnknown", parameters.additionalProperties: `additionalProperties` must be true, false or a schema, not a value the generator cannot read (the call `pickSchema()` is not statically known).',
  ],
  [
    "nullable-invalid.ts",
    'nullable-invalid.ts:9:82 - error TV2005: Tool "NullableInvalid", parameters.properties.a.nullable: `nullable` must be true or false.',
  ],
  [
    "schema-not-object.ts",
    'schema-not-object.ts:9:54 - error TV2002: Tool "SchemaNotObject", parameters.properties.a: A schema must be an object (or true/false), not the string "string".',
  ],
  [
    "root-not-object.ts",
    'root-not-object.ts:9:19 - error TV2020: Tool "RootNotObject", parameters: The parameters must describe an object (`type: "object"`): tool arguments are always an object.',
  ],
  [
    "root-null.ts",
    'root-null.ts:9:19 - error TV2020: Tool "RootNull", parameters: The parameters must describe an object (`type: "object"`): tool arguments are always an object.',
  ],
  [
    "typo-requried.ts",
    'typo-requried.ts:9:76 - error TV2010: Tool "TypoRequired", parameters.requried: Unknown keyword "requried". Did you mean "required"?',
  ],
  [
    "typo-propertise.ts",
    'typo-propertise.ts:9:37 - error TV2010: Tool "TypoProperties", parameters.propertise: Unknown keyword "propertise". Did you mean "properties"?',
  ],
  [
    "typo-tpye.ts",
    'typo-tpye.ts:9:56 - error TV2010: Tool "TypoType", parameters.properties.a.tpye: Unknown keyword "tpye". Did you mean "type"?',
  ],
  [
    "tool-name-missing.ts",
    'tool-name-missing.ts:6:15 - error TV1003: Tool "noNameTool": The tool object has no `config.function.name`.',
  ],
  [
    "type-empty.ts",
    'type-empty.ts:4:59 - error TV2004: Tool "TypeEmpty", inputSchema.properties.a.type: `type` must name at least one type.',
  ],
  [
    "type-not-name.ts",
    'type-not-name.ts:4:70 - error TV2004: Tool "TypeNotName", inputSchema.properties.a.type: `type` must be a type name or an array of type names, not the number 5.',
  ],
  [
    "typo-tpe.ts",
    'typo-tpe.ts:4:55 - error TV2010: Tool "TypoTpe", inputSchema.properties.sku.tpe: Unknown keyword "tpe". Did you mean "type"?',
  ],
  [
    "typo-enm.ts",
    'typo-enm.ts:4:72 - error TV2010: Tool "TypoEnm", inputSchema.properties.mode.enm: Unknown keyword "enm". Did you mean "enum"?',
  ],
  [
    "typo-enums.ts",
    'typo-enums.ts:9:72 - error TV2010: Tool "TypoEnum", parameters.properties.a.enums: Unknown keyword "enums". Did you mean "enum"?',
  ],
  [
    "typo-item.ts",
    'typo-item.ts:9:71 - error TV2010: Tool "TypoItems", parameters.properties.a.item: Unknown keyword "item". Did you mean "items"?',
  ],
  [
    "typo-additional-property.ts",
    'typo-additional-property.ts:9:53 - error TV2010: Tool "TypoAdditional", parameters.additionalProperty: Unknown keyword "additionalProperty". Did you mean "additionalProperties"?',
  ],
  [
    "call-in-schema.ts",
    'call-in-schema.ts:9:54 - error TV2001: Tool "CallInSchema", parameters.properties.a: The schema is not statically known: the call `makeSchema()` is not statically known.',
  ],
  [
    "let-reference.ts",
    'let-reference.ts:9:54 - error TV2001: Tool "LetReference", parameters.properties.a: The schema is not statically known: "schemaA" is a `let` variable; only `const` values are read.',
  ],
  [
    "computed-key.ts",
    'computed-key.ts:9:51 - error TV1001: Tool "ComputedKey", parameters.properties: The computed key `[KEY]` is not statically known: "KEY" has no initializer.',
  ],
  [
    "proto-key.ts",
    'proto-key.ts:9:51 - error TV1001: Tool "ProtoKey", parameters.properties: A `__proto__` key in an object literal sets the object\'s prototype instead of declaring a key.',
  ],
  [
    "package-import.ts",
    'package-import.ts:9:54 - error TV2001: Tool "PackageImport", parameters.properties.a: The schema is not statically known: "sharedSchema" cannot be followed: the package "some-package" cannot be found from package-import.ts (resolved as TypeScript does with ../../../tsconfig.json: moduleResolution nodenext); if it is not installed, install the dependencies (npm install, or the equivalent).',
  ],
  [
    "name-unreadable.ts",
    'name-unreadable.ts:4:49 - error TV1002: Tool "nameTool": The tool\'s config.function.name cannot be read: "toolName" is a `let` variable; only `const` values are read. Leave it out with "excludeFiles": ["name-unreadable.ts"] in the settings.',
  ],
  [
    "name-mismatch.ts",
    'name-mismatch.ts:2:9 - error TV1004: Tool "mismatch": The tool\'s name "Mismatch" differs from config.function.name "mismatch"; the model calls the tool by config.function.name.',
  ],
  [
    "number-infinity.ts",
    'number-infinity.ts:9:82 - error TV1007: Tool "NumberInfinity", parameters.properties.n.enum[1]: This number is Infinity in JavaScript, which JSON cannot carry: a schema holds only finite numbers. Leave this tool out with "excludeTools": ["NumberInfinity"] in the settings (or its file with "excludeFiles": ["number-infinity.ts"]).',
  ],
  [
    "syntax-error.ts",
    "syntax-error.ts:9:71 - error TV1005: Syntax error TS1005: ',' expected (the first of 3 in this file).",
  ],
  [
    "spread-function.ts",
    'spread-function.ts:9:55 - error TV1008: Tool "SpreadFunctionTool": The spread `...extra` cannot be read: "extra" cannot be followed: the package "some-package" cannot be found from spread-function.ts (resolved as TypeScript does with ../../../tsconfig.json: moduleResolution nodenext); if it is not installed, install the dependencies (npm install, or the equivalent). It could replace config.function.name and config.function.parameters.',
  ],
  [
    "spread-config.ts",
    'spread-config.ts:10:8 - error TV1008: Tool "SpreadConfigTool": The spread `...extra` cannot be read: "extra" is a `let` variable; only `const` values are read. It could replace config.function.',
  ],
  [
    "spread-tool.ts",
    'spread-tool.ts:11:6 - error TV1008: Tool "SpreadToolTool": The spread `...extra` cannot be read: "extra" has no initializer. It could replace config and name.',
  ],
  [
    "getter-parameters.ts",
    'getter-parameters.ts:9:7 - error TV1008: Tool "GetterParametersTool": The getter `get parameters() { return { type: "ob...` is not a plain key/value pair. It could set config.function.parameters.',
  ],
  [
    "shorthand-initializer.ts",
    'shorthand-initializer.ts:9:56 - error TV1001: Tool "ShorthandInitializer", parameters.properties.a: `type = "number"` is a syntax error: `=` may follow a shorthand key only in a destructuring pattern.',
  ],
  [
    "declared-twice.ts",
    'declared-twice.ts:9:54 - error TV2001: Tool "DeclaredTwice", parameters.properties.a: The schema is not statically known: "schemaA" is declared more than once in its module.',
  ],
  [
    "duplicate/*.ts",
    'duplicate/second.ts:1:14 - error TV3002: Tool "Same": Two tools are named "Same": secondTool here and firstTool in duplicate/first.ts. Tool names must be unique: leave one out with "excludeTools": ["secondTool"], or generate each set into a target of its own.',
  ],
];

describe("declaration errors", () => {
  it.each(cases)("%s is one located error and no output", async (file, firstLine) => {
    const { result, printed } = await diagnose(file);
    expect(printed).toHaveLength(1);
    expect(printed[0]!.split("\n")[0]).toBe(firstLine);
    expect(result.diagnostics[0]!.severity).toBe("error");
    expect(result.output).toBeUndefined();
  });

  it("prints a code frame under the location, like TypeScript", async () => {
    const { printed } = await diagnose("unknown-type.ts");
    expect(printed[0]).toBe(
      [
        'unknown-type.ts:9:65 - error TV2003: Tool "UnknownType", parameters.properties.mode.type: Unknown type "strng". Did you mean "string"?',
        "",
        '9       parameters: { type: "object", properties: { mode: { type: "strng" } } },',
        "                                                                  ~~~~~~~",
        "",
      ].join("\n"),
    );
  });

  it("collects every error across files before failing", async () => {
    const { result } = await diagnose("typo-*.ts");
    expect(result.diagnostics.map((d) => d.tool)).toEqual([
      "TypoAdditional",
      "TypoEnm",
      "TypoEnum",
      "TypoItems",
      "TypoProperties",
      "TypoRequired",
      "TypoTpe",
      "TypoType",
    ]);
    expect(result.output).toBeUndefined();
  });

  it("an unknown keyword is a warning: output is still produced", async () => {
    const { result, printed } = await diagnose("unknown-keyword.ts");
    expect(printed[0]!.split("\n")[0]).toBe(
      'unknown-keyword.ts:9:72 - warning TV2102: Tool "UnknownKeyword", parameters.properties.a.minLenght: Unknown keyword "minLenght" is not enforced. Did you mean "minLength"?',
    );
    expect(result.output).toBeDefined();
    expect(result.tools[0]!.notEnforced).toEqual([{ keyword: "minLenght", at: "a" }]);
  });

  it("no matching files is an error", async () => {
    const { result, printed } = await diagnose("nothing-here/*.ts");
    expect(printed[0]).toMatch(/^error TV3001: No files match "nothing-here\/\*\.ts"/);
    expect(result.output).toBeUndefined();
  });

  it("warns without failing: listed twice, an enum value its type never accepts, a description not known", async () => {
    const { result, printed } = await diagnose("warnings/*.ts");
    expect(result.output).toBeDefined();
    expect(printed.map((line) => line.split("\n")[0])).toEqual([
      'warnings/listed-twice.ts:11:29 - warning TV2104: Tool "Warned", inputSchema.properties.a.type: The type "string" is listed twice.',
      'warnings/listed-twice.ts:11:53 - warning TV2103: Tool "Warned", inputSchema.properties.a.description: `description` is not statically known and is left out: the call `describe()` is not statically known.',
      'warnings/listed-twice.ts:12:40 - warning TV2104: Tool "Warned", inputSchema.properties.b.enum: The value "x" is listed twice.',
      'warnings/listed-twice.ts:12:45 - warning TV2105: Tool "Warned", inputSchema.properties.b.enum: The value 3 can never be accepted: its type is not among string.',
      'warnings/listed-twice.ts:14:21 - warning TV2104: Tool "Warned", inputSchema.required: "a" is listed twice.',
    ]);
  });
});
