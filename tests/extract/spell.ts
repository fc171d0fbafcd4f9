// Writes a JSON value as TypeScript source in the many ways the language allows: numbers with
// exponents, hex/octal/binary prefixes, separators, unary signs and parentheses; strings in
// single, double and template quotes with every kind of escape, line continuations,
// substitutions and `+`; comments, trailing commas, `as const`, `satisfies`; consts (local,
// imported by name, through a namespace, inside another const), spreads of them, duplicate
// keys whose last assignment wins, numeric and escaped keys. Every choice comes from a seeded
// generator, so a seed gives the same text. What the text means is left to JavaScript: the
// oracle imports it and compares with what the generator reads.
import type { Json } from "../properties/json.js";

/** A deterministic source of choices (mulberry32). */
export class Choices {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  below(count: number): number {
    return Math.floor(this.next() * count);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }
}

/** Words that cannot name a `const` (or would shadow a global the reading treats specially). */
const NOT_A_BINDING = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends " +
    "false finally for function if import in instanceof new null return super switch this throw " +
    "true try typeof var void while with yield let static implements interface package private " +
    "protected public await arguments eval undefined NaN Infinity async of get set"
  ).split(" "),
);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const COMMENTS = ["/* c */", "/** doc */", "// line\n", "/* } ] */"];

/** Modules beside the tool file (all in one folder): `./shared.ts`, `./helper<i>.ts`. */
export interface Beside {
  /** Lines of `./shared.ts`, whose consts the tool file imports. */
  readonly shared: string[];
  /** Import lines of `./shared.ts` (of helper modules). */
  readonly sharedImports: string[];
  /** Lines of each `./helper<i>.ts`, for values that need a module of their own. */
  readonly helpers: string[][];
}

/**
 * Spells values for one module. Constants it hoists go to `local` (this module) or to the
 * shared module; a value holding a `__proto__` key is built in a helper module of its own (a
 * module can declare the name `__proto__` only once).
 */
export class Speller {
  readonly local: string[] = [];
  readonly #beside: Beside;
  /** False in a helper module, which keeps its consts to itself. */
  readonly #shareable: boolean;
  readonly #imports = new Set<string>();
  readonly #helperImports: string[] = [];
  #namespaceImport = false;
  readonly #names = new Set<string>();
  #next = 0;
  readonly #choices: Choices;

  constructor(choices: Choices, beside: Beside, shareable = true) {
    this.#choices = choices;
    this.#beside = beside;
    this.#shareable = shareable;
  }

  /** The tool file's import lines. */
  importLines(): string[] {
    const lines: string[] = [];
    if (this.#imports.size > 0) {
      lines.push(`import { ${[...this.#imports].join(", ")} } from "./shared.js";`);
    }
    if (this.#namespaceImport) lines.push(`import * as Shared from "./shared.js";`);
    lines.push(...this.#helperImports);
    return lines;
  }

  /** An expression for `value`, to be placed in the tool file (or in the shared module). */
  value(value: Json, where: "local" | "shared" = "local", depth = 0): string {
    const c = this.#choices;
    if (depth < 6 && c.chance(0.12)) return this.#hoisted(value, where, depth);
    const text = this.#direct(value, where, depth);
    return this.#wrapped(text, value);
  }

  #direct(value: Json, where: "local" | "shared", depth: number): string {
    if (value === null) return "null";
    if (typeof value === "boolean") return String(value);
    if (typeof value === "number") return this.number(value);
    if (typeof value === "string") return this.string(value, where, depth);
    if (Array.isArray(value)) return this.#array(value, where, depth);
    return this.#object(value, where, depth);
  }

  /** `(x)`, `x as const`, `x satisfies T`, a comment before, or `x` as it is: the same value. */
  #wrapped(text: string, value: Json): string {
    const c = this.#choices;
    switch (c.below(10)) {
      case 0:
        return `(${text})`;
      case 1:
        return `${text} as const`;
      case 2:
        return `${text} satisfies ${typeOf(value)}`;
      case 3:
        return `${c.pick(COMMENTS)} ${text}`;
      default:
        return text;
    }
  }

