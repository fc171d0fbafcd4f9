// A reference interpreter of SPEC sections 3 and 4, written for the tests and sharing no code
// with the generator: it walks a declaration and a value together and lists every issue in the
// contract's order. Slow and plain on purpose.

export type Mode = "strict" | "standard";

export interface Issue {
  code: "missing" | "unexpected" | "invalid_type" | "invalid_enum";
  path: (string | number)[];
  expected?: string;
  received?: string;
  values?: unknown[];
}

/** Keywords that can let keys in that no validator sees (a key declared in an `allOf` branch...). */
const KEY_ALLOWING = new Set([
  "patternProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "if",
  "then",
  "else",
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
  "dependencies",
  "dependentSchemas",
  "unevaluatedProperties",
]);

const ORDER: Issue["code"][] = ["missing", "unexpected", "invalid_type", "invalid_enum"];

/** Every issue of `args` against the tool declaration `schema`, or undefined when valid. */
export function referenceValidate(schema: unknown, args: unknown, mode: Mode): Issue[] | undefined {
  const found: Issue[] = [];
  walk(schema, args, [], mode, true, found);
  if (found.length === 0) return undefined;
  // Group by code; inside a group, the depth-first order of the walk.
  return ORDER.flatMap((code) => found.filter((issue) => issue.code === code));
}

type SchemaObject = Record<string, unknown>;

function walk(
  schema: unknown,
  value: unknown,
  path: (string | number)[],
  mode: Mode,
  root: boolean,
  out: Issue[],
): void {
  if (schema === true) return;
  if (schema === false) {
    out.push({ code: "unexpected", path });
    return;
  }
  const s = schema as SchemaObject;
  const own = (keyword: string) => Object.hasOwn(s, keyword);

  const types = declaredTypes(s, mode, root);
  if (types !== undefined && !types.some((type) => hasType(value, type))) {
    out.push({
      code: "invalid_type",
      path,
      expected: types.join(" | "),
      received: typeName(value),
    });
    return; // a value of the wrong type gets no further checks
  }

  if (own("enum")) {
    const members = s.enum as unknown[];
    if (!members.some((member) => equal(value, member))) {
      out.push({ code: "invalid_enum", path, values: members });
    }
  }

  if (
    isPlainObject(value) &&
    (own("properties") || own("required") || own("additionalProperties"))
  ) {
    const properties = (own("properties") ? s.properties : {}) as SchemaObject;
    const declared = Object.keys(properties);
    const required = own("required") ? (s.required as string[]) : [];
    for (const key of declared) {
      if (present(value, key)) walk(properties[key], value[key], [...path, key], mode, false, out);
      else if (required.includes(key)) out.push({ code: "missing", path: [...path, key] });
    }
    const requiredOnly = [...new Set(required)].filter((key) => !declared.includes(key));
    for (const key of requiredOnly) {
      if (!present(value, key)) out.push({ code: "missing", path: [...path, key] });
    }

    // What happens to a key that is not declared.
    let unknown: "allow" | "reject" | { schema: unknown };
    if ([...KEY_ALLOWING].some(own)) unknown = "allow";
    else if (own("additionalProperties")) {
      const additional = s.additionalProperties;
      unknown =
        additional === true ? "allow" : additional === false ? "reject" : { schema: additional };
    } else unknown = mode === "strict" && own("properties") ? "reject" : "allow";

    if (unknown !== "allow") {
      for (const key of Object.keys(value)) {
        if (declared.includes(key) || value[key] === undefined) continue;
        if (unknown === "reject") out.push({ code: "unexpected", path: [...path, key] });
        else walk(unknown.schema, value[key], [...path, key], mode, false, out);
      }
    }
  }

  if (Array.isArray(value) && own("items") && !Array.isArray(s.items) && !own("prefixItems")) {
    value.forEach((element, index) => walk(s.items, element, [...path, index], mode, false, out));
  }
}

/** The declared types with `nullable` merged in; the strict root is always `object`. */
function declaredTypes(s: SchemaObject, mode: Mode, root: boolean): string[] | undefined {
  if (root && mode === "strict") return ["object"];
  if (!Object.hasOwn(s, "type")) return undefined;
  const list: string[] = [];
  for (const type of Array.isArray(s.type) ? (s.type as string[]) : [s.type as string]) {
    if (!list.includes(type)) list.push(type);
  }
  if (s.nullable === true && !list.includes("null")) list.push("null");
  return list;
}

/** A key counts when it is an own enumerable property whose value is not `undefined`. */
function present(value: Record<string, unknown>, key: string): boolean {
  return Object.prototype.propertyIsEnumerable.call(value, key) && value[key] !== undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
    default:
      throw new Error(`unknown type ${type}`);
  }
}

/** `received`: JSON's type names, and what JSON cannot carry by name (`undefined`, `NaN`, `bigint`...). */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NaN";
    if (value === Infinity) return "Infinity";
    if (value === -Infinity) return "-Infinity";
  }
  return typeof value;
}

/** Deep equality over own enumerable keys, key order aside. */
function equal(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((element, i) => equal(element, b[i]));
  }
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  const keysA = Object.keys(recordA);
  const keysB = Object.keys(recordB);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.prototype.propertyIsEnumerable.call(recordB, key) &&
        equal(recordA[key], recordB[key]),
    )
  );
}
