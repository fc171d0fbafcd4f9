/**
 * The emitter's one fixed style, given to the text its templates build (which indent nothing):
 * two spaces per level of nesting, one statement per line as the templates put them, no
 * trailing whitespace, no run of blank lines, a final newline. With no formatter, the output is
 * this text (CONTRACT.md section 5).
 *
 * One pass over the lines, reliable because the emitter writes every construct itself: strings
 * are JSON-quoted (never across lines), comments are `//` lines and JSDoc blocks it writes, and
 * it writes no template or regular-expression literal. The nesting is that of `{`, `[` and `(`
 * outside strings and comments; a `case` label's statements sit one level deeper than the
 * label; a declaration whose line ends with `=` (a type alias of a union, one member a line)
 * continues one level deeper until its `;`. Only the whitespace at the start and end of lines
 * changes. Anything else (a literal left open at the end of a line, a closing bracket with no
 * opening one) is an internal error: a bug of the emitter, never silently wrong output.
 */
export function layout(text: string): string {
  const out: string[] = [];
  const frames: Frame[] = [];
  /** The indentation of a JSDoc or block comment that continues on the next line. */
  let comment: number | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "") {
      if (out.length > 0 && out[out.length - 1] !== "") out.push("");
      continue;
    }
    if (comment !== undefined) {
      out.push(indentation(comment) + (line.startsWith("*") ? ` ${line}` : line));
      if (line.includes("*/")) comment = undefined;
      continue;
    }
    const scan = scanLine(line);
    const level = levelOf(line, scan, frames);
    out.push(indentation(level) + line);
    for (const bracket of scan.brackets) {
      if (OPENING.includes(bracket)) frames.push({ level, inCase: false, until: undefined });
      else if (frames.length === 0 || frames.pop()!.until !== undefined) throw unbalanced(line);
    }
    if (frames[frames.length - 1]?.until === ";" && scan.code.endsWith(";")) frames.pop();
    if (scan.code.endsWith("=")) frames.push({ level, inCase: false, until: ";" });
    if (scan.openComment) comment = level;
  }
  if (frames.length > 0 || comment !== undefined)
    throw new Error("internal error: the emitted code ends inside a block or a comment");
  while (out[out.length - 1] === "") out.pop();
  return `${out.join("\n")}\n`;
}

/** An open bracket, or a declaration continued over the lines up to its `;`. */
interface Frame {
  /** The level of the line that opened it. */
  readonly level: number;
  /** Whether a `case` label was seen in it: its statements are one level deeper. */
  inCase: boolean;
  readonly until: ";" | undefined;
}

const OPENING = "{[(";
const CLOSING = "}])";

function indentation(level: number): string {
  return "  ".repeat(level);
}

/** A line's level: its first bracket closes a frame (the level of that frame's line), else inside the innermost frame. */
function levelOf(line: string, scan: LineScan, frames: Frame[]): number {
  const top = frames[frames.length - 1];
  if (scan.leadingClose) {
    if (top === undefined || top.until !== undefined) throw unbalanced(line);
    return top.level;
  }
  if (!top) return 0;
  if (CASE_LABEL.test(line) && top.until === undefined) {
    top.inCase = true;
    return top.level + 1;
  }
  return top.level + 1 + (top.inCase ? 1 : 0);
}

/** `case "a":`, `case 3:`, `default:`, and either with a block (`default: {`). */
const CASE_LABEL = /^(?:case\b.*|default):(?: \{)?$/;

interface LineScan {
  /** The brackets outside strings and comments, in order. */
  readonly brackets: string;
  /** Whether the line starts with a closing bracket. */
  readonly leadingClose: boolean;
  /** The code before any comment, without trailing whitespace. */
  readonly code: string;
  /** Whether a block comment starts on the line and does not end there. */
  readonly openComment: boolean;
}

/** The brackets of one line of emitted code, past its strings and comments. */
function scanLine(line: string): LineScan {
  let brackets = "";
  let end = line.length;
  let openComment = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"' || c === "'") i = stringEnd(line, i);
    else if (c === "`") throw new Error(`internal error: a template literal was emitted: ${line}`);
    else if (c === "/" && line[i + 1] === "/") {
      end = i;
      break;
    } else if (c === "/" && line[i + 1] === "*") {
      const close = line.indexOf("*/", i + 2);
      if (close < 0) {
        openComment = true;
        end = i;
        break;
      }
      i = close + 1;
    } else if (OPENING.includes(c) || CLOSING.includes(c)) brackets += c;
  }
  return {
    brackets,
    leadingClose: CLOSING.includes(line[0]!),
    code: line.slice(0, end).trimEnd(),
    openComment,
  };
}

/** The index of the quote that closes the string starting at `start`. */
function stringEnd(line: string, start: number): number {
  for (let i = start + 1; i < line.length; i++) {
    if (line[i] === "\\") i++;
    else if (line[i] === line[start]) return i;
  }
  throw new Error(
    `internal error: a string of the emitted code is not closed on its line: ${line}`,
  );
}

function unbalanced(line: string): Error {
  return new Error(`internal error: unbalanced brackets in the emitted code: ${line}`);
}