  /** Declares a const for `value` and refers to it in one of several ways. */
  #hoisted(value: Json, where: "local" | "shared", depth: number): string {
    const c = this.#choices;
    const name = `C${this.#next++}`;
    const toShared = where === "shared" || (this.#shareable && c.chance(0.4));
    const inner = this.value(value, toShared ? "shared" : "local", depth + 1);
    // Inside another const: `Box.k` or `Box["k"]`.
    if (c.chance(0.2)) {
      const key = c.pick(["k", "0", "a b", "x"]);
      const keyText = IDENTIFIER.test(key) ? key : JSON.stringify(key);
      (toShared ? this.#beside.shared : this.local).push(
        `${toShared ? "export " : ""}const ${name} = { other: 1, ${keyText}: ${inner} };`,
      );
      const base = toShared && where === "local" ? this.#sharedRef(name) : name;
      // Plain, optional (`?.`) or non-null (`!`) access: the same value.
      const access = c.pick(["", "?.", "!"]);
      return IDENTIFIER.test(key) && c.chance(0.5)
        ? `${base}${access === "" ? "." : access === "!" ? "!." : "?."}${key}`
        : `${base}${access}[${JSON.stringify(key)}]`;
    }
    const holder = c.below(8);
    const exported = toShared ? "export " : "";
    if (holder === 0 && (typeof value === "string" || typeof value === "number")) {
      // An enum member, perhaps after others (`E.M`, `E["M"]`).
      const before = c.pick(["", "First, ", 'Text = "text", ', "Flag = 1 << 3, "]);
      (toShared ? this.#beside.shared : this.local).push(
        `${exported}${c.chance(0.3) ? "const " : ""}enum ${name} { ${before}M = ${inner} }`,
      );
      const base = toShared && where === "local" ? this.#sharedRef(name) : name;
      return c.chance(0.5) ? `${base}.M` : `${base}["M"]`;
    }
    if (holder === 1) {
      // A static readonly class property, perhaps read through `this` in another one.
      const viaThis = c.chance(0.3);
      (toShared ? this.#beside.shared : this.local).push(
        viaThis
          ? `${exported}class ${name} { static readonly V = ${inner}; static readonly M = this.V; }`
          : `${exported}class ${name} { static readonly M = ${inner}; }`,
      );
      const base = toShared && where === "local" ? this.#sharedRef(name) : name;
      return `${base}.M`;
    }
    (toShared ? this.#beside.shared : this.local).push(`${exported}const ${name} = ${inner};`);
    return toShared && where === "local" ? this.#sharedRef(name) : name;
  }

  /** A shared const as the tool file sees it: imported by name, renamed, or via the namespace. */
  #sharedRef(name: string): string {
    const c = this.#choices;
    switch (c.below(3)) {
      case 0:
        this.#imports.add(name);
        return name;
      case 1:
        this.#imports.add(`${name} as ${name}_`);
        return `${name}_`;
      default:
        this.#namespaceImport = true;
        return `Shared.${name}`;
    }
  }

  number(value: number): string {
    const c = this.#choices;
    if (Object.is(value, -0)) return c.pick(["-0", "-(0)", "-0x0", "-0.0", "-0e5", "- 0"]);
    if (value < 0) {
      const positive = this.number(-value);
      return c.pick([`-${positive}`, `-(${positive})`, `- ${positive}`, `(-${positive})`]);
    }
    if (Number.isSafeInteger(value) && value > 1 && c.chance(0.15)) {
      const left = c.below(value);
      const forms = [
        `(${left} + ${value - left})`,
        `(${value + left} - ${left})`,
        `(${value} * 1)`,
      ];
      // Bitwise operators work on 32-bit integers.
      if (value < 2 ** 31) forms.push(`(${value} | 0)`, `(${value} << 0)`, `(~~${value})`);
      if (Number.isInteger(Math.log2(value))) forms.push(`(2 ** ${Math.log2(value)})`);
      return c.pick(forms);
    }
    const text = numericLiteral(value, c);
    return c.chance(0.1) ? `+${text}` : text;
  }

