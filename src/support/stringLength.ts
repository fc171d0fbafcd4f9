/**
 * `minLength` and `maxLength` at run time (CONTRACT.md section 3.1): a string's length in
 * Unicode code points. Copied into an output folder only where a validator uses it;
 * no function here throws.
 */

/**
 * The length of a text in Unicode code points, as `minLength` and `maxLength` count it: a
 * surrogate pair (an emoji such as U+1F4A9) is one, a lone surrogate is one, every other
 * UTF-16 unit is one. Equals `[...text].length`, without making the array.
 */
export function codePointLength(text: string): number {
  const units = text.length;
  let pairs = 0;
  for (let i = 0; i < units; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < units) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return units - pairs;
}

/**
 * `minLength`: whether the text has at least `min` code points. A text of `n` UTF-16 units has
 * between `ceil(n / 2)` and `n` code points, so most texts are decided by their `.length`
 * alone, and only those in between are counted.
 */
export function hasMinLength(text: string, min: number): boolean {
  const units = text.length;
  if (units < min) return false;
  if (units >= 2 * min - 1) return true;
  return codePointLength(text) >= min;
}

/**
 * `maxLength`: whether the text has at most `max` code points (by `.length` alone when it can
 * be decided so: a huge text is never scanned).
 */
export function hasMaxLength(text: string, max: number): boolean {
  const units = text.length;
  if (units <= max) return true;
  if (units > 2 * max) return false;
  return codePointLength(text) <= max;
}
