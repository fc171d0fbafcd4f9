// The generator's tool modules and index.ts read straight into the ESTree tree estree.ts builds
// from TypeScript's AST, without TypeScript: they use a small part of the language (imports and
// exports, functions, `const`/`let`, `if`, `for`, `switch`, `try`, calls, members, literals,
// `as`, and types made of keywords, literals, references, unions, arrays and object types). Any
// other construct, and anything whose reading depends on automatic semicolons or on a line
// break, is Unsupported here, and the text is read with TypeScript instead. Reading without
// building TypeScript's nodes first takes a fifth to a third of the time (1,000 tool modules).
// tests/format/subset.test.ts proves the trees, ranges and comments equal to estree.ts's on
// every file the generator writes, so the printed text stays prettier's (CONTRACT.md section 7).
import { NONE, rebalanceLogicalTree, type Comment, type Node, type Parsed } from "./estree.js";
import { Unsupported } from "./unsupported.js";

const EOF = 0;
const NAME = 1;
const STRING = 2;
const NUMBER = 3;
const PUNCT = 4;

/** Words that are never an identifier in an expression or a binding (strict mode). */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends " +
    "false finally for function if import in instanceof new null return super switch this throw " +
    "true try typeof var void while with yield let static implements interface package private " +
    "protected public await"
  ).split(" "),
);

/** Reserved words that start an expression statement read here. */
const EXPRESSION_WORDS = new Set(["void", "typeof", "this", "null", "true", "false"]);

// Maps, not objects: a word such as `constructor` must find nothing.
const TYPE_KEYWORDS = new Map([
  ["string", "TSStringKeyword"],
  ["number", "TSNumberKeyword"],
  ["boolean", "TSBooleanKeyword"],
  ["unknown", "TSUnknownKeyword"],
  ["any", "TSAnyKeyword"],
  ["never", "TSNeverKeyword"],
  ["undefined", "TSUndefinedKeyword"],
  ["void", "TSVoidKeyword"],
  ["object", "TSObjectKeyword"],
  ["symbol", "TSSymbolKeyword"],
  ["bigint", "TSBigIntKeyword"],
]);

/** TypeScript's binary operator precedences, for the operators read here. */
const PRECEDENCE = new Map([
  ["||", 5],
  ["&&", 6],
  ["==", 10],
  ["!=", 10],
  ["===", 10],
  ["!==", 10],
  ["<", 11],
  ["<=", 11],
  [">=", 11],
  ["as", 11],
  ["+", 13],
  ["-", 13],
  ["*", 14],
  ["/", 14],
  ["%", 14],
]);

const ASSIGNMENT = new Set(["=", "+=", "-=", "*=", "/=", "%="]);

/** Operators that continue an expression in ways not read here. */
const DECLINED_OPERATORS = new Set([">", "??", "**", "<<", "&", "|"]);

const NUMBER_TEXT = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * The punctuator at `i` (whose character code is `c`), longest first: the ones the reader
 * knows, and a few it declines where they stand (`**`, `<<`, `??`, `?.`).
 */
function punctuator(text: string, i: number, c: number): string | undefined {
  const d = text.charCodeAt(i + 1);
  switch (c) {
    case 0x7b:
      return "{";
    case 0x7d:
      return "}";
    case 0x28:
      return "(";
    case 0x29:
      return ")";
    case 0x5b:
      return "[";
    case 0x5d:
      return "]";
    case 0x3b:
      return ";";
    case 0x2c:
      return ",";
    case 0x3a:
      return ":";
    case 0x3d /* = */:
      if (d === 0x3d) return text.charCodeAt(i + 2) === 0x3d ? "===" : "==";
      return d === 0x3e ? "=>" : "=";
    case 0x21 /* ! */:
      if (d === 0x3d) return text.charCodeAt(i + 2) === 0x3d ? "!==" : "!=";
      return "!";
    case 0x2e /* . */:
      return d === 0x2e && text.charCodeAt(i + 2) === 0x2e ? "..." : ".";
    case 0x3c /* < */:
      return d === 0x3d ? "<=" : d === 0x3c ? "<<" : "<";
    case 0x3e /* > */:
      return d === 0x3d ? ">=" : ">";
    case 0x26 /* & */:
      return d === 0x26 ? "&&" : "&";
    case 0x7c /* | */:
      return d === 0x7c ? "||" : "|";
    case 0x3f /* ? */:
      return d === 0x3f ? "??" : d === 0x2e ? "?." : "?";
    case 0x2b /* + */:
      return d === 0x2b ? "++" : d === 0x3d ? "+=" : "+";
    case 0x2d /* - */:
      return d === 0x2d ? "--" : d === 0x3d ? "-=" : "-";
    case 0x2a /* * */:
      return d === 0x2a ? "**" : d === 0x3d ? "*=" : "*";
    case 0x2f /* / */:
      return d === 0x3d ? "/=" : "/";
    case 0x25 /* % */:
      return d === 0x3d ? "%=" : "%";
    default:
      return undefined;
  }
}

