// Edits of a package.json's text that keep the rest of it as it was: its indentation, line
// ends, key order, and the layout of every member not touched (an array on one line stays on
// one line). TypeScript's JSON parser gives the members' positions.
import { ts } from "../tsMorph.js";

/** What an edit added, for the command's report. */
export interface PackageEdit {
  /** `"scripts"."gen:validators"`, `"tool-validators"`. */
  readonly where: string;
  /** The member's text as inserted. */
  readonly text: string;
}

export interface EditResult {
  readonly text: string;
  readonly edits: readonly PackageEdit[];
}

/** The text is not a JSON object, or a member to edit is not an object. */
export class PackageJsonError extends Error {
  override readonly name = "PackageJsonError";
}

interface Member {
  readonly key: string;
  readonly start: number;
  readonly end: number;
  readonly value: ts.Expression;
}

interface ObjectAt {
  readonly start: number;
  readonly end: number;
  readonly members: readonly Member[];
  /** The indentation of the line the object starts on. */
  readonly lineIndent: string;
}

interface Layout {
  /** One level of indentation, as the file writes it. */
  readonly unit: string;
  readonly eol: string;
}

/**
 * Adds the `scripts` that are not there (one of the same name already there is left as it
 * is) and the top-level `member` when there is none of its key. Nothing added: the text as
 * it was.
 */
export function addToPackageJson(
  text: string,
  additions: {
    readonly scripts: Readonly<Record<string, string>>;
    /** A top-level member added when there is none of that key. */
    readonly member?: { readonly key: string; readonly value: unknown };
  },
): EditResult {
  const edits: PackageEdit[] = [];
  let current = text;
  const { root } = parse(current);
  const scripts = root.members.find((member) => member.key === "scripts");
  if (scripts === undefined) {
    const inserted = insertMember(current, root, "scripts", additions.scripts);
    current = inserted.text;
    for (const [name, command] of Object.entries(additions.scripts))
      edits.push({ where: `"scripts".${JSON.stringify(name)}`, text: memberText(name, command) });
  } else {
    for (const [name, command] of Object.entries(additions.scripts)) {
      const object = objectAt(parse(current), scripts.key);
      if (object.members.some((member) => member.key === name)) continue;
      const inserted = insertMember(current, object, name, command);
      current = inserted.text;
      edits.push({ where: `"scripts".${JSON.stringify(name)}`, text: inserted.member });
    }
  }
  const added = additions.member;
  const after = parse(current).root;
  if (added && !after.members.some((member) => member.key === added.key)) {
    const inserted = insertMember(current, after, added.key, added.value);
    current = inserted.text;
    edits.push({ where: JSON.stringify(added.key), text: inserted.member });
  }
  return { text: current, edits };
}

function parse(text: string): { file: ts.JsonSourceFile; root: ObjectAt } {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new PackageJsonError(`not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new PackageJsonError("not a JSON object");
  const file = ts.parseJsonText("package.json", text);
  const expression = file.statements[0]?.expression;
  if (!expression || !ts.isObjectLiteralExpression(expression))
    throw new PackageJsonError("not a JSON object");
  return { file, root: objectOf(expression, file, text) };
}

/** The object member `key` of the root holds. */
function objectAt(parsed: { file: ts.JsonSourceFile; root: ObjectAt }, key: string): ObjectAt {
  const member = parsed.root.members.find((candidate) => candidate.key === key);
  if (!member || !ts.isObjectLiteralExpression(member.value))
    throw new PackageJsonError(`${JSON.stringify(key)} is not an object`);
  return objectOf(member.value, parsed.file, parsed.file.text);
}

function objectOf(
  node: ts.ObjectLiteralExpression,
  file: ts.JsonSourceFile,
  text: string,
): ObjectAt {
  const members: Member[] = [];
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const name = property.name;
    const key = ts.isStringLiteral(name) || ts.isIdentifier(name) ? name.text : name.getText(file);
    members.push({
      key,
      start: property.getStart(file),
      end: property.end,
      value: property.initializer,
    });
  }
  const start = node.getStart(file);
  return { start, end: node.end, members, lineIndent: indentOfLine(text, start) };
}

/** The white space a line starts with, the line that holds `offset`. */
function indentOfLine(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function layoutOf(text: string): Layout {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const { root } = parse(text);
  const first = root.members[0];
  const unit = first ? onlyIndent(text, first.start) : undefined;
  return { unit: unit && unit !== "" ? unit : "  ", eol };
}

/** The indentation before `offset` when only white space precedes it on its line. */
function onlyIndent(text: string, offset: number): string | undefined {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  return /^[ \t]*$/.test(before) ? before : undefined;
}

function memberText(key: string, value: unknown, indent = "", layout?: Layout): string {
  const json = JSON.stringify(value, null, layout?.unit ?? 2);
  const body = layout ? json.split("\n").join(`${layout.eol}${indent}`) : json;
  return `${JSON.stringify(key)}: ${body}`;
}

/** Inserts `"key": value` as the last member of `object`, laid out as its members are. */
function insertMember(
  text: string,
  object: ObjectAt,
  key: string,
  value: unknown,
): { text: string; member: string } {
  const layout = layoutOf(text);
  const last = object.members.at(-1);
  if (last === undefined) {
    // An empty object: its members go on lines of their own.
    const indent = `${object.lineIndent}${layout.unit}`;
    const member = memberText(key, value, indent, layout);
    const replaced = `{${layout.eol}${indent}${member}${layout.eol}${object.lineIndent}}`;
    return { text: `${text.slice(0, object.start)}${replaced}${text.slice(object.end)}`, member };
  }
  const indent = onlyIndent(text, object.members[0]!.start);
  if (indent === undefined) {
    // An object on one line stays on one line.
    const member = `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
    return { text: `${text.slice(0, last.end)}, ${member}${text.slice(last.end)}`, member };
  }
  const member = memberText(key, value, indent, layout);
  return {
    text: `${text.slice(0, last.end)},${layout.eol}${indent}${member}${text.slice(last.end)}`,
    member,
  };
}
