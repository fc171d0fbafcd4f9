/**
 * The forms in which a tool's declaration is given as JSON Schema (CONTRACT.md section 5.1):
 * as declared for the JSON Schema drafts, as OpenAPI 3.0 where that can say it, and in OpenAI's
 * strict form with the nulls it asks for read as absent. The declaration is JSON text, parsed
 * afresh for each form given out: a framework may change what it is given.
 */

/** A JSON Schema object, as the forms read and write it. */
type SchemaObject = Record<string, unknown>;

/** The `$schema` of each JSON Schema draft served, by target. */
const DRAFTS: ReadonlyMap<string, string> = new Map([
  ["draft-2020-12", "https://json-schema.org/draft/2020-12/schema"],
  ["draft-07", "http://json-schema.org/draft-07/schema#"],
]);

const SERVED = '"draft-2020-12", "draft-07" and "openapi-3.0"';

/**
 * The declaration for a target of Standard JSON Schema: the draft's `$schema` first, then the
 * declaration as declared; or its OpenAPI 3.0 form. Throws an error naming the targets served
 * for any other target, and where the form cannot say the declaration.
 */
export function declarationFor(
  toolName: string,
  declaration: string,
  options: unknown,
): SchemaObject {
  const target = targetOf(toolName, options);
  const declared = asObject(JSON.parse(declaration) as unknown);
  if (target === "openapi-3.0") return openApi30(toolName, declared);
  const uri = DRAFTS.get(target);
  if (uri === undefined)
    throw new Error(
      `The JSON Schema of the ${JSON.stringify(toolName)} tool has no form for the target ${JSON.stringify(target)}: the targets served are ${SERVED}.`,
    );
  const own = declared["$schema"];
  if (own !== undefined && !sameDraft(own, uri))
    throw new Error(
      `The JSON Schema of the ${JSON.stringify(toolName)} tool declares "$schema": ${JSON.stringify(own)}, so it cannot be given as ${target}.`,
    );
  return { $schema: uri, ...declared };
}

/** The target of Standard JSON Schema's options, read once (a JavaScript caller may pass anything). */
function targetOf(toolName: string, options: unknown): string {
  let target: unknown;
  try {
    target = (options as { readonly target?: unknown }).target;
  } catch {
    target = undefined;
  }
  if (typeof target === "string") return target;
  throw new Error(
    `The JSON Schema of the ${JSON.stringify(toolName)} tool is given for a target, { target: ... }: the targets served are ${SERVED}.`,
  );
}

/** A boolean schema as the object schema that means the same. */
function asObject(schema: unknown): SchemaObject {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  return schema as SchemaObject;
}

function sameDraft(declared: unknown, uri: string): boolean {
  return typeof declared === "string" && draftOf(declared) === draftOf(uri);
}

