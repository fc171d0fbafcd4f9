// Where comments go (prettier's src/main/comments/attach.js, with language-js's locations) and how
// they print (src/main/comments/print.js, language-js/print/comment.js). Only placements where
// none of prettier's JavaScript-specific handlers (handle-comments.js) applies are accepted: a
// comment between the statements of a body, the members of a class, interface, type literal or
// object, or at the end of such an element's line, and block comments in the middle of a line
// inside expressions where no handler looks. Anything else is Unsupported.
import {
  breakParent,
  hardline,
  line,
  lineSuffix,
  literalline,
  markAsRoot,
  replaceEndOfLine,
  type Doc,
} from "./doc.js";
import { VISITOR_KEYS, type Comment, type Node } from "./estree.js";
import { hasNewline, isPreviousLineEmpty, skipNewline, skipSpaces } from "./text.js";
import { Unsupported } from "./unsupported.js";

const CONTENT_END_TYPES = new Set([
  "ExpressionStatement",
  "ImportDeclaration",
  "ExportNamedDeclaration",
  "ReturnStatement",
  "ThrowStatement",
  "DoWhileStatement",
  "PropertyDefinition",
]);

export function locStart(node: Node | Comment): number {
  return node.range[0];
}

export function locEnd(node: Node | Comment): number {
  switch (node.type) {
    case "IfStatement":
      return locEnd(node.alternate ?? node.consequent);
    case "ForInStatement":
    case "ForOfStatement":
    case "ForStatement":
    case "WhileStatement":
      return locEnd(node.body);
    case "BreakStatement":
      return node.label ? locEnd(node.label) : locStart(node) + 5;
    case "ContinueStatement":
      return node.label ? locEnd(node.label) : locStart(node) + 8;
    case "VariableDeclaration":
      return locEnd(node.declarations.at(-1));
    default:
      return node.__contentEnd ?? node.range[1];
  }
}

export function locEndWithFullText(node: Node): number {
  return node.range[1];
}

function childNodes(node: Node): Node[] {
  const keys = VISITOR_KEYS[node.type];
  if (!keys) throw new Unsupported(`visitor keys of ${node.type}`);
  const children: Node[] = [];
  for (const key of keys) {
    const value = node[key];
    if (Array.isArray(value)) {
      for (const v of value)
        if (v && typeof v === "object" && typeof v.type === "string") children.push(v);
    } else if (value && typeof value === "object" && typeof value.type === "string")
      children.push(value);
  }
  return children;
}

/** The comment text with every comment blanked out (line breaks kept). */
export function stripComments(text: string, comments: readonly Comment[]): string {
  let result = text;
  for (const c of comments) {
    const [s, e] = c.range;
    result = result.slice(0, s) + result.slice(s, e).replace(/[^\n\r]/g, " ") + result.slice(e);
  }
  return result;
}

/** prettier's post-processing: statements' ends before their semicolons. */
export function setContentEnds(ast: Node, text: string, comments: readonly Comment[]): void {
  let stripped: string | undefined;
  const visit = (node: Node) => {
    if (CONTENT_END_TYPES.has(node.type)) {
      const end = node.range[1];
      if (text[end - 1] === ";") {
        stripped ??= comments.length === 0 ? text : stripComments(text, comments);
        const before = stripped.slice(node.range[0], end - 1);
        const cleaned = before.trimEnd();
        node.__contentEnd = end - 1 - (before.length - cleaned.length);
      }
    }
    for (const child of childNodes(node)) visit(child);
  };
  visit(ast);
}

// --- attaching ---------------------------------------------------------------------------

function canAttachComment(node: Node, parent: Node | undefined): boolean {
  if (node.type === "TemplateElement") return false;
  // Shorthand properties and specifiers print one of their two identifiers.
  if (
    parent?.type === "Property" &&
    parent.shorthand &&
    parent.key === node &&
    parent.value !== parent.key
  )
    return false;
  if (
    parent?.type === "ImportSpecifier" &&
    parent.local !== parent.imported &&
    parent.local === node &&
    parent.local.name === parent.imported.name
  )
    return false;
  if (
    parent?.type === "ExportSpecifier" &&
    parent.local !== parent.exported &&
    parent.exported === node &&
    parent.local.name === parent.exported.name
  )
    return false;
  if (node.type === "TSTypeAnnotation" && parent?.type === "TSPropertySignature") return false;
  return true;
}

