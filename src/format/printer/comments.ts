// Where comments go and how they print: prettier's src/main/comments/attach.js and print.js, with
// language-js's locations, canAttachComment and handle-comments.js (the handlers as prettier
// 3.10.1 ships them; Flow, JSX, decorators and match syntax left out, as estree.ts makes none of
// them). A comment attached here as prettier attaches it prints through the printer's own calls
// (leading and trailing around each node, dangling where the printer prints them); one the
// printer does not print makes the whole text unsupported (index.ts).
import {
  breakParent,
  hardline,
  indent,
  inheritLabel,
  line,
  lineSuffix,
  literalline,
  markAsRoot,
  replaceEndOfLine,
  type Doc,
} from "./doc.js";
import { VISITOR_KEYS, type Comment, type Node } from "./estree.js";
import {
  getNextNonSpaceNonCommentCharacterIndex,
  hasNewline,
  hasNewlineInRange,
  isPreviousLineEmpty,
  skipNewline,
  skipSpaces,
} from "./text.js";
import { Unsupported } from "./unsupported.js";

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

/** The text with every comment blanked out (line breaks kept): prettier's stripComments. */
export function stripComments(text: string, comments: readonly Comment[]): string {
  if (comments.length === 0) return text;
  let result = "";
  let from = 0;
  for (const c of comments) {
    const [s, e] = c.range;
    result += text.slice(from, s) + text.slice(s, e).replace(/[^\n]/g, " ");
    from = e;
  }
  return result + text.slice(from);
}

/**
 * prettier's post-processing (setContentEnd): a statement that ends with a semicolon ends, for
 * prettier, where its content does: before the semicolon and the white space and comments in
 * front of it. `nodes` are the nodes of the types it does this for (estree.ts).
 */
export function setContentEnds(
  nodes: readonly Node[],
  text: string,
  comments: readonly Comment[],
): void {
  let commentAt: Map<number, number> | undefined;
  for (const node of nodes) {
    const end = node.range[1];
    if (text.charCodeAt(end - 1) !== 0x3b /* ; */) continue;
    const start = node.range[0];
    let i = end - 1;
    for (;;) {
      while (i > start && isWhiteSpace(text.charCodeAt(i - 1))) i--;
      // A comment ending here is blanked out for prettier: skip it too.
      if (comments.length === 0) break;
      commentAt ??= new Map(comments.map((c) => [c.range[1], c.range[0]]));
      const commentStart = commentAt.get(i);
      if (commentStart === undefined || commentStart < start) break;
      i = commentStart;
    }
    node.__contentEnd = i;
  }
}

/** What String#trimEnd removes: white space and line terminators. */
function isWhiteSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    (code > 0x7f && /\s/.test(String.fromCharCode(code)))
  );
}

// --- node kinds ----------------------------------------------------------------------------

const is =
  (...types: string[]) =>
  (node: Node): boolean =>
    node != null && types.includes(node.type);

const isUnionType = is("TSUnionType");
const isIntersectionType = is("TSIntersectionType");
const isArrayType = is("TSArrayType");
const isConditionalType = is("TSConditionalType");
const isTypeAlias = is("TSTypeAliasDeclaration");
const isMemberExpression = is("MemberExpression");
const isCallOrNewExpression = is("CallExpression", "NewExpression");
const isBinaryCastExpression = is("TSAsExpression", "TSSatisfiesExpression");
const isTypeAnnotation = is("TSTypeAnnotation");
const isBlockComment = (c: Comment) => c.type === "Block";
const isLineComment = (c: Comment) => c.type === "Line";
const isMethod = (n: Node) =>
  (n.method && n.kind === "init") || n.kind === "get" || n.kind === "set";
const isObjectProperty = (n: Node) => n?.type === "Property" && !isMethod(n);

function functionParameters(node: Node): Node[] {
  return node.params ?? node.parameters ?? [];
}

function hasSameLoc(a: Node, b: Node): boolean {
  return locStart(a) === locStart(b) && locEnd(a) === locEnd(b);
}

function isShorthandSpecifier(node: Node): boolean {
  if (node.type !== "ImportSpecifier" && node.type !== "ExportSpecifier") return false;
  const local = node.local;
  const other = node[node.type === "ImportSpecifier" ? "imported" : "exported"];
  if (local.type !== other.type || !hasSameLoc(local, other)) return false;
  return local.type === "Identifier" && local.name === other.name;
}

/** language-js's canAttachComment, given the node's ancestors (parent first). */
function canAttachComment(node: Node, ancestors: Node[]): boolean {
  const parent = ancestors[0];
  if (node.type === "TemplateElement") return false;
  if (
    parent?.type === "Property" &&
    parent.shorthand &&
    parent.key === node &&
    !isMethod(parent) &&
    parent.value !== parent.key
  )
    return false;
  if (
    parent?.type === "ImportSpecifier" &&
    isShorthandSpecifier(parent) &&
    parent.local === node &&
    parent.local !== parent.imported
  )
    return false;
  if (
    parent?.type === "ExportSpecifier" &&
    isShorthandSpecifier(parent) &&
    parent.exported === node &&
    parent.local !== parent.exported
  )
    return false;
  if (
    node.type === "FunctionExpression" &&
    parent?.type === "MethodDefinition" &&
    parent.value === node &&
    functionParameters(node).length === 0 &&
    !node.returnType &&
    !(node.typeParameters?.params?.length > 0) &&
    node.body
  )
    return false;
  // `x as const`: the type reference and its name.
  const isAsConst = (n: Node) =>
    n?.type === "TSAsExpression" &&
    n.typeAnnotation.type === "TSTypeReference" &&
    n.typeAnnotation.typeName.type === "Identifier" &&
    n.typeAnnotation.typeName.name === "const";
  if (parent?.typeAnnotation === node && isAsConst(parent)) return false;
  if (
    parent?.typeName === node &&
    ancestors[1]?.typeAnnotation === parent &&
    isAsConst(ancestors[1])
  )
    return false;
  if (node.type === "TSTypeAnnotation" && parent?.type === "TSPropertySignature") return false;
  return true;
}