  /** A string in one of the quotings, perhaps cut into substitutions or a `+` chain. */
  string(value: string, where: "local" | "shared" = "local", depth = 0): string {
    const c = this.#choices;
    const form = c.below(depth > 3 ? 3 : 6);
    if (form <= 1 || value.length === 0) return quoted(value, c.pick(['"', "'"]), c);
    if (form === 2) return quoted(value, "`", c);
    const cut = 1 + c.below(Math.max(1, value.length - 1));
    const [left, right] = [value.slice(0, cut), value.slice(cut)];
    if (form === 3) {
      // `a${"b"}`, `${0}c`: substituted parts are spelled as values of their own.
      return `\`${templateText(left, c)}\${${this.#substitution(right, where, depth)}}\``;
    }
    if (form === 4)
      return `\`\${${this.#substitution(left, where, depth)}}${templateText(right, c)}\``;
    // `"a" + 1` is "a1": a number on the right of a string prints as JavaScript prints it.
    const number = printedNumber(right);
    if (number !== undefined && this.#choices.chance(0.5))
      return `${this.string(left, where, depth + 1)} + ${number}`;
    return `${this.string(left, where, depth + 1)} + ${this.string(right, where, depth + 1)}`;
  }

  /** A substitution that gives `text`: a string, or a number, boolean or null that prints as it. */
  #substitution(text: string, where: "local" | "shared", depth: number): string {
    if (text === "true" || text === "false" || text === "null") return text;
    const number = printedNumber(text);
    if (number !== undefined && this.#choices.chance(0.7)) return number;
    return this.value(text, where, depth + 1);
  }

  #array(elements: readonly Json[], where: "local" | "shared", depth: number): string {
    const c = this.#choices;
    const parts: string[] = [];
    let i = 0;
    while (i < elements.length) {
      const take = 1 + c.below(Math.min(3, elements.length - i));
      const segment = elements.slice(i, i + take);
      i += take;
      const characters = segment.every(
        (e) => typeof e === "string" && [...e].length === 1 && !LONE_SURROGATE.test(e),
      );
      if (characters && c.chance(0.5)) {
        // A string spreads into its code points.
        parts.push(`...${quoted(segment.join(""), '"', c)}`);
      } else if (c.chance(0.15)) {
        parts.push(`...${this.value(segment as Json, where, depth + 1)}`);
      } else {
        parts.push(...segment.map((e) => this.value(e, where, depth + 1)));
      }
    }
    return `[${this.#list(parts)}]`;
  }

  #object(object: { [key: string]: Json }, where: "local" | "shared", depth: number): string {
    const c = this.#choices;
    const keys = Object.keys(object);
    // An own `__proto__` key: `{ __proto__ }` in a helper module, or a computed `["__proto__"]`.
    if (keys.includes("__proto__") && c.chance(0.5)) return this.#protoObject(object, where, depth);
    const parts: string[] = [];
    let i = 0;
    while (i < keys.length) {
      const take = 1 + c.below(Math.min(3, keys.length - i));
      const segment = keys.slice(i, i + take);
      i += take;
      if (c.chance(0.15)) {
        const inner: { [key: string]: Json } = {};
        for (const key of segment) inner[key] = object[key]!;
        parts.push(`...${this.value(inner, where, depth + 1)}`);
        continue;
      }
      for (const key of segment) {
        // An earlier assignment of the same key: the last one wins.
        if (c.chance(0.08))
          parts.push(
            `${this.key(key, where, depth)}: ${this.value(c.pick([0, "decoy", null]), where, depth + 1)}`,
          );
        if (c.chance(0.05))
          parts.push(`...${c.pick(["null", "undefined", "0", "true", "[]", "{}"])}`);
        parts.push(this.#property(key, object[key]!, where, depth));
      }
    }
    return `{${this.#list(parts)}}`;
  }