const sortedChildrenCache = new WeakMap<Node, Node[]>();

function getSortedChildNodes(node: Node): Node[] {
  let cached = sortedChildrenCache.get(node);
  if (cached) return cached;
  const result: Node[] = [];
  const collect = (n: Node) => {
    for (const child of childNodes(n)) {
      if (canAttachComment(child, n)) result.push(child);
      else collect(child);
    }
  };
  collect(node);
  result.sort((a, b) => locStart(a) - locStart(b) || locEnd(a) - locEnd(b));
  cached = result;
  sortedChildrenCache.set(node, cached);
  return cached;
}

interface Decorated {
  comment: Comment;
  enclosingNode: Node | undefined;
  precedingNode: Node | undefined;
  followingNode: Node | undefined;
}

function decorateComment(
  node: Node,
  comment: Comment,
  enclosingNode: Node | undefined,
): Omit<Decorated, "comment"> {
  const commentStart = locStart(comment);
  const commentEnd = locEnd(comment);
  const children = getSortedChildNodes(node);
  let precedingNode: Node | undefined;
  let followingNode: Node | undefined;
  let left = 0;
  let right = children.length;
  while (left < right) {
    const middle = (left + right) >> 1;
    const child = children[middle]!;
    const start = locStart(child);
    const end = locEnd(child);
    if (start <= commentStart && commentEnd <= end) return decorateComment(child, comment, child);
    if (end <= commentStart) {
      precedingNode = child;
      left = middle + 1;
      continue;
    }
    if (commentEnd <= start) {
      followingNode = child;
      right = middle;
      continue;
    }
    throw new Unsupported("comment overlapping a node");
  }
  if (enclosingNode?.type === "TemplateLiteral")
    throw new Unsupported("comment in a template literal");
  return { enclosingNode, precedingNode, followingNode };
}

function addComment(node: Node, comment: Comment, leading: boolean, trailing: boolean): void {
  comment.leading = leading;
  comment.trailing = trailing;
  (node.comments ??= []).push(comment);
}

const LIST_CONTAINERS: Record<string, string> = {
  Program: "body",
  BlockStatement: "body",
  ClassBody: "body",
  TSInterfaceBody: "body",
  TSTypeLiteral: "members",
  ObjectExpression: "properties",
};

const isAllEmptyAndNoLineBreak = (text: string) => !/[\S\n\u2028\u2029]/.test(text);

/**
 * Attaches the comments to the nodes as prettier does, where that is certain; otherwise throws
 * Unsupported.
 */