/** Whether a word is reserved (the lengths and first letters of reserved words filter first). */
function isReserved(word: string): boolean {
  const first = word.charCodeAt(0);
  return word.length >= 2 && word.length <= 10 && first >= 97 && first <= 121 && RESERVED.has(word);
}

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}

function isNamePart(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57);
}

/** The tree of `text`, or undefined when it holds something this reader leaves to TypeScript. */
export function parseSubset(text: string): Parsed | undefined {
  try {
    return new SubsetParser(text).parse();
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** Why parseSubset leaves `text` to TypeScript (for tests): undefined when it reads it. */
export function subsetDeclines(text: string): string | undefined {
  try {
    new SubsetParser(text).parse();
    return undefined;
  } catch (error) {
    if (error instanceof Unsupported) return error.message;
    throw error;
  }
}

class SubsetParser {
  readonly text: string;
  readonly comments: Comment[] = [];
  readonly contentEndNodes: Node[] = [];
  /** Where scanning goes on. */
  pos = 0;
  /** The current token: its kind, text (a string's raw text), start and end. */
  kind = EOF;
  value = "";
  start = 0;
  end = 0;
  /** Whether a line break comes between the previous token and this one. */
  newline = false;
  /** The end of the previous token: where a node that ends with it ends. */
  last = 0;
  /** How far comments have been recorded (a lookahead scans some twice). */
  commentsTo = 0;

  constructor(text: string) {
    this.text = text;
  }

  parse(): Parsed {
    if (this.text.charCodeAt(0) === 0x23 /* # */) throw new Unsupported("shebang");
    this.next();
    const body: Node[] = [];
    while (this.kind !== EOF) body.push(this.statement());
    return {
      ast: { type: "Program", body, range: [0, this.text.length] },
      comments: this.comments,
      contentEndNodes: this.contentEndNodes,
    };
  }

  // --- tokens ---

  next(): void {
    this.last = this.end;
    this.scan();
  }

  scan(): void {
    const { text } = this;
    const i = this.skipTrivia(this.pos);
    this.start = i;
    if (i >= text.length) {
      this.kind = EOF;
      this.value = "";
      this.end = this.pos = text.length;
      return;
    }
    const c = text.charCodeAt(i);
    if (isNameStart(c)) {
      let j = i + 1;
      while (j < text.length && isNamePart(text.charCodeAt(j))) j++;
      const after = text.charCodeAt(j);
      if (after === 0x5c /* \ */ || after >= 0x80) throw new Unsupported("identifier escapes");
      this.token(NAME, j);
    } else if (c >= 48 && c <= 57) {
      this.token(NUMBER, this.numberEnd(i));
    } else if (c === 0x22 /* " */) {
      this.token(STRING, this.stringEnd(i));
    } else {
      const p = punctuator(text, i, c);
      if (p === undefined) throw new Unsupported(`character ${JSON.stringify(text[i])}`);
      this.kind = PUNCT;
      this.value = p;
      this.end = this.pos = i + p.length;
    }
  }

  /** Past the white space and comments at `i` (recording the comments and any line break). */
  skipTrivia(from: number): number {
    const { text } = this;
    let i = from;
    this.newline = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 11 || c === 12) i++;
      else if (c === 10) {
        this.newline = true;
        i++;
      } else if (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2f) {
        let end = i + 2;
        while (end < text.length) {
          const e = text.charCodeAt(end);
          if (e === 10 || e === 13 || e === 0x2028 || e === 0x2029) break;
          end++;
        }
        this.comment("Line", i, end, text.slice(i + 2, end));
        i = end;
      } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a /* * */) {
        const close = text.indexOf("*/", i + 2);
        if (close === -1) throw new Unsupported("unterminated comment");
        const value = text.slice(i + 2, close);
        // A line break inside a comment is one before the next token, as TypeScript reads it.
        if (/[\n\r\u2028\u2029]/.test(value)) this.newline = true;
        this.comment("Block", i, close + 2, value);
        i = close + 2;
      } else return i;
    }
  }

  /** The end of the number at `i`: decimal digits, a fraction, an exponent, nothing else. */
  numberEnd(i: number): number {
    const { text } = this;
    let j = i + 1;
    while (j < text.length) {
      const d = text.charCodeAt(j);
      const sign = (d === 43 || d === 45) && (text.charCodeAt(j - 1) | 32) === 101; // e+, e-
      if (!(isNamePart(d) || d === 46 || sign)) break;
      j++;
    }
    if (!NUMBER_TEXT.test(text.slice(i, j))) throw new Unsupported("number form");
    return j;
  }

  /** The end of the double-quoted string at `i`, past its closing quote. */
  stringEnd(i: number): number {
    const { text } = this;
    let j = i + 1;
    while (j < text.length) {
      const d = text.charCodeAt(j);
      if (d === 0x5c) j += 2;
      else if (d === 0x22) return j + 1;
      else if (d === 10) throw new Unsupported("line break in a string");
      else j++;
    }
    throw new Unsupported("unterminated string");
  }

  token(kind: number, end: number): void {
    this.kind = kind;
    this.value = this.text.slice(this.start, end);
    this.end = this.pos = end;
  }

  comment(type: "Line" | "Block", start: number, end: number, value: string): void {
    if (start < this.commentsTo) return;
    this.comments.push({ type, value, range: [start, end] });
    this.commentsTo = end;
  }

  /** The token after the current one: its kind, text and whether a line break precedes it. */
  peek(): { kind: number; value: string; newline: boolean } {
    const saved = [this.pos, this.kind, this.value, this.start, this.end, this.newline] as const;
    this.scan();
    const peeked = { kind: this.kind, value: this.value, newline: this.newline };
    [this.pos, this.kind, this.value, this.start, this.end, this.newline] = saved;
    return peeked;
  }

  /** Whether the next token is `.` (white space read here, comments through a lookahead). */
  followedByDot(): boolean {
    const { text } = this;
    for (let i = this.end; ; i++) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 11 || c === 12) continue;
      if (c === 0x2f /* / */) return this.peek().value === ".";
      return c === 0x2e;
    }
  }

  /** The token after the word `type`, which TypeScript reads differently after a line break. */
  afterType(): { kind: number; value: string } {
    const after = this.peek();
    if (after.newline) throw new Unsupported("line break after type");
    return after;
  }

  is(value: string): boolean {
    return (this.kind === PUNCT || this.kind === NAME) && this.value === value;
  }

  eat(value: string): boolean {
    if (!this.is(value)) return false;
    this.next();
    return true;
  }

  expect(value: string): void {
    if (!this.eat(value)) throw new Unsupported(`${JSON.stringify(value)} expected`);
  }

  /** A statement's closing semicolon: required here (automatic ones are TypeScript's to read). */
  semicolon(): void {
    this.expect(";");
  }

  /** Items separated by commas (a trailing one allowed) up to `close`, which is consumed. */
  commaList<T>(close: string, item: () => T): T[] {
    const items: T[] = [];
    while (!this.is(close)) {
      items.push(item());
      if (!this.eat(",")) break;
    }
    this.expect(close);
    return items;
  }

  /** Items up to a closing `}`, which is consumed: a block's statements, an object type's members. */
  untilBrace<T>(item: () => T): T[] {
    const items: T[] = [];
    while (!this.is("}")) {
      if (this.kind === EOF) throw new Unsupported("unclosed braces");
      items.push(item());
    }
    this.next();
    return items;
  }

  /** A name token that may name a binding or be read as an identifier. */
  bindingWord(): string {
    if (this.kind !== NAME || isReserved(this.value)) throw new Unsupported("a name expected");
    return this.value;
  }

  // --- nodes ---

  /** `fields` as a node of `type` from `start` to the end of the last token read. */
  finish(fields: Record<string, unknown>, type: string, start: number): Node {
    fields.type = type;
    fields.range = [start, this.last];
    return fields;
  }

  /** A node whose end prettier moves before its semicolon (comments.ts setContentEnds). */
  finishContentEnd(fields: Record<string, unknown>, type: string, start: number): Node {
    const node = this.finish(fields, type, start);
    this.contentEndNodes.push(node);
    return node;
  }

  identifierNamed(name: string, start: number, end: number): Node {
    return {
      name,
      decorators: NONE,
      optional: false,
      typeAnnotation: undefined,
      type: "Identifier",
      range: [start, end],
    };
  }

  /** The current name token as an Identifier (any word: a property or a key). */
  identifierName(): Node {
    if (this.kind !== NAME) throw new Unsupported("a name expected");
    const node = this.identifierNamed(this.value, this.start, this.end);
    this.next();
    return node;
  }

  bindingIdentifier(): Node {
    this.bindingWord();
    return this.identifierName();
  }

  literalToken(): Node {
    const { start, end, value: raw } = this;
    let value: unknown;
    if (this.kind === NUMBER) value = Number(raw);
    else if (this.kind === STRING && !raw.includes("\\")) value = raw.slice(1, -1);
    else if (this.kind === STRING) {
      try {
        // The generator writes strings with JSON.stringify: JSON's escapes mean what
        // JavaScript's do. Any other escape is TypeScript's to read.
        value = JSON.parse(raw);
      } catch {
        throw new Unsupported("string escape");
      }
    } else throw new Unsupported("a literal expected");
    this.next();
    return { type: "Literal", value, raw, range: [start, end] };
  }

  keywordLiteral(): Node {
    const { start, end, value: raw } = this;
    this.next();
    return {
      type: "Literal",
      value: raw === "null" ? null : raw === "true",
      raw,
      range: [start, end],
    };
  }

  // --- statements ---

  statement(): Node {
    if (this.kind === NAME) {
      switch (this.value) {
        case "import":
          return this.importDeclaration();
        case "export":
          return this.exportDeclaration();
        case "const":
        case "let":
        case "var":
          return this.variableStatement(this.start);
        case "function":
          return this.functionDeclaration(this.start);
        case "type":
          if (this.afterType().kind === NAME) return this.typeAlias(this.start);
          break;
        case "if":
          return this.ifStatement();
        case "for":
          return this.forStatement();
        case "switch":
          return this.switchStatement();
        case "try":
          return this.tryStatement();
        case "return":
        case "throw":
          return this.returnOrThrow();
        case "break":
        case "continue":
          return this.breakOrContinue();
        default:
          if (isReserved(this.value) && !EXPRESSION_WORDS.has(this.value))
            throw new Unsupported(`statement ${this.value}`);
      }
    } else if (this.is("{")) return this.block();
    else if (this.kind === STRING) throw new Unsupported("directive-like statement");
    const start = this.start;
    const expression = this.expression();
    this.semicolon();
    return this.finishContentEnd({ expression }, "ExpressionStatement", start);
  }

  block(): Node {
    const start = this.start;
    this.expect("{");
    const body = this.untilBrace(() => this.statement());
    return this.finish({ body }, "BlockStatement", start);
  }

  importDeclaration(): Node {
    const start = this.start;
    this.next();
    let importKind = "value";
    if (this.is("type") && this.afterType().value === "{") {
      importKind = "type";
      this.next();
    }
    const specifiers = this.specifiers((local, exported, kind, from) =>
      this.finish({ imported: local, local: exported, importKind: kind }, "ImportSpecifier", from),
    );
    this.expect("from");
    if (this.kind !== STRING) throw new Unsupported("module name expected");
    const source = this.literalToken();
    this.semicolon();
    return this.finishContentEnd(
      { importKind, specifiers, source, attributes: NONE },
      "ImportDeclaration",
      start,
    );
  }

  /** `{ a, type B }` of an import or export: no renaming, no string names. */
  specifiers(make: (local: Node, exported: Node, kind: string, start: number) => Node): Node[] {
    this.expect("{");
    return this.commaList("}", () => {
      const start = this.start;
      let kind = "value";
      if (this.is("type")) {
        const after = this.afterType();
        if (after.kind === NAME && after.value !== "as") {
          kind = "type";
          this.next();
        }
      }
      const name = this.bindingWord();
      const { start: nameStart, end: nameEnd } = this;
      this.next();
      if (this.is("as")) throw new Unsupported("renamed import or export");
      return make(
        this.identifierNamed(name, nameStart, nameEnd),
        this.identifierNamed(name, nameStart, nameEnd),
        kind,
        start,
      );
    });
  }

  exportDeclaration(): Node {
    const start = this.start;
    this.next();
    let declaration: Node;
    let exportKind = "value";
    if (this.is("{") || (this.is("type") && this.afterType().value === "{")) {
      if (this.eat("type")) exportKind = "type";
      const specifiers = this.specifiers((local, exported, kind, from) =>
        this.finish({ local, exported, exportKind: kind }, "ExportSpecifier", from),
      );
      let source: Node = null;
      if (this.eat("from")) {
        if (this.kind !== STRING) throw new Unsupported("module name expected");
        source = this.literalToken();
      }
      this.semicolon();
      return this.finishContentEnd(
        { declaration: null, specifiers, source, exportKind, attributes: NONE },
        "ExportNamedDeclaration",
        start,
      );
    }
    if (this.is("function")) declaration = this.functionDeclaration(this.start);
    else if (this.is("const") || this.is("let") || this.is("var"))
      declaration = this.variableStatement(this.start);
    else if (this.is("type") && this.afterType().kind === NAME) {
      declaration = this.typeAlias(this.start);
      exportKind = "type";
    } else throw new Unsupported(`export ${this.value}`);
    return this.finishContentEnd(
      { declaration, specifiers: [], source: null, exportKind, attributes: NONE },
      "ExportNamedDeclaration",
      start,
    );
  }

  variableStatement(start: number): Node {
    const declaration = this.variableDeclarations(start);
    this.semicolon();
    declaration.range[1] = this.last;
    return declaration;
  }

  /** `const a: T = x, b` without its semicolon (also a `for` statement's first part). */
  variableDeclarations(start: number): Node {
    const kind = this.value;
    this.next();
    const declarations: Node[] = [];
    do {
      const declaratorStart = this.start;
      const id = this.typedBinding();
      if (this.is("!")) throw new Unsupported("definite assignment");
      const init = this.eat("=") ? this.assignment() : null;
      declarations.push(
        this.finish({ id, init, definite: false }, "VariableDeclarator", declaratorStart),
      );
    } while (this.eat(","));
    return this.finish({ kind, declare: false, declarations }, "VariableDeclaration", start);
  }

  /** A variable's or catch clause's name with its type: an Identifier whose range covers both. */
  typedBinding(): Node {
    const id = this.bindingIdentifier();
    if (this.is(":")) {
      id.typeAnnotation = this.typeAnnotation();
      id.range = [id.range[0], this.last];
    }
    return id;
  }

  functionDeclaration(start: number): Node {
    this.next();
    if (this.is("*")) throw new Unsupported("generator");
    const id = this.bindingIdentifier();
    if (this.is("<")) throw new Unsupported("generic function");
    const params = this.parameters();
    const returnType = this.is(":") ? this.returnType() : undefined;
    const body = this.block();
    return this.finish(
      {
        id,
        typeParameters: undefined,
        params,
        returnType,
        body,
        async: false,
        generator: false,
        declare: false,
        expression: false,
      },
      "FunctionDeclaration",
      start,
    );
  }

  parameters(): Node[] {
    this.expect("(");
    return this.commaList(")", () => {
      if (this.is("...")) throw new Unsupported("rest parameter");
      const id = this.bindingIdentifier();
      if (id.name === "this") throw new Unsupported("this parameter");
      if (this.eat("?")) id.optional = true;
      if (this.is(":")) id.typeAnnotation = this.typeAnnotation();
      id.range = [id.range[0], this.last];
      if (this.is("=")) throw new Unsupported("parameter initializer");
      return id;
    });
  }

  typeAlias(start: number): Node {
    this.next();
    const id = this.bindingIdentifier();
    if (this.is("<")) throw new Unsupported("generic type");
    this.expect("=");
    const typeAnnotation = this.type();
    this.semicolon();
    return this.finish(
      { id, typeParameters: undefined, typeAnnotation, declare: false },
      "TSTypeAliasDeclaration",
      start,
    );
  }

  ifStatement(): Node {
    const start = this.start;
    this.next();
    const test = this.parenthesized();
    const consequent = this.statement();
    const alternate = this.eat("else") ? this.statement() : null;
    return this.finish({ test, consequent, alternate }, "IfStatement", start);
  }

  parenthesized(): Node {
    this.expect("(");
    const expression = this.expression();
    this.expect(")");
    return expression;
  }

  forStatement(): Node {
    const start = this.start;
    this.next();
    if (this.is("await")) throw new Unsupported("for await");
    this.expect("(");
    let init: Node = null;
    if (this.is("const") || this.is("let") || this.is("var")) {
      init = this.variableDeclarations(this.start);
      if (this.is("in") || this.is("of")) {
        const type = this.value === "in" ? "ForInStatement" : "ForOfStatement";
        const [declarator] = init.declarations;
        // One name, without a type or a value (TypeScript reports either as an error).
        if (init.declarations.length !== 1 || declarator.init !== null)
          throw new Unsupported("for-in initializer");
        if (declarator.id.typeAnnotation !== undefined) throw new Unsupported("for-in type");
        this.next();
        const right = type === "ForInStatement" ? this.expression() : this.assignment();
        this.expect(")");
        const body = this.statement();
        return this.finish({ left: init, right, body, await: false }, type, start);
      }
    } else if (!this.is(";")) init = this.expression();
    this.expect(";");
    const test = this.is(";") ? null : this.expression();
    this.expect(";");
    const update = this.is(")") ? null : this.expression();
    this.expect(")");
    const body = this.statement();
    return this.finish({ init, test, update, body }, "ForStatement", start);
  }

  switchStatement(): Node {
    const start = this.start;
    this.next();
    const discriminant = this.parenthesized();
    this.expect("{");
    const cases: Node[] = [];
    while (!this.is("}")) {
      const caseStart = this.start;
      let test: Node = null;
      if (this.eat("case")) test = this.expression();
      else this.expect("default");
      this.expect(":");
      const consequent: Node[] = [];
      while (!this.is("case") && !this.is("default") && !this.is("}")) {
        if (this.kind === EOF) throw new Unsupported("unclosed switch");
        consequent.push(this.statement());
      }
      cases.push(this.finish({ test, consequent }, "SwitchCase", caseStart));
    }
    this.next();
    return this.finish({ discriminant, cases }, "SwitchStatement", start);
  }

  tryStatement(): Node {
    const start = this.start;
    this.next();
    const block = this.block();
    let handler: Node = null;
    if (this.is("catch")) {
      const catchStart = this.start;
      this.next();
      let param: Node = null;
      if (this.eat("(")) {
        param = this.typedBinding();
        this.expect(")");
      }
      const body = this.block();
      handler = this.finish({ param, body }, "CatchClause", catchStart);
    }
    const finalizer = this.eat("finally") ? this.block() : null;
    if (!handler && !finalizer) throw new Unsupported("try without catch");
    return this.finish({ block, handler, finalizer }, "TryStatement", start);
  }

  returnOrThrow(): Node {
    const start = this.start;
    const type = this.value === "return" ? "ReturnStatement" : "ThrowStatement";
    this.next();
    let argument: Node = null;
    if (!this.is(";")) {
      // After a line break, `return` ends where it stands (an automatic semicolon).
      if (this.newline) throw new Unsupported("line break after return");
      argument = this.expression();
    } else if (type === "ThrowStatement") throw new Unsupported("throw without argument");
    this.semicolon();
    return this.finishContentEnd({ argument }, type, start);
  }

  breakOrContinue(): Node {
    const start = this.start;
    const type = this.value === "break" ? "BreakStatement" : "ContinueStatement";
    this.next();
    this.semicolon();
    return this.finish({ label: null }, type, start);
  }

  // --- expressions ---

  /** An expression; a comma (a sequence) is TypeScript's to read. */
  expression(): Node {
    const node = this.assignment();
    if (this.is(",")) throw new Unsupported("sequence expression");
    return node;
  }

  assignment(): Node {
    const start = this.start;
    const left = this.conditional();
    if (this.is("=>")) throw new Unsupported("arrow function");
    if (this.kind === PUNCT && ASSIGNMENT.has(this.value)) {
      const operator = this.value;
      if (left.type !== "Identifier" && left.type !== "MemberExpression")
        throw new Unsupported("assignment target");
      this.next();
      const right = this.assignment();
      return this.finish({ operator, left, right }, "AssignmentExpression", start);
    }
    return left;
  }

  conditional(): Node {
    const start = this.start;
    const test = this.binary(0);
    if (!this.eat("?")) return test;
    const consequent = this.assignment();
    this.expect(":");
    const alternate = this.assignment();
    return this.finish({ test, consequent, alternate }, "ConditionalExpression", start);
  }

  /** TypeScript's parseBinaryExpressionRest: operators binding tighter than `precedence`. */
  binary(precedence: number): Node {
    const start = this.start;
    let left = this.unary();
    for (;;) {
      if (this.kind !== PUNCT && !(this.kind === NAME && this.value === "as")) break;
      const operator = this.value;
      const own = PRECEDENCE.get(operator);
      if (own === undefined) {
        // Operators not read here end the expression only where they cannot continue it.
        if (DECLINED_OPERATORS.has(operator)) throw new Unsupported(`operator ${operator}`);
        break;
      }
      if (own <= precedence) break;
      if (operator === "as") {
        if (this.newline) throw new Unsupported("line break before as");
        this.next();
        const typeAnnotation = this.type();
        left = this.finish({ expression: left, typeAnnotation }, "TSAsExpression", start);
        continue;
      }
      this.next();
      const right = this.binary(own);
      const type = own <= 6 ? "LogicalExpression" : "BinaryExpression";
      left = this.finish({ operator, left, right }, type, start);
      if (type === "LogicalExpression") left = rebalanceLogicalTree(left);
    }
    return left;
  }

  unary(): Node {
    const start = this.start;
    if (this.kind === PUNCT) {
      const operator = this.value;
      if (operator === "!" || operator === "-" || operator === "+") {
        this.next();
        const argument = this.unary();
        return this.finish({ operator, prefix: true, argument }, "UnaryExpression", start);
      }
      if (operator === "++" || operator === "--") {
        this.next();
        const argument = this.leftHandSide();
        return this.finish({ operator, prefix: true, argument }, "UpdateExpression", start);
      }
      if (operator === "<") throw new Unsupported("type assertion");
    } else if (this.kind === NAME && (this.value === "typeof" || this.value === "void")) {
      const operator = this.value;
      this.next();
      const argument = this.unary();
      return this.finish({ operator, prefix: true, argument }, "UnaryExpression", start);
    }
    const operand = this.leftHandSide();
    if (this.is("++") || this.is("--")) {
      if (this.newline) throw new Unsupported("line break before ++");
      const operator = this.value;
      this.next();
      return this.finish({ operator, prefix: false, argument: operand }, "UpdateExpression", start);
    }
    return operand;
  }

  /** A primary expression followed by members and calls. */
  leftHandSide(): Node {
    const start = this.start;
    let node = this.is("new") ? this.newExpression() : this.primary();
    for (;;) {
      if (this.eat(".")) node = this.dotMember(node, start);
      else if (this.eat("[")) {
        const property = this.expression();
        this.expect("]");
        node = this.finish(
          { object: node, property, computed: true, optional: false },
          "MemberExpression",
          start,
        );
      } else if (this.is("(")) {
        const args = this.arguments();
        node = this.finish(
          { callee: node, typeArguments: undefined, arguments: args, optional: false },
          "CallExpression",
          start,
        );
      } else if (this.is("?.") || (this.is("!") && !this.newline)) {
        throw new Unsupported("optional chain or non-null assertion");
      } else return node;
    }
  }

  /** `object.name`, after the dot. */
  dotMember(object: Node, start: number): Node {
    const property = this.identifierName();
    return this.finish(
      { object, property, computed: false, optional: false },
      "MemberExpression",
      start,
    );
  }

  newExpression(): Node {
    const start = this.start;
    this.next();
    const calleeStart = this.start;
    let callee = this.primary();
    while (this.eat(".")) callee = this.dotMember(callee, calleeStart);
    const typeArguments = this.is("<") ? this.typeArguments() : undefined;
    if (!this.is("(")) throw new Unsupported("new without arguments");
    const args = this.arguments();
    return this.finish({ callee, typeArguments, arguments: args }, "NewExpression", start);
  }

  arguments(): Node[] {
    this.expect("(");
    return this.commaList(")", () => (this.is("...") ? this.spread() : this.assignment()));
  }

  spread(): Node {
    const start = this.start;
    this.next();
    const argument = this.assignment();
    return this.finish({ argument }, "SpreadElement", start);
  }

  primary(): Node {
    switch (this.kind) {
      case STRING:
      case NUMBER:
        return this.literalToken();
      case NAME:
        switch (this.value) {
          case "null":
          case "true":
          case "false":
            return this.keywordLiteral();
          case "this": {
            const start = this.start;
            this.next();
            return this.finish({}, "ThisExpression", start);
          }
          default:
            if (isReserved(this.value)) throw new Unsupported(`expression ${this.value}`);
            if (this.value === "async" && this.peek().kind === NAME)
              throw new Unsupported("async function");
            return this.identifierName();
        }
      case PUNCT:
        if (this.value === "(") {
          const expression = this.parenthesized();
          if (this.is("=>")) throw new Unsupported("arrow function");
          return expression;
        }
        if (this.value === "[") return this.arrayLiteral();
        if (this.value === "{") return this.objectLiteral();
    }
    throw new Unsupported(`expression at ${JSON.stringify(this.value)}`);
  }

  arrayLiteral(): Node {
    const start = this.start;
    this.next();
    const elements = this.commaList("]", () => {
      if (this.is(",")) throw new Unsupported("array holes");
      return this.is("...") ? this.spread() : this.assignment();
    });
    return this.finish({ elements }, "ArrayExpression", start);
  }

  objectLiteral(): Node {
    const start = this.start;
    this.next();
    const properties = this.commaList("}", () =>
      this.is("...") ? this.spread() : this.property(),
    );
    return this.finish({ properties }, "ObjectExpression", start);
  }

  property(): Node {
    const start = this.start;
    if (this.kind === NAME) {
      const after = this.peek();
      if (after.value === "," || after.value === "}") {
        this.bindingWord();
        const key = this.identifierName();
        const value = { ...key, range: [...key.range] };
        return this.finish(
          {
            key,
            value,
            computed: false,
            kind: "init",
            method: false,
            shorthand: true,
            decorators: NONE,
          },
          "Property",
          start,
        );
      }
      if (after.value !== ":") throw new Unsupported("method or accessor");
    }
    const key = this.propertyKey();
    this.expect(":");
    const value = this.assignment();
    return this.finish(
      {
        key,
        value,
        computed: false,
        kind: "init",
        method: false,
        shorthand: false,
        decorators: NONE,
      },
      "Property",
      start,
    );
  }

  /** A key: a word, a string or a number (computed keys are TypeScript's to read). */
  propertyKey(): Node {
    if (this.kind === NAME) return this.identifierName();
    if (this.kind === STRING || this.kind === NUMBER) return this.literalToken();
    throw new Unsupported("property key");
  }

  // --- types ---

  /** `: T`, from the colon. */
  typeAnnotation(): Node {
    const start = this.start;
    this.expect(":");
    const typeAnnotation = this.type();
    return this.finish({ typeAnnotation }, "TSTypeAnnotation", start);
  }

  /** A function's return type: `: T` or the predicate `: name is T`. */
  returnType(): Node {
    const start = this.start;
    this.expect(":");
    if (this.kind === NAME && !isReserved(this.value)) {
      const after = this.peek();
      if (after.kind === NAME && after.value === "is" && !after.newline) {
        const predicateStart = this.start;
        const parameterName = this.identifierName();
        this.next();
        const typeStart = this.start;
        const type = this.type();
        const predicate = this.finish(
          {
            asserts: false,
            parameterName,
            typeAnnotation: this.finish({ typeAnnotation: type }, "TSTypeAnnotation", typeStart),
          },
          "TSTypePredicate",
          predicateStart,
        );
        return this.finish({ typeAnnotation: predicate }, "TSTypeAnnotation", start);
      }
    }
    const typeAnnotation = this.type();
    return this.finish({ typeAnnotation }, "TSTypeAnnotation", start);
  }

  /** A union of array, reference, keyword, literal and object types. */
  type(): Node {
    const start = this.start;
    this.eat("|");
    const types = [this.typeOperator()];
    while (this.eat("|")) types.push(this.typeOperator());
    if (this.is("&") || this.is("=>")) throw new Unsupported("intersection or function type");
    if (this.is("extends") && !this.newline) throw new Unsupported("conditional type");
    if (types.length === 1) return types[0];
    return this.finish({ types }, "TSUnionType", start);
  }

  typeOperator(): Node {
    if (this.is("readonly")) {
      const start = this.start;
      this.next();
      const typeAnnotation = this.typeOperator();
      return this.finish({ operator: "readonly", typeAnnotation }, "TSTypeOperator", start);
    }
    if (this.is("keyof") || this.is("unique") || this.is("infer"))
      throw new Unsupported(`type operator ${this.value}`);
    const start = this.start;
    let type = this.primaryType();
    while (this.is("[")) {
      if (this.newline) throw new Unsupported("line break before [");
      this.next();
      if (!this.eat("]")) throw new Unsupported("indexed access type");
      type = this.finish({ elementType: type }, "TSArrayType", start);
    }
    return type;
  }

  primaryType(): Node {
    const start = this.start;
    if (this.kind === STRING || this.kind === NUMBER)
      return this.finish({ literal: this.literalToken() }, "TSLiteralType", start);
    if (this.is("-")) {
      this.next();
      if (this.kind !== NUMBER) throw new Unsupported("negative literal type");
      const argument = this.literalToken();
      const literal = this.finish(
        { operator: "-", prefix: true, argument },
        "UnaryExpression",
        start,
      );
      return this.finish({ literal }, "TSLiteralType", start);
    }
    if (this.is("{")) return this.typeLiteral();
    if (this.kind !== NAME) throw new Unsupported(`type at ${JSON.stringify(this.value)}`);
    const keyword = TYPE_KEYWORDS.get(this.value);
    if (keyword !== undefined || this.value === "null") {
      if (this.followedByDot()) throw new Unsupported("qualified keyword");
      this.next();
      return this.finish({}, keyword ?? "TSNullKeyword", start);
    }
    if (this.value === "true" || this.value === "false")
      return this.finish({ literal: this.keywordLiteral() }, "TSLiteralType", start);
    if (isReserved(this.value) || this.value === "asserts" || this.value === "abstract")
      throw new Unsupported(`type ${this.value}`);
    const typeName = this.identifierName();
    if (this.is(".")) throw new Unsupported("qualified type name");
    let typeArguments: Node = undefined;
    if (this.is("<")) {
      if (this.newline) throw new Unsupported("line break before <");
      typeArguments = this.typeArguments();
    }
    return this.finish({ typeName, typeArguments }, "TSTypeReference", start);
  }

  typeArguments(): Node {
    const start = this.start;
    this.expect("<");
    const params: Node[] = [];
    do params.push(this.type());
    while (this.eat(","));
    this.expect(">");
    return this.finish({ params }, "TSTypeParameterInstantiation", start);
  }

  /** `{ a: T; readonly b?: U; [key: string]: V }`: mapped types are TypeScript's to read. */
  typeLiteral(): Node {
    const start = this.start;
    this.next();
    const members = this.untilBrace(() => this.typeMember());
    return this.finish({ members }, "TSTypeLiteral", start);
  }

  typeMember(): Node {
    const start = this.start;
    let readonly = false;
    if (this.is("readonly")) {
      const after = this.peek();
      const modifies =
        after.kind === NAME ||
        after.kind === STRING ||
        after.kind === NUMBER ||
        after.value === "[";
      // After a line break, `readonly` is a key of its own.
      if (modifies && after.newline) throw new Unsupported("line break after readonly");
      if (modifies) {
        readonly = true;
        this.next();
      }
    }
    if (this.is("[")) return this.indexSignature(start, readonly);
    if (this.is("-") || this.is("+")) throw new Unsupported("mapped type");
    const key = this.propertyKey();
    const optional = this.eat("?");
    if (this.is("(") || this.is("<")) throw new Unsupported("method signature");
    const typeAnnotation = this.is(":") ? this.typeAnnotation() : undefined;
    this.memberSeparator();
    return this.finish(
      { key, computed: false, optional, readonly, static: false, typeAnnotation },
      "TSPropertySignature",
      start,
    );
  }

  indexSignature(start: number, readonly: boolean): Node {
    this.next();
    const id = this.bindingIdentifier();
    if (!this.is(":")) throw new Unsupported("mapped type or computed key");
    id.typeAnnotation = this.typeAnnotation();
    id.range = [id.range[0], this.last];
    this.expect("]");
    if (!this.is(":")) throw new Unsupported("index signature without type");
    const typeAnnotation = this.typeAnnotation();
    this.memberSeparator();
    return this.finish(
      { parameters: [id], typeAnnotation, readonly, static: false, accessibility: undefined },
      "TSIndexSignature",
      start,
    );
  }

  /** A member's `;` or `,` (part of its range); none before `}` or a line break. */
  memberSeparator(): void {
    if (this.eat(";") || this.eat(",")) return;
    if (!this.is("}") && !this.newline) throw new Unsupported("member separator");
  }
}
