/**
 * When two names are close enough for one to be suggested for the other. One rule serves the
 * hints given to the model (an unexpected key next to a declared key it left out) and the
 * generator's "did you mean" for misspelt keywords and types. Returns how close they are
 * (lower is closer) or undefined when they are not close:
 *
 * - 0: equal once case, `_`, `-` and spaces are ignored (`outputMode` / `output_mode`), a
 *   plural ending `ies` counting as `y` (`additionalProperty` / `additionalProperties`);
 * - 1 or 2: a typo between names of 4 or more characters: an edit distance (a swap of two
 *   neighbours is one edit) of 1 up to 5 characters, 2 beyond (`lable` / `label`);
 * - 3: one starts or ends with the other and the shorter has 2 or more characters
 *   (`id` / `taskId`, `path` / `file_path`).
 *
 * Two short names such as `a` and `b` are never close, nor is a name of more than 256
 * characters to anything (which also bounds the cost on hostile input). Lengths and edits are
 * counted on the simplified names.
 */
export function closeness(a: string, b: string): number | undefined {
  const x = comparable(a);
  const y = comparable(b);
  return x === undefined || y === undefined ? undefined : comparableCloseness(x, y);
}

/** The closest candidate within `limit` (ties: the first in the list), if any. */
export function nearest(
  name: string,
  candidates: readonly string[],
  limit = 3,
): string | undefined {
  let best: string | undefined;
  let bestCloseness = limit + 1;
  for (const candidate of candidates) {
    const value = closeness(name, candidate);
    if (value !== undefined && value < bestCloseness) {
      best = candidate;
      bestCloseness = value;
    }
  }
  return best;
}

/** Names longer than this are never close to anything. */
export const MAX_NAME = 256;

/** A name as `closeness` compares it: lower case, without `_`, `-` and spaces. */
export function simplified(name: string): string {
  // Most names need nothing: no copy is made for them.
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    // Upper-case ASCII, a separator, or anything beyond ASCII (whose lower case needs the
    // full mapping).
    if (isUpperAscii(code) || isSeparator(code) || code > 0x7f) {
      return withoutSeparators(name.toLowerCase());
    }
  }
  return name;
}

function withoutSeparators(lower: string): string {
  // The pieces between separators, joined.
  let text = "";
  let from = 0;
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    if (isSeparator(code)) {
      text += lower.slice(from, i);
      from = i + 1;
    }
  }
  return from === 0 ? lower : text + lower.slice(from);
}

/** `_`, `-` or a space: what a simplified name leaves out. */
function isSeparator(code: number): boolean {
  return code === 0x5f || code === 0x2d || code === 0x20;
}

function isUpperAscii(code: number): boolean {
  return code >= 0x41 && code <= 0x5a;
}

/** Whether two simplified names differ only in a plural ending `ies` / `y`. */
function pluralOf(x: string, y: string): boolean {
  const plural = x.length > y.length ? x : y;
  const singular = plural === x ? y : x;
  return (
    plural.length === singular.length + 2 &&
    plural.endsWith("ies") &&
    singular.endsWith("y") &&
    plural.startsWith(singular.slice(0, -1))
  );
}

/**
 * A name made ready for many comparisons: the length and the set of characters of its
 * simplified form, which rule out most pairs without it; the simplified text itself is made
 * when a comparison needs it (`textOf`).
 */
export interface ComparableName {
  readonly name: string;
  /** The simplified name, once made. */
  text: string | undefined;
  readonly length: number;
  /** The characters of the simplified name, folded into 32 buckets (see `mayBeWithin`). */
  readonly characters: number;
}

/** The name ready for comparing, or undefined when it is too long to be close to anything. */
export function comparable(name: string): ComparableName | undefined {
  if (name.length > MAX_NAME) return undefined;
  // One pass for the usual ASCII name: the length and character set of its simplified form
  // (lower case, no separators), and whether simplifying changes it at all.
  let set = 0;
  let length = 0;
  let kinds = 0;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code > 0x7f) {
      // The full lower-case mapping, which may change the length.
      const text = simplified(name);
      return { name, text, length: text.length, characters: characterSet(text) };
    }
    set |= BUCKET[code] ?? 0;
    const kind = KIND[code] ?? 0;
    length += kind & KEPT;
    kinds |= kind;
  }
  return { name, text: (kinds & CHANGED) === 0 ? name : undefined, length, characters: set };
}