export function attachComments(ast: Node, comments: Comment[], text: string): void {
  if (comments.length === 0) return;
  for (let i = 1; i < comments.length; i++) {
    if (locEnd(comments[i - 1]!) === locStart(comments[i]!))
      throw new Unsupported("adjacent comments");
  }
  for (const c of comments) {
    if (/prettier-ignore|@format|@prettier/.test(c.value))
      throw new Unsupported("prettier pragma or ignore comment");
    if (c.type === "Block" && c.value[0] === "*" && /@(?:type|satisfies)\b/.test(c.value))
      throw new Unsupported("type cast comment");
  }
  const decorated: Decorated[] = comments.map((comment) => ({
    comment,
    ...decorateComment(ast, comment, undefined),
  }));
  const ties: Decorated[] = [];
  decorated.forEach((context, index) => {
    const { comment, precedingNode, enclosingNode, followingNode } = context;
    const placement = isOwnLineComment(text, decorated, index)
      ? "ownLine"
      : isEndOfLineComment(text, decorated, index)
        ? "endOfLine"
        : "remaining";
    comment.placement = placement;
    const container = enclosingNode ?? ast;
    const listKey = LIST_CONTAINERS[container.type];
    const inList = (n: Node | undefined) =>
      n !== undefined && listKey !== undefined && container[listKey].includes(n);
    if (placement === "ownLine" || placement === "endOfLine") {
      // Between the elements of a list, where no handler looks: the default rules.
      if (container.type === "Program" && container.body.length === 0)
        throw new Unsupported("comment-only program");
      if (!listKey) throw new Unsupported(`${placement} comment in ${container.type}`);
      if ((precedingNode && !inList(precedingNode)) || (followingNode && !inList(followingNode)))
        throw new Unsupported("comment beside a non-element");
      if (container.type === "ObjectExpression" && placement === "endOfLine")
        throw new Unsupported("end-of-line comment in an object");
      if (placement === "ownLine") {
        if (followingNode) addComment(followingNode, comment, true, false);
        else if (precedingNode) addComment(precedingNode, comment, false, true);
        else throw new Unsupported("dangling comment");
      } else {
        if (precedingNode) addComment(precedingNode, comment, false, true);
        else if (followingNode) addComment(followingNode, comment, true, false);
        else throw new Unsupported("dangling comment");
      }
      return;
    }
    // A block comment inside a line: only between two operands or elements of an expression
    // kind that no handler of remaining comments looks at.
    if (comment.type !== "Block" || !enclosingNode) throw new Unsupported("remaining comment");
    if (!REMAINING_OK.has(enclosingNode.type))
      throw new Unsupported(`remaining comment in ${enclosingNode.type}`);
    if (!precedingNode || !followingNode) throw new Unsupported("remaining comment at an end");
    if (ties.length > 0 && ties.at(-1)!.followingNode !== followingNode) breakTies(ties, text);
    ties.push(context);
  });
  breakTies(ties, text);
}

const REMAINING_OK = new Set([
  "BinaryExpression",
  "LogicalExpression",
  "CallExpression",
  "ArrayExpression",
]);

function isOwnLineComment(text: string, decorated: Decorated[], index: number): boolean {
  const { comment, precedingNode } = decorated[index]!;
  let start = locStart(comment);
  if (precedingNode) {
    for (let i = index - 1; i >= 0; i--) {
      const other = decorated[i]!;
      if (
        other.precedingNode !== precedingNode ||
        !isAllEmptyAndNoLineBreak(text.slice(locEnd(other.comment), start))
      )
        break;
      start = locStart(other.comment);
    }
  }
  return hasNewline(text, start, true);
}

function isEndOfLineComment(text: string, decorated: Decorated[], index: number): boolean {
  const { comment, followingNode } = decorated[index]!;
  let end = locEnd(comment);
  if (followingNode) {
    for (let i = index + 1; i < decorated.length; i++) {
      const other = decorated[i]!;
      if (
        other.followingNode !== followingNode ||
        !isAllEmptyAndNoLineBreak(text.slice(end, locStart(other.comment)))
      )
        break;
      end = locEnd(other.comment);
    }
  }
  return hasNewline(text, end);
}

