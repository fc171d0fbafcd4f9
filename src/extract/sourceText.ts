import { ts } from "../tsMorph.js";

/** A file that cannot be read as source text, located at the first byte that is wrong. */
export interface UnreadableText {
  /** A few words for where the file is imported: "it is not UTF-8". */
  readonly why: string;
  readonly message: string;
  /** As much of the file as can be shown, for the code frame. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * A source file's text, decoded as UTF-8 (a UTF-8 byte order mark is dropped, as TypeScript
 * and Node drop it), from its bytes or the error reading them gave. Anything else is reported
 * rather than read with replacement characters: a key spelled with a Latin-1 byte would
 * otherwise silently become a different key.
 */
export function decodeSourceText(
  bytes: Uint8Array | NodeJS.ErrnoException,
): { text: string } | UnreadableText {
  if (!(bytes instanceof Uint8Array)) {
    return {
      why: "it cannot be read",
      message: `The file cannot be read: ${bytes.message}.`,
      text: "",
      start: 0,
      end: 0,
    };
  }
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? "utf-16le"
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? "utf-16be"
        : undefined;
  if (utf16) {
    const endian = utf16 === "utf-16le" ? "little-endian" : "big-endian";
    return {
      why: "it is UTF-16, not UTF-8",
      message: `The file is UTF-16 (${endian}: it starts with a UTF-16 byte order mark), not UTF-8. Save it as UTF-8.`,
      text: new TextDecoder(utf16).decode(bytes),
      start: 0,
      end: 1,
    };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return { text: UTF8.decode(bytes.subarray(bom)) };
  } catch {
    const bad = firstInvalidUtf8Byte(bytes, bom);
    // The bytes before it are valid, so they decode to exactly the text before it.
    const start = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
      bytes.subarray(bom, bad),
    ).length;
    const byte = bytes[bad]!.toString(16).toUpperCase().padStart(2, "0");
    return {
      why: "it is not UTF-8",
      message: `The file is not UTF-8: the byte 0x${byte} at byte offset ${bad} does not begin a valid UTF-8 sequence. Save it as UTF-8.`,
      text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(bom)),
      start,
      end: start + 1,
    };
  }
}

/** The offset of the first byte that does not begin a well-formed UTF-8 sequence (Unicode table 3-7). */
function firstInvalidUtf8Byte(bytes: Uint8Array, from = 0): number {
  let i = from;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < low || next > high) return i;
      low = 0x80;
      high = 0xbf;
    }
    i += length;
  }
  return bytes.length;
}

/**
 * Where brackets (`(`, `[`, `{`, `${`) nest deepest in a text: where the parser ran out of
 * stack, when it did. The scanner reads tokens in a loop, so this works at any depth.
 */
export function deepestNesting(text: string): number {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  // One entry per open bracket: true for a template literal's `${`.
  const open: boolean[] = [];
  let deepest = 0;
  let at = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    switch (token) {
      case ts.SyntaxKind.OpenBraceToken:
      case ts.SyntaxKind.OpenParenToken:
      case ts.SyntaxKind.OpenBracketToken:
        open.push(false);
        break;
      case ts.SyntaxKind.TemplateHead:
        open.push(true);
        break;
      case ts.SyntaxKind.CloseBraceToken:
        if (open.at(-1) === true) {
          if (scanner.reScanTemplateToken(false) === ts.SyntaxKind.TemplateTail) open.pop();
        } else open.pop();
        break;
      case ts.SyntaxKind.CloseParenToken:
      case ts.SyntaxKind.CloseBracketToken:
        open.pop();
        break;
    }
    if (open.length > deepest) {
      deepest = open.length;
      at = scanner.getTokenStart();
    }
  }
  return at;
}
