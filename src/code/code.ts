import { isIdentifier } from "../diagnostics/schemaPath.js";
import type { JsonValue } from "../extract/values.js";

export { isIdentifier };

/**
 * A piece of generated code. Generated code is built only from `code` templates: anything
 * interpolated that is not already `Code` (a key, a tool name, an enum value) is quoted as a
 * literal, so text from a declaration can never become code.
 */
export class Code {
  readonly #text: string;
  private constructor(text: string) {
    this.#text = text;
  }
  toString(): string {
    return this.#text;
  }
  /** For the emitter's own fixed text only (keywords, operators); never for schema text. */
  static raw(text: string): Code {
    return new Code(text);
  }
}

export type Interpolation = Code | string | number | boolean | null;

/** A tagged template: `code\`if (${name} === ${key}) ...\`` quotes `key`, inserts `name` as is. */
export function code(strings: TemplateStringsArray, ...values: Interpolation[]): Code {
  let text = strings[0]!;
  values.forEach((value, i) => {
    text +=
      (value instanceof Code ? value.toString() : literal(value).toString()) + strings[i + 1]!;
  });
  return Code.raw(text);
}

/**
 * A JavaScript literal for a primitive. JSON.stringify quotes strings with every quote,
 * backslash and control character escaped; U+2028 and U+2029 are escaped too, because they
 * end a line inside a `//` comment and inside string literals of older engines; and the `{` of
 * `${`, which hosts' linters take for a template placeholder in the wrong quotes
 * (no-template-curly-in-string).
 */
export function literal(value: string | number | boolean | null): Code {
  // The extractor reports numbers JSON cannot carry; reaching here with one is a bug.
  if (typeof value === "number" && !Number.isFinite(value))
    throw new Error(`internal error: ${String(value)} reached the emitter`);
  const text = escapeLineSeparators(JSON.stringify(value));
  return Code.raw(typeof value === "string" ? text.replace(/\$\{/g, () => "$\\u007B") : text);
}

/**
 * A JavaScript expression for any JSON value. Arrays and objects go through JSON.parse of a
 * string literal, so a key such as `__proto__` stays an own key (an object literal would set
 * the prototype instead), cast to `type` (JSON.parse gives `any`, which hosts' linters refuse
 * to assign: no-unsafe-assignment).
 */
export function jsonValue(value: JsonValue, type: string): Code {
  if (value === null || typeof value !== "object") return literal(value);
  return code`JSON.parse(${JSON.stringify(value)}) as ${Code.raw(type)}`;
}

/** An object-literal or interface key: bare when it is a plain identifier, quoted otherwise. */
export function propertyName(key: string): Code {
  return isIdentifier(key) && key !== "__proto__" ? Code.raw(key) : literal(key);
}

export function join(parts: readonly Code[], separator: string): Code {
  return Code.raw(parts.map(String).join(separator));
}

/**
 * `switch (<subject>.length) { case n: ... }`: the items grouped by the length of their text,
 * lengths ascending, each group in the items' order, its case's statements from `body`. The
 * dispatch by tool name and the test of an enum's strings (a length rules out most of them
 * before any comparison of text).
 */
export function lengthSwitch<T>(
  subject: Code,
  items: readonly T[],
  textOf: (item: T) => string,
  body: (group: readonly T[]) => Code,
): Code {
  const byLength = new Map<number, T[]>();
  for (const item of items) {
    const length = textOf(item).length;
    const group = byLength.get(length) ?? [];
    group.push(item);
    byLength.set(length, group);
  }
  const cases = [...byLength.entries()]
    .sort(([a], [b]) => a - b)
    .map(([length, group]) => code`case ${length}:\n${body(group)}`);
  return code`switch (${subject}.length) {\n${join(cases, "")}}\n`;
}

/**
 * Text safe inside a `//` comment or a JSDoc block: line breaks (including U+2028/U+2029)
 * and other control characters are escaped, and `*\/` cannot close the block.
 */
export function commentText(text: string): string {
  return escapeLineSeparators(
    // The control characters: U+0000 to U+001F and U+007F, as the characters outside the others
    // (a pattern with control characters in it is what linters reject: no-control-regex).
    text.replace(/[^\u0020-\u007e\u0080-\uffff]/g, (c) =>
      c === "\n" ? "\\n" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    ),
  ).replace(/\*\//g, "*\\/");
}

/**
 * U+2028 and U+2029 escaped, and so is a lone surrogate: a file cannot hold one (UTF-8 turns it
 * into U+FFFD), so the text would differ from what was written and the drift check would
 * never pass.
 */
export function escapeLineSeparators(text: string): string {
  return text
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")
    .replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16)}`,
    );
}

/**
 * Fresh names: counters only, never derived from schema text. One set per generated module,
 * so that a name is unique across all of the module's functions.
 */
export class Names {
  readonly #counters = new Map<string, number>();
  next(prefix: NamePrefix): Code {
    const n = this.#counters.get(prefix) ?? 0;
    this.#counters.set(prefix, n + 1);
    return Code.raw(`${prefix}${n}`);
  }
}

/**
 * What each prefix names: v value, r record, a array, t text (a string), x number, i index,
 * k key, n count, u other keys, s slots, d a path part passed to a function, e enum list or
 * other constant, p path, K declared keys, c functions split off (EmitContext).
 */
export type NamePrefix =
  "v" | "r" | "a" | "t" | "x" | "i" | "k" | "n" | "u" | "s" | "d" | "e" | "p" | "K" | "c";

/**
 * A name for generated exports derived from a tool name: letters and digits only, in
 * PascalCase (`TaskUpdate`, `mcp-tool` -> `McpTool`). Returns undefined when nothing usable is
 * left; callers then fall back to a counter.
 */
export function pascalIdentifier(text: string): string | undefined {
  // Dropping non-ASCII letters would leave a misleading fragment ("ünï" -> "N"): use a counter.
  if (/[\u0080-\uffff]/.test(text)) return undefined;
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
  if (name === "" || /^[0-9]/.test(name)) return undefined;
  return name;
}