  #property(key: string, value: Json, where: "local" | "shared", depth: number): string {
    const c = this.#choices;
    // Shorthand `{ key }` for a const named like the key.
    if (
      where === "local" &&
      IDENTIFIER.test(key) &&
      key !== "__proto__" &&
      !NOT_A_BINDING.has(key) &&
      !/^[CP]\d+_?$/.test(key) &&
      !["Shared", "NAME", "PARAMETERS", "tool"].includes(key) &&
      !this.#names.has(key) &&
      c.chance(0.1)
    ) {
      this.#names.add(key);
      this.local.push(`const ${key} = ${this.value(value, "local", depth + 1)};`);
      return key;
    }
    return `${this.key(key, where, depth)}: ${this.value(value, where, depth + 1)}`;
  }

  /** A `{ __proto__, ... }` literal, the one way to spell an own `__proto__` key, in a helper module. */
  #protoObject(object: { [key: string]: Json }, where: "local" | "shared", depth: number): string {
    const index = this.#beside.helpers.length;
    const lines: string[] = [];
    this.#beside.helpers.push(lines);
    const helper = new Speller(this.#choices, this.#beside, false);
    const rest = Object.keys(object)
      .filter((key) => key !== "__proto__")
      .map((key) => `${helper.key(key)}: ${helper.value(object[key]!, "local", depth + 1)}`);
    const proto = helper.value(object.__proto__!, "local", depth + 1);
    const parts = [...rest];
    parts.splice(this.#choices.below(rest.length + 1), 0, "__proto__");
    lines.push(
      ...helper.importLines(),
      ...helper.local,
      `const __proto__ = ${proto};`,
      `export const P${index} = {${parts.join(", ")}};`,
    );
    const line = `import { P${index} } from "./helper${index}.js";`;
    (where === "shared" ? this.#beside.sharedImports : this.#helperImports).push(line);
    return `P${index}`;
  }

  /**
   * A property name for `key`: an identifier (perhaps with an escape), a string, a number, or a
   * computed key whose value converts to it (a string spelled any way, a number whose canonical
   * text it is, a const, an enum member or a static property holding one).
   */
  key(key: string, where: "local" | "shared" = "local", depth = 0): string {
    const c = this.#choices;
    if (key === "__proto__" || c.chance(0.15)) {
      const number = Number(key);
      const canonical = key !== "" && String(number) === key;
      if (canonical && c.chance(0.6)) {
        const text = Number.isNaN(number)
          ? "0 / 0"
          : Object.is(number, 0) && c.chance(0.5)
            ? "-0"
            : (printedNumber(key) ?? this.number(number));
        return `[${text}]`;
      }
      return `[${this.value(key, where, depth + 1)}]`;
    }
    if (key !== "" && String(Number(key)) === key && !key.startsWith("-") && c.chance(0.7)) {
      // A numeric literal whose canonical text is the key ("Infinity" is 1e999).
      return key === "Infinity" ? "1e999" : numericLiteral(Number(key), c);
    }
    if (IDENTIFIER.test(key) && key !== "__proto__" && c.chance(0.6)) {
      if (c.chance(0.15)) {
        const at = c.below(key.length);
        const code = key.charCodeAt(at).toString(16).padStart(4, "0");
        return `${key.slice(0, at)}\\u${c.chance(0.5) ? code : `{${code}}`}${key.slice(at + 1)}`;
      }
      return key;
    }
    return quoted(key, c.pick(['"', "'"]), c);
  }

  /** Elements or properties with random spacing, comments and maybe a trailing comma. */
  #list(parts: readonly string[]): string {
    const c = this.#choices;
    const separator = () => c.pick([", ", ",", ",\n  ", ` ${c.pick(COMMENTS)}, `, ", /* x */ "]);
    let text = "";
    parts.forEach((part, index) => {
      if (index > 0) text += separator();
      text += part;
    });
    if (parts.length > 0 && c.chance(0.3)) text += c.pick([",", ", ", ",\n"]);
    return c.chance(0.2) ? ` ${text} ` : text;
  }
}

function typeOf(value: Json): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "readonly unknown[]";
  if (typeof value === "object") return "Record<string, unknown>";
  return typeof value;
}

/** An expression for a number that JavaScript prints as `text` ("0" may be -0), if there is one. */
function printedNumber(text: string): string | undefined {
  if (text === "Infinity") return "1e999";
  if (text === "-Infinity") return "-1e999";
  if (text === "0") return "-0";
  const value = Number(text);
  if (text === "" || !Number.isFinite(value) || String(value) !== text) return undefined;
  return value < 0 ? `(${value})` : String(value);
}

