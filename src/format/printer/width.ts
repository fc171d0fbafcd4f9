// prettier's getStringWidth (src/utilities/get-string-width.js), with its tables (tables.ts).
import { EMOJI, FULLWIDTH_RANGES, NARROW_EMOJI, WIDE_RANGES } from "./tables.js";

const NOT_ASCII = /[^\x20-\x7F]/;
const ZERO_WIDTH_MARK = /[\p{Nonspacing_Mark}\p{Enclosing_Mark}]/u;

function isInRange(ranges: readonly number[], codePoint: number): boolean {
  let low = 0;
  let high = Math.floor(ranges.length / 2) - 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const i = mid * 2;
    if (codePoint < ranges[i]!) high = mid - 1;
    else if (codePoint > ranges[i + 1]!) low = mid + 1;
    else return true;
  }
  return false;
}

const COMMON_CJK = 19968;
const [WIDE_FAST_START, WIDE_FAST_END] = ((): [number, number] => {
  let start = WIDE_RANGES[0]!;
  let end = WIDE_RANGES[1]!;
  for (let i = 0; i < WIDE_RANGES.length; i += 2) {
    const s = WIDE_RANGES[i]!;
    const e = WIDE_RANGES[i + 1]!;
    if (COMMON_CJK >= s && COMMON_CJK <= e) return [s, e];
    if (e - s > end - start) {
      start = s;
      end = e;
    }
  }
  return [start, end];
})();

function isFullwidth(codePoint: number): boolean {
  if (codePoint < 12288 || codePoint > 65510) return false;
  return isInRange(FULLWIDTH_RANGES, codePoint);
}

function isWide(codePoint: number): boolean {
  if (codePoint >= WIDE_FAST_START && codePoint <= WIDE_FAST_END) return true;
  if (codePoint < 4352 || codePoint > 262141) return false;
  return isInRange(WIDE_RANGES, codePoint);
}

/** The width prettier gives a text. */
export function stringWidth(text: string): number {
  const { length } = text;
  if (length === 0) return 0;
  if (length <= 24) {
    // Most texts are short tokens: a loop is cheaper than the regular expression.
    for (let i = 0; i < length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 || c > 0x7f) return nonAsciiWidth(text);
    }
    return length;
  }
  if (!NOT_ASCII.test(text)) return length;
  return nonAsciiWidth(text);
}

function nonAsciiWidth(text: string): number {
  let width = 0;
  text = text.replace(EMOJI(), (character) => {
    width += NARROW_EMOJI.test(character) ? 1 : 2;
    return "";
  });
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (codePoint <= 31 || (codePoint >= 127 && codePoint <= 159)) continue;
    if (ZERO_WIDTH_MARK.test(character)) continue;
    width += isFullwidth(codePoint) || isWide(codePoint) ? 2 : 1;
  }
  return width;
}
