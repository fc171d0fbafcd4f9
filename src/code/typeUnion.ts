/**
 * A union of generated TypeScript types, written as hosts' linters accept it: each member once
 * (no-duplicate-type-constituents), members that are unions themselves taken apart, and no
 * member that another one already holds (no-redundant-type-constituents): `never` beside
 * others, a literal beside its primitive (`"a" | string`, `1 | number`, `true | boolean`),
 * everything beside `unknown`.
 */
export function unionOf(members: readonly string[]): string {
  const parts = [...new Set(members.flatMap(unionMembers))];
  if (parts.includes("unknown")) return "unknown";
  const kept = parts.filter((part) => part !== "never" && !overridden(part, parts));
  return kept.length === 0 ? "never" : kept.join(" | ");
}

/** Whether a literal type's primitive is among the members. */
function overridden(part: string, parts: readonly string[]): boolean {
  if (part.startsWith('"')) return parts.includes("string");
  if (part === "true" || part === "false") return parts.includes("boolean");
  return NUMBER.test(part) && parts.includes("number");
}

/** A number literal as the emitter writes one (JSON's numbers). */
const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/;

/**
 * The members of a type's text at its top level: split at each ` | ` outside brackets, braces,
 * parentheses, angle brackets, string literals (JSON-quoted: a `"` inside is escaped) and
 * comments (an object type's members carry their descriptions, which may hold any of these).
 */
function unionMembers(type: string): string[] {
  const members: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    const char = type[i];
    if (char === '"') i = stringEnd(type, i);
    else if (type.startsWith("/*", i)) i = endOf(type, "*/", i);
    else if (type.startsWith("//", i)) i = endOf(type, "\n", i);
    else if (char === "(" || char === "[" || char === "{" || char === "<") depth++;
    else if (char === ")" || char === "]" || char === "}" || char === ">") depth--;
    else if (depth === 0 && type.startsWith(" | ", i)) {
      members.push(type.slice(start, i));
      start = i + 3;
      i += 2;
    }
  }
  members.push(type.slice(start));
  return members.map((member) => member.trim());
}

/** The index of the `"` that closes the string literal opening at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return i;
}

/** The index of the last character of `end` after `start`, or the text's end. */
function endOf(text: string, end: string, start: number): number {
  const at = text.indexOf(end, start + 2);
  return at < 0 ? text.length : at + end.length - 1;
}
