// A printer that gives, for the TypeScript the generator emits, exactly the text prettier 3.10.1
// gives (`prettier.format(text, options)`), without loading prettier. It reads the text into
// prettier's tree (subset.ts for the generator's tool modules and index.ts, TypeScript's parser
// for the rest), builds prettier's document IR with prettier's printing rules (ported in print.ts), and
// prints it with prettier's layout algorithm (doc.ts). Whatever it does not reproduce with
// certainty (a construct, a comment placement, an option value) makes it return undefined, and
// the caller formats with prettier instead. Self-contained: it imports only TypeScript (through
// ts-morph, src/tsMorph.js) and itself.
import { attachComments, setContentEnds } from "./comments.js";
import { printDocToString } from "./doc.js";
import { parse } from "./estree.js";
import {
  formatOptions,
  isSupportedOptions,
  type FormatOptions,
  type PrettierLikeOptions,
} from "./options.js";
import { Printer } from "./print.js";
import { parseSubset } from "./subset.js";
import { Unsupported } from "./unsupported.js";

export { isSupportedOptions, type PrettierLikeOptions };

/** The prettier version whose output the printer reproduces: use it only with that version. */
export const PRINTER_PRETTIER_VERSION = "3.10.1";

/**
 * `prettier.format(text, options)` as prettier 3.10.1 gives it, or undefined when the input or
 * the options hold something the printer does not support (then format with prettier).
 */
export function printLikePrettier(text: string, options: PrettierLikeOptions): string | undefined {
  const format = formatOptions(options);
  if (!format) return undefined;
  try {
    return print(text, format);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** Why the printer does not print a text (for tests and diagnostics): undefined when it does. */
export function unsupportedReason(text: string, options: PrettierLikeOptions): string | undefined {
  const format = formatOptions(options);
  if (!format) return "unsupported options";
  try {
    print(text, format);
    return undefined;
  } catch (error) {
    if (error instanceof Unsupported) return error.message;
    throw error;
  }
}

function print(text: string, options: FormatOptions): string {
  // prettier normalises line ends and strips a byte order mark first; the generator emits
  // neither, so such input is left to prettier.
  if (text.includes("\r") || text.charCodeAt(0) === 0xfeff)
    throw new Unsupported("CR or BOM in the input");
  // The generator's own modules are read without TypeScript; anything else with it.
  const { ast, comments, contentEndNodes } = parseSubset(text) ?? parse(text);
  setContentEnds(contentEndNodes, text, comments);
  attachComments(ast, comments, text, options);
  const printer = new Printer(ast, text, options, comments);
  const doc = printer.printRoot();
  for (const comment of comments) {
    if (!comment.printed) throw new Unsupported("a comment the printer did not place");
  }
  const newLine = options.endOfLine === "crlf" ? "\r\n" : options.endOfLine === "cr" ? "\r" : "\n";
  return printDocToString(doc, {
    printWidth: options.printWidth,
    tabWidth: options.tabWidth,
    useTabs: options.useTabs,
    newLine,
  });
}
