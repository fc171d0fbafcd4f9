// The estree printer: a port of prettier's language-js printer (src/language-js/print, MIT
// licence) for the node kinds estree.ts makes. Each function keeps the name and the logic of the
// prettier function it ports; branches for syntax that cannot occur here (JSX, Flow, Angular,
// Vue, decorators) are left out, and syntax that is not ported throws Unsupported.
import {
  align,
  breakParent,
  canBreak,
  cleanDoc,
  conditionalGroup,
  dedent,
  fill,
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  inheritLabel,
  join,
  label,
  printDocToString,
  line,
  lineSuffixBoundary,
  removeLines,
  replaceEndOfLine,
  softline,
  willBreak,
  type Doc,
} from "./doc.js";
import {
  CommentFlags,
  getComments,
  hasComment,
  isIndentableBlockComment,
  locEnd,
  locEndWithFullText,
  locStart,
  printComments,
  printCommentsSeparately,
  printDanglingComments,
  stripComments,
} from "./comments.js";
import type { Comment, Node } from "./estree.js";
import type { FormatOptions } from "./options.js";
import { AstPath } from "./path.js";
import {
  getNextNonSpaceNonCommentCharacterIndex,
  hasNewline,
  hasNewlineInRange,
  isNextLineEmptyAfterIndex,
} from "./text.js";
import { Unsupported } from "./unsupported.js";
import { ES5_IDENTIFIER } from "./tables.js";
import { stringWidth } from "./width.js";

interface Args {
  assignmentLayout?: string;
  expandLastArg?: boolean;
  expandFirstArg?: boolean;
}

type Print = (selector?: string | (string | number)[], args?: Args) => Doc;

class ArgExpansionBailout extends Error {}

// --- node type checks ------------------------------------------------------------------------

const isStringLiteral = (n: Node) => n?.type === "Literal" && typeof n.value === "string";
const isNumericLiteral = (n: Node) => n?.type === "Literal" && typeof n.value === "number";
const isBooleanLiteral = (n: Node) => n?.type === "Literal" && typeof n.value === "boolean";
const isRegExpLiteral = (n: Node) => n?.type === "Literal" && Boolean(n.regex);
const isLiteral = (n: Node) => n?.type === "Literal";
const isObjectExpression = (n: Node) => n?.type === "ObjectExpression";
const isArrayExpression = (n: Node) => n?.type === "ArrayExpression";
const isCallExpression = (n: Node) => n?.type === "CallExpression";
const isMemberExpression = (n: Node) => n?.type === "MemberExpression";
const isCallOrNewExpression = (n: Node) =>
  n?.type === "CallExpression" || n?.type === "NewExpression";
const isCallLikeExpression = isCallOrNewExpression;
const isBinaryish = (n: Node) => n?.type === "BinaryExpression" || n?.type === "LogicalExpression";
const isBinaryCastExpression = (n: Node) =>
  n?.type === "TSAsExpression" || n?.type === "TSSatisfiesExpression";
const isFunctionOrArrowExpression = (n: Node) =>
  n?.type === "FunctionExpression" || n?.type === "ArrowFunctionExpression";
const isUnionType = (n: Node) => n?.type === "TSUnionType";
const isIntersectionType = (n: Node) => n?.type === "TSIntersectionType";
const isObjectType = (n: Node) => n?.type === "TSTypeLiteral" || n?.type === "TSMappedType";
const isTsKeywordType = (n: Node) => n.type.startsWith("TS") && n.type.endsWith("Keyword");
const isChainElementWrapper = (n: Node) => n?.type === "TSNonNullExpression";
const isReturnOrThrowStatement = (n: Node) =>
  n?.type === "ReturnStatement" || n?.type === "ThrowStatement";
const isObjectProperty = (n: Node) => n?.type === "Property" && !n.method && n.kind === "init";
const isSignedNumericLiteral = (n: Node) =>
  n.type === "UnaryExpression" &&
  (n.operator === "+" || n.operator === "-") &&
  isNumericLiteral(n.argument);
const isMemberish = isMemberExpression;
const isSimpleType = (n: Node) =>
  isTsKeywordType(n) || (n.type === "TSTypeReference" && !n.typeArguments);
const stripChainElementWrappers = (n: Node): Node =>
  n.type === "TSNonNullExpression" ? stripChainElementWrappers(n.expression) : n;

const STATEMENT_TYPES = new Set([
  "BlockStatement",
  "BreakStatement",
  "ClassBody",
  "ClassDeclaration",
  "PropertyDefinition",
  "ContinueStatement",
  "DoWhileStatement",
  "ExportNamedDeclaration",
  "ExpressionStatement",
  "ForInStatement",
  "ForOfStatement",
  "ForStatement",
  "FunctionDeclaration",
  "IfStatement",
  "ImportDeclaration",
  "MethodDefinition",
  "ReturnStatement",
  "SwitchStatement",
  "ThrowStatement",
  "TryStatement",
  "TSInterfaceDeclaration",
  "VariableDeclaration",
  "WhileStatement",
]);

const PRECEDENCE = new Map<string, number>(
  [
    ["|>"],
    ["??"],
    ["||"],
    ["&&"],
    ["|"],
    ["^"],
    ["&"],
    ["==", "===", "!=", "!=="],
    ["<", ">", "<=", ">=", "in", "instanceof"],
    [">>", "<<", ">>>"],
    ["+", "-"],
    ["*", "/", "%"],
    ["**"],
  ].flatMap((ops, index) => ops.map((op) => [op, index] as [string, number])),
);
const getPrecedence = (op: string) => PRECEDENCE.get(op);
const equalityOperators = new Set(["==", "!=", "===", "!=="]);
const multiplicativeOperators = new Set(["*", "/", "%"]);
const bitshiftOperators = new Set([">>", ">>>", "<<"]);

function shouldFlatten(parentOp: string, nodeOp: string): boolean {
  if (getPrecedence(nodeOp) !== getPrecedence(parentOp)) return false;
  if (parentOp === "**") return false;
  if (equalityOperators.has(parentOp) && equalityOperators.has(nodeOp)) return false;
  if (
    (nodeOp === "%" && multiplicativeOperators.has(parentOp)) ||
    (parentOp === "%" && multiplicativeOperators.has(nodeOp))
  )
    return false;
  if (
    nodeOp !== parentOp &&
    multiplicativeOperators.has(nodeOp) &&
    multiplicativeOperators.has(parentOp)
  )
    return false;
  if (bitshiftOperators.has(parentOp) && bitshiftOperators.has(nodeOp)) return false;
  return true;
}

const isBitwiseOperator = (op: string) =>
  bitshiftOperators.has(op) || op === "|" || op === "^" || op === "&";

// --- strings and numbers ----------------------------------------------------------------------

function getPreferredQuote(text: string, preferSingle: boolean): string {
  const preferred = preferSingle ? "'" : '"';
  const alternate = preferSingle ? '"' : "'";
  let p = 0;
  let a = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === preferred) p++;
    else if (c === alternate) a++;
  }
  return p > a ? alternate : preferred;
}

function makeString(rawText: string, enclosingQuote: string): string {
  const otherQuote = enclosingQuote === '"' ? "'" : '"';
  const raw = rawText.replaceAll(/\\(["'\\])|(["'])/g, (match, escaped, unescaped) => {
    if (escaped) return escaped === otherQuote ? otherQuote : match;
    return unescaped === enclosingQuote ? "\\" + unescaped : unescaped;
  });
  return enclosingQuote + raw + enclosingQuote;
}

export function printString(raw: string, singleQuote: boolean): string {
  const rawContent = raw.slice(1, -1);
  const enclosingQuote = getPreferredQuote(rawContent, singleQuote);
  if (raw.charAt(0) === enclosingQuote) return raw;
  return makeString(rawContent, enclosingQuote);
}

export function printNumber(raw: string): string {
  if (raw.length === 1) return raw;
  return raw
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(?=\d)/, "$1$2")
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, "$1")
    .replace(/^([+-])?\./, "$10.")
    .replace(/(\.\d+?)0+(?=e|$)/, "$1")
    .replace(/\.(?=e|$)/, "");
}

/** is-es5-identifier-name, with prettier's own table. */
function isEs5IdentifierName(value: string): boolean {
  return ES5_IDENTIFIER.test(value);
}

// --- the printer ------------------------------------------------------------------------------

export class Printer {
  readonly options: FormatOptions;
  readonly text: string;
  readonly path: AstPath;
  readonly print: Print;

  readonly comments: readonly Comment[];
  #stripped: string | undefined;

  constructor(ast: Node, text: string, options: FormatOptions, comments: readonly Comment[] = []) {
    this.options = options;
    this.text = text;
    this.comments = comments;
    this.path = new AstPath(ast);
    const { path } = this;
    this.print = (selector, args) => {
      if (selector === undefined) return this.mainPrint(args);
      if (Array.isArray(selector)) return path.call(() => this.mainPrint(args), ...selector);
      const { stack } = path;
      stack.push(selector, (stack[stack.length - 1] as Node)?.[selector]);
      try {
        return this.mainPrint(args);
      } finally {
        stack.pop();
        stack.pop();
      }
    };
  }