/**
 * Per ASCII character: its bucket in a simplified name's character set (none for a
 * separator); whether simplifying keeps it (KEPT) and changes it (CHANGED: a separator, an
 * upper-case letter); its simplified form (FOLDED: lower case, -1 for a separator). Tables
 * instead of tests: names are random to the branch predictor, whose misses cost more.
 */
const BUCKET = new Int32Array(128);
const KIND = new Uint8Array(128);
const FOLDED = new Int16Array(128);
const KEPT = 1;
const CHANGED = 2;
for (let code = 0; code < 128; code++) {
  const separator = isSeparator(code);
  const upper = isUpperAscii(code);
  const folded = upper ? code | 0x20 : code;
  BUCKET[code] = separator ? 0 : 1 << (folded & 31);
  KIND[code] = (separator ? 0 : KEPT) | (separator || upper ? CHANGED : 0);
  FOLDED[code] = separator ? -1 : folded;
}

function textOf(name: ComparableName): string {
  if (name.text === undefined) name.text = simplified(name.name);
  return name.text;
}

/**
 * `closeness` of two names made ready by `comparable`. Only `b`'s simplified text is made (a
 * declared key keeps it); `a`, the name of a call, is compared from its own characters where
 * the rule allows, without making a string (that cost more than the comparisons).
 */
export function comparableCloseness(a: ComparableName, b: ComparableName): number | undefined {
  if (!mayBeClose(a, b)) return undefined;
  const y = textOf(b);
  if (a.length === b.length && sameSimplified(a, y, 0, a.length)) return 0;
  const difference = a.length - b.length;
  if ((difference === 2 || difference === -2) && pluralOf(textOf(a), y)) return 0;
  if (a.length >= 4 && b.length >= 4) {
    const allowed = Math.max(a.length, b.length) <= 5 ? 1 : 2;
    if (Math.abs(difference) <= allowed && mayBeWithin(a.characters, b.characters, allowed)) {
      const distance = editDistance(textOf(a), y, allowed);
      if (distance <= allowed) return distance;
    }
  }
  // One starts or ends with the other: the shorter's text against the longer's start or end.
  // Of two names as long, that is being equal, ruled out above.
  if (difference === 0) return undefined;
  if (difference < 0) {
    if (a.length < 2) return undefined;
    return sameSimplified(a, y, 0, a.length) || sameSimplified(a, y, b.length - a.length, a.length)
      ? 3
      : undefined;
  }
  if (b.length < 2) return undefined;
  return sameSimplified(a, y, 0, b.length) || simplifiedEndsWith(a, y) ? 3 : undefined;
}

/**
 * Whether the first `count` characters of `name`'s simplified text are those of `text` from
 * `offset`. A name without its text yet is plain ASCII (`comparable` makes the text of any
 * other): read through FOLDED, separators skipped.
 */
function sameSimplified(
  name: ComparableName,
  text: string,
  offset: number,
  count: number,
): boolean {
  const own = name.text;
  if (own !== undefined) {
    for (let k = 0; k < count; k++) {
      if (own.charCodeAt(k) !== text.charCodeAt(offset + k)) return false;
    }
    return true;
  }
  const raw = name.name;
  let j = 0;
  for (let i = 0; j < count; i++) {
    const folded = FOLDED[raw.charCodeAt(i)] ?? -1;
    if (folded < 0) continue;
    if (folded !== text.charCodeAt(offset + j)) return false;
    j++;
  }
  return true;
}

/** Whether `name`'s simplified text ends with `text` (no longer than it), read from the end. */
function simplifiedEndsWith(name: ComparableName, text: string): boolean {
  if (name.text !== undefined) return name.text.endsWith(text);
  const raw = name.name;
  let j = text.length - 1;
  for (let i = raw.length - 1; j >= 0; i--) {
    const folded = FOLDED[raw.charCodeAt(i)] ?? -1;
    if (folded < 0) continue;
    if (folded !== text.charCodeAt(j)) return false;
    j--;
  }
  return true;
}

