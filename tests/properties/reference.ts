// A reference interpreter of CONTRACT.md sections 3 and 4, written for the tests and sharing no code
// with the generator: it walks a declaration and a value together and lists every issue in the
// contract's order. Slow and plain on purpose.
import { keyAllowingKeywords } from "../helpers/contract.js";

export type Mode = "strict" | "standard";

export interface Issue {
  code: "missing" | "unexpected" | "invalid_type" | "invalid_enum";
  path: (string | number)[];
  expected?: string;
  received?: string;
  values?: unknown[];
  hint?:
    | { kind: "key"; key: string }
    | { kind: "json"; type: string }
    | { kind: "value"; value: string };
}

/** A validator keeps this many issues, in the order its walk finds them, then stops. */
const MAX_ISSUES = 100;

/** Keywords that can let keys in that no validator sees (a key declared in an `allOf` branch...). */
const KEY_ALLOWING = new Set(keyAllowingKeywords());

const ORDER: Issue["code"][] = ["missing", "unexpected", "invalid_type", "invalid_enum"];

/** Every issue of `args` against the tool declaration `schema`, or undefined when valid. */
export function referenceValidate(schema: unknown, args: unknown, mode: Mode): Issue[] | undefined {
  const found: Issue[] = [];
  walk(schema, args, [], mode, true, found);
  if (found.length === 0) return undefined;
  // The first 100 the walk finds; grouped by code; inside a group, the order of the walk.
  const kept = found.slice(0, MAX_ISSUES);
  return ORDER.flatMap((code) => kept.filter((issue) => issue.code === code));
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
    const issue: Issue = {
      code: "invalid_type",
      path,
      expected: types.join(" | "),
      received: typeName(value),
    };
    const parsed = typeof value === "string" ? jsonOf(value) : undefined;
    if (parsed !== undefined && parsed.type !== "null" && parsed.type !== "string") {
      const fits =
        types.includes(parsed.type) ||
        (parsed.type === "number" && types.includes("integer") && Number.isInteger(parsed.value));
      const shown = parsed.type === "integer" ? "number" : parsed.type;
      if (fits) issue.hint = { kind: "json", type: shown };
    }
    out.push(issue);
    return; // a value of the wrong type gets no further checks
  }

  if (own("enum")) {
    const members = s.enum as unknown[];
    if (!members.some((member) => equal(value, member))) {
      const issue: Issue = { code: "invalid_enum", path, values: members };
      if (typeof value === "string") {
        const match = members.find(
          (member) =>
            typeof member === "string" &&
            member.trim().toLowerCase() === value.trim().toLowerCase(),
        );
        if (typeof match === "string") issue.hint = { kind: "value", value: match };
      }
      out.push(issue);
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
      const rejected: Issue[] = [];
      for (const key of Object.keys(value)) {
        if (declared.includes(key) || value[key] === undefined) continue;
        if (unknown === "reject") {
          const issue: Issue = { code: "unexpected", path: [...path, key] };
          out.push(issue);
          // Only the keys that are among the kept issues get hints, and of those the first 20
          // (the most the text shows).
          if (out.length <= MAX_ISSUES && rejected.length < 20) rejected.push(issue);
        } else walk(unknown.schema, value[key], [...path, key], mode, false, out);
      }
      const leftOut = declared.filter((key) => !present(value, key));
      addKeyHints(rejected, leftOut, declared);
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

/**
 * Deep equality over own enumerable keys, key order aside; a key whose value is undefined
 * counts as absent (CONTRACT.md 3).
 */
function equal(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((element, i) => equal(element, b[i]));
  }
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  const keysA = Object.keys(recordA).filter((key) => recordA[key] !== undefined);
  const keysB = Object.keys(recordB).filter((key) => recordB[key] !== undefined);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => present(recordB, key) && equal(recordA[key], recordB[key]))
  );
}

/**
 * "Did you mean" for unexpected keys: every close pair (unexpected key, declared key left out),
 * closest first, then declaration order, then the call's order; each key used once.
 */
function addKeyHints(rejected: Issue[], leftOut: string[], declared: string[]): void {
  const pairs: { issue: number; key: string; closeness: number }[] = [];
  rejected.forEach((issue, i) => {
    const name = issue.path[issue.path.length - 1] as string;
    for (const key of leftOut) {
      const closeness = nameCloseness(name, key);
      if (closeness !== undefined) pairs.push({ issue: i, key, closeness });
    }
  });
  pairs.sort(
    (a, b) =>
      a.closeness - b.closeness ||
      declared.indexOf(a.key) - declared.indexOf(b.key) ||
      a.issue - b.issue,
  );
  const usedKeys = new Set<string>();
  for (const pair of pairs) {
    const issue = rejected[pair.issue]!;
    if (issue.hint !== undefined || usedKeys.has(pair.key)) continue;
    issue.hint = { kind: "key", key: pair.key };
    usedKeys.add(pair.key);
  }
}

/** The contract's closeness rule, written out plainly (see CONTRACT.md, "Hints"). */
export function nameCloseness(a: string, b: string): number | undefined {
  if (a.length > 256 || b.length > 256) return undefined;
  const x = a.toLowerCase().replace(/[_\- ]/g, "");
  const y = b.toLowerCase().replace(/[_\- ]/g, "");
  if (x === y) return 0;
  const stem = (word: string) => (word.endsWith("ies") ? `${word.slice(0, -3)}y` : word);
  if (stem(x) === stem(y) && (x.endsWith("ies") || y.endsWith("ies"))) return 0;
  if (x.length >= 4 && y.length >= 4) {
    const allowed = Math.max(x.length, y.length) <= 5 ? 1 : 2;
    const distance = damerau(x, y);
    if (distance <= allowed) return distance;
  }
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length >= 2 && (long.startsWith(short) || long.endsWith(short))) return 3;
  return undefined;
}

/** Optimal string alignment distance, the whole table. */
function damerau(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}

/** The JSON value a string holds, if it is JSON text, with its type. */
function jsonOf(text: string): { value: unknown; type: string } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const type =
    value === null
      ? "null"
      : Array.isArray(value)
        ? "array"
        : typeof value === "number"
          ? "number"
          : typeof value;
  return { value, type };
}