  /** The text with the comments blanked out (prettier's stripComments). */
  stripped(): string {
    return (this.#stripped ??= stripComments(this.text, this.comments));
  }

  printRoot(): Doc {
    return this.mainPrint(undefined);
  }

  mainPrint(args: Args | undefined): Doc {
    const node = this.path.node;
    if (node === undefined || node === null) return "";
    const shouldCache = args === undefined;
    // prettier's cache of printed nodes, kept on the node (a Map lookup per node costs more).
    if (shouldCache && node.__doc !== undefined) return node.__doc;
    let doc = this.genericPrint(args);
    if (node.comments?.length && !this.willPrintOwnComments()) {
      doc = inheritLabel(doc, (d) => printComments(node, d, this.text));
    }
    if (shouldCache) node.__doc = doc;
    return doc;
  }

  willPrintOwnComments(): boolean {
    const { path } = this;
    const { key, parent, node } = path;
    if (key === "types" && isUnionType(parent)) return true;
    if (
      (key === "id" || key === "typeParameters") &&
      (parent?.type === "ClassDeclaration" || parent?.type === "TSInterfaceDeclaration")
    )
      return true;
    if (key === "superClass" && parent?.type === "ClassDeclaration") return true;
    if (node.type === "ExpressionStatement") {
      if (this.shouldExpressionStatementPrintLeadingSemicolon())
        throw new Unsupported("comments on an ASI-protected statement");
      return false;
    }
    if (isUnionType(node)) return this.shouldUnionTypePrintOwnComments();
    return false;
  }

  genericPrint(args: Args | undefined): Doc {
    const { path } = this;
    const node = path.node;
    const doc = this.printWithoutParentheses(args);
    if (!doc) return "";
    if (node.type === "PropertyDefinition" || node.type === "MethodDefinition") return doc;
    const needsParens = this.needsParens();
    if (!needsParens) return doc;
    return inheritLabel(doc, (d) => ["(", d, ")"]);
  }

  // --- helpers on the original text ---

  isNextLineEmpty(node: Node): boolean {
    const end = locEnd(node);
    if (isNextLineEmptyAfterIndex(this.text, end)) return true;
    const full = locEndWithFullText(node);
    if (full === end) return false;
    return isNextLineEmptyAfterIndex(this.text, full);
  }

  printSemicolon(): Doc {
    return this.options.semi ? ";" : "";
  }

  shouldPrintComma(level: "es5" | "all" = "es5"): boolean {
    const { trailingComma } = this.options;
    return (
      (trailingComma === "es5" && level === "es5") ||
      (trailingComma === "all" && (level === "all" || level === "es5"))
    );
  }

  printTrailingComma(level: "es5" | "all" = "es5"): Doc {
    return this.shouldPrintComma(level) ? ifBreak(",") : "";
  }

  printOptionalToken(): Doc {
    const { node, parent } = this.path;
    if (!node.optional || (node.type === "Identifier" && node === parent?.key)) return "";
    if (isCallExpression(node) || (isMemberExpression(node) && node.computed)) return "?.";
    return "?";
  }

  printTypeAnnotationProperty(propertyName = "typeAnnotation"): Doc {
    const { path } = this;
    const typeAnnotation = path.node[propertyName];
    if (!typeAnnotation) return "";
    let shouldPrintLeadingSpace = false;
    if (typeAnnotation.type === "TSTypeAnnotation") {
      const firstToken = path.call(() => this.getTypeAnnotationFirstToken(), propertyName);
      if (
        firstToken === "=>" ||
        (firstToken === ":" && hasComment(typeAnnotation, CommentFlags.Leading))
      )
        shouldPrintLeadingSpace = true;
    }
    return shouldPrintLeadingSpace ? [" ", this.print(propertyName)] : this.print(propertyName);
  }

  getTypeAnnotationFirstToken(): string {
    const { path } = this;
    if (
      path.match(
        (n) => n.type === "TSTypeAnnotation",
        (n, key) =>
          (key === "returnType" || key === "typeAnnotation") &&
          (n.type === "TSFunctionType" || n.type === "TSConstructorType"),
      )
    )
      return "=>";
    if (
      path.match(
        (n) => n.type === "TSTypeAnnotation",
        (n, key) => key === "typeAnnotation" && n.type === "TSTypePredicate",
      )
    )
      return "";
    return ":";
  }

  // --- dispatch ---

  printWithoutParentheses(args: Args | undefined): Doc {
    const { path, options, print } = this;
    const node = path.node;
    if (node.type.startsWith("TS")) return this.printTypescript(args);
    switch (node.type) {
      case "Literal":
        return this.printLiteral();
      case "AssignmentExpression":
        return this.printAssignment(print("left"), [" ", node.operator], "right");
      case "VariableDeclarator":
        return this.printAssignment(print("id"), " =", "init");
      case "BinaryExpression":
      case "LogicalExpression":
        return this.printBinaryishExpression();
      case "MemberExpression":
        return this.printMemberExpression();
      case "Identifier":
        return this.printIdentifier();
      case "SpreadElement":
        return ["...", print("argument"), this.printTypeAnnotationProperty()];
      case "RestElement":
        return ["...", print("argument"), this.printTypeAnnotationProperty()];
      case "AssignmentPattern":
        return [print("left"), " = ", print("right")];
      case "FunctionDeclaration":
      case "FunctionExpression":
        return this.printFunction(args);
      case "ArrowFunctionExpression":
        return this.printArrowFunction(args);
      case "NewExpression":
      case "CallExpression":
        return this.printCallExpression();
      case "ObjectExpression":
        return this.printObject();
      case "Property":
        return this.printProperty();
      case "ArrayExpression":
        return this.printArray();
      case "ThisExpression":
        return "this";
      case "UnaryExpression":
        return this.printUnaryExpression();
      case "UpdateExpression":
        return this.printUpdateExpression();
      case "ConditionalExpression":
        if (options.experimentalTernaries) return this.printTernary(args);
        return this.printTernaryOld();
      case "TemplateElement":
        return replaceEndOfLine(node.value.raw);
      case "TemplateLiteral":
        return this.printTemplateLiteral();
      default: {
        const printed = this.printStatement() ?? this.printDeclaration();
        if (printed === undefined) throw new Unsupported(`node ${node.type}`);
        return printed;
      }
    }
  }

  printIdentifier(): Doc {
    const { node } = this.path;
    if (["let", "async", "await", "yield"].includes(node.name))
      throw new Unsupported(`identifier ${node.name}`);
    return [node.name, this.printOptionalToken(), this.printTypeAnnotationProperty()];
  }

  /** A property of an object literal (not a method, a getter or a setter). */
  printProperty(): Doc {
    const { node } = this.path;
    if (node.method || node.kind !== "init") throw new Unsupported("method property");
    if (node.shorthand) return this.print("value");
    return this.printAssignment(this.printPropertyKey(), ":", "value");
  }

  printUpdateExpression(): Doc {
    const { path, print } = this;
    const { node } = path;
    return [node.prefix ? node.operator : "", print("argument"), node.prefix ? "" : node.operator];
  }

  /** A statement (a block, a loop, a jump...), or `undefined` for another node. */
  printStatement(): Doc | undefined {
    const { path, print } = this;
    const { node } = path;
    switch (node.type) {
      case "Program":
      case "BlockStatement":
        return this.printBlock();
      case "ExpressionStatement":
        return this.printExpressionStatement();
      case "ThrowStatement":
      case "ReturnStatement":
        return this.printReturnOrThrowStatement();
      case "VariableDeclaration":
        return this.printVariableDeclaration();
      case "IfStatement":
        return this.printIfStatement();
      case "ForStatement":
        return this.printForStatement();
      case "WhileStatement":
        return group([
          "while",
          " (",
          this.printIfOrWhileCondition(),
          ")",
          this.printClause("body"),
        ]);
      case "ForInStatement":
      case "ForOfStatement":
        return this.printForInOrOfStatement();
      case "BreakStatement":
      case "ContinueStatement":
        return [node.type === "BreakStatement" ? "break" : "continue", this.printSemicolon()];
      case "TryStatement":
        return [
          "try ",
          print("block"),
          node.handler ? [" ", print("handler")] : "",
          node.finalizer ? [" finally ", print("finalizer")] : "",
        ];
      case "CatchClause":
        return this.printCatchClause();
      case "SwitchStatement":
        return this.printSwitchStatement();
      case "SwitchCase":
        return this.printSwitchCase();
      default:
        return undefined;
    }
  }

  /** `for (left in right) body` or `for (left of right) body` */
  printForInOrOfStatement(): Doc {
    const { path, print } = this;
    const { node } = path;
    return group([
      "for",
      " (",
      print("left"),
      " ",
      node.type === "ForOfStatement" ? "of" : "in",
      " ",
      print("right"),
      ")",
      this.printClause("body"),
    ]);
  }

  printCatchClause(): Doc {
    const { path, print } = this;
    const { node } = path;
    if (node.param) {
      if (hasComment(node.param)) throw new Unsupported("comments on a catch parameter");
      return ["catch ", "(", print("param"), ") ", print("body")];
    }
    return ["catch ", print("body")];
  }

  /** A declaration of a module or a class, or `undefined` for another node. */
  printDeclaration(): Doc | undefined {
    switch (this.path.node.type) {
      case "ExportNamedDeclaration":
        return this.printExportDeclaration();
      case "ImportDeclaration":
        return this.printImportDeclaration();
      case "ImportSpecifier":
      case "ExportSpecifier":
      case "ImportNamespaceSpecifier":
      case "ImportDefaultSpecifier":
        return this.printModuleSpecifier();
      case "ClassBody":
        return this.printClassBody();
      case "ClassDeclaration":
        return this.printClass();
      case "MethodDefinition":
        return this.printClassMethod();
      case "PropertyDefinition":
        return this.printClassProperty();
      default:
        return undefined;
    }
  }

  /** `UnaryExpression` */
  printUnaryExpression(): Doc {
    const { path, print } = this;
    const { node } = path;
    const parts: Doc[] = [node.operator];
    if (/[a-z]$/.test(node.operator)) parts.push(" ");
    const argumentDoc = print("argument");
    if (hasComment(node.argument))
      parts.push(group(["(", indent([softline, argumentDoc]), softline, ")"]));
    else parts.push(argumentDoc);
    return parts;
  }

  // --- literals ---

  printLiteral(): Doc {
    const node = this.path.node;
    if (node.regex) {
      const flags = [...node.regex.flags].sort().join("");
      return `/${node.regex.pattern}/${flags}`;
    }
    if (typeof node.value === "number") return printNumber(node.raw);
    if (typeof node.value === "string")
      return replaceEndOfLine(printString(node.raw, this.options.singleQuote));
    return String(node.value);
  }

  /** prettier's template-literal.js (printTemplateLiteral, printTemplateExpression). */
  printTemplateLiteral(): Doc {
    const { path } = this;
    const expressionDocs = path.map(() => this.printTemplateExpression(), "expressions");
    const parts = path.map(
      ({ isLast, index }) => [this.print(), isLast ? "" : expressionDocs[index!]!],
      "quasis",
    );
    return [lineSuffixBoundary, "`", ...parts, "`"];
  }

  printTemplateExpression(): Doc {
    const { path, options } = this;
    const { node } = path;
    const index = path.index!;
    let expressionDoc = this.print();
    const { quasis } = path.parent;
    let interpolationHasNewline = hasNewlineInRange(
      this.text,
      locEnd(quasis[index]),
      locStart(quasis[index + 1]),
    );
    if (!interpolationHasNewline) {
      const rendered = printDocToString(expressionDoc, {
        printWidth: Number.POSITIVE_INFINITY,
        tabWidth: options.tabWidth,
        useTabs: options.useTabs,
        newLine: "\n",
      });
      if (rendered.includes("\n")) interpolationHasNewline = true;
      else expressionDoc = rendered;
    }
    if (
      interpolationHasNewline &&
      (hasComment(node) ||
        node.type === "Identifier" ||
        isMemberExpression(stripChainElementWrappers(node)) ||
        node.type === "ConditionalExpression" ||
        node.type === "SequenceExpression" ||
        isBinaryCastExpression(node) ||
        isBinaryish(node))
    )
      expressionDoc = [indent([softline, expressionDoc]), softline];
    const { indentSize, previousQuasiText } = this.templateExpressionIndent(index);
    expressionDoc =
      indentSize === 0 && previousQuasiText.endsWith("\n")
        ? align(Number.NEGATIVE_INFINITY, expressionDoc)
        : addAlignmentToDoc(expressionDoc, indentSize, options.tabWidth);
    return group(["${", expressionDoc, lineSuffixBoundary, "}"]);
  }

  readonly templateIndentCache = new WeakMap<
    Node,
    { indentSize: number; previousQuasiText: string }[]
  >();

  templateExpressionIndent(index: number): { indentSize: number; previousQuasiText: string } {
    const templateLiteral = this.path.parent;
    let sizes = this.templateIndentCache.get(templateLiteral);
    if (!sizes) {
      const { tabWidth } = this.options;
      let previous = 0;
      sizes = templateLiteral.quasis.map((quasi: Node) => {
        const text: string = quasi.value.raw;
        const indentSize = text.includes("\n") ? getIndentSize(text, tabWidth) : previous;
        previous = indentSize;
        return { indentSize, previousQuasiText: text };
      });
      this.templateIndentCache.set(templateLiteral, sizes!);
    }
    return sizes![index]!;
  }

  // --- statements ---

  printStatementSequence(property: string): Doc[] {
    const { path, print } = this;
    const node = path.node;
    const parts: Doc[] = [];
    const list: Node[] = node[property];
    const lastStatement = list.findLast((s) => s.type !== "EmptyStatement");
    path.each(({ node: statement }) => {
      if (statement.type === "EmptyStatement") return;
      parts.push(print());
      if (statement !== lastStatement) {
        parts.push(hardline);
        if (this.isNextLineEmpty(statement)) parts.push(hardline);
      }
    }, property);
    return parts;
  }

  printBlock(): Doc {
    const { path } = this;
    const { node, parent } = path;
    const hasBody = node.body.some((n: Node) => n.type !== "EmptyStatement");
    if (hasComment(node, CommentFlags.Dangling)) throw new Unsupported("dangling comments");
    const bodyDoc: Doc = hasBody ? this.printStatementSequence("body") : "";
    if (node.type === "Program") return bodyDoc ? [bodyDoc, hardline] : "";
    const parts: Doc[] = ["{"];
    if (bodyDoc) parts.push(indent([hardline, bodyDoc]), hardline);
    else {
      const grand = path.grandparent;
      if (!(
        parent.type === "ArrowFunctionExpression" ||
        parent.type === "FunctionExpression" ||
        parent.type === "FunctionDeclaration" ||
        parent.type === "ForStatement" ||
        parent.type === "WhileStatement" ||
        parent.type === "DoWhileStatement" ||
        (parent.type === "CatchClause" && !grand.finalizer)
      ))
        parts.push(hardline);
    }
    parts.push("}");
    return parts;
  }

  printExpressionStatement(): Doc {
    const parts: Doc[] = [this.print("expression")];
    if (this.shouldExpressionStatementPrintLeadingSemicolon()) parts.unshift(";");
    else if (this.options.semi) parts.push(";");
    return parts;
  }

  shouldExpressionStatementPrintLeadingSemicolon(): boolean {
    const { path } = this;
    if (this.options.semi) return false;
    const { node, key, parent } = path;
    if (node.type !== "ExpressionStatement") return false;
    if (
      ((key === "body" && (parent.type === "Program" || parent.type === "BlockStatement")) ||
        (key === "consequent" && parent.type === "SwitchCase")) &&
      path.call(() => this.expressionNeedsAsiProtection(), "expression")
    )
      return true;
    return false;
  }

  expressionNeedsAsiProtection(): boolean {
    const { path } = this;
    const { node } = path;
    switch (node.type) {
      case "ArrayExpression":
      case "TemplateLiteral":
      case "TemplateElement":
        return true;
      case "ArrowFunctionExpression":
        if (!this.shouldPrintParamsWithoutParens()) return true;
        break;
      case "UnaryExpression":
        if (node.prefix && (node.operator === "+" || node.operator === "-")) return true;
        break;
      case "Literal":
        if (node.regex) return true;
        break;
    }
    if (this.needsParens()) return true;
    if (!hasNakedLeftSide(node)) return false;
    return path.call(() => this.expressionNeedsAsiProtection(), ...getLeftSidePathName(node));
  }

  printVariableDeclaration(): Doc {
    const { path } = this;
    const node = path.node;
    const printed = path.map(() => this.print(), "declarations");
    const isForXStatementInitializer =
      (path.key === "init" && path.parent.type === "ForStatement") ||
      (path.key === "left" &&
        (path.parent.type === "ForInStatement" || path.parent.type === "ForOfStatement"));
    const hasValue = node.declarations.some((d: Node) => d.init);
    let firstVariable: Doc;
    if (printed.length === 1 && !hasComment(node.declarations[0])) firstVariable = printed[0]!;
    else firstVariable = indent(printed[0]!);
    return group([
      node.kind,
      firstVariable ? [" ", firstVariable] : "",
      indent(
        printed
          .slice(1)
          .map((doc) => [",", hasValue && !isForXStatementInitializer ? hardline : line, doc]),
      ),
      isForXStatementInitializer ? "" : this.printSemicolon(),
    ]);
  }

  printIfOrWhileCondition(): Doc {
    const { node } = this.path;
    const conditionDoc = this.print("test");
    if (shouldInlineCondition(node.test)) return conditionDoc;
    return group([indent([softline, conditionDoc]), softline]);
  }

  printClause(property: string): Doc {
    const { path } = this;
    return path.call(({ node }) => {
      const doc = this.print();
      if (node.type === "EmptyStatement") throw new Unsupported("empty statement");
      const isBlockStatement = node.type === "BlockStatement";
      if (hasComment(node, CommentFlags.Leading)) throw new Unsupported("comment before a clause");
      if (
        isBlockStatement ||
        (node.type === "IfStatement" &&
          path.parent.type === "IfStatement" &&
          path.key === "alternate")
      )
        return [" ", doc];
      return indent([line, doc]);
    }, property);
  }

  printIfStatement(): Doc {
    const { node } = this.path;
    const opening = group([
      "if (",
      this.printIfOrWhileCondition(),
      ")",
      this.printClause("consequent"),
    ]);
    if (!node.alternate) return opening;
    const isConsequentBlockStatement = node.consequent.type === "BlockStatement";
    const parts: Doc[] = [opening];
    let needSpace = isConsequentBlockStatement;
    if (!isConsequentBlockStatement) {
      parts.push(hardline);
      needSpace = false;
    }
    if (hasComment(node, CommentFlags.Dangling)) throw new Unsupported("dangling comments");
    parts.push(needSpace ? " " : "", "else", group(this.printClause("alternate")));
    return parts;
  }

  printForStatement(): Doc {
    const { node } = this.path;
    const { print } = this;
    const body = this.printClause("body");
    if (!node.init && !node.test && !node.update) return group(["for (;;)", body]);
    return group([
      "for (",
      group([
        indent([
          softline,
          print("init"),
          ";",
          line,
          print("test"),
          ";",
          node.update ? [line, print("update")] : "",
        ]),
        softline,
      ]),
      ")",
      body,
    ]);
  }

  printSwitchStatement(): Doc {
    const { path, print } = this;
    if (path.node.cases.length === 0) throw new Unsupported("empty switch");
    return [
      group(["switch (", indent([softline, print("discriminant")]), softline, ")"]),
      " {",
      indent([
        hardline,
        join(
          hardline,
          path.map(
            ({ node, isLast }) => [print(), !isLast && this.isNextLineEmpty(node) ? hardline : ""],
            "cases",
          ),
        ),
      ]),
      hardline,
      "}",
    ];
  }

  printSwitchCase(): Doc {
    const { node } = this.path;
    const parts: Doc[] = [];
    if (node.test) parts.push("case ", this.print("test"), ":");
    else parts.push("default:");
    if (hasComment(node, CommentFlags.Dangling)) throw new Unsupported("dangling comments");
    const consequent = node.consequent.filter((n: Node) => n.type !== "EmptyStatement");
    if (consequent.length > 0) {
      const cons = this.printStatementSequence("consequent");
      parts.push(
        consequent.length === 1 && consequent[0].type === "BlockStatement"
          ? [" ", cons]
          : indent([hardline, cons]),
      );
    }
    return parts;
  }

  printReturnOrThrowStatement(): Doc {
    const { node } = this.path;
    return [
      node.type === "ThrowStatement" ? "throw" : "return",
      node.argument
        ? [" ", this.path.call(() => this.printReturnOrThrowArgument(), "argument")]
        : "",
      this.printSemicolon(),
    ];
  }

  printReturnOrThrowArgument(): Doc {
    const { node } = this.path;
    const argumentDoc = this.print();
    if (hasComment(node, CommentFlags.Leading))
      throw new Unsupported("comment before a returned value");
    if (
      isBinaryish(node) ||
      (this.options.experimentalTernaries &&
        node.type === "ConditionalExpression" &&
        (node.consequent.type === "ConditionalExpression" ||
          node.alternate.type === "ConditionalExpression"))
    ) {
      return group([ifBreak("("), indent([softline, argumentDoc]), softline, ifBreak(")")]);
    }
    return argumentDoc;
  }

  // --- modules ---

  printImportDeclaration(): Doc {
    const { node } = this.path;
    return [
      "import",
      node.importKind && node.importKind !== "value" ? ` ${node.importKind}` : "",
      this.printModuleSpecifiers(),
      this.printModuleSource(),
      this.printSemicolon(),
    ];
  }

  printExportDeclaration(): Doc {
    const { node } = this.path;
    const parts: Doc[] = ["export"];
    if (hasComment(node, CommentFlags.Dangling)) throw new Unsupported("dangling comments");
    if (node.declaration) {
      parts.push(" ", this.print("declaration"));
    } else {
      parts.push(node.exportKind && node.exportKind !== "value" ? ` ${node.exportKind}` : "");
      parts.push(this.printModuleSpecifiers());
      parts.push(this.printModuleSource());
    }
    if (!node.declaration) parts.push(this.printSemicolon());
    return parts;
  }

  printModuleSource(): Doc {
    const { node } = this.path;
    if (!node.source) return "";
    return [this.shouldPrintSpecifiers() ? " from" : "", " ", this.print("source")];
  }

  shouldPrintSpecifiers(): boolean {
    const { node } = this.path;
    if (
      node.type !== "ImportDeclaration" ||
      node.specifiers.length > 0 ||
      node.importKind === "type"
    )
      return true;
    const text = this.text.slice(locStart(node), locStart(node.source));
    if (/\/[/*]/.test(text)) throw new Unsupported("comment in an import");
    return text.trimEnd().endsWith("from");
  }

  printModuleSpecifiers(): Doc {
    const { path, options } = this;
    const { node } = path;
    if (!this.shouldPrintSpecifiers()) return "";
    const parts: Doc[] = [" "];
    if (node.specifiers.length > 0) {
      const standalone: Doc[] = [];
      const grouped: Doc[] = [];
      path.each(() => {
        const type = path.node.type;
        if (type === "ImportNamespaceSpecifier" || type === "ImportDefaultSpecifier")
          standalone.push(this.print());
        else grouped.push(this.print());
      }, "specifiers");
      parts.push(join(", ", standalone));
      if (grouped.length > 0) {
        if (standalone.length > 0) parts.push(", ");
        const canBreakSpecifiers =
          grouped.length > 1 ||
          standalone.length > 0 ||
          node.specifiers.some((s: Node) => hasComment(s));
        if (canBreakSpecifiers) {
          parts.push(
            group([
              "{",
              indent([options.bracketSpacing ? line : softline, join([",", line], grouped)]),
              this.printTrailingComma(),
              options.bracketSpacing ? line : softline,
              "}",
            ]),
          );
        } else {
          parts.push([
            "{",
            options.bracketSpacing ? " " : "",
            ...grouped,
            options.bracketSpacing ? " " : "",
            "}",
          ]);
        }
      }
    } else {
      parts.push("{}");
    }
    return parts;
  }

  printModuleSpecifier(): Doc {
    const { node } = this.path;
    const { type } = node;
    const isImport = type.startsWith("Import");
    const leftKey = isImport ? "imported" : "local";
    const rightKey = isImport ? "local" : "exported";
    let left: Doc = "";
    let right: Doc = "";
    if (type === "ImportNamespaceSpecifier") left = "*";
    else if (node[leftKey]) left = this.print(leftKey);
    const isShorthand =
      !node[leftKey] || !node[rightKey] || node[leftKey].name === node[rightKey].name;
    if (node[rightKey] && !isShorthand) right = this.print(rightKey);
    if (type === "ImportDefaultSpecifier") return this.print("local");
    const kind = type === "ImportSpecifier" ? node.importKind : node.exportKind;
    return [kind && kind !== "value" ? `${kind} ` : "", left, left && right ? " as " : "", right];
  }

  // --- assignments ---

  printAssignment(leftDoc: Doc, operator: Doc, rightPropertyName: string): Doc {
    const layout = this.chooseLayout(leftDoc, rightPropertyName);
    const rightDoc = rightPropertyName
      ? this.print(rightPropertyName, { assignmentLayout: layout })
      : "";
    switch (layout) {
      case "break-after-operator":
        return group([group(leftDoc), operator, group(indent([line, rightDoc]))]);
      case "never-break-after-operator":
        return group([group(leftDoc), operator, " ", rightDoc]);
      case "fluid": {
        const groupId = Symbol("assignment");
        return group([
          group(leftDoc),
          operator,
          group(indent(line), { id: groupId }),
          lineSuffixBoundary,
          indentIfBreak(rightDoc, { groupId }),
        ]);
      }
      case "break-lhs":
        return group([leftDoc, operator, " ", group(rightDoc)]);
      case "chain":
        return [group(leftDoc), operator, line, rightDoc];
      case "chain-tail":
        return [group(leftDoc), operator, indent([line, rightDoc])];
      case "chain-tail-arrow-chain":
        return [group(leftDoc), operator, rightDoc];
      case "only-left":
        return leftDoc;
      default:
        throw new Unsupported("layout");
    }
  }

  chooseLayout(leftDoc: Doc, rightPropertyName: string): string {
    const { path, options } = this;
    const { node } = path;
    const rightNode = node[rightPropertyName];
    if (!rightNode) return "only-left";
    const isTail = !isAssignment(rightNode);
    const shouldUseChainFormatting = path.match(
      isAssignment,
      isAssignmentOrVariableDeclarator,
      (n) => !isTail || (n.type !== "ExpressionStatement" && n.type !== "VariableDeclaration"),
    );
    if (shouldUseChainFormatting) {
      return !isTail
        ? "chain"
        : rightNode.type === "ArrowFunctionExpression" &&
            rightNode.body.type === "ArrowFunctionExpression"
          ? "chain-tail-arrow-chain"
          : "chain-tail";
    }
    const isHeadOfLongChain = !isTail && isAssignment(rightNode.right);
    if (
      isHeadOfLongChain ||
      (isUnionType(rightNode) && !shouldHugUnionType(rightNode)) ||
      hasLeadingOwnLineComment(this.text, rightNode) ||
      hasComment(rightNode, CommentFlags.Leading, isIndentableBlockComment)
    )
      return "break-after-operator";
    if (rightNode.type === "CallExpression" && rightNode.callee.name === "require")
      return "never-break-after-operator";
    const canBreakLeftDoc = canBreak(leftDoc);
    if (
      hasComplexTypeAnnotation(node) ||
      (isArrowFunctionVariableDeclarator(node) && canBreakLeftDoc)
    )
      return "break-lhs";
    const hasShortKey = isObjectPropertyWithShortKey(node, leftDoc, options.tabWidth);
    if (path.call(() => this.shouldBreakAfterOperator(hasShortKey), rightPropertyName))
      return "break-after-operator";
    if (isComplexTypeAliasParams(node)) return "break-lhs";
    if (
      !canBreakLeftDoc &&
      (hasShortKey ||
        rightNode.type === "TemplateLiteral" ||
        rightNode.type === "TaggedTemplateExpression" ||
        isBooleanLiteral(rightNode) ||
        isNumericLiteral(rightNode) ||
        rightNode.type === "ClassExpression")
    )
      return "never-break-after-operator";
    return "fluid";
  }

  shouldBreakAfterOperator(hasShortKey: boolean): boolean {
    const { path, options } = this;
    const rightNode = path.node;
    if (isBinaryish(rightNode) && !shouldInlineLogicalExpression(rightNode)) return true;
    switch (rightNode.type) {
      case "SequenceExpression":
        return true;
      case "ConditionalExpression": {
        if (!options.experimentalTernaries) {
          const { test } = rightNode;
          return isBinaryish(test) && !shouldInlineLogicalExpression(test);
        }
        const { consequent, alternate } = rightNode;
        return (
          consequent.type === "ConditionalExpression" || alternate.type === "ConditionalExpression"
        );
      }
    }
    if (hasShortKey) return false;
    let node = rightNode;
    const props: string[] = [];
    for (;;) {
      if (node.type === "UnaryExpression" || node.type === "AwaitExpression") {
        node = node.argument;
        props.push("argument");
      } else if (node.type === "TSNonNullExpression") {
        node = node.expression;
        props.push("expression");
      } else break;
    }
    if (
      isStringLiteral(node) ||
      path.call(() => this.isPoorlyBreakableMemberOrCallChain(false), ...props)
    )
      return true;
    return false;
  }

  isPoorlyBreakableMemberOrCallChain(deep: boolean): boolean {
    const { path, options } = this;
    const { node } = path;
    const goDeeper = () => this.isPoorlyBreakableMemberOrCallChain(true);
    if (isChainElementWrapper(node)) return path.call(goDeeper, "expression");
    if (isCallExpression(node)) {
      const doc = this.printCallExpression() as { label?: { memberChain?: boolean } };
      if (doc && typeof doc === "object" && !Array.isArray(doc) && doc.label?.memberChain)
        return false;
      const args = node.arguments;
      const isPoorlyBreakableCall =
        args.length === 0 ||
        (args.length === 1 &&
          isLoneShortArgument(args[0], options.printWidth, options.singleQuote));
      if (!isPoorlyBreakableCall) return false;
      if (this.isCallExpressionWithComplexTypeArguments(node)) return false;
      return path.call(goDeeper, "callee");
    }
    if (isMemberExpression(node)) return path.call(goDeeper, "object");
    return deep && (node.type === "Identifier" || node.type === "ThisExpression");
  }

  isCallExpressionWithComplexTypeArguments(node: Node): boolean {
    const typeArgs = node.typeArguments?.params;
    if (typeArgs && typeArgs.length > 0) {
      if (typeArgs.length > 1) return true;
      if (typeArgs.length === 1) {
        const first = typeArgs[0];
        if (isUnionType(first) || isIntersectionType(first) || first.type === "TSTypeLiteral")
          return true;
      }
      if (willBreak(this.print("typeArguments"))) return true;
    }
    return false;
  }

  // --- binary expressions ---

  printBinaryishExpression(): Doc {
    const { path } = this;
    const { node, parent, grandparent, key } = path;
    const isInsideParenthesis =
      key !== "body" &&
      (parent.type === "IfStatement" ||
        parent.type === "WhileStatement" ||
        parent.type === "SwitchStatement" ||
        parent.type === "DoWhileStatement");
    const parts = this.printBinaryishExpressions(false, isInsideParenthesis);
    if (isInsideParenthesis) return parts;
    if (
      (key === "callee" && isCallOrNewExpression(parent)) ||
      (parent.type === "UnaryExpression" && !hasComment(node)) ||
      (isMemberExpression(parent) && !parent.computed)
    )
      return group([indent([softline, ...parts]), softline]);
    const shouldNotIndent =
      isReturnOrThrowStatement(parent) ||
      (node === parent.body && parent.type === "ArrowFunctionExpression") ||
      (node !== parent.body && parent.type === "ForStatement") ||
      (parent.type === "ConditionalExpression" &&
        !isReturnOrThrowStatement(grandparent) &&
        !isCallOrNewExpression(grandparent)) ||
      parent.type === "TemplateLiteral" ||
      (key === "argument" && parent.type === "UnaryExpression") ||
      (key === "arguments" && isBooleanTypeCoercion(parent));
    const shouldIndentIfInlining =
      parent.type === "AssignmentExpression" ||
      parent.type === "VariableDeclarator" ||
      parent.type === "PropertyDefinition" ||
      isObjectProperty(parent);
    const samePrecedenceSubExpression =
      isBinaryish(node.left) && shouldFlatten(node.operator, node.left.operator);
    if (
      shouldNotIndent ||
      (shouldInlineLogicalExpression(node) && !samePrecedenceSubExpression) ||
      (!shouldInlineLogicalExpression(node) && shouldIndentIfInlining)
    )
      return group(parts);
    if (parts.length === 0) return "";
    const firstGroupIndex = parts.findIndex(
      (part) => typeof part !== "string" && !Array.isArray(part) && part.type === "group",
    );
    const headParts = parts.slice(0, firstGroupIndex === -1 ? 1 : firstGroupIndex + 1);
    const rest = parts.slice(headParts.length);
    const groupId = Symbol("logicalChain");
    return group([...headParts, indent(rest)], { id: groupId });
  }

  printBinaryishExpressions(isNested: boolean, isInsideParenthesis: boolean): Doc[] {
    const { path, options, print } = this;
    const { node } = path;
    if (!isBinaryish(node)) return [group(print())];
    let parts: Doc[] = [];
    if (shouldFlatten(node.operator, node.left.operator)) {
      parts = path.call(() => this.printBinaryishExpressions(true, isInsideParenthesis), "left");
    } else {
      parts.push(group(print("left")));
    }
    const shouldInline = shouldInlineLogicalExpression(node);
    const rightNode = node.right;
    const commentBeforeOperator = hasLeadingOwnLineComment(this.text, rightNode);
    if (commentBeforeOperator) throw new Unsupported("comment before an operand");
    const { operator } = node;
    let right: Doc;
    if (shouldInline) {
      right = [operator, " ", print("right")];
    } else {
      const rightContent = print("right");
      if (options.experimentalOperatorPosition === "start")
        right = [line, operator, " ", rightContent];
      else right = [operator, line, rightContent];
    }
    const { parent } = path;
    const shouldBreak = hasComment(node.left, CommentFlags.Trailing | CommentFlags.Line);
    const shouldGroup =
      shouldBreak ||
      (!(isInsideParenthesis && node.type === "LogicalExpression") &&
        parent.type !== node.type &&
        node.left.type !== node.type &&
        node.right.type !== node.type);
    if (shouldGroup) right = group(right, { shouldBreak });
    if (options.experimentalOperatorPosition === "start")
      parts.push(shouldInline ? " " : "", right);
    else parts.push(" ", right);
    if (isNested && hasComment(node)) {
      const printed = cleanDoc(printComments(node, parts, this.text));
      if (typeof printed === "object" && !Array.isArray(printed) && printed.type === "fill")
        return printed.parts;
      return Array.isArray(printed) ? printed : [printed];
    }
    return parts;
  }

  // --- members and calls ---

  printMemberExpression(): Doc {
    const { path } = this;
    const objectDoc = this.print("object");
    const lookupDoc = this.printMemberLookup();
    const { node } = path;
    const firstNonMemberParent = path.findAncestor(
      (n) => !(isMemberExpression(n) || n.type === "TSNonNullExpression"),
    );
    const firstNonChainElementWrapperParent = path.findAncestor((n) => !isChainElementWrapper(n));
    const objectLabel = docLabel(objectDoc);
    const shouldInline =
      (firstNonMemberParent.type === "AssignmentExpression" &&
        firstNonMemberParent.left.type !== "Identifier") ||
      this.shouldInlineNewExpressionCallee() ||
      node.computed ||
      (node.object.type === "Identifier" &&
        node.property.type === "Identifier" &&
        !isMemberExpression(firstNonChainElementWrapperParent)) ||
      ((firstNonChainElementWrapperParent.type === "AssignmentExpression" ||
        firstNonChainElementWrapperParent.type === "VariableDeclarator") &&
        (isCallExpressionWithArguments(stripChainElementWrappers(node.object)) ||
          Boolean(objectLabel?.memberChain)));
    return label(objectLabel, [
      objectDoc,
      lineSuffixBoundary,
      shouldInline ? lookupDoc : group(indent([softline, lookupDoc])),
    ]);
  }

  shouldInlineNewExpressionCallee(): boolean {
    const { path } = this;
    let child = path.node;
    for (const ancestor of path.ancestors()) {
      if (!(
        (isMemberExpression(ancestor) && ancestor.object === child) ||
        (ancestor.type === "TSNonNullExpression" && ancestor.expression === child)
      ))
        return ancestor.type === "NewExpression" && ancestor.callee === child;
      child = ancestor;
    }
    return false;
  }

  printMemberLookup(): Doc {
    const property = this.print("property");
    const { node } = this.path;
    const optional = this.printOptionalToken();
    if (!node.computed) return [optional, ".", property];
    if (!node.property || isNumericLiteral(node.property)) return [optional, "[", property, "]"];
    return group([optional, "[", indent([softline, property]), softline, "]"]);
  }

  /**
   * A call's doc. prettier prints a call on the right of an assignment twice, once to see
   * whether it is a member chain (isPoorlyBreakableMemberOrCallChain) and once for the text, at
   * the same place in the tree: the same doc, made once here.
   */
  printCallExpression(): Doc {
    const { node } = this.path;
    if (node.__callDoc === undefined) node.__callDoc = this.printCallExpressionDoc();
    return node.__callDoc;
  }

  printCallExpressionDoc(): Doc {
    const { path, print } = this;
    const { node } = path;
    const isNew = node.type === "NewExpression";
    const args = node.arguments;
    const typeArgumentsDoc = node.typeArguments ? [print("typeArguments"), lineSuffixBoundary] : "";
    if (isTestCallCallee(node)) throw new Unsupported("test-like call");
    if (
      args.length === 1 &&
      args[0].type === "TemplateLiteral" &&
      args[0].quasis.some((q: Node) => q.value.raw.includes("\n"))
    )
      throw new Unsupported("template literal argument");
    if (
      node.callee.type === "Identifier" &&
      (node.callee.name === "require" || node.callee.name === "define")
    )
      throw new Unsupported("require/define call");
    if (!isNew && isMemberish(node.callee) && !path.call(() => this.needsParens(), "callee"))
      return this.printMemberChain();
    const contents: Doc[] = [this.printCallee(), typeArgumentsDoc, this.printCallArguments()];
    if (isCallExpression(node.callee)) return group(contents);
    return contents;
  }

  printCallee(): Doc {
    const { node } = this.path;
    return [node.type === "NewExpression" ? "new " : "", this.print("callee"), lineSuffixBoundary];
  }

  printCallArguments(): Doc {
    const { path, print } = this;
    const { node } = path;
    const args: Node[] = node.arguments;
    if (args.length === 0) {
      if (hasComment(node, CommentFlags.Dangling)) throw new Unsupported("dangling comments");
      return group(["(", ")"]);
    }
    const lastArgIndex = args.length - 1;
    if (isReactHookCallWithDepsArray(args)) {
      const parts: Doc[] = ["("];
      path.each((_, index) => {
        parts.push(print());
        if (index !== lastArgIndex) parts.push(", ");
      }, "arguments");
      parts.push(")");
      return parts;
    }
    let anyArgEmptyLine = false;
    const printedArguments: Doc[] = [];
    path.each(({ node: arg }, index) => {
      let argDoc = print();
      if (index === lastArgIndex) {
        // nothing
      } else if (this.isNextLineEmpty(arg)) {
        anyArgEmptyLine = true;
        argDoc = [argDoc, ",", hardline, hardline];
      } else {
        argDoc = [argDoc, ",", line];
      }
      printedArguments.push(argDoc);
    }, "arguments");
    const trailingComma = this.printTrailingComma("all");
    const allArgsBrokenOut = () =>
      group(["(", indent([line, ...printedArguments]), trailingComma, line, ")"], {
        shouldBreak: true,
      });
    if (anyArgEmptyLine || isFunctionCompositionArguments(args)) return allArgsBrokenOut();
    if (shouldExpandFirstArg(args))
      return this.printArgumentsExpandingFirst(printedArguments, allArgsBrokenOut);
    if (shouldExpandLastArg(args))
      return this.printArgumentsExpandingLast(args, printedArguments, allArgsBrokenOut);
    const contents: Doc[] = [
      "(",
      indent([softline, ...printedArguments]),
      trailingComma,
      softline,
      ")",
    ];
    if (isLongCurriedCallExpression(path)) return contents;
    return group(contents, { shouldBreak: printedArguments.some(willBreak) || anyArgEmptyLine });
  }

  /** The arguments with the first one expanded (a function, an object) and the rest after it. */
  printArgumentsExpandingFirst(printedArguments: Doc[], allArgsBrokenOut: () => Doc): Doc {
    const { print } = this;
    const tailArgs = printedArguments.slice(1);
    if (tailArgs.some(willBreak)) return allArgsBrokenOut();
    let firstArg: Doc;
    try {
      firstArg = print(["arguments", 0], { expandFirstArg: true });
    } catch (caught) {
      if (caught instanceof ArgExpansionBailout) return allArgsBrokenOut();
      throw caught;
    }
    if (willBreak(firstArg)) {
      return [
        breakParent,
        conditionalGroup([
          ["(", group(firstArg, { shouldBreak: true }), ", ", ...tailArgs, ")"],
          allArgsBrokenOut(),
        ]),
      ];
    }
    return conditionalGroup([
      ["(", firstArg, ", ", ...tailArgs, ")"],
      ["(", group(firstArg, { shouldBreak: true }), ", ", ...tailArgs, ")"],
      allArgsBrokenOut(),
    ]);
  }

  /** The arguments with the last one expanded (a callback, an object) and the rest before it. */
  printArgumentsExpandingLast(
    args: Node[],
    printedArguments: Doc[],
    allArgsBrokenOut: () => Doc,
  ): Doc {
    const { print } = this;
    const headArgs = printedArguments.slice(0, -1);
    if (headArgs.some(willBreak)) return allArgsBrokenOut();
    let lastArg: Doc;
    try {
      lastArg = print(["arguments", args.length - 1], { expandLastArg: true });
    } catch (caught) {
      if (caught instanceof ArgExpansionBailout) return allArgsBrokenOut();
      throw caught;
    }
    if (willBreak(lastArg)) {
      return [
        breakParent,
        conditionalGroup([
          ["(", ...headArgs, group(lastArg, { shouldBreak: true }), ")"],
          allArgsBrokenOut(),
        ]),
      ];
    }
    return conditionalGroup([
      ["(", ...headArgs, lastArg, ")"],
      ["(", ...headArgs, group(lastArg, { shouldBreak: true }), ")"],
      allArgsBrokenOut(),
    ]);
  }

  printMemberChain(): Doc {
    const { path, options } = this;
    const printedNodes = this.printMemberChainLinks();
    const groups = memberChainGroups(printedNodes);
    const shouldMerge =
      groups.length >= 2 &&
      !hasComment(groups[1]![0]!.node) &&
      shouldNotWrap(groups, options, path.parent.type === "ExpressionStatement");
    const printGroup = (g: ChainLink[]) => g.map((t) => t.printed);
    const printIndentedGroup = (gs: ChainLink[][]) =>
      gs.length === 0 ? "" : indent([hardline, join(hardline, gs.map(printGroup))]);
    const printedGroups = groups.map(printGroup);
    const oneLine: Doc = printedGroups;
    const cutoff = shouldMerge ? 3 : 2;
    const nodeHasComment = memberChainHasComment(groups, cutoff);
    if (
      groups.length <= cutoff &&
      !nodeHasComment &&
      groups.every((g) => !g.at(-1)!.hasTrailingEmptyLine)
    ) {
      if (isLongCurriedCallExpression(path)) return oneLine;
      return group(oneLine);
    }
    const lastNodeBeforeIndent = groups[shouldMerge ? 1 : 0]!.at(-1)!.node;
    const shouldHaveEmptyLineBeforeIndent =
      !isCallExpression(lastNodeBeforeIndent) &&
      this.memberChainEmptyLineAfter(lastNodeBeforeIndent);
    const expanded: Doc = [
      printGroup(groups[0]!),
      shouldMerge ? groups.slice(1, 2).map(printGroup) : "",
      shouldHaveEmptyLineBeforeIndent ? hardline : "",
      printIndentedGroup(groups.slice(shouldMerge ? 2 : 1)),
    ];
    let result: Doc;
    if (nodeHasComment || memberChainMustExpand(printedNodes, groups, printedGroups)) {
      result = group(expanded);
    } else {
      result = [
        willBreak(oneLine) || shouldHaveEmptyLineBeforeIndent ? breakParent : "",
        conditionalGroup([oneLine, expanded]),
      ];
    }
    return label({ memberChain: true }, result);
  }

  /** prettier's printedNodes: the chain's calls, members and `!`, from its head, each printed. */
  printMemberChainLinks(): ChainLink[] {
    const { path, print } = this;
    const printedNodes: ChainLink[] = [];
    const withComments = (node: Node, doc: Doc) => printComments(node, doc, this.text);
    const rec = () => {
      const { node } = path;
      if (
        isCallExpression(node) &&
        (isMemberish(node.callee) || isCallExpression(node.callee)) &&
        !this.needsParens()
      ) {
        const hasTrailingEmptyLine = this.memberChainEmptyLineAfter(node);
        printedNodes.unshift({
          node,
          hasTrailingEmptyLine,
          printed: [
            withComments(node, [
              this.printOptionalToken(),
              print("typeArguments"),
              this.printCallArguments(),
            ]),
            hasTrailingEmptyLine ? hardline : "",
          ],
        });
        path.call(rec, "callee");
      } else if (isMemberish(node) && !this.needsParens()) {
        printedNodes.unshift({ node, printed: withComments(node, this.printMemberLookup()) });
        path.call(rec, "object");
      } else if (node.type === "TSNonNullExpression" && !this.needsParens()) {
        printedNodes.unshift({ node, printed: withComments(node, "!") });
        path.call(rec, "expression");
      } else {
        printedNodes.unshift({ node, printed: print() });
      }
    };
    const { node } = path;
    printedNodes.unshift({
      node,
      printed: [this.printOptionalToken(), print("typeArguments"), this.printCallArguments()],
    });
    if (node.callee) path.call(rec, "callee");

    return printedNodes;
  }

  /** Whether an empty line follows `node` in the source (after a `)` that closes it, too). */
  memberChainEmptyLineAfter(node: Node): boolean {
    const text = this.text;
    const nextCharIndex = getNextNonSpaceNonCommentCharacterIndex(text, locEnd(node));
    const nextChar = nextCharIndex === false ? "" : text.charAt(nextCharIndex);
    if (nextChar === ")")
      return nextCharIndex !== false && isNextLineEmptyAfterIndex(text, nextCharIndex + 1);
    return this.isNextLineEmpty(node);
  }

  // --- objects and arrays ---

  printPropertyKey(): Doc {
    const { path, options } = this;
    const { node } = path;
    if (node.computed) return ["[", this.print("key"), "]"];
    const key = node.key;
    const { quoteProps } = options;
    if (quoteProps === "consistent" && this.hasSiblingsRequireQuoted()) {
      // isKeySafeToQuote: identifiers only (numbers are not quoted in TypeScript).
      if (key.type === "Identifier") {
        if (hasComment(key)) throw new Unsupported("comment on a key");
        return printString(JSON.stringify(key.name), options.singleQuote);
      }
    }
    if (
      (quoteProps === "as-needed" ||
        (quoteProps === "consistent" && !this.hasSiblingsRequireQuoted())) &&
      isKeySafeToUnquote(node, options.singleQuote)
    ) {
      if (hasComment(key)) throw new Unsupported("comment on a key");
      const value: string = key.value;
      return /^\d/.test(value) ? printNumber(value) : value;
    }
    return this.print("key");
  }

  readonly needQuoteKeysCache = new WeakMap<Node, boolean>();

  hasSiblingsRequireQuoted(): boolean {
    const { path, options } = this;
    const parent = path.parent;
    let result = this.needQuoteKeysCache.get(parent);
    if (result === undefined) {
      result = path.siblings!.some((sibling) => {
        if (sibling.computed) return false;
        const key = sibling.key;
        return key && isStringLiteral(key) && !isKeySafeToUnquote(sibling, options.singleQuote);
      });
      this.needQuoteKeysCache.set(parent, result);
    }
    return result;
  }

  printObject(): Doc {
    const { path, options } = this;
    const { node } = path;
    const children: Node[] = node.properties;
    const shouldBreak =
      options.objectWrap === "preserve" &&
      children.length > 0 &&
      hasNewlineInRange(this.text, locStart(node), locStart(children[0]));
    let separatorParts: Doc[] = [];
    const parts = path.map(({ node: child }) => {
      const result = [...separatorParts, this.print()];
      separatorParts = [",", line];
      if (this.isNextLineEmpty(child)) separatorParts.push(hardline);
      return result;
    }, "properties");
    let content: Doc;
    if (parts.length === 0) {
      if (hasComment(node, CommentFlags.Dangling)) throw new Unsupported("dangling comments");
      content = group(["{", "}", this.printOptionalToken(), this.printTypeAnnotationProperty()]);
    } else {
      const spacing = options.bracketSpacing ? line : softline;
      content = [
        "{",
        indent([spacing, ...parts]),
        this.printTrailingComma(),
        spacing,
        "}",
        this.printOptionalToken(),
        this.printTypeAnnotationProperty(),
      ];
    }
    return group(content, { shouldBreak });
  }

  printArray(): Doc {
    const { path } = this;
    const { node } = path;
    const parts: Doc[] = [];
    const elementsProperty = node.type === "TSTupleType" ? "elementTypes" : "elements";
    const elements: Node[] = node[elementsProperty];
    if (elements.length === 0) {
      if (hasComment(node, CommentFlags.Dangling)) throw new Unsupported("dangling comments");
      parts.push(group(["[", "]"]));
    } else {
      const groupId = Symbol("array");
      const shouldBreak =
        elements.length > 1 &&
        elements.every((element, i, all) => {
          if (!isArrayExpression(element) && !isObjectExpression(element)) return false;
          const next = all[i + 1];
          if (next && element.type !== next.type) return false;
          const itemsKey = isArrayExpression(element) ? "elements" : "properties";
          return element[itemsKey] && element[itemsKey].length > 1;
        });
      const concise = isConciselyPrintedArray(node, this.text);
      const trailingComma = !this.shouldPrintComma()
        ? ""
        : concise
          ? ifBreak(",", "", { groupId })
          : ifBreak(",");
      if (hasComment(node, CommentFlags.Dangling)) throw new Unsupported("dangling comments");
      parts.push(
        group(
          [
            "[",
            indent([
              softline,
              concise
                ? this.printArrayElementsConcisely(trailingComma)
                : [this.printArrayElements(elementsProperty), trailingComma],
            ]),
            softline,
            "]",
          ],
          { shouldBreak, id: groupId },
        ),
      );
    }
    parts.push(this.printOptionalToken(), this.printTypeAnnotationProperty());
    return parts;
  }

  isLineAfterElementEmpty(node: Node): boolean {
    const text = this.text;
    let currentIdx = locEnd(node);
    if (currentIdx === locStart(node)) return false;
    const { length } = text;
    while (currentIdx < length) {
      if (text[currentIdx] === ",") break;
      const next = skipInlineCommentAt(text, skipTrailingCommentAt(text, currentIdx + 1));
      currentIdx = next;
    }
    return isNextLineEmptyAfterIndex(text, currentIdx);
  }

  printArrayElements(elementsProperty: string): Doc[] {
    const { path } = this;
    const parts: Doc[] = [];
    path.each(({ node, isLast }) => {
      parts.push(node ? group(this.print()) : "");
      if (!isLast)
        parts.push([",", line, node && this.isLineAfterElementEmpty(node) ? softline : ""]);
    }, elementsProperty);
    return parts;
  }

  printArrayElementsConcisely(trailingComma: Doc): Doc {
    const { path } = this;
    const parts: Doc[] = [];
    path.each(({ node, isLast, next }) => {
      parts.push([this.print(), isLast ? trailingComma : ","]);
      if (!isLast) {
        parts.push(
          this.isLineAfterElementEmpty(node)
            ? [hardline, hardline]
            : hasComment(next, CommentFlags.Leading | CommentFlags.Line)
              ? hardline
              : line,
        );
      }
    }, "elements");
    return fill(parts);
  }

  // --- functions ---

  printFunction(args: Args | undefined): Doc {
    const { path, print } = this;
    const { node, key, parent } = path;
    if (key === "value" && node.type === "FunctionExpression" && parent.type === "MethodDefinition")
      return this.printMethodValue();
    let shouldExpandParameters = false;
    if (node.type === "FunctionExpression" && args?.expandLastArg) {
      if (
        isCallExpression(parent) &&
        (parent.arguments.length > 1 ||
          node.params.every((p: Node) => p.type === "Identifier" && !p.typeAnnotation))
      )
        shouldExpandParameters = true;
    }
    const parametersDoc = this.printFunctionParameters(shouldExpandParameters, false);
    const returnTypeDoc = this.printTypeAnnotationProperty("returnType");
    const shouldGroupParameters = shouldGroupFunctionParameters(node, returnTypeDoc);
    return [
      node.async ? "async " : "",
      "function",
      node.generator ? "*" : "",
      " ",
      node.id ? print("id") : "",
      print("typeParameters"),
      group([shouldGroupParameters ? group(parametersDoc) : parametersDoc, returnTypeDoc]),
      node.body ? " " : "",
      print("body"),
    ];
  }

  printMethodValue(): Doc {
    const { path, print } = this;
    const { node } = path;
    const parametersDoc = this.printFunctionParameters(false, false);
    const returnTypeDoc = this.printTypeAnnotationProperty("returnType");
    const shouldGroupParameters = shouldGroupFunctionParameters(node, returnTypeDoc);
    const parts: Doc[] = [
      print("typeParameters"),
      group([shouldGroupParameters ? group(parametersDoc) : parametersDoc, returnTypeDoc]),
    ];
    if (node.body) parts.push(" ", print("body"));
    else parts.push(this.printSemicolon());
    return parts;
  }

  printFunctionParameters(
    shouldExpandParameters: boolean,
    shouldPrintTypeParameters: boolean,
  ): Doc {
    const { path, print } = this;
    const functionNode = path.node;
    const parameters: Node[] = functionNode.params;
    const typeParametersDoc =
      shouldPrintTypeParameters && functionNode.typeParameters ? print("typeParameters") : "";
    if (parameters.length === 0) {
      if (hasComment(functionNode, CommentFlags.Dangling))
        throw new Unsupported("dangling comments");
      return [typeParametersDoc, "(", ")"];
    }
    const shouldHugParameters = shouldHugTheOnlyFunctionParameter(functionNode);
    const printed: Doc[] = [];
    path.each((_, index) => {
      const isLastParameter = index === parameters.length - 1;
      printed.push(print());
      if (isLastParameter) return;
      printed.push(",");
      if (shouldHugParameters) printed.push(" ");
      else if (this.isNextLineEmpty(parameters[index])) printed.push(hardline, hardline);
      else printed.push(line);
    }, "params");
    if (shouldExpandParameters) {
      if (willBreak(typeParametersDoc) || willBreak(printed)) throw new ArgExpansionBailout();
      return group([removeLines(typeParametersDoc), "(", removeLines(printed), ")"]);
    }
    if (shouldHugParameters) return [typeParametersDoc, "(", ...printed, ")"];
    const hasRest = parameters.at(-1)?.type === "RestElement";
    return [
      typeParametersDoc,
      "(",
      indent([softline, ...printed]),
      !hasRest ? this.printTrailingComma("all") : "",
      softline,
      ")",
    ];
  }

  shouldPrintParamsWithoutParens(): boolean {
    const { options, path } = this;
    if (options.arrowParens === "always") return false;
    const node = path.node;
    const parameters: Node[] = node.params;
    return (
      parameters.length === 1 &&
      !node.typeParameters &&
      !hasComment(node, CommentFlags.Dangling) &&
      parameters[0]!.type === "Identifier" &&
      !parameters[0]!.typeAnnotation &&
      !hasComment(parameters[0]) &&
      !parameters[0]!.optional &&
      !node.returnType
    );
  }

  // --- arrow functions (prettier's arrow-function.js) ---

  printArrowFunction(args: Args = {}): Doc {
    const { path, options } = this;
    const shouldPrintAsChain =
      !args.expandLastArg && path.node.body.type === "ArrowFunctionExpression";
    const chain: ArrowChain = {
      signatureDocs: [],
      bodyComments: [],
      bodyDoc: "",
      functionBody: undefined,
      shouldBreakChain: false,
    };
    const rec = () => this.addArrowChainLink(args, shouldPrintAsChain, chain, rec);
    rec();
    const { signatureDocs, bodyComments, shouldBreakChain, functionBody } = chain;
    const shouldPutBodyOnSameLine =
      !hasLeadingOwnLineComment(this.text, functionBody) &&
      (functionBody.type === "SequenceExpression" ||
        mayBreakAfterShortPrefix(functionBody, chain.bodyDoc, this.text) ||
        (!shouldBreakChain && shouldAddParensIfNotBreak(functionBody)));
    const isCallee = path.key === "callee" && isCallLikeExpression(path.parent);
    const chainGroupId = Symbol("arrow-chain");
    const signaturesDoc = this.printArrowFunctionSignatures(args, signatureDocs, shouldBreakChain);
    let shouldBreakSignatures = false;
    let shouldIndentSignatures = false;
    let shouldPrintSoftlineInIndent = false;
    if (shouldPrintAsChain && (isCallee || args.assignmentLayout)) {
      shouldIndentSignatures = true;
      // prettier checks `CommentCheckFlags.Leading & CommentCheckFlags.Line`, which is 0: any comment.
      shouldPrintSoftlineInIndent = !hasComment(path.node);
      shouldBreakSignatures =
        args.assignmentLayout === "chain-tail-arrow-chain" ||
        (isCallee && !shouldPutBodyOnSameLine);
    }
    const bodyDoc = this.printArrowFunctionBody(
      args,
      chain.bodyDoc,
      bodyComments,
      functionBody,
      shouldPutBodyOnSameLine,
    );
    void options;
    return group([
      group(
        shouldIndentSignatures
          ? indent([shouldPrintSoftlineInIndent ? softline : "", signaturesDoc])
          : signaturesDoc,
        { shouldBreak: shouldBreakSignatures, id: chainGroupId },
      ),
      " =>",
      shouldPrintAsChain ? indentIfBreak(bodyDoc, { groupId: chainGroupId }) : group(bodyDoc),
      shouldPrintAsChain && isCallee ? ifBreak(softline, "", { groupId: chainGroupId }) : "",
    ]);
  }

  /**
   * prettier's `rec` in printArrowFunction: the signature of the arrow at the path into `chain`,
   * then, down an arrow chain, the next arrow's (by `rec`, from its body), else the body.
   */
  addArrowChainLink(
    args: Args,
    shouldPrintAsChain: boolean,
    chain: ArrowChain,
    rec: () => void,
  ): void {
    const { path, print } = this;
    const { node } = path;
    const signatureDoc = this.printArrowFunctionSignature(args);
    if (chain.signatureDocs.length === 0) chain.signatureDocs.push(signatureDoc);
    else {
      const { leading, trailing } = printCommentsSeparately(node, this.text);
      chain.signatureDocs.push([leading, signatureDoc]);
      chain.bodyComments.unshift(trailing);
    }
    if (shouldPrintAsChain) {
      chain.shouldBreakChain ||=
        (node.returnType && node.params.length > 0) ||
        Boolean(node.typeParameters) ||
        node.params.some((param: Node) => param.type !== "Identifier");
    }
    if (!shouldPrintAsChain || node.body.type !== "ArrowFunctionExpression") {
      chain.bodyDoc = print("body", args);
      chain.functionBody = node.body;
    } else {
      path.call(rec, "body");
    }
  }

  printArrowFunctionSignature(args: Args): Doc {
    const { path, print } = this;
    const { node } = path;
    const parts: Doc[] = [];
    if (node.async) parts.push("async ");
    if (this.shouldPrintParamsWithoutParens()) {
      parts.push(print(["params", 0]));
    } else {
      const shouldExpandParameters = Boolean(args.expandLastArg || args.expandFirstArg);
      let returnTypeDoc: Doc = this.printTypeAnnotationProperty("returnType");
      if (shouldExpandParameters) {
        if (willBreak(returnTypeDoc)) throw new ArgExpansionBailout();
        returnTypeDoc = group(removeLines(returnTypeDoc));
      }
      parts.push(
        group([this.printFunctionParameters(shouldExpandParameters, true), returnTypeDoc]),
      );
    }
    const dangling = printDanglingComments(node, this.text, {
      marker: "commentBeforeArrow",
      separator: (previous, comment) => (locEnd(previous) === locStart(comment) ? "" : " "),
    });
    if (dangling) parts.push(" ", dangling);
    return parts;
  }

  printArrowFunctionSignatures(args: Args, signatureDocs: Doc[], shouldBreak: boolean): Doc {
    if (signatureDocs.length === 1) return signatureDocs[0]!;
    const { parent, key } = this.path;
    if ((key !== "callee" && isCallLikeExpression(parent)) || isBinaryish(parent))
      return group(
        [signatureDocs[0]!, " =>", indent([line, join([" =>", line], signatureDocs.slice(1))])],
        { shouldBreak },
      );
    if ((key === "callee" && isCallLikeExpression(parent)) || args.assignmentLayout)
      return group(join([" =>", line], signatureDocs), { shouldBreak });
    return group(indent(join([" =>", line], signatureDocs)), { shouldBreak });
  }

  printArrowFunctionBody(
    args: Args,
    bodyDoc: Doc,
    bodyComments: Doc[],
    functionBody: Node,
    shouldPutBodyOnSameLine: boolean,
  ): Doc {
    const { node } = this.path;
    const trailingComma = args.expandLastArg ? this.printTrailingComma("all") : "";
    const trailingSpace = args.expandLastArg && !hasComment(node) ? softline : "";
    if (shouldPutBodyOnSameLine && shouldAddParensIfNotBreak(functionBody)) {
      return [
        " ",
        group([
          ifBreak("", "("),
          indent([softline, bodyDoc]),
          ifBreak("", ")"),
          trailingComma,
          trailingSpace,
        ]),
        bodyComments,
      ];
    }
    return shouldPutBodyOnSameLine
      ? [" ", bodyDoc, bodyComments]
      : [indent([line, bodyDoc, bodyComments]), trailingComma, trailingSpace];
  }

  // --- classes and interfaces (prettier's class.js) ---

  printClass(): Doc {
    const { path, print } = this;
    const { node } = path;
    const isInterface = node.type === "TSInterfaceDeclaration";
    const parts: Doc[] = [
      node.declare ? "declare " : "",
      node.abstract ? "abstract " : "",
      isInterface ? "interface" : "class",
    ];
    const groupMode = this.shouldPrintClassInGroupMode();
    const partsGroup: Doc[] = [];
    const extendsParts: Doc[] = [];
    if (node.id) partsGroup.push(" ");
    for (const property of ["id", "typeParameters"]) {
      if (node[property]) {
        const { leading, trailing } = printCommentsSeparately(node[property], this.text);
        partsGroup.push(leading, print(property), indent(trailing));
      }
    }
    if (node.superClass) throw new Unsupported("class extends");
    extendsParts.push(this.printHeritageClauses("extends"));
    extendsParts.push(this.printHeritageClauses("mixins"), this.printHeritageClauses("implements"));
    let heritageGroupId: symbol | undefined;
    if (groupMode) {
      heritageGroupId = Symbol("heritageGroup");
      parts.push(group([...partsGroup, indent(extendsParts)], { id: heritageGroupId }));
    } else {
      parts.push(...partsGroup, ...extendsParts);
    }
    if (!isInterface && groupMode && node.body.body.length > 0)
      parts.push(ifBreak(hardline, " ", { groupId: heritageGroupId }));
    else parts.push(" ");
    parts.push(print("body"));
    return parts;
  }

  readonly classGroupModeCache = new WeakMap<Node, boolean>();

  shouldPrintClassInGroupMode(): boolean {
    const { node } = this.path;
    let result = this.classGroupModeCache.get(node);
    if (result === undefined) {
      result = (() => {
        if (
          hasComment(node.id, CommentFlags.Trailing) ||
          hasComment(node.typeParameters, CommentFlags.Trailing) ||
          hasComment(node.superClass) ||
          hasMultipleHeritage(node)
        )
          return true;
        const heritage = node.extends?.[0] ?? node.mixins?.[0] ?? node.implements?.[0];
        if (!heritage) return false;
        return (
          (heritage.type === "TSClassImplements" || heritage.type === "TSInterfaceHeritage") &&
          isMemberExpression(heritage.expression) &&
          !heritage.typeArguments
        );
      })();
      this.classGroupModeCache.set(node, result);
    }
    return result;
  }

  printHeritageClauses(listName: string): Doc {
    const { path, print } = this;
    const { node } = path;
    if (!(node[listName]?.length > 0)) return "";
    const printedLeadingComments = printDanglingComments(node, this.text, { marker: listName });
    const heritageClausesDoc = join(
      [",", line],
      path.map(() => print(), listName),
    );
    if (!hasMultipleHeritage(node)) {
      const printed = [`${listName} `, printedLeadingComments, heritageClausesDoc];
      if (this.shouldPrintClassInGroupMode()) return [line, group(printed)];
      return [" ", printed];
    }
    return [
      line,
      printedLeadingComments,
      printedLeadingComments && hardline,
      listName,
      group(indent([line, heritageClausesDoc])),
    ];
  }

  printClassMethod(): Doc {
    const { node } = this.path;
    const parts: Doc[] = [];
    parts.push(node.accessibility ? `${node.accessibility} ` : "");
    if (node.static) parts.push("static ");
    if (node.abstract) parts.push("abstract ");
    if (node.override) parts.push("override ");
    parts.push(this.printMethod());
    return parts;
  }

  printMethod(): Doc {
    const { node } = this.path;
    const { kind } = node;
    const value = node.value || node;
    const parts: Doc[] = [];
    if (!kind || kind === "init" || kind === "method" || kind === "constructor") {
      if (value.async) parts.push("async ");
    } else {
      parts.push(kind, " ");
    }
    if (value.generator) parts.push("*");
    parts.push(
      this.printPropertyKey(),
      node.optional ? "?" : "",
      node === value ? this.printMethodValue() : this.print("value"),
    );
    return parts;
  }

  printClassProperty(): Doc {
    const { node } = this.path;
    const parts: Doc[] = [];
    parts.push(node.declare ? "declare " : "", node.accessibility ? `${node.accessibility} ` : "");
    if (node.static) parts.push("static ");
    if (node.abstract) parts.push("abstract ");
    if (node.override) parts.push("override ");
    if (node.readonly) parts.push("readonly ");
    parts.push(
      this.printPropertyKey(),
      this.printOptionalToken(),
      node.definite ? "!" : "",
      this.printTypeAnnotationProperty(),
    );
    return [this.printAssignment(parts, " =", "value"), this.printSemicolon()];
  }

  printMethodSignature(): Doc {
    const { node } = this.path;
    const parts: Doc[] = [];
    const kind = node.kind && node.kind !== "method" ? `${node.kind} ` : "";
    parts.push(
      node.accessibility ? `${node.accessibility} ` : "",
      kind,
      this.printPropertyKey(),
      this.printOptionalToken(),
    );
    const parametersDoc = this.printFunctionParameters(false, true);
    const returnTypeDoc = this.printTypeAnnotationProperty("returnType");
    const shouldGroupParameters = shouldGroupFunctionParameters(node, returnTypeDoc);
    parts.push(shouldGroupParameters ? group(parametersDoc) : parametersDoc);
    if (node.returnType) parts.push(group(returnTypeDoc));
    return [group(parts), this.printClassMemberSemicolon()];
  }

  printMappedType(): Doc {
    const { path, options, print } = this;
    const { node } = path;
    let shouldBreak = false;
    if (options.objectWrap === "preserve") {
      const text = this.stripped();
      const start = locStart(node) + 1;
      const nextTokenIndex = start + text.slice(start).search(/\S/);
      if (hasNewlineInRange(this.text, start, nextTokenIndex)) shouldBreak = true;
    }
    const danglingCommentsDoc: Doc[] = [];
    const dangling = getComments(node, CommentFlags.Dangling);
    if (dangling.length > 0) throw new Unsupported("comments in a mapped type");
    const modifier = (token: unknown, keyword: string) =>
      token === "+" || token === "-" ? `${token}${keyword}` : keyword;
    return group(
      [
        "{",
        indent([
          options.bracketSpacing ? line : softline,
          ...danglingCommentsDoc,
          node.readonly ? [modifier(node.readonly, "readonly"), " "] : "",
          group([
            "[",
            indent([
              softline,
              print("key"),
              " in ",
              print("constraint"),
              node.nameType ? [" as ", print("nameType")] : "",
            ]),
            softline,
            "]",
          ]),
          node.optional ? modifier(node.optional, "?") : "",
          node.typeAnnotation ? ": " : "",
          print("typeAnnotation"),
          options.semi ? ifBreak(";") : "",
        ]),
        options.bracketSpacing ? line : softline,
        "}",
      ],
      { shouldBreak },
    );
  }

  /** ClassBody, TSInterfaceBody and TSTypeLiteral. */
  printClassBody(): Doc {
    const { path, options } = this;
    const { node } = path;
    const parts: Doc[] = [];
    const isObjectTypeBody = node.type === "TSTypeLiteral";
    const separator = isObjectTypeBody ? line : hardline;
    const hasDanglingComments = hasComment(node, CommentFlags.Dangling);
    const key = node.type === "TSTypeLiteral" ? "members" : "body";
    let isEmpty = true;
    let firstMember: Node;
    path.each(({ node: member, isLast, next }) => {
      firstMember ??= member;
      isEmpty = false;
      parts.push(this.print());
      if (
        !isObjectTypeBody &&
        (shouldPrintSemicolonAfterClassProperty(member, next, options.semi) ||
          shouldPrintSemicolonAfterInterfaceProperty(member, next, options.semi))
      )
        parts.push(";");
      if (!isLast) {
        parts.push(separator);
        if (this.isNextLineEmpty(member)) parts.push(hardline);
      }
    }, key);
    if (hasDanglingComments) parts.push(printDanglingComments(node, this.text));
    if (isObjectTypeBody) {
      const shouldBreak =
        hasComment(node, CommentFlags.Dangling | CommentFlags.Line) ||
        (options.objectWrap === "preserve" &&
          firstMember! !== undefined &&
          hasNewlineInRange(this.text, locStart(node), locStart(firstMember)));
      let content: Doc;
      if (parts.length === 0) content = "{}";
      else {
        const spacing = !options.bracketSpacing || (isEmpty && !shouldBreak) ? softline : line;
        content = ["{", indent([spacing, ...parts]), spacing, "}"];
      }
      if (
        path.match(
          undefined,
          (_n, name) => name === "typeAnnotation",
          (_n, name) => name === "typeAnnotation",
          (n, name) => name === "params" && shouldHugTheOnlyFunctionParameter(n),
        )
      )
        return content;
      return group(content, { shouldBreak });
    }
    return ["{", parts.length > 0 ? [indent([hardline, parts]), hardline] : "", "}"];
  }

  printClassMemberSemicolon(): Doc {
    const { path, options } = this;
    const { parent } = path;
    if (parent.type === "ClassBody" || parent.type === "TSInterfaceBody")
      return this.printSemicolon();
    if (parent.type === "TSTypeLiteral") {
      if (path.isLast) return options.semi ? ifBreak(";") : "";
      if (options.semi || shouldPrintSemicolonAfterInterfaceProperty(path.node, path.next, false))
        return ";";
      return ifBreak("", ";");
    }
    return "";
  }

  // --- TypeScript ---

  printTypescript(args: Args | undefined): Doc {
    const { path, print } = this;
    const { node } = path;
    if (isTsKeywordType(node)) return node.type.slice(2, -7).toLowerCase();
    switch (node.type) {
      case "TSInterfaceBody":
      case "TSTypeLiteral":
        return this.printClassBody();
      case "TSTypeAliasDeclaration": {
        const parts: Doc[] = ["type ", print("id"), print("typeParameters")];
        return [this.printAssignment(parts, " =", "typeAnnotation"), this.printSemicolon()];
      }
      case "TSQualifiedName":
        return [print("left"), ".", print("right")];
      case "TSInterfaceDeclaration":
        return this.printClass();
      case "TSInterfaceHeritage":
        return [print("expression"), print("typeArguments")];
      case "TSTypeParameterDeclaration":
      case "TSTypeParameterInstantiation":
        return this.printTypeParameters("params");
      case "TSTypeParameter":
        return this.printTypeParameter();
      case "TSAsExpression":
      case "TSSatisfiesExpression":
        return this.printAsOrSatisfiesExpression();
      case "TSPropertySignature":
        return [
          group([
            node.readonly ? "readonly " : "",
            this.printPropertyKey(),
            this.printOptionalToken(),
            this.printTypeAnnotationProperty(),
          ]),
          this.printClassMemberSemicolon(),
        ];
      case "TSIndexSignature":
        return this.printIndexSignature();
      case "TSNonNullExpression":
        return [print("expression"), "!"];
      case "TSMethodSignature":
        return this.printMethodSignature();
      case "TSTypeAnnotation": {
        const token = this.getTypeAnnotationFirstToken();
        return token ? [token, " ", print("typeAnnotation")] : print("typeAnnotation");
      }
      default:
        return this.printTypescriptType(args);
    }
  }

  /** The types printTypescript leaves to it (keyword types and type literals are its own). */
  printTypescriptType(args: Args | undefined): Doc {
    const { path, print } = this;
    const { node } = path;
    switch (node.type) {
      case "TSThisType":
        return "this";
      case "TSArrayType":
        return [print("elementType"), "[]"];
      case "TSTypeQuery":
        return ["typeof ", print("exprName"), print("typeArguments")];
      case "TSTypePredicate":
        return [
          node.asserts ? "asserts " : "",
          print("parameterName"),
          node.typeAnnotation ? [" is ", this.printTypeAnnotationProperty()] : "",
        ];
      case "TSFunctionType":
        return this.printFunctionType();
      case "TSMappedType":
        return this.printMappedType();
      case "TSLiteralType":
        return print("literal");
      case "TSIndexedAccessType":
        return [print("objectType"), "[", print("indexType"), "]"];
      case "TSTypeOperator":
        return [node.operator, " ", print("typeAnnotation")];
      case "TSUnionType":
        return this.printUnionType(args);
      case "TSTupleType":
        return this.printArray();
      case "TSTypeReference":
        return [print("typeName"), this.printTypeParameters("typeArguments")];
      default:
        throw new Unsupported(`node ${node.type}`);
    }
  }

  /** `TSAsExpression` and `TSSatisfiesExpression` */
  printAsOrSatisfiesExpression(): Doc {
    const { path, print } = this;
    const { node } = path;
    const { parent, key } = path;
    const parts: Doc[] = [
      print("expression"),
      " ",
      node.type === "TSSatisfiesExpression" ? "satisfies" : "as",
      " ",
      print("typeAnnotation"),
    ];
    if (
      (key === "callee" && isCallOrNewExpression(parent)) ||
      (key === "object" && isMemberExpression(parent))
    )
      return group([indent([softline, ...parts]), softline]);
    return parts;
  }

  /** `TSIndexSignature` */
  printIndexSignature(): Doc {
    const { path, print } = this;
    const { node } = path;
    const trailingComma = node.parameters.length > 1 ? this.printTrailingComma() : "";
    const parametersGroup = group([
      indent([
        softline,
        join(
          [", ", softline],
          path.map(() => print(), "parameters"),
        ),
      ]),
      trailingComma,
      softline,
    ]);
    return [
      group([
        node.readonly ? "readonly " : "",
        "[",
        node.parameters ? parametersGroup : "",
        "]",
        this.printTypeAnnotationProperty(),
      ]),
      this.printClassMemberSemicolon(),
    ];
  }

  /** `TSFunctionType` */
  printFunctionType(): Doc {
    const { path } = this;
    const { node } = path;
    let parametersDoc = this.printFunctionParameters(false, true);
    const returnTypeDoc = this.printTypeAnnotationProperty("returnType");
    if (shouldGroupFunctionParameters(node, returnTypeDoc)) parametersDoc = group(parametersDoc);
    return [group([parametersDoc, returnTypeDoc]), ""];
  }

  printTypeParameters(paramsKey: string): Doc {
    const { path, print } = this;
    const { node } = path;
    const parameters = node[paramsKey];
    if (!parameters) return "";
    if (!Array.isArray(parameters)) return print(paramsKey);
    const isArrowFunctionVariable = path.match(
      (n) => !(n[paramsKey].length === 1 && isObjectType(n[paramsKey][0])),
      undefined,
      (_n, name) => name === "typeAnnotation",
      (n) => n.type === "Identifier",
      isArrowFunctionVariableDeclarator,
    );
    const shouldInline =
      parameters.length === 0 ||
      (!isArrowFunctionVariable &&
        parameters.length === 1 &&
        shouldHugType(parameters[0]) &&
        !parameters.some((p: Node) => hasComment(p)));
    if (parameters.some((p: Node) => hasComment(p)))
      throw new Unsupported("comments in type parameters");
    if (shouldInline)
      return [
        "<",
        join(
          ", ",
          path.map(() => print(), paramsKey),
        ),
        ">",
      ];
    const trailingComma =
      node.type === "TSTypeParameterInstantiation" ? "" : this.printTrailingComma();
    return group([
      "<",
      indent([
        softline,
        join(
          [",", line],
          path.map(() => print(), paramsKey),
        ),
      ]),
      trailingComma,
      softline,
      ">",
    ]);
  }

  printTypeParameter(): Doc {
    const { node } = this.path;
    const { print } = this;
    const parts: Doc[] = [print("name")];
    if (node.constraint) {
      const groupId = Symbol("constraint");
      parts.push(
        " extends",
        group(indent(line), { id: groupId }),
        lineSuffixBoundary,
        indentIfBreak(print("constraint"), { groupId }),
      );
    }
    if (node.default) {
      const groupId = Symbol("default");
      parts.push(
        " =",
        group(indent(line), { id: groupId }),
        lineSuffixBoundary,
        indentIfBreak(print("default"), { groupId }),
      );
    }
    return group(parts);
  }

  shouldUnionTypePrintOwnComments(): boolean {
    const { key, node, parent } = this.path;
    if (
      shouldHugUnionType(node) ||
      (key === "types" && isUnionType(parent)) ||
      (key === "types" && isIntersectionType(parent))
    )
      return false;
    if (key === "elementTypes" && parent.type === "TSTupleType" && parent.elementTypes.length > 1)
      return false;
    return true;
  }

  printUnionType(args: Args | undefined): Doc {
    const { path } = this;
    const { node } = path;
    if (shouldHugUnionType(node))
      return join(
        " | ",
        path.map(() => this.print(), "types"),
      );
    let printed: Doc = group(
      path.map(({ isFirst, node: type }) => {
        const bar = isFirst ? ifBreak("| ") : [line, "| "];
        const doc = this.print();
        return hasComment(type, CommentFlags.Leading)
          ? [bar, align(2, printComments(type, doc, this.text))]
          : [bar, printComments(type, align(2, doc), this.text)];
      }, "types"),
    );
    if (this.shouldUnionTypePrintOwnComments()) printed = printComments(node, printed, this.text);
    if (this.needsParens()) return group([indent([softline, printed]), softline]);
    if (
      path.key === "elementTypes" &&
      path.parent.type === "TSTupleType" &&
      path.parent.elementTypes.length > 1
    )
      return group([indent([ifBreak(["(", softline]), printed]), softline, ifBreak(")")]);
    if (args?.assignmentLayout === "break-after-operator" || !shouldIndentUnionType(path))
      return printed;
    return group(indent([softline, printed]));
  }

  // --- ternaries with experimentalTernaries (prettier's ternary.js) ---

  printTernary(args: Args | undefined): Doc {
    const { path } = this;
    const { parent } = path;
    const layout = this.ternaryLayout();
    const isOnSameLineAsAssignment =
      args?.assignmentLayout &&
      args.assignmentLayout !== "break-after-operator" &&
      (parent.type === "AssignmentExpression" ||
        parent.type === "VariableDeclarator" ||
        parent.type === "PropertyDefinition" ||
        parent.type === "Property");
    const isOnSameLineAsReturn =
      isReturnOrThrowStatement(parent) &&
      !(layout.isConsequentTernary || layout.isAlternateTernary);
    const { shouldBreak, shouldExtraIndent } = layout;
    const parts = this.printTernaryParts(layout);
    return isOnSameLineAsAssignment && !shouldBreak
      ? group(indent([softline, group(parts)]))
      : isOnSameLineAsAssignment || isOnSameLineAsReturn
        ? group(indent(parts))
        : shouldExtraIndent
          ? group([indent([softline, parts]), ""])
          : parent === layout.firstNonConditionalParent
            ? group(parts)
            : parts;
  }

  /** What printTernary decides about the ternary at the path before it prints any of it. */
  ternaryLayout(): TernaryLayout {
    const { path, options } = this;
    const { node, parent } = path;
    const consequentNode = node.consequent;
    const alternateNode = node.alternate;
    const isParentTernary = parent.type === node.type;
    const isInAlternate = isParentTernary && parent.alternate === node;
    const isConsequentTernary = consequentNode.type === node.type;
    const isAlternateTernary = alternateNode.type === node.type;
    const isInChain = isAlternateTernary || isInAlternate;
    const isBigTabs = options.tabWidth > 2 || options.useTabs;
    const tryToParenthesizeAlternate =
      !isInChain &&
      !isParentTernary &&
      isLoneShortArgument(consequentNode, options.printWidth, options.singleQuote) &&
      isSimpleExpressionByNodeCount(node.test, 3);
    return {
      isConsequentTernary,
      isAlternateTernary,
      isInChain,
      isBigTabs,
      firstNonConditionalParent: firstNonConditionalParentOf(path),
      shouldExtraIndent: this.shouldExtraIndentForConditionalExpression(),
      breakClosingParen: isMemberExpression(parent) && !parent.computed,
      fillTab: !isBigTabs ? "" : options.useTabs ? "\t" : " ".repeat(options.tabWidth - 1),
      shouldBreak:
        hasMultilineBlockComment([node.test, consequentNode, alternateNode], this.text) ||
        isConsequentTernary ||
        isAlternateTernary,
      tryToParenthesizeAlternate,
      shouldGroupTestAndConsequent:
        isInChain ||
        isInAlternate ||
        (isParentTernary && isSimpleExpressionByNodeCount(node.test, 1)) ||
        tryToParenthesizeAlternate,
    };
  }

  /** The parts of a ternary (experimentalTernaries): test and consequent, then the alternate. */
  printTernaryParts(layout: TernaryLayout): Doc[] {
    const { path, print } = this;
    const { node } = path;
    const alternateComments = [node.test, node]
      .filter((n) => hasComment(n, CommentFlags.Dangling))
      .map((n) => printDanglingComments(n, this.text));
    const testAndConsequentId = Symbol("test-and-consequent");
    const printedTestAndConsequent = this.printTernaryTestAndConsequent(
      layout,
      testAndConsequentId,
    );
    const printedAlternate = print("alternate");
    const printedAlternateWithParens = layout.tryToParenthesizeAlternate
      ? ifBreak(printedAlternate, dedent(wrapInParens(printedAlternate)), {
          groupId: testAndConsequentId,
        })
      : printedAlternate;
    return [
      printedTestAndConsequent,
      ternaryAlternateSeparator(layout, alternateComments, testAndConsequentId),
      ":",
      ternaryColonSpace(layout, testAndConsequentId),
      layout.isAlternateTernary
        ? printedAlternateWithParens
        : group([indent(printedAlternateWithParens), ""]),
      layout.breakClosingParen && !layout.shouldExtraIndent ? softline : "",
      layout.shouldBreak ? breakParent : "",
    ];
  }

  /** A ternary's test, its question mark and its consequent, grouped as `testAndConsequentId`. */
  printTernaryTestAndConsequent(layout: TernaryLayout, testAndConsequentId: symbol): Doc {
    const { path, print } = this;
    const { node } = path;
    const testId = Symbol("test");
    const consequentId = Symbol("consequent");
    const printedTest = [
      wrapInParens(print("test")),
      node.test.type === "ConditionalExpression" ? breakParent : "",
    ];
    const printedTestWithQuestionMark = group([printedTest, " ?"], { id: testId });
    const printedConsequent = print("consequent");
    const consequent = indent([layout.isConsequentTernary ? hardline : line, printedConsequent]);
    return layout.shouldGroupTestAndConsequent
      ? group(
          [
            printedTestWithQuestionMark,
            layout.isInChain
              ? consequent
              : ifBreak(consequent, group(consequent, { id: consequentId }), { groupId: testId }),
          ],
          { id: testAndConsequentId },
        )
      : [printedTestWithQuestionMark, consequent];
  }

  // --- ternaries (prettier's ternary-old.js) ---

  printTernaryOld(): Doc {
    const { path, options, print } = this;
    const { node, parent } = path;
    const consequentNode = node.consequent;
    const alternateNode = node.alternate;
    const parts: Doc[] = [];
    const isParentTest = parent.type === node.type && parent.test === node;
    const forceNoIndent = parent.type === node.type && !isParentTest;
    const firstNonConditionalParent = firstNonConditionalParentOf(path);
    const printBranch = (name: string) =>
      options.useTabs ? indent(print(name)) : align(2, print(name));
    const part: Doc[] = [
      line,
      "? ",
      consequentNode.type === node.type ? ifBreak("", "(") : "",
      printBranch("consequent"),
      consequentNode.type === node.type ? ifBreak("", ")") : "",
      line,
      ": ",
      printBranch("alternate"),
    ];
    parts.push(
      parent.type !== node.type || parent.alternate === node || isParentTest
        ? part
        : options.useTabs
          ? dedent(indent(part))
          : align(Math.max(0, options.tabWidth - 2), part),
    );
    void alternateNode;
    const maybeGroup = (doc: Doc) => (parent === firstNonConditionalParent ? group(doc) : doc);
    const breakClosingParen = isMemberExpression(parent) && !parent.computed;
    const shouldExtraIndent = this.shouldExtraIndentForConditionalExpression();
    const testDoc =
      parent.type === node.type && parent.alternate === node
        ? align(2, print("test"))
        : print("test");
    const result = maybeGroup([
      testDoc,
      forceNoIndent ? parts : indent(parts),
      breakClosingParen && !shouldExtraIndent ? softline : "",
    ]);
    return isParentTest || shouldExtraIndent
      ? group([indent([softline, result]), softline])
      : result;
  }

  shouldExtraIndentForConditionalExpression(): boolean {
    const { path } = this;
    const { node } = path;
    if (node.type !== "ConditionalExpression") return false;
    let parent: Node;
    let child = node;
    for (let ancestorCount = 0; !parent; ancestorCount++) {
      const n = path.getParentNode(ancestorCount);
      if (
        (isChainElementWrapper(n) && n.expression === child) ||
        (isCallExpression(n) && n.callee === child) ||
        (isMemberExpression(n) && n.object === child)
      ) {
        child = n;
        continue;
      }
      if (
        (n.type === "NewExpression" && n.callee === child) ||
        (isBinaryCastExpression(n) && n.expression === child)
      ) {
        parent = path.getParentNode(ancestorCount + 1);
        child = n;
      } else {
        parent = n;
      }
    }
    if (child === node) return false;
    const ancestorNameMap: Record<string, string> = {
      AssignmentExpression: "right",
      VariableDeclarator: "init",
      ReturnStatement: "argument",
      ThrowStatement: "argument",
      UnaryExpression: "argument",
      YieldExpression: "argument",
      AwaitExpression: "argument",
    };
    return parent[ancestorNameMap[parent.type]!] === child;
  }

  // --- parentheses (prettier's needs-parentheses.js) ---

  needsParens(): boolean {
    const { path, options } = this;
    if (path.isRoot) return false;
    const { node, key, parent } = path;
    if (STATEMENT_TYPES.has(node.type)) return false;
    if (node.type === "Identifier") {
      if (
        key === "expression" &&
        isBinaryCastExpression(parent) &&
        ["interface", "module", "using", "type", "component", "hook"].includes(node.name)
      )
        throw new Unsupported("identifier in a cast");
      return false;
    }
    if (node.type === "ObjectExpression" || node.type === "FunctionExpression") {
      const expression = path.findAncestor((n) => n.type === "ExpressionStatement")?.expression;
      if (expression && startsWithNoLookaheadToken(expression, (leftmost) => leftmost === node))
        return true;
    }
    if (node.type === "ObjectExpression") {
      const arrowBody = path.findAncestor((n) => n.type === "ArrowFunctionExpression")?.body;
      if (
        arrowBody &&
        arrowBody.type !== "SequenceExpression" &&
        arrowBody.type !== "AssignmentExpression" &&
        startsWithNoLookaheadToken(arrowBody, (leftmost) => leftmost === node)
      )
        return true;
    }
    if (parentNeedsParens(path, node, parent, key)) return true;
    return nodeNeedsParens(path, options, node, parent, key);
  }
}

// --- parentheses, the pieces of needsParens ---

/** prettier's parentNeedsParentheses: a class's `extends`, a `for-in`'s initializer. */
function parentNeedsParens(
  path: AstPath,
  node: Node,
  parent: Node,
  key: string | number | null,
): boolean {
  switch (parent.type) {
    case "ClassDeclaration":
      if (key === "superClass") {
        const superClass = stripChainElementWrappers(node);
        if (
          [
            "ArrowFunctionExpression",
            "AssignmentExpression",
            "AwaitExpression",
            "BinaryExpression",
            "ConditionalExpression",
            "LogicalExpression",
            "NewExpression",
            "ObjectExpression",
            "SequenceExpression",
            "TaggedTemplateExpression",
            "UnaryExpression",
            "UpdateExpression",
            "YieldExpression",
          ].includes(superClass.type)
        )
          return true;
      }
      break;
    case "VariableDeclarator":
      if (
        key === "init" &&
        path.match(
          undefined,
          undefined,
          (n, k) => k === "declarations" && n.type === "VariableDeclaration",
          (n, k) => k === "left" && n.type === "ForInStatement",
        )
      )
        return true;
      break;
  }
  return false;
}

/** Whether `node` needs parentheses under `parent`, by its own type. */
function nodeNeedsParens(
  path: AstPath,
  options: FormatOptions,
  node: Node,
  parent: Node,
  key: string | number | null,
): boolean {
  switch (node.type) {
    case "UpdateExpression":
      return updateNeedsParens(node, parent, key);
    case "UnaryExpression":
      return unaryLikeNeedsParens(node, parent, key);
    case "BinaryExpression":
      if (parent.type === "UpdateExpression") return true;
      if (node.operator === "in" && isPathInForStatementInitializer(path)) return true;
      return binaryLikeNeedsParens(node, parent, key);
    case "TSAsExpression":
    case "TSSatisfiesExpression":
    case "LogicalExpression":
      return binaryLikeNeedsParens(node, parent, key);
    case "AwaitExpression":
      return awaitNeedsParens(parent, key);
    case "TSFunctionType":
    case "TSUnionType":
    case "TSIntersectionType":
    case "TSTypeOperator":
    case "TSTypeQuery":
      return typeNeedsParens(path, node, parent, key);
    case "Literal":
      if (typeof node.value === "string" && parent.type === "ExpressionStatement")
        throw new Unsupported("string statement");
      return key === "object" && isMemberExpression(parent) && isNumericLiteral(node);
    case "AssignmentExpression":
      return assignmentNeedsParens(parent, key);
    case "ConditionalExpression":
      return conditionalNeedsParens(options, parent, key);
    case "FunctionExpression":
      return (
        (parent.type === "NewExpression" || parent.type === "CallExpression") && key === "callee"
      );
    case "ArrowFunctionExpression":
      return arrowNeedsParens(parent, key);
    case "TSNonNullExpression":
    case "CallExpression":
    case "MemberExpression":
      return key === "callee" && parent.type === "NewExpression" && calleeHoldsCall(node);
  }
  return false;
}

/** A `++` or `--` under `parent`. */
function updateNeedsParens(node: Node, parent: Node, key: string | number | null): boolean {
  if (parent.type === "UnaryExpression") {
    return (
      node.prefix &&
      ((node.operator === "++" && parent.operator === "+") ||
        (node.operator === "--" && parent.operator === "-"))
    );
  }
  return unaryLikeNeedsParens(node, parent, key);
}

/** An assignment under `parent`: parenthesized but as a statement, a for's init or update... */
function assignmentNeedsParens(parent: Node, key: string | number | null): boolean {
  if ((key === "init" || key === "update") && parent.type === "ForStatement") return false;
  if (key === "expression" && parent.type === "ExpressionStatement") return false;
  if (key === "key" && parent.type === "TSPropertySignature") return false;
  if (parent.type === "AssignmentExpression") return false;
  return true;
}

/** An `await` under `parent`. */
function awaitNeedsParens(parent: Node, key: string | number | null): boolean {
  switch (parent.type) {
    case "UnaryExpression":
    case "LogicalExpression":
    case "SpreadElement":
    case "TSAsExpression":
    case "TSSatisfiesExpression":
    case "TSNonNullExpression":
    case "BinaryExpression":
      return true;
    case "MemberExpression":
      return key === "object";
    case "NewExpression":
    case "CallExpression":
      return key === "callee";
    case "ConditionalExpression":
      return key === "test";
    default:
      return false;
  }
}

/** A type under `parent` (a function type, a union or intersection, an operator, a query). */
function typeNeedsParens(
  path: AstPath,
  node: Node,
  parent: Node,
  key: string | number | null,
): boolean {
  switch (node.type) {
    case "TSFunctionType":
      if (
        path.match(
          (n) => n.type === "TSFunctionType",
          (n, k) => k === "typeAnnotation" && n.type === "TSTypeAnnotation",
          (n, k) => k === "returnType" && n.type === "ArrowFunctionExpression",
        )
      )
        return true;
      if (isUnionType(parent) || isIntersectionType(parent)) return true;
      return (
        parent.type === "TSArrayType" ||
        (key === "objectType" && parent.type === "TSIndexedAccessType") ||
        parent.type === "TSTypeOperator"
      );
    case "TSUnionType":
    case "TSIntersectionType":
    case "TSTypeOperator":
      if (node.type !== "TSTypeOperator" && (isUnionType(parent) || isIntersectionType(parent)))
        return true;
      return (
        parent.type === "TSArrayType" ||
        (key === "objectType" && parent.type === "TSIndexedAccessType") ||
        parent.type === "TSTypeOperator"
      );
    case "TSTypeQuery":
      return (
        (key === "objectType" && parent.type === "TSIndexedAccessType") ||
        (key === "elementType" && parent.type === "TSArrayType")
      );
  }
  return false;
}

/** A conditional expression under `parent`. */
function conditionalNeedsParens(
  options: FormatOptions,
  parent: Node,
  key: string | number | null,
): boolean {
  switch (parent.type) {
    case "UnaryExpression":
    case "SpreadElement":
    case "BinaryExpression":
    case "LogicalExpression":
    case "AwaitExpression":
    case "TSAsExpression":
    case "TSSatisfiesExpression":
    case "TSNonNullExpression":
      return true;
    case "NewExpression":
    case "CallExpression":
      return key === "callee";
    case "ConditionalExpression":
      return options.experimentalTernaries ? false : key === "test";
    case "MemberExpression":
      return key === "object";
    default:
      return false;
  }
}

/** An arrow function under `parent`. */
function arrowNeedsParens(parent: Node, key: string | number | null): boolean {
  switch (parent.type) {
    case "BinaryExpression":
      return true;
    case "NewExpression":
    case "CallExpression":
      return key === "callee";
    case "MemberExpression":
      return key === "object";
    case "TSAsExpression":
    case "TSSatisfiesExpression":
    case "TSNonNullExpression":
    case "UnaryExpression":
    case "LogicalExpression":
    case "AwaitExpression":
      return true;
    case "ConditionalExpression":
      return key === "test";
    default:
      return false;
  }
}

/** `new (a.b())()`: a callee of `new` that holds a call needs parentheses. */
function calleeHoldsCall(node: Node): boolean {
  let object = node;
  while (object) {
    switch (object.type) {
      case "CallExpression":
        return true;
      case "MemberExpression":
        object = object.object;
        break;
      case "TSNonNullExpression":
        object = object.expression;
        break;
      default:
        return false;
    }
  }
  return false;
}

/** An update or unary expression under `parent` (prettier's `case "UnaryExpression"`). */
function unaryLikeNeedsParens(node: Node, parent: Node, key: string | number | null): boolean {
  switch (parent.type) {
    case "UnaryExpression":
      return node.operator === parent.operator && (node.operator === "+" || node.operator === "-");
    case "MemberExpression":
      return key === "object";
    case "NewExpression":
    case "CallExpression":
      return key === "callee";
    case "BinaryExpression":
      if (
        key === "left" &&
        node.type === "UnaryExpression" &&
        (parent.operator === "in" || parent.operator === "instanceof")
      )
        return true;
      return key === "left" && parent.operator === "**";
    case "TSNonNullExpression":
      return true;
    default:
      return false;
  }
}

/** A binary, logical or cast expression under `parent`. */
function binaryLikeNeedsParens(node: Node, parent: Node, key: string | number | null): boolean {
  switch (parent.type) {
    case "TSAsExpression":
    case "TSSatisfiesExpression":
      return !isBinaryCastExpression(node);
    case "ConditionalExpression":
      return (
        isBinaryCastExpression(node) ||
        (node.type === "LogicalExpression" && node.operator === "??")
      );
    case "CallExpression":
    case "NewExpression":
      return key === "callee";
    case "ClassDeclaration":
      return key === "superClass";
    case "SpreadElement":
    case "AwaitExpression":
    case "TSNonNullExpression":
    case "UpdateExpression":
      return true;
    case "UnaryExpression":
      return !hasComment(node);
    case "MemberExpression":
      return key === "object";
    case "AssignmentExpression":
    case "AssignmentPattern":
      return key === "left" && isBinaryCastExpression(node);
    case "LogicalExpression":
      if (node.type === "LogicalExpression") return parent.operator !== node.operator;
      return precedenceNeedsParens(node, parent, key);
    case "BinaryExpression":
      return precedenceNeedsParens(node, parent, key);
    default:
      return false;
  }
}

/** A binary-like expression under a binary one: by the operators' precedence. */
function precedenceNeedsParens(node: Node, parent: Node, key: string | number | null): boolean {
  const { operator, type } = node;
  if (!operator && type !== "TSTypeAssertion") return true;
  const precedence = getPrecedence(operator)!;
  const parentOperator = parent.operator;
  const parentPrecedence = getPrecedence(parentOperator)!;
  if (parentPrecedence > precedence) return true;
  if (key === "right" && parentPrecedence === precedence) return true;
  if (parentPrecedence === precedence && !shouldFlatten(parentOperator, operator)) return true;
  if (
    parentPrecedence < precedence &&
    operator === "%" &&
    (parentOperator === "+" || parentOperator === "-")
  )
    return true;
  if (isBitwiseOperator(parentOperator)) return true;
  return false;
}

// --- member chains, the pieces of printMemberChain ---

/** A call, member or `!` of a member chain, printed. */
/** Whether comments in a member chain's groups expand it (prettier's nodeHasComment). */
function memberChainHasComment(groups: ChainLink[][], cutoff: number): boolean {
  const flatGroups = groups.flat();
  return (
    flatGroups.slice(1, -1).some((n) => hasComment(n.node, CommentFlags.Leading)) ||
    flatGroups.slice(0, -1).some((n) => hasComment(n.node, CommentFlags.Trailing)) ||
    (groups[cutoff] !== undefined && hasComment(groups[cutoff]![0]!.node, CommentFlags.Leading))
  );
}

/**
 * Whether a member chain without comments expands: more than two calls with a complex argument,
 * a group but the last that breaks, or a last call that breaks after calls with functions.
 */
function memberChainMustExpand(
  printedNodes: ChainLink[],
  groups: ChainLink[][],
  printedGroups: Doc[],
): boolean {
  const callExpressions = printedNodes.map(({ node: n }) => n).filter(isCallExpression);
  return (
    (callExpressions.length > 2 &&
      callExpressions.some((expr) =>
        expr.arguments.some((arg: Node) => !isSimpleCallArgument(arg)),
      )) ||
    printedGroups.slice(0, -1).some(willBreak) ||
    // prettier's lastGroupWillBreakAndOtherCallsHaveFunctionArguments
    (isCallExpression(groups.at(-1)!.at(-1)!.node) &&
      willBreak(printedGroups.at(-1)!) &&
      callExpressions.slice(0, -1).some((n) => n.arguments.some(isFunctionOrArrowExpression)))
  );
}

/** What printArrowFunction gathers down an arrow chain: its signatures, then its body. */
interface ArrowChain {
  signatureDocs: Doc[];
  bodyComments: Doc[];
  bodyDoc: Doc;
  functionBody: Node;
  shouldBreakChain: boolean;
}

interface ChainLink {
  node: Node;
  printed: Doc;
  hasTrailingEmptyLine?: boolean;
}

/**
 * prettier's groups of a member chain: the head (the first node, with the calls and computed
 * accesses right after it, or for a non-call head the members but the last), then one group per
 * member and the calls after it.
 */
function memberChainGroups(printedNodes: ChainLink[]): ChainLink[][] {
  const groups: ChainLink[][] = [];
  let currentGroup: ChainLink[] = [printedNodes[0]!];
  let i = 1;
  for (; i < printedNodes.length; ++i) {
    const n = printedNodes[i]!.node;
    if (
      n.type === "TSNonNullExpression" ||
      isCallExpression(n) ||
      (isMemberExpression(n) && n.computed && isNumericLiteral(n.property))
    )
      currentGroup.push(printedNodes[i]!);
    else break;
  }
  if (!isCallExpression(printedNodes[0]!.node)) {
    for (; i + 1 < printedNodes.length; ++i) {
      if (isMemberish(printedNodes[i]!.node) && isMemberish(printedNodes[i + 1]!.node))
        currentGroup.push(printedNodes[i]!);
      else break;
    }
  }
  groups.push(currentGroup);
  currentGroup = [];
  let hasSeenCallExpression = false;
  for (; i < printedNodes.length; ++i) {
    const p = printedNodes[i]!;
    if (hasSeenCallExpression && isMemberish(p.node)) {
      if (p.node.computed && isNumericLiteral(p.node.property)) {
        currentGroup.push(p);
        continue;
      }
      groups.push(currentGroup);
      currentGroup = [];
      hasSeenCallExpression = false;
    }
    if (isCallExpression(p.node)) hasSeenCallExpression = true;
    currentGroup.push(p);
    if (hasComment(p.node, CommentFlags.Trailing)) {
      groups.push(currentGroup);
      currentGroup = [];
      hasSeenCallExpression = false;
    }
  }
  if (currentGroup.length > 0) groups.push(currentGroup);
  return groups;
}

/** Whether the chain's first group is printed with the second on one line (`this.x`, `z.object()`). */
function shouldNotWrap(
  gs: ChainLink[][],
  options: FormatOptions,
  isExpressionStatement: boolean,
): boolean {
  const isFactory = (name: string) => /^[A-Z]|^[$_]+$/.test(name);
  const isShort = (name: string) => name.length <= options.tabWidth;
  const hasComputed = gs[1]![0]?.node.computed;
  if (gs[0]!.length === 1) {
    const firstNode = gs[0]![0]!.node;
    return (
      firstNode.type === "ThisExpression" ||
      (firstNode.type === "Identifier" &&
        (isFactory(firstNode.name) ||
          (isExpressionStatement && isShort(firstNode.name)) ||
          hasComputed))
    );
  }
  const lastNode = gs[0]!.at(-1)!.node;
  return (
    isMemberExpression(lastNode) &&
    lastNode.property.type === "Identifier" &&
    (isFactory(lastNode.property.name) || hasComputed)
  );
}

// --- ternaries, the pieces of printTernary ---

/** What printTernary decides about a ternary before it prints any of it (ternary.js's flags). */
interface TernaryLayout {
  isConsequentTernary: boolean;
  isAlternateTernary: boolean;
  isInChain: boolean;
  isBigTabs: boolean;
  firstNonConditionalParent: Node;
  shouldExtraIndent: boolean;
  breakClosingParen: boolean;
  fillTab: string;
  shouldBreak: boolean;
  tryToParenthesizeAlternate: boolean;
  shouldGroupTestAndConsequent: boolean;
}

/** What separates a ternary's consequent from the colon of its alternate. */
function ternaryAlternateSeparator(
  layout: TernaryLayout,
  alternateComments: Doc[],
  testAndConsequentId: symbol,
): Doc {
  return alternateComments.length > 0
    ? [indent([hardline, alternateComments]), hardline]
    : layout.isAlternateTernary
      ? hardline
      : layout.tryToParenthesizeAlternate
        ? ifBreak(line, " ", { groupId: testAndConsequentId })
        : line;
}

/** What follows the colon of a ternary's alternate (a space, or the tab fill of big tabs). */
function ternaryColonSpace(layout: TernaryLayout, testAndConsequentId: symbol): Doc {
  const { fillTab } = layout;
  return layout.isAlternateTernary || !layout.isBigTabs
    ? " "
    : layout.shouldGroupTestAndConsequent
      ? ifBreak(
          fillTab,
          ifBreak(layout.isInChain || layout.tryToParenthesizeAlternate ? " " : fillTab, " "),
          { groupId: testAndConsequentId },
        )
      : ifBreak(fillTab, " ");
}

/** The nearest ancestor of a ternary that is not a ternary it is the test of (prettier's loop). */
function firstNonConditionalParentOf(path: AstPath): Node {
  const { node, parent } = path;
  let currentParent: Node;
  let previousParent: Node;
  let i = 0;
  do {
    previousParent = currentParent || node;
    currentParent = path.getParentNode(i);
    i++;
  } while (
    currentParent &&
    currentParent.type === node.type &&
    currentParent.test !== previousParent
  );
  return currentParent || parent;
}

/** Whether a block comment spanning lines is attached to one of `nodes`. */
function hasMultilineBlockComment(nodes: readonly Node[], text: string): boolean {
  return nodes
    .flatMap((n) => getComments(n))
    .some(
      (comment) =>
        comment.type === "Block" && hasNewlineInRange(text, locStart(comment), locEnd(comment)),
    );
}

// --- free helpers ----------------------------------------------------------------------------

function docLabel(doc: Doc): { memberChain?: boolean } | undefined {
  if (typeof doc === "object" && !Array.isArray(doc) && doc.type === "label")
    return doc.label as { memberChain?: boolean };
  return undefined;
}

function skipTrailingCommentAt(text: string, i: number): number {
  if (text.charAt(i) === "/" && text.charAt(i + 1) === "/") {
    while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
  }
  return i;
}

function skipInlineCommentAt(text: string, i: number): number {
  if (text.charAt(i) === "/" && text.charAt(i + 1) === "*") {
    for (let j = i + 2; j < text.length; ++j)
      if (text.charAt(j) === "*" && text.charAt(j + 1) === "/") return j + 2;
  }
  return i;
}

function isAssignment(node: Node): boolean {
  return node.type === "AssignmentExpression";
}

function isAssignmentOrVariableDeclarator(node: Node): boolean {
  return isAssignment(node) || node.type === "VariableDeclarator";
}

function isArrowFunctionVariableDeclarator(node: Node): boolean {
  return node.type === "VariableDeclarator" && node.init?.type === "ArrowFunctionExpression";
}

function hasComplexTypeAnnotation(node: Node): boolean {
  if (node.type !== "VariableDeclarator") return false;
  const { typeAnnotation } = node.id;
  if (!typeAnnotation || !typeAnnotation.typeAnnotation) return false;
  const typeParams = getTypeParametersFromTypeReference(typeAnnotation.typeAnnotation);
  return (
    Array.isArray(typeParams) &&
    typeParams.length > 1 &&
    typeParams.some(
      (param: Node) =>
        (getTypeParametersFromTypeReference(param)?.length ?? 0) > 0 ||
        param.type === "TSConditionalType",
    )
  );
}

function getTypeParametersFromTypeReference(node: Node): Node[] | undefined {
  return node.type === "TSTypeReference" ? node.typeArguments?.params : undefined;
}

function isComplexTypeAliasParams(node: Node): boolean {
  if (node.type !== "TSTypeAliasDeclaration") return false;
  const typeParams = node.typeParameters?.params;
  return Boolean(
    typeParams && typeParams.length > 1 && typeParams.some((p: Node) => p.constraint || p.default),
  );
}

function isObjectPropertyWithShortKey(node: Node, keyDoc: Doc, tabWidth: number): boolean {
  if (!isObjectProperty(node)) return false;
  const cleaned = cleanDoc(keyDoc);
  return typeof cleaned === "string" && stringWidth(cleaned) < tabWidth + 3;
}

function hasLeadingOwnLineComment(text: string, node: Node): boolean {
  return hasComment(node, CommentFlags.Leading, (c) => hasNewline(text, locEnd(c)));
}

export function shouldInlineLogicalExpression(node: Node): boolean {
  if (node.type !== "LogicalExpression") return false;
  if (isObjectExpression(node.right) && node.right.properties.length > 0) return true;
  if (isArrayExpression(node.right) && node.right.elements.length > 0) return true;
  return false;
}

function isBooleanTypeCoercion(node: Node): boolean {
  return (
    node.type === "CallExpression" &&
    node.arguments.length === 1 &&
    node.callee.type === "Identifier" &&
    node.callee.name === "Boolean"
  );
}

function shouldInlineCondition(node: Node): boolean {
  if (hasComment(node)) return false;
  const isLogicalNot = (n: Node) => n.type === "UnaryExpression" && n.operator === "!";
  if (!isLogicalNot(node)) return false;
  let n = node.argument;
  n = isLogicalNot(n) ? n.argument : n;
  return n.type === "LogicalExpression";
}

function hasNakedLeftSide(node: Node): boolean {
  return (
    node.type === "AssignmentExpression" ||
    node.type === "BinaryExpression" ||
    node.type === "LogicalExpression" ||
    node.type === "ConditionalExpression" ||
    isCallExpression(node) ||
    isMemberExpression(node) ||
    node.type === "SequenceExpression" ||
    (node.type === "UpdateExpression" && !node.prefix) ||
    isBinaryCastExpression(node) ||
    isChainElementWrapper(node)
  );
}

function getLeftSidePathName(node: Node): string[] {
  if (node.left) return ["left"];
  if (node.test) return ["test"];
  if (node.object) return ["object"];
  if (node.callee) return ["callee"];
  if (node.argument) return ["argument"];
  if (node.expression) return ["expression"];
  throw new Unsupported("left side");
}

function startsWithNoLookaheadToken(node: Node, predicate: (n: Node) => boolean): boolean {
  switch (node.type) {
    case "BinaryExpression":
    case "LogicalExpression":
    case "AssignmentExpression":
      return startsWithNoLookaheadToken(node.left, predicate);
    case "MemberExpression":
      return startsWithNoLookaheadToken(node.object, predicate);
    case "CallExpression":
      if (node.callee.type === "FunctionExpression") return false;
      return startsWithNoLookaheadToken(node.callee, predicate);
    case "ConditionalExpression":
      return startsWithNoLookaheadToken(node.test, predicate);
    case "UpdateExpression":
      return !node.prefix && startsWithNoLookaheadToken(node.argument, predicate);
    case "TSNonNullExpression":
    case "TSSatisfiesExpression":
    case "TSAsExpression":
      return startsWithNoLookaheadToken(node.expression, predicate);
    default:
      return predicate(node);
  }
}

function isPathInForStatementInitializer(path: AstPath): boolean {
  let i = 0;
  let node = path.node;
  while (node) {
    const parent = path.getParentNode(i++);
    if (parent?.type === "ForStatement" && parent.init === node) return true;
    node = parent;
  }
  return false;
}

function isCallExpressionWithArguments(node: Node): boolean {
  return isCallExpression(node) && node.arguments.length > 0;
}

function isTestCallCallee(node: Node): boolean {
  if (node.type !== "CallExpression") return false;
  const testName = /^(?:skip|[fx]?(?:it|describe|test))$/;
  let callee = node.callee;
  while (callee.type === "MemberExpression") callee = callee.object;
  if (callee.type === "CallExpression") callee = callee.callee;
  while (callee.type === "MemberExpression") callee = callee.object;
  return (
    callee.type === "Identifier" &&
    (testName.test(callee.name) ||
      callee.name === "beforeEach" ||
      callee.name === "beforeAll" ||
      callee.name === "afterEach" ||
      callee.name === "afterAll")
  );
}

function isLongCurriedCallExpression(path: AstPath): boolean {
  const { node, parent, key } = path;
  return (
    key === "callee" &&
    isCallExpression(node) &&
    isCallExpression(parent) &&
    parent.arguments.length > 0 &&
    node.arguments.length > parent.arguments.length
  );
}

function isFunctionCompositionArguments(args: Node[]): boolean {
  if (args.length <= 1) return false;
  let count = 0;
  for (let arg of args) {
    if (isFunctionOrArrowExpression(arg)) {
      count += 1;
      if (count > 1) return true;
    } else {
      arg = stripChainElementWrappers(arg);
      if (isCallExpression(arg)) {
        for (const childArg of arg.arguments)
          if (isFunctionOrArrowExpression(childArg)) return true;
      }
    }
  }
  return false;
}

function isSimpleCallArgument(node: Node, depth = 2): boolean {
  if (depth <= 0) return false;
  const isChildSimple = (child: Node) => isSimpleCallArgument(child, depth - 1);
  node = stripChainElementWrappers(node);
  if (isRegExpLiteral(node)) return stringWidth(node.regex.pattern) <= 5;
  if (
    isLiteral(node) ||
    node.type === "Identifier" ||
    node.type === "ThisExpression" ||
    node.type === "Super"
  )
    return true;
  if (node.type === "TemplateLiteral")
    return (
      node.quasis.every((e: Node) => !e.value.raw.includes("\n")) &&
      node.expressions.every(isChildSimple)
    );
  if (isObjectExpression(node))
    return node.properties.every(
      (p: Node) => !p.computed && (p.shorthand || (p.value && isChildSimple(p.value))),
    );
  if (isArrayExpression(node))
    return node.elements.every((x: Node) => x === null || isChildSimple(x));
  if (isCallLikeExpression(node)) {
    if (isSimpleCallArgument(node.callee, depth))
      return node.arguments.length <= depth && node.arguments.every(isChildSimple);
    return false;
  }
  if (isMemberExpression(node))
    return isSimpleCallArgument(node.object, depth) && isSimpleCallArgument(node.property, depth);
  if (
    (node.type === "UnaryExpression" && ["!", "-", "+", "~"].includes(node.operator)) ||
    node.type === "UpdateExpression"
  )
    return isSimpleCallArgument(node.argument, depth);
  return false;
}

function isLoneShortArgument(node: Node, printWidth: number, singleQuote: boolean): boolean {
  if (hasComment(node)) return false;
  const threshold = printWidth * 0.25;
  if (
    node.type === "ThisExpression" ||
    (node.type === "Identifier" && node.name.length <= threshold) ||
    (isSignedNumericLiteral(node) && !hasComment(node.argument))
  )
    return true;
  const regexpPattern = node.type === "Literal" && node.regex && node.regex.pattern;
  if (regexpPattern) return regexpPattern.length <= threshold;
  if (isStringLiteral(node)) return printString(node.raw, singleQuote).length <= threshold;
  if (node.type === "TemplateLiteral")
    return (
      node.expressions.length === 0 &&
      node.quasis[0].value.raw.length <= threshold &&
      !node.quasis[0].value.raw.includes("\n")
    );
  if (node.type === "UnaryExpression") return isLoneShortArgument(node.argument, printWidth, false);
  if (
    node.type === "CallExpression" &&
    node.arguments.length === 0 &&
    node.callee.type === "Identifier"
  )
    return node.callee.name.length <= threshold - 2;
  return isLiteral(node);
}

function isReactHookCallWithDepsArray(args: Node[]): boolean {
  const valid = (base: number) => {
    const fn = args[base];
    const deps = args[base + 1];
    return (
      fn.type === "ArrowFunctionExpression" &&
      fn.params.length === 0 &&
      fn.body.type === "BlockStatement" &&
      deps.type === "ArrayExpression" &&
      args.every((arg) => !hasComment(arg))
    );
  };
  if (args.length === 2) return valid(0);
  if (args.length === 3) return args[0].type === "Identifier" && valid(1);
  return false;
}

function couldExpandArg(arg: Node, arrowChainRecursion = false): boolean {
  if (isObjectExpression(arg) && (arg.properties.length > 0 || hasComment(arg))) return true;
  if (isArrayExpression(arg) && (arg.elements.length > 0 || hasComment(arg))) return true;
  if (isBinaryCastExpression(arg) && couldExpandArg(arg.expression)) return true;
  if (arg.type === "FunctionExpression") return true;
  if (arg.type === "ArrowFunctionExpression") {
    const { body } = arg;
    if (body.type === "BlockStatement" || isObjectExpression(body) || isArrayExpression(body))
      return true;
    if (body.type === "ArrowFunctionExpression" && couldExpandArg(body, true)) return true;
    if (!arrowChainRecursion) {
      if (body.type === "ConditionalExpression") return true;
      if (isCallExpression(stripChainElementWrappers(body))) return true;
    }
  }
  return false;
}

function shouldExpandLastArg(args: Node[]): boolean {
  const lastArg = args.at(-1);
  const penultimateArg = args.at(-2);
  return (
    !hasComment(lastArg, CommentFlags.Leading) &&
    !hasComment(lastArg, CommentFlags.Trailing) &&
    couldExpandArg(lastArg) &&
    (!penultimateArg || penultimateArg.type !== lastArg.type) &&
    (args.length !== 2 ||
      penultimateArg.type !== "ArrowFunctionExpression" ||
      !isArrayExpression(lastArg)) &&
    !(args.length > 1 && isConciselyPrintedArrayNode(lastArg))
  );
}

function isHopefullyShortCallArgument(node: Node): boolean {
  if (isBinaryCastExpression(node)) {
    let { typeAnnotation } = node;
    if (typeAnnotation.type === "TSArrayType") {
      typeAnnotation = typeAnnotation.elementType;
      if (typeAnnotation.type === "TSArrayType") typeAnnotation = typeAnnotation.elementType;
    }
    if (
      typeAnnotation.type === "TSTypeReference" &&
      typeAnnotation.typeArguments?.params.length === 1
    )
      typeAnnotation = typeAnnotation.typeArguments.params[0];
    return isSimpleType(typeAnnotation) && isSimpleCallArgument(node.expression, 1);
  }
  if (isCallLikeExpression(node) && node.arguments.length > 1) return false;
  if (isBinaryish(node))
    return isSimpleCallArgument(node.left, 1) && isSimpleCallArgument(node.right, 1);
  return isRegExpLiteral(node) || isSimpleCallArgument(node);
}

function shouldExpandFirstArg(args: Node[]): boolean {
  if (args.length !== 2) return false;
  const [firstArg, secondArg] = args;
  return (
    !hasComment(firstArg) &&
    (firstArg.type === "FunctionExpression" ||
      (firstArg.type === "ArrowFunctionExpression" && firstArg.body.type === "BlockStatement")) &&
    secondArg.type !== "FunctionExpression" &&
    secondArg.type !== "ArrowFunctionExpression" &&
    secondArg.type !== "ConditionalExpression" &&
    isHopefullyShortCallArgument(secondArg) &&
    !couldExpandArg(secondArg)
  );
}

function isConciselyPrintedArrayNode(node: Node): boolean {
  return (
    isArrayExpression(node) &&
    node.elements.length > 0 &&
    node.elements.every(
      (e: Node) =>
        e &&
        (isNumericLiteral(e) || (isSignedNumericLiteral(e) && !hasComment(e.argument))) &&
        !hasComment(e),
    )
  );
}

function isConciselyPrintedArray(node: Node, text: string): boolean {
  void text;
  if (!isConciselyPrintedArrayNode(node)) return false;
  return true;
}

function shouldHugTheOnlyFunctionParameter(node: Node): boolean {
  if (!node) return false;
  const parameters: Node[] | undefined = node.params ?? node.parameters;
  if (!parameters || parameters.length !== 1) return false;
  const [parameter] = parameters;
  return (
    !hasComment(parameter) &&
    parameter.type === "Identifier" &&
    parameter.typeAnnotation?.type === "TSTypeAnnotation" &&
    isObjectType(parameter.typeAnnotation.typeAnnotation)
  );
}

function shouldGroupFunctionParameters(functionNode: Node, returnTypeDoc: Doc): boolean {
  let returnTypeNode = functionNode.returnType;
  if (returnTypeNode?.typeAnnotation) returnTypeNode = returnTypeNode.typeAnnotation;
  if (!returnTypeNode) return false;
  const typeParameters = functionNode.typeParameters?.params;
  if (typeParameters) {
    if (typeParameters.length > 1) return false;
    if (typeParameters.length === 1) {
      const tp = typeParameters[0];
      if (tp.constraint || tp.default) return false;
    }
  }
  return (
    functionNode.params.length === 1 && (isObjectType(returnTypeNode) || willBreak(returnTypeDoc))
  );
}

const isVoidType = (n: Node) => n.type === "TSVoidKeyword" || n.type === "TSNullKeyword";
const isObjectLikeType = (n: Node) => n.type === "TSTypeLiteral" || n.type === "TSTypeReference";

function shouldHugUnionType(node: Node): boolean {
  const { types } = node;
  if (types.some((n: Node) => hasComment(n))) return false;
  const objectType = types.find((n: Node) => isObjectLikeType(n));
  if (!objectType) return false;
  return types.every((n: Node) => n === objectType || isVoidType(n));
}

function shouldHugType(node: Node): boolean {
  if (isSimpleType(node) || isObjectType(node)) return true;
  if (isUnionType(node)) return shouldHugUnionType(node);
  return false;
}

function shouldIndentUnionType(path: AstPath): boolean {
  const { key, parent } = path;
  if (
    (key === "elementTypes" && parent.type === "TSTupleType") ||
    (key === "params" && parent.type === "TSTypeParameterInstantiation")
  )
    return false;
  return true;
}

function isKeySafeToUnquote(node: Node, singleQuote: boolean): boolean {
  const key = node.key;
  if (!isStringLiteral(key)) return false;
  const { value } = key;
  if (printString(key.raw, singleQuote).slice(1, -1) !== value) return false;
  if (node.type === "PropertyDefinition") return false;
  return isEs5IdentifierName(value);
}

function isKeywordProperty(node: Node): boolean {
  if (node.computed || node.typeAnnotation) return false;
  const { type, name } = node.key;
  return type === "Identifier" && (name === "static" || name === "get" || name === "set");
}

function shouldPrintSemicolonAfterInterfaceProperty(
  node: Node,
  next: Node,
  semi: boolean,
): boolean {
  if (semi || node.type !== "TSPropertySignature") return false;
  if (isKeywordProperty(node)) return true;
  if (next && next.type === "TSCallSignatureDeclaration") return !node.typeAnnotation;
  return false;
}

const isClassPropertyNode = (n: Node) => n?.type === "PropertyDefinition";

function shouldPrintSemicolonAfterClassProperty(node: Node, next: Node, semi: boolean): boolean {
  if (semi || !isClassPropertyNode(node)) return false;
  if (!node.value && isKeywordProperty(node)) return true;
  if (!next || next.static || next.accessibility || next.readonly) return false;
  if (!next.computed && next.key?.type === "Identifier") {
    const { name } = next.key;
    if (name === "in" || name === "instanceof") return true;
  }
  switch (next.type) {
    case "PropertyDefinition":
      return Boolean(next.computed);
    case "MethodDefinition": {
      if (
        (next.value ? next.value.async : next.async) ||
        next.kind === "get" ||
        next.kind === "set"
      )
        return false;
      const isGenerator = next.value ? next.value.generator : next.generator;
      return Boolean(next.computed || isGenerator);
    }
    case "TSIndexSignature":
      return true;
  }
  return false;
}

function hasMultipleHeritage(node: Node): boolean {
  let count = node.superClass ? 1 : 0;
  for (const listName of ["extends", "mixins", "implements"]) {
    if (Array.isArray(node[listName])) count += node[listName].length;
    if (count > 1) return true;
  }
  return count > 1;
}

const shouldAddParensIfNotBreakCache = new WeakMap<Node, boolean>();
/** `a => a ? a : a` reads like `a <= a ? a : a`: a conditional body gets parentheses. */
function shouldAddParensIfNotBreak(node: Node): boolean {
  let result = shouldAddParensIfNotBreakCache.get(node);
  if (result === undefined) {
    result =
      node.type === "ConditionalExpression" &&
      !startsWithNoLookaheadToken(node, (n) => n.type === "ObjectExpression");
    shouldAddParensIfNotBreakCache.set(node, result);
  }
  return result;
}

function isTemplateOnItsOwnLine(node: Node, text: string): boolean {
  return (
    node.type === "TemplateLiteral" &&
    node.quasis.some((q: Node) => q.value.raw.includes("\n")) &&
    !hasNewline(text, locStart(node), true)
  );
}

function mayBreakAfterShortPrefix(functionBody: Node, bodyDoc: Doc, text: string): boolean {
  const docLabelValue = docLabel(bodyDoc) as { hug?: boolean; embed?: boolean } | undefined;
  return (
    isArrayExpression(functionBody) ||
    isObjectExpression(functionBody) ||
    functionBody.type === "ArrowFunctionExpression" ||
    functionBody.type === "BlockStatement" ||
    (docLabelValue?.hug !== false &&
      (Boolean(docLabelValue?.embed) || isTemplateOnItsOwnLine(functionBody, text)))
  );
}

function getAlignmentSize(text: string, tabWidth: number): number {
  let size = 0;
  for (let i = 0; i < text.length; ++i) {
    if (text[i] === "\t") size = size + tabWidth - (size % tabWidth);
    else size++;
  }
  return size;
}

function getIndentSize(value: string, tabWidth: number): number {
  const lastNewlineIndex = value.lastIndexOf("\n");
  if (lastNewlineIndex === -1) return 0;
  return getAlignmentSize(value.slice(lastNewlineIndex + 1).match(/^[\t ]*/)![0], tabWidth);
}

function addAlignmentToDoc(doc: Doc, size: number, tabWidth: number): Doc {
  let aligned = doc;
  if (size > 0) {
    for (let i = 0; i < Math.floor(size / tabWidth); ++i) aligned = indent(aligned);
    aligned = align(size % tabWidth, aligned);
    aligned = align(Number.NEGATIVE_INFINITY, aligned);
  }
  return aligned;
}

const wrapInParens = (doc: Doc): Doc => [
  ifBreak("("),
  indent([softline, doc]),
  softline,
  ifBreak(")"),
];

/** Whether the node has at most `max` nodes below it (prettier counts node-valued properties). */
function isSimpleExpressionByNodeCount(node: Node, max: number): boolean {
  const count = (n: Node, limit: number): number => {
    let total = 0;
    for (const k in n) {
      // The printer's own caches of the node's docs are no children (prettier's nodes have none).
      if (k === "__doc" || k === "__callDoc") continue;
      const prop = n[k];
      if (prop !== null && typeof prop === "object" && typeof prop.type === "string") {
        total++;
        total += count(prop, limit - total);
      }
      if (total > limit) return total;
    }
    return total;
  };
  return count(node, max) <= max;
}