/** A numeric literal for a finite number >= 0, in one of the spellings that read as it. */
function numericLiteral(value: number, c: Choices): string {
  const forms: string[] = [String(value), value.toExponential(), value.toPrecision(17)];
  if (Number.isInteger(value)) {
    const hex = value.toString(16);
    forms.push(
      `0x${hex}`,
      `0X${hex.toUpperCase()}`,
      `0o${value.toString(8)}`,
      `0b${value.toString(2)}`,
    );
    if (value < 1000) forms.push(`${value}.`, `${value}.0`, `${value}e0`);
  }
  if (value > 0 && value < 1 && String(value).startsWith("0.")) forms.push(String(value).slice(1));
  const text = c.pick(forms);
  return c.chance(0.3) ? withSeparators(text, c) : text;
}

/** Inserts `_` between some digits (never next to a prefix, point, exponent or another `_`). */
function withSeparators(text: string, c: Choices): string {
  const prefixed = /^0[xXoObB]/.test(text);
  const head = prefixed ? text.slice(0, 2) : "";
  const body = prefixed ? text.slice(2) : text;
  const digit = prefixed ? /[0-9A-Fa-f]/ : /[0-9]/;
  let out = head;
  for (let i = 0; i < body.length; i++) {
    out += body[i];
    const next = body[i + 1];
    if (next !== undefined && digit.test(body[i]!) && digit.test(next) && c.chance(0.3)) out += "_";
  }
  return out;
}

const SINGLE_ESCAPES: Record<string, string> = {
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
};

/** `text` between `quote`s (`"`, `'` or a backtick), each character raw or escaped at random. */
function quoted(text: string, quote: string, c: Choices): string {
  return quote === "`"
    ? `\`${templateText(text, c)}\``
    : `${quote}${escaped(text, quote, c)}${quote}`;
}

function templateText(text: string, c: Choices): string {
  return escaped(text, "`", c);
}

function escaped(text: string, quote: string, c: Choices): string {
  let out = "";
  const units = text;
  for (let i = 0; i < units.length; i++) {
    const unit = units.charCodeAt(i);
    const isHigh = unit >= 0xd800 && unit <= 0xdbff;
    const low = units.charCodeAt(i + 1);
    const paired = isHigh && low >= 0xdc00 && low <= 0xdfff;
    const character = paired ? units.slice(i, i + 2) : units[i]!;
    if (paired) i++;
    const codePoint = character.codePointAt(0)!;
    const nextIsDigit = /[0-9]/.test(units[i + 1] ?? "");
    // A line continuation adds nothing to the value.
    if (c.chance(0.03)) out += c.pick(["\\\n", "\\\r\n"]);
    const mustEscape =
      character === quote ||
      character === "\\" ||
      character === "\r" ||
      character === "\0" ||
      (character === "\n" && quote !== "`") ||
      (character === "$" && quote === "`" && units[i + 1] === "{") ||
      (!paired && unit >= 0xd800 && unit <= 0xdfff);
    if (!mustEscape && c.chance(0.7)) {
      // In a template, a raw CR LF or a lone CR reads as LF.
      out += character === "\n" && c.chance(0.3) ? c.pick(["\r\n", "\r"]) : character;
      continue;
    }
    const forms: string[] = [
      `\\u{${codePoint.toString(16)}}`,
      `\\u{00${codePoint.toString(16).toUpperCase()}}`,
    ];
    if (codePoint <= 0xffff) forms.push(`\\u${codePoint.toString(16).padStart(4, "0")}`);
    else forms.push(`\\u${unit.toString(16)}\\u${low.toString(16)}`);
    if (codePoint < 0x100) forms.push(`\\x${codePoint.toString(16).padStart(2, "0")}`);
    if (SINGLE_ESCAPES[character]) forms.push(SINGLE_ESCAPES[character]);
    if (character === "\0" && !nextIsDigit) forms.push("\\0");
    if (/^["'`\\$]$/.test(character)) forms.push(`\\${character}`);
    out += c.pick(forms);
  }
  return out;
}