/**
 * What each rule needs of the lengths and character sets alone: equal names have equal sets;
 * a plural is 2 longer and differs in at most 4 buckets (`ies` / `y`); a typo is within 2 in
 * length and 4 buckets; a name that starts or ends with another has all of its characters.
 */
function mayBeClose(a: ComparableName, b: ComparableName): boolean {
  const difference = a.length - b.length;
  if (difference >= -2 && difference <= 2 && mayBeWithin(a.characters, b.characters, 2))
    return true;
  const shorter = difference <= 0 ? a : b;
  const longer = difference <= 0 ? b : a;
  return shorter.length >= 2 && (shorter.characters & ~longer.characters) === 0;
}

/**
 * A quick test that rules out most pairs before the edit distance is computed: the sets of
 * characters (folded into 32 buckets) of two names within `limit` edits differ in at most
 * 2 * limit buckets, as one edit adds or removes at most one character on each side.
 */
function mayBeWithin(x: number, y: number, limit: number): boolean {
  return bitCount(x ^ y) <= 2 * limit;
}

/** The bits set in a 32-bit integer, counted without a loop (whose exits mispredict). */
function bitCount(bits: number): number {
  let n = bits - ((bits >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  n = (n + (n >>> 4)) & 0x0f0f0f0f;
  return Math.imul(n, 0x01010101) >>> 24;
}

function characterSet(text: string): number {
  let set = 0;
  for (let i = 0; i < text.length; i++) set |= 1 << (text.charCodeAt(i) & 31);
  return set;
}

/**
 * Edit distance in which a swap of two neighbouring characters is one edit (`tpye` / `type`),
 * or `limit + 1` once it is sure to exceed `limit`. Only the cells within `limit` of the
 * diagonal can hold a distance within `limit`, so only those are computed, in three rows
 * reused by every call (made longer for a name whose lower case is longer than MAX_NAME).
 */
function editDistance(a: string, b: string, limit: number): number {
  // The common beginning and end take no edits: only what lies between them is compared, a
  // few characters for the usual typo (by offsets: nothing is copied).
  let start = 0;
  while (start < a.length && start < b.length && a.charCodeAt(start) === b.charCodeAt(start))
    start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const lengthA = endA - start;
  const lengthB = endB - start;
  if (lengthA === 0 || lengthB === 0) return Math.min(lengthA + lengthB, limit + 1);
  const outside = limit + 1;
  const width = lengthB + 1;
  // A name's lower case can be longer than the name (`İ` is two characters in lower case).
  if (3 * width > table.length) table = new Int32Array(3 * width);
  // Row r of the table lives at offset (r % 3) * width; a[start + i - 1] is row i's character.
  for (let j = 0; j < width; j++) table[j] = j <= limit ? j : outside;
  for (let i = 1; i <= lengthA; i++) {
    const current = (i % 3) * width;
    const previous = ((i - 1) % 3) * width;
    const beforePrevious = ((i + 1) % 3) * width;
    const from = Math.max(1, i - limit);
    const to = Math.min(lengthB, i + limit);
    table[current + from - 1] = from === 1 && i <= limit ? i : outside;
    if (to < lengthB) table[current + to + 1] = outside;
    const charA = a.charCodeAt(start + i - 1);
    const charABefore = i > 1 ? a.charCodeAt(start + i - 2) : -1;
    // Column 0 (i deletions) is in the band while i <= limit.
    let rowMinimum = i <= limit ? i : outside;
    for (let j = from; j <= to; j++) {
      const charB = b.charCodeAt(start + j - 1);
      let value = (table[previous + j - 1] ?? outside) + (charA === charB ? 0 : 1);
      const deletion = (table[previous + j] ?? outside) + 1;
      if (deletion < value) value = deletion;
      const insertion = (table[current + j - 1] ?? outside) + 1;
      if (insertion < value) value = insertion;
      if (j > 1 && charABefore === charB && charA === b.charCodeAt(start + j - 2)) {
        const swap = (table[beforePrevious + j - 2] ?? outside) + 1;
        if (swap < value) value = swap;
      }
      table[current + j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return outside;
  }
  return Math.min(table[(lengthA % 3) * width + lengthB] ?? outside, outside);
}

let table = new Int32Array(3 * (MAX_NAME + 2));
