// A tool call's arguments text, parsed. A reply cut off at the model's output limit leaves
// JSON that stops in the middle; it is completed (open strings and brackets closed, a member
// cut in half dropped) and read, and the call carries a note saying so.

export const TRUNCATION_NOTE =
  "Note: the arguments of this call were cut off (likely at the output limit) and were completed to be read; send shorter arguments or split the work into several calls.";

export type ParsedArguments =
  { readonly args: Record<string, unknown>; readonly note?: string } | { readonly error: string };

export function parseToolArguments(text: string): ParsedArguments {
  if (text.trim() === "") return { args: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const completed = completeTruncatedJson(text);
    if (completed === undefined) return { error: `invalid JSON: ${(error as Error).message}` };
    value = completed;
    if (!isObject(value)) return { error: "the arguments must be a JSON object" };
    return { args: value, note: TRUNCATION_NOTE };
  }
  if (!isObject(value)) return { error: "the arguments must be a JSON object" };
  return { args: value };
}

/**
 * The value of JSON text that stops early, completed: each cut point (the end, then every
 * comma outside strings, from the last) is tried with what it leaves open closed.
 */
function completeTruncatedJson(text: string): unknown {
  const cuts = [text.length];
  scan(text, (index) => cuts.push(index));
  for (const cut of cuts.sort((a, b) => b - a).slice(0, 50)) {
    const prefix = text.slice(0, cut);
    const { closers, inString } = scan(prefix);
    try {
      return JSON.parse(`${prefix}${inString ? '"' : ""}${closers}`);
    } catch {
      // Try the next cut.
    }
  }
  return undefined;
}

/** The brackets left open at the end of `text`, and whether it ends inside a string. */
function scan(
  text: string,
  comma?: (index: number) => void,
): { closers: string; inString: boolean } {
  const open: string[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") open.push("}");
    else if (char === "[") open.push("]");
    else if (char === "}" || char === "]") open.pop();
    else if (char === ",") comma?.(i);
  }
  return { closers: open.reverse().join(""), inString };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
