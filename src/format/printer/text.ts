// Prettier's text scanning helpers (src/utilities), on the original text.

type Index = number | false;

function skip(chars: string | RegExp) {
  return (text: string, start: Index, backwards = false): Index => {
    if (start === false) return false;
    const { length } = text;
    let cursor = start;
    while (cursor >= 0 && cursor < length) {
      const c = text.charAt(cursor);
      if (chars instanceof RegExp ? !chars.test(c) : !chars.includes(c)) return cursor;
      if (backwards) cursor--;
      else cursor++;
    }
    if (cursor === -1 || cursor === length) return cursor;
    return false;
  };
}

export const skipWhitespace = skip(/\s/);
export const skipSpaces = skip(" \t");
export const skipToLineEnd = skip(",; \t");
export const skipEverythingButNewLine = skip(/[^\n\r]/);

const isNewlineCharacter = (c: string) =>
  c === "\n" || c === "\r" || c === "\u2028" || c === "\u2029";

export function skipNewline(text: string, start: Index, backwards = false): Index {
  if (start === false) return false;
  const c = text.charAt(start);
  if (backwards) {
    if (text.charAt(start - 1) === "\r" && c === "\n") return start - 2;
    if (isNewlineCharacter(c)) return start - 1;
  } else {
    if (c === "\r" && text.charAt(start + 1) === "\n") return start + 2;
    if (isNewlineCharacter(c)) return start + 1;
  }
  return start;
}

export function skipInlineComment(text: string, start: Index): Index {
  if (start === false) return false;
  if (text.charAt(start) === "/" && text.charAt(start + 1) === "*") {
    for (let i = start + 2; i < text.length; ++i) {
      if (text.charAt(i) === "*" && text.charAt(i + 1) === "/") return i + 2;
    }
  }
  return start;
}

export function skipTrailingComment(text: string, start: Index): Index {
  if (start === false) return false;
  if (text.charAt(start) === "/" && text.charAt(start + 1) === "/")
    return skipEverythingButNewLine(text, start);
  return start;
}

export function hasNewline(text: string, start: number, backwards = false): boolean {
  const idx = skipSpaces(text, backwards ? start - 1 : start, backwards);
  const idx2 = skipNewline(text, idx, backwards);
  return idx !== idx2;
}

export function hasNewlineInRange(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; ++i) if (text.charAt(i) === "\n") return true;
  return false;
}

export function isNextLineEmptyAfterIndex(text: string, start: number): boolean {
  let oldIdx: Index = null as unknown as Index;
  let idx: Index = start;
  while (idx !== oldIdx) {
    oldIdx = idx;
    idx = skipToLineEnd(text, idx);
    idx = skipInlineComment(text, idx);
    idx = skipSpaces(text, idx);
  }
  idx = skipTrailingComment(text, idx);
  idx = skipNewline(text, idx);
  return idx !== false && hasNewline(text, idx);
}

export function isPreviousLineEmpty(text: string, start: number): boolean {
  let idx: Index = start - 1;
  idx = skipSpaces(text, idx, true);
  idx = skipNewline(text, idx, true);
  idx = skipSpaces(text, idx, true);
  const idx2 = skipNewline(text, idx, true);
  return idx !== idx2;
}

export function getNextNonSpaceNonCommentCharacterIndex(text: string, start: number): Index {
  let oldIdx: Index = null as unknown as Index;
  let nextIdx: Index = start;
  while (nextIdx !== oldIdx) {
    oldIdx = nextIdx;
    nextIdx = skipSpaces(text, nextIdx);
    nextIdx = skipInlineComment(text, nextIdx);
    nextIdx = skipTrailingComment(text, nextIdx);
    nextIdx = skipNewline(text, nextIdx);
  }
  return nextIdx;
}
