import { Unsupported } from "./unsupported.js";

const NOT_ASCII = /[^\x20-\x7F]/;
const ZERO_WIDTH_MARK = /[\p{Nonspacing_Mark}\p{Enclosing_Mark}]/u;

/**
 * The width prettier gives a text (its getStringWidth), for the characters where that is
 * certain without its emoji and East Asian width tables: ASCII, control characters, combining
 * marks, and the Latin, Greek and Cyrillic letters. Any other character is Unsupported.
 */
export function stringWidth(text: string): number {
  if (!NOT_ASCII.test(text)) return text.length;
  let width = 0;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code <= 31 || (code >= 127 && code <= 159)) continue;
    if (code < 127) {
      width++;
      continue;
    }
    if (ZERO_WIDTH_MARK.test(character)) continue;
    // Latin-1 and Latin Extended (less the two that are also emoji), Greek, Cyrillic.
    if (
      ((code >= 0xa0 && code <= 0x2ff) && code !== 0xa9 && code !== 0xae) ||
      (code >= 0x370 && code <= 0x52f)
    ) {
      width++;
      continue;
    }
    throw new Unsupported(`the width of U+${code.toString(16)}`);
  }
  return width;
}