function breakTies(ties: Decorated[], text: string): void {
  const count = ties.length;
  if (count === 0) return;
  const { precedingNode, followingNode } = ties[0]!;
  let gapEnd = locStart(followingNode);
  let firstLeading: number;
  for (firstLeading = count; firstLeading > 0; --firstLeading) {
    const { comment } = ties[firstLeading - 1]!;
    const gap = text.slice(locEnd(comment), gapEnd);
    if (/^[\s(]*$/.test(gap)) gapEnd = locStart(comment);
    else break;
  }
  ties.forEach(({ comment }, i) => {
    if (i < firstLeading) addComment(precedingNode, comment, false, true);
    else addComment(followingNode, comment, true, false);
  });
  for (const node of [precedingNode, followingNode]) {
    if (node.comments && node.comments.length > 1)
      node.comments.sort((a: Comment, b: Comment) => locStart(a) - locStart(b));
  }
  ties.length = 0;
}

// --- printing ----------------------------------------------------------------------------

function indentableBlockCommentLines(comment: Comment): string[] {
  if (comment.type !== "Block" || !comment.value.includes("\n")) return [];
  const lines: string[] = [];
  for (let l of `*${comment.value}*`.split("\n")) {
    l = l.trimStart();
    if (!l.startsWith("*")) return [];
    lines.push(l);
  }
  return lines;
}

export function isIndentableBlockComment(comment: Comment): boolean {
  return indentableBlockCommentLines(comment).length > 0;
}

export function printComment(comment: Comment, text: string): Doc {
  comment.printed = true;
  if (comment.type === "Line") return text.slice(locStart(comment), locEnd(comment)).trimEnd();
  const lines = indentableBlockCommentLines(comment);
  if (lines.length > 0) {
    const isJsdoc = comment.value[0] === "*" && comment.value[1] !== "*";
    return [
      "/",
      lines.map((l, index) => {
        if (index === 0) return [l.trimEnd(), hardline];
        if (index === lines.length - 1) return [" ", l];
        const trimmed = l.trimEnd();
        const content: Doc = [" ", trimmed];
        if (isJsdoc && trimmed !== "*" && l.endsWith("  "))
          return [content, "  ", markAsRoot(literalline)];
        return [content, hardline];
      }),
      "/",
    ];
  }
  return ["/*", replaceEndOfLine(comment.value), "*/"];
}

export function printLeadingComment(comment: Comment, text: string): Doc {
  const parts: Doc[] = [printComment(comment, text)];
  if (comment.type === "Block") {
    let lineBreak: Doc = " ";
    if (hasNewline(text, locEnd(comment))) {
      lineBreak = hasNewline(text, locStart(comment), true) ? hardline : line;
    }
    parts.push(lineBreak);
  } else {
    parts.push(hardline);
  }
  const index = skipNewline(text, skipSpaces(text, locEnd(comment)));
  if (index !== false && hasNewline(text, index)) parts.push(hardline);
  return parts;
}

interface PrintedTrailing {
  doc: Doc;
  isBlock: boolean;
  hasLineSuffix: boolean;
}

export function printTrailingComment(
  comment: Comment,
  text: string,
  previous: PrintedTrailing | undefined,
): PrintedTrailing {
  const printed = printComment(comment, text);
  const isBlock = comment.type === "Block";
  if ((previous?.hasLineSuffix && !previous.isBlock) || hasNewline(text, locStart(comment), true)) {
    const isLineBeforeEmpty = isPreviousLineEmpty(text, locStart(comment));
    return {
      doc: lineSuffix([hardline, isLineBeforeEmpty ? hardline : "", printed]),
      isBlock,
      hasLineSuffix: true,
    };
  }
  if (!isBlock || previous?.hasLineSuffix) {
    return { doc: [lineSuffix([" ", printed]), breakParent], isBlock, hasLineSuffix: true };
  }
  return { doc: [" ", printed], isBlock, hasLineSuffix: false };
}

/** The node's doc with its leading and trailing comments. */
export function printCommentsAround(node: Node, doc: Doc, text: string): Doc {
  const comments: Comment[] | undefined = node.comments;
  if (!comments || comments.length === 0) return doc;
  const leading: Doc[] = [];
  const trailing: Doc[] = [];
  let previous: PrintedTrailing | undefined;
  for (const c of comments) {
    if (c.leading) leading.push(printLeadingComment(c, text));
    else if (c.trailing) {
      previous = printTrailingComment(c, text, previous);
      trailing.push(previous.doc);
    } else throw new Unsupported("dangling comment");
  }
  if (leading.length === 0 && trailing.length === 0) return doc;
  return [leading, doc, trailing];
}

export const CommentFlags = {
  Leading: 1 << 1,
  Trailing: 1 << 2,
  Dangling: 1 << 3,
  Block: 1 << 4,
  Line: 1 << 5,
} as const;

export function hasComment(node: Node, flags = 0, fn?: (c: Comment) => boolean): boolean {
  const comments: Comment[] | undefined = node?.comments;
  if (!comments || comments.length === 0) return false;
  return comments.some(
    (c) =>
      !(
        (flags & CommentFlags.Leading && !c.leading) ||
        (flags & CommentFlags.Trailing && !c.trailing) ||
        (flags & CommentFlags.Dangling && (c.leading || c.trailing)) ||
        (flags & CommentFlags.Block && c.type !== "Block") ||
        (flags & CommentFlags.Line && c.type !== "Line") ||
        (fn && !fn(c))
      ),
  );
}