/** A `$schema` URI without what does not change the draft it names. */
function draftOf(uri: string): string {
  return uri.replace(/^https:/, "http:").replace(/#$/, "");
}

function isObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets an own property, `__proto__` included (an assignment would set the prototype). */
function setOwn(object: object, key: string, value: unknown): void {
  Object.defineProperty(object, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/** A JSON Pointer segment for a key. */
function pointer(key: string | number): string {
  return String(key).replace(/~/g, "~0").replace(/\//g, "~1");
}

// OpenAPI 3.0 ----------------------------------------------------------------------------------

/** The fields of an OpenAPI 3.0 Schema Object (besides `x-` extensions). */
const OPENAPI_30 = new Set([
  "title",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "required",
  "enum",
  "type",
  "allOf",
  "oneOf",
  "anyOf",
  "not",
  "items",
  "properties",
  "additionalProperties",
  "description",
  "format",
  "default",
  "nullable",
  "discriminator",
  "readOnly",
  "writeOnly",
  "xml",
  "externalDocs",
  "example",
  "deprecated",
]);

/**
 * The errors that say why a declaration has no form for a target: thrown deep in a walk, caught
 * at its top and given the tool's name there.
 */
const reasons: WeakSet<object> = new WeakSet();

function noForm(why: string): Error {
  const error = new Error(why);
  reasons.add(error);
  return error;
}

function isReason(error: unknown): error is Error {
  return typeof error === "object" && error !== null && reasons.has(error);
}

/**
 * The declaration as an OpenAPI 3.0 Schema Object: every keyword one of its fields (or `x-`),
 * rewritten where JSON Schema says the same otherwise: a type list with `"null"` is the other
 * type with `nullable: true`, `const` is a one-member `enum`, a number `exclusiveMinimum` /
 * `exclusiveMaximum` is the bound with draft-04's `true`, an empty `required` is left out, a
 * boolean schema is `{}` / `{ not: {} }`. Anything else throws, naming the keyword and where.
 */
function openApi30(toolName: string, declared: SchemaObject): SchemaObject {
  let why: string;
  try {
    return openApiSchema(declared, "#");
  } catch (error) {
    if (!isReason(error)) throw error;
    why = error.message;
  }
  throw new Error(
    `The JSON Schema of the ${JSON.stringify(toolName)} tool has no OpenAPI 3.0 form: ${why} (OpenAPI 3.0 schemas have draft-04's keywords and \`nullable\`). The targets "draft-2020-12" and "draft-07" give it as declared.`,
  );
}

function openApiSchema(schema: unknown, at: string): SchemaObject {
  if (typeof schema === "boolean") return asObject(schema);
  if (!isObject(schema)) throw noForm(`the schema at ${at} is not an object`);
  const out: SchemaObject = {};
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    const here = `${at}/${pointer(key)}`;
    if (key === "type") Object.assign(out, openApiType(value, schema, here));
    else if (key === "properties") setOwn(out, key, openApiMap(value, here));
    else if (key === "allOf" || key === "anyOf" || key === "oneOf")
      setOwn(out, key, openApiList(value, here));
    else if (key === "items" || key === "not" || key === "additionalProperties")
      setOwn(out, key, openApiSubschema(key, value, here));
    else if (key === "const") setOwn(out, "enum", openApiConst(value, schema, here));
    else if (key === "minimum" || key === "exclusiveMinimum")
      Object.assign(out, openApiBound(schema, "minimum", "exclusiveMinimum", here));
    else if (key === "maximum" || key === "exclusiveMaximum")
      Object.assign(out, openApiBound(schema, "maximum", "exclusiveMaximum", here));
    else if (key === "required" && Array.isArray(value) && value.length === 0) continue;
    else if (key === "nullable" && out["nullable"] === true) continue;
    else if (OPENAPI_30.has(key) || key.startsWith("x-")) setOwn(out, key, value);
    else throw noForm(`\`${key}\` at ${at} has none`);
  }
  const nullable = out["nullable"] === true && out["type"] !== undefined;
  if (Array.isArray(out["enum"]) && out["enum"].includes(null) && !nullable)
    throw noForm(`\`enum\` at ${at} lists null without \`nullable: true\` beside a type`);
  return out;
}

function openApiSubschema(key: string, value: unknown, at: string): unknown {
  if (key === "items" && Array.isArray(value))
    throw noForm(`\`items\` at ${at} is a list (a tuple)`);
  if (key === "additionalProperties" && typeof value === "boolean") return value;
  return openApiSchema(value, at);
}

function openApiMap(value: unknown, at: string): SchemaObject {
  if (!isObject(value)) throw noForm(`\`properties\` at ${at} is not an object`);
  const out: SchemaObject = {};
  for (const key of Object.keys(value))
    setOwn(out, key, openApiSchema(value[key], `${at}/${pointer(key)}`));
  return out;
}

function openApiList(value: unknown, at: string): SchemaObject[] {
  if (!Array.isArray(value)) throw noForm(`the list at ${at} is not an array`);
  return value.map((schema: unknown, i) => openApiSchema(schema, `${at}/${String(i)}`));
}

/** `type`, with `"null"` in a list as `nullable: true`. */
function openApiType(declared: unknown, schema: SchemaObject, at: string): SchemaObject {
  const types = Array.isArray(declared) ? (declared as unknown[]) : [declared];
  const others = types.filter((t) => t !== "null");
  if (others.length !== 1 || typeof others[0] !== "string")
    throw noForm(
      others.length === 0
        ? `the type "null" at ${at} has none`
        : `the types ${JSON.stringify(declared)} at ${at} are several`,
    );
  const nullable = others.length < types.length || schema["nullable"] === true;
  return nullable ? { type: others[0], nullable: true } : { type: others[0] };
}

function openApiConst(value: unknown, schema: SchemaObject, at: string): unknown[] {
  if ("enum" in schema) throw noForm(`\`const\` at ${at} stands beside an \`enum\``);
  return [value];
}

/**
 * One side of a number's range in draft-04's form: a number `exclusiveMinimum` is the bound
 * with `exclusiveMinimum: true`; beside a `minimum`, the tighter of the two.
 */
function openApiBound(
  schema: SchemaObject,
  inclusive: string,
  exclusive: string,
  at: string,
): SchemaObject {
  const bound = schema[inclusive];
  const strict = schema[exclusive];
  if (typeof strict !== "number") {
    return {
      ...(inclusive in schema ? { [inclusive]: bound } : {}),
      ...(exclusive in schema ? { [exclusive]: strict } : {}),
    };
  }
  if (bound === undefined) return { [inclusive]: strict, [exclusive]: true };
  if (typeof bound !== "number")
    throw noForm(`\`${exclusive}\` at ${at} stands beside a \`${inclusive}\` that is not a number`);
  const tighter = inclusive === "minimum" ? strict >= bound : strict <= bound;
  return tighter ? { [inclusive]: strict, [exclusive]: true } : { [inclusive]: bound };
}

// OpenAI's strict form -------------------------------------------------------------------------

/**
 * Where the strict form made optional properties nullable: a `null` there is read as absent.
 * A plan per object schema that holds such a property, or holds one deeper.
 */
export interface NullPlan {
  /** The properties whose `null` is read as absent. */
  readonly nullable: readonly string[];
  /** The plans of the properties' own values. */
  readonly properties: readonly (readonly [string, NullPlan])[];
  /** The plan of each element of an array. */
  readonly items: NullPlan | undefined;
}

/**
 * The declaration in OpenAI's strict form (the form OpenAI's strict function calling and OpenAI
 * Agents JS's strict tools send the model): every object schema with `properties` typed
 * `"object"`, all its properties required and `additionalProperties: false`; an optional
 * property whose schema excludes `null` becomes `anyOf: [its schema, { type: "null" }]` (its
 * description copied beside), and `null` there means absent. Walked through `properties`,
 * `items` and `anyOf`; a `$ref`, or an optional property to make nullable inside `anyOf`, has
 * no strict form (which branch a `null` belongs to is not known) and throws.
 */
export function strictForm(
  toolName: string,
  declaration: string,
): { readonly text: string; readonly plan: NullPlan | undefined } {
  const form = JSON.parse(declaration) as unknown;
  let why: string;
  try {
    if (!isObject(form)) throw noForm("the declaration is not an object schema");
    const plan = strictSchema(form, "#", false);
    return { text: JSON.stringify(form), plan };
  } catch (error) {
    if (!isReason(error)) throw error;
    why = error.message;
  }
  throw new Error(
    `The JSON Schema of the ${JSON.stringify(toolName)} tool has no OpenAI strict form: ${why}.`,
  );
}

function strictSchema(schema: SchemaObject, at: string, inAnyOf: boolean): NullPlan | undefined {
  if ("$ref" in schema) throw noForm(`the strict form does not follow the \`$ref\` at ${at}`);
  const nullable: string[] = [];
  const properties: [string, NullPlan][] = [];
  const declared = schema["properties"];
  if (isObject(declared) && mayBeObject(schema["type"])) {
    if (schema["type"] === undefined) schema["type"] = "object";
    const required = new Set(
      Array.isArray(schema["required"]) ? (schema["required"] as unknown[]) : [],
    );
    for (const key of Object.keys(declared)) {
      const value = declared[key];
      const here = `${at}/properties/${pointer(key)}`;
      const plan = isObject(value) ? strictSchema(value, here, inAnyOf) : undefined;
      if (plan !== undefined) properties.push([key, plan]);
      if (required.has(key) || !excludesNull(value)) continue;
      if (inAnyOf) throw noForm(`the optional property at ${here} is inside \`anyOf\``);
      setOwn(declared, key, nullableSchema(value));
      nullable.push(key);
    }
    schema["required"] = Object.keys(declared);
    schema["additionalProperties"] = false;
  }
  const items = isObject(schema["items"])
    ? strictSchema(schema["items"], `${at}/items`, inAnyOf)
    : undefined;
  const branches = schema["anyOf"];
  if (Array.isArray(branches))
    branches.forEach((branch: unknown, i) => {
      if (isObject(branch)) strictSchema(branch, `${at}/anyOf/${String(i)}`, true);
    });
  if (nullable.length === 0 && properties.length === 0 && items === undefined) return undefined;
  return { nullable, properties, items };
}

function mayBeObject(types: unknown): boolean {
  return (
    types === undefined || types === "object" || (Array.isArray(types) && types.includes("object"))
  );
}

/** Whether a schema refuses `null`, as far as its `type`, `enum`, `const` or `anyOf` say. */
function excludesNull(schema: unknown): boolean {
  if (schema === false) return true;
  if (!isObject(schema)) return false;
  const types = schema["type"];
  if (types !== undefined && schema["nullable"] !== true) {
    const listed = Array.isArray(types) ? (types as unknown[]) : [types];
    if (!listed.includes("null")) return true;
  }
  if (Array.isArray(schema["enum"]) && !schema["enum"].includes(null)) return true;
  if ("const" in schema && schema["const"] !== null) return true;
  if (types === undefined && isObject(schema["properties"])) return true;
  const branches = schema["anyOf"];
  return Array.isArray(branches) && branches.length > 0 && branches.every(excludesNull);
}

function nullableSchema(schema: unknown): SchemaObject {
  const description = isObject(schema) ? schema["description"] : undefined;
  return {
    ...(typeof description === "string" ? { description } : {}),
    anyOf: [schema, { type: "null" }],
  };
}

/**
 * The value with every `null` the plan reads as absent left out (a copy where something is
 * left out; the value itself otherwise). A value that cannot be read (a getter that throws) is
 * returned as it is: the validator reports it.
 */
export function withoutStrictNulls(plan: NullPlan | undefined, value: unknown): unknown {
  if (plan === undefined) return value;
  try {
    return stripped(plan, value);
  } catch {
    return value;
  }
}

function stripped(plan: NullPlan, value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const items = plan.items;
    if (items === undefined) return value;
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      const after = stripped(items, element);
      if (after === element) continue;
      if (copy === undefined) copy = value.slice();
      copy[i] = after;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let absent: Set<string> | undefined;
  for (const key of plan.nullable) {
    if (!Object.prototype.propertyIsEnumerable.call(record, key) || record[key] !== null) continue;
    if (absent === undefined) absent = new Set();
    absent.add(key);
  }
  let copy = absent === undefined ? undefined : copyWithout(record, absent);
  for (const property of plan.properties) {
    const key = property[0];
    if (!Object.prototype.propertyIsEnumerable.call(record, key)) continue;
    const before = record[key];
    const after = stripped(property[1], before);
    if (after === before) continue;
    if (copy === undefined) copy = { ...record };
    setOwn(copy, key, after);
  }
  return copy ?? record;
}

/** A copy of the object's own enumerable keys but those left out. */
function copyWithout(
  record: Record<string, unknown>,
  absent: ReadonlySet<string>,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (!absent.has(key)) setOwn(copy, key, record[key]);
  return copy;
}
