// How a failing case is shown: JSON where JSON can say it, and for what only JavaScript can
// send (undefined, NaN, bigint, inherited or non-enumerable keys) a plain description.

/** JSON text of a value; non-JSON parts are written as `<undefined>`, `<NaN>`, `<inherited k: v>`... */
export function show(value: unknown): string {
  return describe(value, new Set());
}

function describe(value: unknown, seen: Set<object>): string {
  if (value === undefined) return "<undefined>";
  if (typeof value === "number")
    return Number.isFinite(value) ? JSON.stringify(value) : `<${value}>`;
  if (typeof value === "bigint") return `<${value}n>`;
  if (typeof value === "function") return "<function>";
  if (typeof value === "symbol") return `<${String(value)}>`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (seen.has(value)) return "<cycle>";
  seen.add(value);
  try {
    if (Array.isArray(value))
      return `[${value.map((element) => describe(element, seen)).join(",")}]`;
    const parts: string[] = [];
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key !== "string") continue;
      const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
      const text = `${JSON.stringify(key)}:${describe(descriptor.value, seen)}`;
      parts.push(descriptor.enumerable ? text : `<non-enumerable ${text}>`);
    }
    const proto = Object.getPrototypeOf(value) as object | null;
    if (proto !== null && proto !== Object.prototype) {
      for (const key of Object.keys(proto)) {
        parts.push(
          `<inherited ${JSON.stringify(key)}:${describe((proto as Record<string, unknown>)[key], seen)}>`,
        );
      }
    }
    return `{${parts.join(",")}}`;
  } finally {
    seen.delete(value);
  }
}

/** The issues as plain data, fields in one order, for comparing and printing. */
export function plainIssues(issues: readonly object[] | undefined): unknown[] | undefined {
  if (issues === undefined) return undefined;
  return issues.map((issue) => {
    const { code, path, expected, received, values, hint, ...rest } = issue as Record<
      string,
      unknown
    >;
    const out: Record<string, unknown> = { code, path: [...(path as unknown[])] };
    if (expected !== undefined) out.expected = expected;
    if (received !== undefined) out.received = received;
    if (values !== undefined) out.values = [...(values as unknown[])];
    if (hint !== undefined) out.hint = { ...(hint as object) };
    if (Object.keys(rest).length > 0) out.extra = rest;
    return out;
  });
}
