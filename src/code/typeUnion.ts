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
 * parentheses, angle brackets and string literals (JSON-quoted: a `"` inside is escaped).
 */
function unionMembers(type: string): string[] {
  const members: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    const char = type[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
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