const sortedChildrenCache = new WeakMap<Node, Node[]>();

function getSortedChildNodes(node: Node, ancestors: Node[]): Node[] {
  let cached = sortedChildrenCache.get(node);
  if (cached) return cached;
  const result: Node[] = [];
  const childAncestors = [node, ...ancestors];
  for (const child of childNodes(node)) {
    if (canAttachComment(child, childAncestors)) result.push(child);
    else result.push(...getSortedChildNodes(child, childAncestors));
  }
  result.sort((a, b) => locStart(a) - locStart(b) || locEnd(a) - locEnd(b));
  cached = result;
  sortedChildrenCache.set(node, cached);
  return cached;
}

// --- attaching ---------------------------------------------------------------------------

interface Context {
  comment: Comment;
  enclosingNode: Node | undefined;
  precedingNode: Node | undefined;
  followingNode: Node | undefined;
  ancestors: Node[];
  text: string;
  ast: Node;
  isLastComment: boolean;
  placement: "ownLine" | "endOfLine" | "remaining";
  /** The text with the comments blanked out. */
  stripped: () => string;
  experimentalTernaries: boolean;
}

function decorateComment(
  node: Node,
  comment: Comment,
  enclosingNode: Node | undefined,
  ancestors: Node[],
): Pick<Context, "enclosingNode" | "precedingNode" | "followingNode" | "ancestors"> {
  const commentStart = locStart(comment);
  const commentEnd = locEnd(comment);
  const children = getSortedChildNodes(node, ancestors);
  let precedingNode: Node | undefined;
  let followingNode: Node | undefined;
  let left = 0;
  let right = children.length;
  while (left < right) {
    const middle = (left + right) >> 1;
    const child = children[middle]!;
    const start = locStart(child);
    const end = locEnd(child);
    if (start <= commentStart && commentEnd <= end)
      return decorateComment(child, comment, child, [child, ...ancestors]);
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
  if (enclosingNode?.type === "TemplateLiteral") {
    const { quasis } = enclosingNode;
    const index = expressionIndexForComment(quasis, comment);
    if (precedingNode && expressionIndexForComment(quasis, precedingNode) !== index)
      precedingNode = undefined;
    if (followingNode && expressionIndexForComment(quasis, followingNode) !== index)
      followingNode = undefined;
  }
  return { enclosingNode, precedingNode, followingNode, ancestors };
}

function expressionIndexForComment(quasis: Node[], comment: Node | Comment): number {
  const startPos = locStart(comment) - 1;
  for (let i = 1; i < quasis.length; ++i) if (startPos < locStart(quasis[i])) return i - 1;
  return 0;
}

function attach(node: Node, comment: Comment): true {
  (node.comments ??= []).push(comment);
  comment.printed = false;
  return true;
}
function addLeadingComment(node: Node, comment: Comment): true {
  comment.leading = true;
  comment.trailing = false;
  return attach(node, comment);
}
function addTrailingComment(node: Node, comment: Comment): true {
  comment.leading = false;
  comment.trailing = true;
  return attach(node, comment);
}
function addDanglingComment(node: Node, comment: Comment, marker?: string): true {
  comment.leading = false;
  comment.trailing = false;
  if (marker) comment.marker = marker;
  return attach(node, comment);
}

const isAllEmptyAndNoLineBreak = (text: string) => !/[\S\n\u2028\u2029]/.test(text);

/** Throws for the comments attachComments does not reproduce: adjacent, pragma, type cast. */
function assertSupportedComments(comments: Comment[]): void {
  for (let i = 1; i < comments.length; i++) {
    if (locEnd(comments[i - 1]!) === locStart(comments[i]!))
      throw new Unsupported("adjacent comments");
  }
  for (const c of comments) {
    if (/prettier-ignore|@format|@prettier|@noformat|@noprettier/.test(c.value))
      throw new Unsupported("prettier pragma or ignore comment");
    if (c.type === "Block" && c.value[0] === "*" && /@(?:type|satisfies)\b/.test(c.value))
      throw new Unsupported("type cast comment");
  }
}

/**
 * Attaches the comments to the nodes as prettier does. Comments prettier treats specially
 * (prettier-ignore, pragmas, Closure type casts) and adjacent comments (which prettier may
 * merge) make the text unsupported.
 */
export function attachComments(
  ast: Node,
  comments: Comment[],
  text: string,
  options: { experimentalTernaries: boolean },
): void {
  if (comments.length === 0) return;
  assertSupportedComments(comments);
  let stripped: string | undefined;
  const strippedText = () => (stripped ??= stripComments(text, comments));
  const decorated: Context[] = comments.map((comment, index) => ({
    comment,
    ...decorateComment(ast, comment, undefined, []),
    text,
    ast,
    isLastComment: index === comments.length - 1,
    placement: "remaining",
    stripped: strippedText,
    experimentalTernaries: options.experimentalTernaries,
  }));
  const ties: Context[] = [];
  decorated.forEach((context, index) => {
    const { comment, precedingNode, enclosingNode, followingNode } = context;
    const placement = isOwnLineComment(text, decorated, index)
      ? "ownLine"
      : isEndOfLineComment(text, decorated, index)
        ? "endOfLine"
        : "remaining";
    context.placement = placement;
    comment.placement = placement;
    if (placement === "ownLine") {
      if (OWN_LINE.some((handle) => handle(context))) {
        // handled
      } else if (followingNode) addLeadingComment(followingNode, comment);
      else if (precedingNode) addTrailingComment(precedingNode, comment);
      else addDanglingComment(enclosingNode ?? ast, comment);
    } else if (placement === "endOfLine") {
      if (END_OF_LINE.some((handle) => handle(context))) {
        // handled
      } else if (precedingNode) addTrailingComment(precedingNode, comment);
      else if (followingNode) addLeadingComment(followingNode, comment);
      else addDanglingComment(enclosingNode ?? ast, comment);
    } else {
      if (REMAINING.some((handle) => handle(context))) {
        // handled
      } else if (precedingNode && followingNode) {
        if (ties.length > 0 && ties.at(-1)!.followingNode !== followingNode) breakTies(ties, text);
        ties.push(context);
      } else if (precedingNode) addTrailingComment(precedingNode, comment);
      else if (followingNode) addLeadingComment(followingNode, comment);
      else addDanglingComment(enclosingNode ?? ast, comment);
    }
  });
  breakTies(ties, text);
}

function isOwnLineComment(text: string, decorated: Context[], index: number): boolean {
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

function isEndOfLineComment(text: string, decorated: Context[], index: number): boolean {
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

function breakTies(ties: Context[], text: string): void {
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
    if (i < firstLeading) addTrailingComment(precedingNode, comment);
    else addLeadingComment(followingNode, comment);
  });
  for (const node of [precedingNode, followingNode]) {
    if (node.comments && node.comments.length > 1)
      node.comments.sort((a: Comment, b: Comment) => locStart(a) - locStart(b));
  }
  ties.length = 0;
}

// --- language-js's handlers (handle-comments.js) ----------------------------------------

type Handler = (context: Context) => boolean | undefined;

function nextCharacter(text: string, index: number): string {
  const next = getNextNonSpaceNonCommentCharacterIndex(text, index);
  return next === false ? "" : text.charAt(next);
}

const isSingleLineBlockComment = (comment: Comment, text: string) =>
  isBlockComment(comment) && !hasNewlineInRange(text, locStart(comment), locEnd(comment));
const isSingleLineComment = (comment: Comment, text: string) =>
  isLineComment(comment) || isSingleLineBlockComment(comment, text);

function addBlockOrNotComment(node: Node, comment: Comment): true {
  return node.type === "BlockStatement"
    ? addBlockStatementFirstComment(node, comment)
    : addLeadingComment(node, comment);
}

function addBlockStatementFirstComment(node: Node, comment: Comment): true {
  let first: Node | undefined;
  if (node.type === "BlockStatement")
    first = node.body.find(({ type }: Node) => type !== "EmptyStatement");
  else if (node.type === "ClassBody" || node.type === "TSInterfaceBody") first = node.body[0];
  if (first) return addLeadingComment(first, comment);
  return addDanglingComment(node, comment);
}

const isRealFunctionLikeNode = is(
  "ArrowFunctionExpression",
  "FunctionExpression",
  "FunctionDeclaration",
  "TSMethodSignature",
  "TSFunctionType",
);
const isFunctionLikeNode = is("FunctionDeclaration", "FunctionExpression", "MethodDefinition");
const isClassLikeNode = is("ClassDeclaration", "TSInterfaceDeclaration");
const isPropertyLikeNode = is("PropertyDefinition", "MethodDefinition");

function isInArgumentOrParameterParentheses(node: Node, context: Context): boolean {
  const { comment } = context;
  if (locStart(comment) >= locEnd(node)) return false;
  if (locEnd(comment) <= locStart(node)) return false;
  const text = context.stripped();
  return (
    text.slice(0, locStart(comment)).trimEnd().endsWith("(") &&
    text.slice(locEnd(comment)).trimStart().startsWith(")")
  );
}

const handleCommentInEmptyParens: Handler = (context) => {
  const { comment, enclosingNode } = context;
  if (!enclosingNode) return false;
  if (
    isCallOrNewExpression(enclosingNode) &&
    enclosingNode.arguments.length === 0 &&
    isInArgumentOrParameterParentheses(enclosingNode, context)
  )
    return addDanglingComment(enclosingNode, comment);
  const functionNode = isRealFunctionLikeNode(enclosingNode)
    ? enclosingNode
    : enclosingNode.type === "MethodDefinition" ||
        (enclosingNode.type === "Property" && isMethod(enclosingNode))
      ? enclosingNode.value
      : undefined;
  if (
    functionNode &&
    functionParameters(functionNode).length === 0 &&
    isInArgumentOrParameterParentheses(functionNode, context)
  )
    return addDanglingComment(functionNode, comment);
  return false;
};

const handleConditionalExpressionComments: Handler = ({
  comment,
  precedingNode,
  enclosingNode,
  followingNode,
  text,
  experimentalTernaries,
}) => {
  const isSameLineAsPrecedingNode =
    precedingNode && !hasNewlineInRange(text, locEnd(precedingNode), locStart(comment));
  if (
    (!precedingNode || !isSameLineAsPrecedingNode) &&
    (enclosingNode?.type === "ConditionalExpression" || isConditionalType(enclosingNode)) &&
    followingNode
  ) {
    if (
      experimentalTernaries &&
      enclosingNode.alternate === followingNode &&
      !(isBlockComment(comment) && !hasNewlineInRange(text, locStart(comment), locEnd(comment)))
    )
      return addDanglingComment(enclosingNode, comment);
    return addLeadingComment(followingNode, comment);
  }
  return false;
};

const handleLastFunctionParameterComments: Handler = ({
  comment,
  precedingNode,
  enclosingNode,
  followingNode,
  text,
}) => {
  if (
    (precedingNode?.type === "Identifier" ||
      precedingNode?.type === "AssignmentPattern" ||
      precedingNode?.type === "ObjectPattern" ||
      precedingNode?.type === "ArrayPattern" ||
      precedingNode?.type === "RestElement") &&
    isRealFunctionLikeNode(enclosingNode) &&
    nextCharacter(text, locEnd(comment)) === ")"
  )
    return addTrailingComment(precedingNode, comment);
  if (
    !isBlockComment(comment) &&
    followingNode?.type === "BlockStatement" &&
    isFunctionLikeNode(enclosingNode) &&
    (enclosingNode.type === "MethodDefinition" ? enclosingNode.value.body : enclosingNode.body) ===
      followingNode &&
    getNextNonSpaceNonCommentCharacterIndex(text, locEnd(comment)) === locStart(followingNode)
  )
    return addBlockStatementFirstComment(followingNode, comment);
  return false;
};

const handleMemberExpressionComments: Handler = ({ comment, enclosingNode, followingNode }) =>
  isMemberExpression(enclosingNode) && followingNode?.type === "Identifier"
    ? addLeadingComment(enclosingNode, comment)
    : false;

const handleIfStatementComments: Handler = (context) => {
  const { comment, precedingNode, enclosingNode, followingNode, text } = context;
  if (enclosingNode?.type !== "IfStatement" || !followingNode) return false;
  if (nextCharacter(text, locEnd(comment)) === ")")
    return addTrailingComment(precedingNode, comment);
  if (followingNode === enclosingNode.consequent) return addLeadingComment(followingNode, comment);
  if (precedingNode === enclosingNode.consequent && followingNode === enclosingNode.alternate) {
    const elseIndex = context.stripped().indexOf("else", locEnd(enclosingNode.consequent));
    if (locStart(comment) >= elseIndex) return addLeadingComment(followingNode, comment);
    if (
      precedingNode.type !== "BlockStatement" &&
      isSingleLineComment(comment, text) &&
      !hasNewlineInRange(text, locEnd(precedingNode), locStart(comment))
    )
      return addTrailingComment(precedingNode, comment);
    return addDanglingComment(enclosingNode, comment);
  }
  return false;
};

const handleWhileLikeComments: Handler = ({
  comment,
  precedingNode,
  enclosingNode,
  followingNode,
  text,
}) => {
  if (enclosingNode?.type !== "WhileStatement" || !followingNode) return false;
  if (nextCharacter(text, locEnd(comment)) === ")")
    return addTrailingComment(precedingNode, comment);
  if (enclosingNode.body === followingNode) return addLeadingComment(followingNode, comment);
  return false;
};

const handleSwitchStatementComments: Handler = ({
  comment,
  precedingNode,
  enclosingNode,
  followingNode,
  text,
}) =>
  enclosingNode?.type === "SwitchStatement" &&
  enclosingNode.cases.length === 0 &&
  !followingNode &&
  precedingNode === enclosingNode.discriminant &&
  nextCharacter(text, locEnd(comment)) === "}"
    ? addDanglingComment(enclosingNode, comment)
    : false;

const handleTryStatementComments: Handler = ({
  comment,
  precedingNode,
  enclosingNode,
  followingNode,
}) => {
  if (
    (enclosingNode?.type !== "TryStatement" && enclosingNode?.type !== "CatchClause") ||
    !followingNode
  )
    return false;
  if (enclosingNode.type === "CatchClause" && precedingNode)
    return addTrailingComment(precedingNode, comment);
  if (followingNode.type === "BlockStatement")
    return addBlockStatementFirstComment(followingNode, comment);
  if (followingNode.type === "TryStatement")
    return addBlockOrNotComment(followingNode.finalizer, comment);
  if (followingNode.type === "CatchClause")
    return addBlockOrNotComment(followingNode.body, comment);
  return false;
};

const handleClassComments: Handler = (context) => {
  const { comment, precedingNode, enclosingNode, followingNode } = context;
  if (followingNode && isClassLikeNode(enclosingNode) && followingNode === enclosingNode.body)
    return addBlockStatementFirstComment(enclosingNode.body, comment);
  if (isClassLikeNode(enclosingNode) && followingNode && precedingNode) {
    const { superClass } = enclosingNode;
    if (
      superClass &&
      followingNode === superClass &&
      (precedingNode === enclosingNode.id || precedingNode === enclosingNode.typeParameters)
    )
      return addTrailingComment(precedingNode, comment);
    for (const prop of ["implements", "extends", "mixins"]) {
      const first = enclosingNode[prop]?.[0];
      if (followingNode === first) {
        if (
          precedingNode === enclosingNode.id ||
          precedingNode === enclosingNode.typeParameters ||
          precedingNode === superClass
        ) {
          if (context.stripped().slice(locEnd(comment), locStart(first)).trim() === prop)
            return addTrailingComment(precedingNode, comment);
        } else return addDanglingComment(enclosingNode, comment, prop);
      }
    }
  }
  return false;
};

const handleForXStatementComments: Handler = (context) => {
  const { comment, enclosingNode, precedingNode, followingNode } = context;
  if (
    (enclosingNode?.type === "ForInStatement" || enclosingNode?.type === "ForOfStatement") &&
    precedingNode === enclosingNode.left &&
    followingNode === enclosingNode.right
  ) {
    const keyword = context
      .stripped()
      .indexOf(enclosingNode.type === "ForInStatement" ? "in" : "of", locEnd(precedingNode));
    return locStart(comment) > keyword
      ? addLeadingComment(followingNode, comment)
      : addTrailingComment(precedingNode, comment);
  }
  if (
    (enclosingNode?.type === "ForInStatement" ||
      enclosingNode?.type === "ForOfStatement" ||
      enclosingNode?.type === "ForStatement") &&
    followingNode &&
    followingNode === enclosingNode.body
  ) {
    const paren = context.stripped().lastIndexOf(")", locStart(followingNode));
    if (locStart(comment) > paren) return addLeadingComment(followingNode, comment);
  }
  return false;
};

const handleUnionTypeComments: Handler = ({ comment, precedingNode, enclosingNode }) => {
  if (isUnionType(enclosingNode)) {
    if (precedingNode) return addTrailingComment(precedingNode, comment);
    return false;
  }
  return false;
};

const handleOnlyComments: Handler = ({ comment, enclosingNode, ast, isLastComment }) => {
  if (ast?.body?.length === 0) {
    if (isLastComment) addDanglingComment(ast, comment);
    else addLeadingComment(ast, comment);
    return true;
  }
  if (enclosingNode?.type === "Program" && enclosingNode.body.length === 0) {
    if (isLastComment) addDanglingComment(enclosingNode, comment);
    else addLeadingComment(enclosingNode, comment);
    return true;
  }
  return false;
};

const handleModuleSpecifiersComments: Handler = ({
  comment,
  precedingNode,
  enclosingNode,
  text,
}) => {
  if (enclosingNode?.type === "ImportSpecifier" || enclosingNode?.type === "ExportSpecifier")
    return addLeadingComment(enclosingNode, comment);
  const isImport =
    precedingNode?.type === "ImportSpecifier" && enclosingNode?.type === "ImportDeclaration";
  const isExport =
    precedingNode?.type === "ExportSpecifier" && enclosingNode?.type === "ExportNamedDeclaration";
  if ((isImport || isExport) && hasNewline(text, locEnd(comment)))
    return addTrailingComment(precedingNode, comment);
  return false;
};

const handleAssignmentPatternComments: Handler = ({ comment, enclosingNode }) =>
  enclosingNode?.type === "AssignmentPattern" ? addLeadingComment(enclosingNode, comment) : false;

const handleMethodNameComments: Handler = ({
  placement,
  comment,
  precedingNode,
  enclosingNode,
  followingNode,
  text,
}) => {
  if (
    enclosingNode &&
    precedingNode &&
    nextCharacter(text, locEnd(comment)) === "(" &&
    enclosingNode.type === "Property" &&
    precedingNode.type === "Identifier" &&
    enclosingNode.key === precedingNode &&
    nextCharacter(text, locEnd(precedingNode)) !== ":"
  )
    return addTrailingComment(precedingNode, comment);
  if (isPropertyLikeNode(enclosingNode) && !followingNode && placement === "remaining")
    return addTrailingComment(
      nextCharacter(text, locEnd(comment)) === "(" ? precedingNode : enclosingNode,
      comment,
    );
  return false;
};

const handleFunctionNameComments: Handler = ({ comment, precedingNode, enclosingNode, text }) => {
  if (nextCharacter(text, locEnd(comment)) !== "(") return false;
  if (precedingNode && isFunctionLikeNode(enclosingNode))
    return addTrailingComment(precedingNode, comment);
  return false;
};

const handleCommentAfterArrowParams: Handler = ({ comment, enclosingNode, text }) => {
  if (enclosingNode?.type !== "ArrowFunctionExpression") return false;
  const index = getNextNonSpaceNonCommentCharacterIndex(text, locEnd(comment));
  if (index !== false && text.slice(index, index + 2) === "=>")
    return addDanglingComment(enclosingNode, comment, "commentBeforeArrow");
  return false;
};

const handleLabeledStatementComments: Handler = ({ comment, enclosingNode }) =>
  enclosingNode?.type === "LabeledStatement" ? addLeadingComment(enclosingNode, comment) : false;

const handleNestedConditionalExpressionComments: Handler = ({
  comment,
  enclosingNode,
  followingNode,
  experimentalTernaries,
}) => {
  if (!experimentalTernaries) return false;
  if (!(enclosingNode?.type === "ConditionalExpression" || isConditionalType(enclosingNode)))
    return false;
  if (followingNode?.type === "ConditionalExpression" || isConditionalType(followingNode))
    return addDanglingComment(enclosingNode, comment);
  return false;
};

function isInsideCallOrNewExpressionParentheses(node: Node, comment: Comment, context: Context) {
  const closing = locEnd(node) - 1;
  if (context.text[closing] !== ")") return false;
  if (locEnd(comment) > closing) return false;
  const opening = context.stripped().indexOf("(", locEnd(node.typeArguments ?? node.callee));
  if (opening === -1) return false;
  return locStart(comment) > opening;
}

const handleCallExpressionComments: Handler = (context) => {
  const { comment, precedingNode, enclosingNode } = context;
  return isCallOrNewExpression(enclosingNode) &&
    enclosingNode.callee === precedingNode &&
    enclosingNode.arguments.length > 0 &&
    isInsideCallOrNewExpressionParentheses(enclosingNode, comment, context)
    ? addLeadingComment(enclosingNode.arguments[0], comment)
    : false;
};

const handlePropertyComments: Handler = ({ comment, enclosingNode }) =>
  isObjectProperty(enclosingNode) ? addLeadingComment(enclosingNode, comment) : false;

function shouldAttachToUnionTypeFirstElement(node: Node, context: Context): boolean {
  if (isUnionType(node) && isSingleLineBlockComment(context.comment, context.text)) {
    const between = context.stripped().slice(locEnd(context.comment), locStart(node));
    return /^[ \t]*$/.test(between);
  }
  return false;
}

function addLeadingCommentToPossibleUnionType(node: Node, context: Context): true {
  return addLeadingComment(
    shouldAttachToUnionTypeFirstElement(node, context) ? node.types[0] : node,
    context.comment,
  );
}

const isAssignmentLikeNode = is(
  "VariableDeclarator",
  "AssignmentExpression",
  "TSTypeAliasDeclaration",
);
const isComplexExprNode = is(
  "ObjectExpression",
  "ArrayExpression",
  "TemplateLiteral",
  "TaggedTemplateExpression",
  "TSTypeLiteral",
);

const handleAssignmentLikeComments: Handler = (context) => {
  const { comment, enclosingNode, followingNode, placement } = context;
  if (
    isAssignmentLikeNode(enclosingNode) &&
    followingNode &&
    placement === "endOfLine" &&
    (isComplexExprNode(followingNode) || isBlockComment(comment))
  )
    return addLeadingCommentToPossibleUnionType(followingNode, context);
  if (isTypeAlias(enclosingNode) && followingNode) {
    const equals = context.stripped().indexOf("=", locEnd(enclosingNode.id));
    if (locStart(comment) >= equals)
      return addLeadingCommentToPossibleUnionType(followingNode, context);
  }
  return false;
};

const handleTSFunctionTrailingComments: Handler = ({
  comment,
  enclosingNode,
  precedingNode,
  followingNode,
  text,
}) =>
  !followingNode &&
  enclosingNode?.type === "TSMethodSignature" &&
  (!precedingNode || precedingNode !== enclosingNode.returnType) &&
  nextCharacter(text, locEnd(comment)) === ";"
    ? addTrailingComment(enclosingNode, comment)
    : false;

const handleTSMappedTypeComments: Handler = (context) => {
  const { comment, enclosingNode } = context;
  if (enclosingNode?.type !== "TSMappedType") return false;
  const bracket = context.stripped().indexOf("[", locStart(enclosingNode));
  if (locEnd(comment) < bracket) return addDanglingComment(enclosingNode, comment);
  return false;
};

const handleSwitchDefaultCaseComments: Handler = ({ comment, enclosingNode, followingNode }) => {
  if (
    !enclosingNode ||
    enclosingNode.type !== "SwitchCase" ||
    enclosingNode.test ||
    !followingNode ||
    followingNode !== enclosingNode.consequent[0]
  )
    return false;
  if (followingNode.type === "BlockStatement" && isLineComment(comment))
    return addBlockStatementFirstComment(followingNode, comment);
  return addDanglingComment(enclosingNode, comment);
};

const handleLastUnionElementInExpression: Handler = ({
  comment,
  precedingNode,
  enclosingNode,
  followingNode,
}) =>
  isUnionType(precedingNode) &&
  ((isArrayType(enclosingNode) && !followingNode) ||
    isIntersectionType(enclosingNode) ||
    isUnionType(enclosingNode))
    ? addTrailingComment(precedingNode.types.at(-1), comment)
    : false;

const handleLastBinaryOperatorOperand: Handler = ({
  comment,
  precedingNode,
  enclosingNode,
  followingNode,
  text,
}) =>
  !followingNode &&
  enclosingNode?.type === "UnaryExpression" &&
  (precedingNode?.type === "LogicalExpression" || precedingNode?.type === "BinaryExpression") &&
  hasNewlineInRange(text, locStart(enclosingNode.argument), locStart(precedingNode.right)) &&
  isSingleLineComment(comment, text) &&
  !hasNewlineInRange(text, locStart(precedingNode.right), locStart(comment))
    ? addTrailingComment(precedingNode.right, comment)
    : false;

const handlePropertySignatureComments: Handler = (context) => {
  const { enclosingNode, followingNode, comment, placement } = context;
  if (!followingNode) return false;
  let key: Node;
  let value: Node;
  switch (enclosingNode?.type) {
    case "TSPropertySignature":
      key = enclosingNode.key;
      value = enclosingNode.typeAnnotation;
      break;
    case "TSMappedType":
      key = enclosingNode.nameType ?? enclosingNode.constraint;
      value = enclosingNode.typeAnnotation;
      break;
    default:
      return false;
  }
  if (
    placement === "endOfLine" &&
    (isUnionType(followingNode) || isIntersectionType(followingNode))
  )
    return addLeadingComment(followingNode, comment);
  if (
    value &&
    isBlockComment(comment) &&
    context.stripped().indexOf(":", locEnd(key)) < locStart(comment)
  )
    return addLeadingCommentToPossibleUnionType(followingNode, context);
  return false;
};

const handleBinaryCastExpressionComment: Handler = ({
  enclosingNode,
  precedingNode,
  followingNode,
  comment,
  text,
}) => {
  if (
    isBinaryCastExpression(enclosingNode) &&
    precedingNode === enclosingNode.expression &&
    !isSingleLineComment(comment, text)
  ) {
    if (followingNode) addLeadingComment(followingNode, comment);
    else addTrailingComment(enclosingNode, comment);
    return true;
  }
  return false;
};

const handleArrowExpressionComments: Handler = (context) => {
  const { comment, enclosingNode, followingNode, precedingNode } = context;
  if (enclosingNode?.type !== "ArrowFunctionExpression" || !followingNode || !precedingNode)
    return false;
  const arrow = context.stripped().lastIndexOf("=>", locStart(enclosingNode.body));
  if (locEnd(comment) < arrow) return false;
  return addBlockOrNotComment(followingNode, comment);
};

function expressionStatementOf(node: Node, ancestors: Node[]): Node | undefined {
  let current = node;
  for (const ancestor of ancestors) {
    if (
      (ancestor.type === "AssignmentExpression" && ancestor.right === current) ||
      (ancestor.type === "ArrowFunctionExpression" && ancestor.body === current)
    ) {
      current = ancestor;
      continue;
    }
    return ancestor.type === "ExpressionStatement" && ancestor.expression === current
      ? ancestor
      : undefined;
  }
  return undefined;
}

const handleSequenceExpressionComments: Handler = ({
  comment,
  enclosingNode,
  precedingNode,
  followingNode,
}) =>
  !precedingNode &&
  enclosingNode?.type === "SequenceExpression" &&
  followingNode === enclosingNode.expressions[0]
    ? addLeadingComment(enclosingNode, comment)
    : false;

const handleParenthesizedExpressionTrailingComment: Handler = ({
  comment,
  enclosingNode,
  precedingNode,
  followingNode,
  ancestors,
}) => {
  if (!followingNode && enclosingNode && precedingNode) {
    if (enclosingNode.type === "ExpressionStatement" && enclosingNode.expression === precedingNode)
      return addTrailingComment(enclosingNode, comment);
    const isAssignment = precedingNode.type === "AssignmentExpression";
    if (
      (isAssignment &&
        enclosingNode.type === "AssignmentExpression" &&
        enclosingNode.right === precedingNode) ||
      (precedingNode.type === "ArrowFunctionExpression" &&
        enclosingNode.type === "ArrowFunctionExpression" &&
        enclosingNode.body === precedingNode)
    ) {
      const statement = expressionStatementOf(enclosingNode, ancestors.slice(1));
      if (statement) return addTrailingComment(statement, comment);
    }
    const isSequence = precedingNode.type === "SequenceExpression";
    if (
      (isSequence || isAssignment) &&
      ((enclosingNode.type === "ArrowFunctionExpression" && enclosingNode.body === precedingNode) ||
        (enclosingNode.type === "VariableDeclarator" && enclosingNode.init === precedingNode) ||
        (enclosingNode.type === "ReturnStatement" && enclosingNode.argument === precedingNode) ||
        (enclosingNode.type === "AssignmentExpression" && enclosingNode.right === precedingNode))
    )
      return addTrailingComment(
        isSequence ? precedingNode.expressions.at(-1) : precedingNode.right,
        comment,
      );
  }
  return false;
};

const handleUnionTypeLeadingComments: Handler = (context) => {
  const { followingNode, comment } = context;
  if (followingNode && shouldAttachToUnionTypeFirstElement(followingNode, context))
    return addLeadingComment(followingNode.types[0], comment);
  return false;
};

const handleCommentsInDestructuringPattern: Handler = ({
  comment,
  enclosingNode,
  precedingNode,
  followingNode,
  text,
}) => {
  if (
    enclosingNode &&
    followingNode &&
    (enclosingNode.type === "ObjectPattern" || enclosingNode.type === "ArrayPattern") &&
    enclosingNode.typeAnnotation === followingNode &&
    isTypeAnnotation(followingNode)
  ) {
    if (
      nextCharacter(text, locEnd(comment)) === (enclosingNode.type === "ObjectPattern" ? "}" : "]")
    )
      return precedingNode
        ? addTrailingComment(precedingNode, comment)
        : addDanglingComment(enclosingNode, comment);
    return addLeadingComment(followingNode, comment);
  }
  return false;
};

const OWN_LINE: Handler[] = [
  handleCommentInEmptyParens,
  handleConditionalExpressionComments,
  handleLastFunctionParameterComments,
  handleMemberExpressionComments,
  handleIfStatementComments,
  handleWhileLikeComments,
  handleSwitchStatementComments,
  handleTryStatementComments,
  handleClassComments,
  handleForXStatementComments,
  handleUnionTypeComments,
  handleOnlyComments,
  handleModuleSpecifiersComments,
  handleAssignmentPatternComments,
  handleMethodNameComments,
  handleLabeledStatementComments,
  handleNestedConditionalExpressionComments,
  handleCommentsInDestructuringPattern,
  handleTSMappedTypeComments,
  handleBinaryCastExpressionComment,
  handleUnionTypeLeadingComments,
  handleSequenceExpressionComments,
];

const END_OF_LINE: Handler[] = [
  handleCommentInEmptyParens,
  handleLastFunctionParameterComments,
  handleConditionalExpressionComments,
  handleModuleSpecifiersComments,
  handleIfStatementComments,
  handleWhileLikeComments,
  handleSwitchStatementComments,
  handleTryStatementComments,
  handleClassComments,
  handleForXStatementComments,
  handleLabeledStatementComments,
  handleCallExpressionComments,
  handlePropertyComments,
  handleOnlyComments,
  handleAssignmentLikeComments,
  handleSwitchDefaultCaseComments,
  handleLastUnionElementInExpression,
  handleLastBinaryOperatorOperand,
  handleCommentsInDestructuringPattern,
  handleTSMappedTypeComments,
  handleArrowExpressionComments,
  handleParenthesizedExpressionTrailingComment,
  handlePropertySignatureComments,
  handleBinaryCastExpressionComment,
  handleTaggedTemplate,
  handleSequenceExpressionComments,
];

function handleTaggedTemplate({ comment, enclosingNode, followingNode }: Context): boolean {
  return enclosingNode?.type === "TaggedTemplateExpression" && followingNode === enclosingNode.quasi
    ? addLeadingComment(followingNode, comment)
    : false;
}

const REMAINING: Handler[] = [
  handleCommentInEmptyParens,
  handleIfStatementComments,
  handleWhileLikeComments,
  handleSwitchStatementComments,
  handleForXStatementComments,
  handleMethodNameComments,
  handleOnlyComments,
  handleAssignmentLikeComments,
  handleTSMappedTypeComments,
  handleCommentAfterArrowParams,
  handleFunctionNameComments,
  handleTSFunctionTrailingComments,
  handleParenthesizedExpressionTrailingComment,
  handlePropertySignatureComments,
  handleBinaryCastExpressionComment,
  handleUnionTypeLeadingComments,
  handleSequenceExpressionComments,
];

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

type CommentFilter = (comment: Comment) => boolean;

/** The node's leading comments (prettier's printLeadingComments), or "". */
export function printLeadingComments(node: Node, text: string, filter?: CommentFilter): Doc {
  const comments: Comment[] | undefined = node?.comments;
  if (!comments) return "";
  const parts: Doc[] = [];
  for (const c of comments)
    if (c.leading && (!filter || filter(c))) parts.push(printLeadingComment(c, text));
  return parts.length === 0 ? "" : parts;
}

/** The node's trailing comments (prettier's printTrailingComments), or "". */
export function printTrailingComments(node: Node, text: string, filter?: CommentFilter): Doc {
  const comments: Comment[] | undefined = node?.comments;
  if (!comments) return "";
  const docs: Doc[] = [];
  let previous: PrintedTrailing | undefined;
  for (const c of comments) {
    if (!c.trailing) continue;
    previous = printTrailingComment(c, text, previous);
    if (!filter || filter(c)) docs.push(previous.doc);
  }
  return docs.length === 0 ? "" : docs;
}

export function printCommentsSeparately(
  node: Node,
  text: string,
  filter?: CommentFilter,
): { leading: Doc; trailing: Doc } {
  return {
    leading: printLeadingComments(node, text, filter),
    trailing: printTrailingComments(node, text, filter),
  };
}

/** The node's doc with its leading and trailing comments (prettier's printComments). */
export function printComments(node: Node, doc: Doc, text: string, filter?: CommentFilter): Doc {
  const leading = printLeadingComments(node, text, filter);
  const trailing = printTrailingComments(node, text, filter);
  return leading || trailing ? inheritLabel(doc, (d) => [leading, d, trailing]) : doc;
}

export interface DanglingOptions {
  indent?: boolean;
  marker?: string;
  filter?: CommentFilter;
  separator?: (previous: Comment, comment: Comment) => Doc;
}

/** The node's dangling comments (prettier's printDanglingComments), or "". */
export function printDanglingComments(
  node: Node,
  text: string,
  options: DanglingOptions = {},
): Doc {
  const comments: Comment[] | undefined = node?.comments;
  if (!comments) return "";
  const parts: Doc[] = [];
  let previous: Comment | undefined;
  for (const c of comments) {
    if (c.leading || c.trailing || c.marker !== options.marker) continue;
    if (options.filter && !options.filter(c)) continue;
    if (previous)
      parts.push(
        options.separator
          ? options.separator(previous, c)
          : isPreviousLineEmpty(text, locStart(c))
            ? [hardline, hardline]
            : hardline,
      );
    parts.push(printComment(c, text));
    previous = c;
  }
  if (parts.length === 0) return "";
  return options.indent ? indent([hardline, parts]) : parts;
}

export const CommentFlags = {
  Leading: 1 << 1,
  Trailing: 1 << 2,
  Dangling: 1 << 3,
  Block: 1 << 4,
  Line: 1 << 5,
  First: 1 << 7,
  Last: 1 << 8,
} as const;

function commentMatcher(flags: number, fn?: CommentFilter) {
  return (c: Comment, index: number, all: readonly Comment[]) =>
    !(
      (flags & CommentFlags.Leading && !c.leading) ||
      (flags & CommentFlags.Trailing && !c.trailing) ||
      (flags & CommentFlags.Dangling && (c.leading || c.trailing)) ||
      (flags & CommentFlags.Block && c.type !== "Block") ||
      (flags & CommentFlags.Line && c.type !== "Line") ||
      (flags & CommentFlags.First && index !== 0) ||
      (flags & CommentFlags.Last && index !== all.length - 1) ||
      (fn && !fn(c))
    );
}

export function hasComment(node: Node, flags = 0, fn?: CommentFilter): boolean {
  const comments: Comment[] | undefined = node?.comments;
  if (!comments || comments.length === 0) return false;
  if (!flags && !fn) return true;
  return comments.some(commentMatcher(flags, fn));
}

export function getComments(node: Node, flags = 0, fn?: CommentFilter): Comment[] {
  const comments: Comment[] | undefined = node?.comments;
  if (!Array.isArray(comments)) return [];
  if (!flags && !fn) return comments;
  return comments.filter(commentMatcher(flags, fn));
}
