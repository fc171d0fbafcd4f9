// TypeScript's AST turned into the ESTree shape prettier prints (as typescript-estree makes it,
// after prettier's own post-processing), for the node kinds the printer supports: any other
// kind is Unsupported.
import { ts } from "../../tsMorph.js";
import { Unsupported } from "./unsupported.js";

/** TypeScript's own skipTrivia (internal, but stable for years). */
const skipTrivia = (ts as unknown as { skipTrivia(text: string, pos: number): number }).skipTrivia;

/** An ESTree node, loosely typed: the printer ports prettier's JavaScript. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Node = any;

export interface Comment {
  type: "Line" | "Block";
  value: string;
  range: [number, number];
  leading?: boolean;
  trailing?: boolean;
  printed?: boolean;
  placement?: string;
  marker?: string;
}

/** The child keys of each node type, as @typescript-eslint/visitor-keys lists them. */
export const VISITOR_KEYS: Record<string, readonly string[]> = {
  Program: ["body"],
  ImportDeclaration: ["specifiers", "source", "attributes"],
  ImportSpecifier: ["imported", "local"],
  ImportDefaultSpecifier: ["local"],
  ImportNamespaceSpecifier: ["local"],
  ExportNamedDeclaration: ["declaration", "specifiers", "source", "attributes"],
  ExportSpecifier: ["local", "exported"],
  VariableDeclaration: ["declarations"],
  VariableDeclarator: ["id", "init"],
  FunctionDeclaration: ["id", "typeParameters", "params", "returnType", "body"],
  FunctionExpression: ["id", "typeParameters", "params", "returnType", "body"],
  ArrowFunctionExpression: ["typeParameters", "params", "returnType", "body"],
  Identifier: ["decorators", "typeAnnotation"],
  AssignmentPattern: ["decorators", "left", "right", "typeAnnotation"],
  RestElement: ["decorators", "argument", "typeAnnotation"],
  BlockStatement: ["body"],
  ExpressionStatement: ["expression"],
  IfStatement: ["test", "consequent", "alternate"],
  ForStatement: ["init", "test", "update", "body"],
  ForInStatement: ["left", "right", "body"],
  ForOfStatement: ["left", "right", "body"],
  WhileStatement: ["test", "body"],
  DoWhileStatement: ["body", "test"],
  SwitchStatement: ["discriminant", "cases"],
  SwitchCase: ["test", "consequent"],
  TryStatement: ["block", "handler", "finalizer"],
  CatchClause: ["param", "body"],
  ReturnStatement: ["argument"],
  ThrowStatement: ["argument"],
  BreakStatement: ["label"],
  ContinueStatement: ["label"],
  EmptyStatement: [],
  Literal: [],
  TemplateLiteral: ["quasis", "expressions"],
  TemplateElement: [],
  ThisExpression: [],
  Super: [],
  BinaryExpression: ["left", "right"],
  LogicalExpression: ["left", "right"],
  AssignmentExpression: ["left", "right"],
  SequenceExpression: ["expressions"],
  UnaryExpression: ["argument"],
  UpdateExpression: ["argument"],
  CallExpression: ["callee", "typeArguments", "arguments"],
  NewExpression: ["callee", "typeArguments", "arguments"],
  MemberExpression: ["object", "property"],
  ArrayExpression: ["elements"],
  ObjectExpression: ["properties"],
  Property: ["decorators", "key", "value"],
  SpreadElement: ["argument"],
  ConditionalExpression: ["test", "consequent", "alternate"],
  AwaitExpression: ["argument"],
  TSAsExpression: ["expression", "typeAnnotation"],
  TSSatisfiesExpression: ["expression", "typeAnnotation"],
  TSNonNullExpression: ["expression"],
  ClassDeclaration: [
    "decorators",
    "id",
    "typeParameters",
    "superClass",
    "superTypeArguments",
    "implements",
    "body",
  ],
  ClassBody: ["body"],
  PropertyDefinition: ["decorators", "key", "typeAnnotation", "value"],
  MethodDefinition: ["decorators", "key", "value"],
  TSTypeAnnotation: ["typeAnnotation"],
  TSTypeReference: ["typeName", "typeArguments"],
  TSQualifiedName: ["left", "right"],
  TSTypeParameterInstantiation: ["params"],
  TSTypeParameterDeclaration: ["params"],
  TSTypeParameter: ["name", "constraint", "default"],
  TSLiteralType: ["literal"],
  TSUnionType: ["types"],
  TSIntersectionType: ["types"],
  TSArrayType: ["elementType"],
  TSTypeOperator: ["typeAnnotation"],
  TSTypeLiteral: ["members"],
  TSPropertySignature: ["key", "typeAnnotation"],
  TSMethodSignature: ["key", "typeParameters", "params", "returnType"],
  TSMappedType: ["key", "constraint", "nameType", "typeAnnotation"],
  TSIndexSignature: ["parameters", "typeAnnotation"],
  TSTypePredicate: ["parameterName", "typeAnnotation"],
  TSFunctionType: ["typeParameters", "params", "returnType"],
  TSIndexedAccessType: ["indexType", "objectType"],
  TSTypeQuery: ["exprName", "typeArguments"],
  TSTupleType: ["elementTypes"],
  TSTypeAliasDeclaration: ["id", "typeParameters", "typeAnnotation"],
  TSInterfaceDeclaration: ["id", "typeParameters", "extends", "body"],
  TSInterfaceBody: ["body"],
  TSInterfaceHeritage: ["expression", "typeArguments"],
  TSStringKeyword: [],
  TSNumberKeyword: [],
  TSBooleanKeyword: [],
  TSUnknownKeyword: [],
  TSAnyKeyword: [],
  TSNeverKeyword: [],
  TSUndefinedKeyword: [],
  TSNullKeyword: [],
  TSVoidKeyword: [],
  TSObjectKeyword: [],
  TSSymbolKeyword: [],
  TSBigIntKeyword: [],
  TSThisType: [],
};

const KEYWORD_TYPES: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.StringKeyword]: "TSStringKeyword",
  [ts.SyntaxKind.NumberKeyword]: "TSNumberKeyword",
  [ts.SyntaxKind.BooleanKeyword]: "TSBooleanKeyword",
  [ts.SyntaxKind.UnknownKeyword]: "TSUnknownKeyword",
  [ts.SyntaxKind.AnyKeyword]: "TSAnyKeyword",
  [ts.SyntaxKind.NeverKeyword]: "TSNeverKeyword",
  [ts.SyntaxKind.UndefinedKeyword]: "TSUndefinedKeyword",
  [ts.SyntaxKind.VoidKeyword]: "TSVoidKeyword",
  [ts.SyntaxKind.ObjectKeyword]: "TSObjectKeyword",
  [ts.SyntaxKind.SymbolKeyword]: "TSSymbolKeyword",
  [ts.SyntaxKind.BigIntKeyword]: "TSBigIntKeyword",
};

/** The empty lists of the nodes that have none (decorators, attributes, implements): shared. */
export const NONE: readonly Node[] = Object.freeze([]);

const LOGICAL = new Set(["&&", "||", "??"]);
const ASSIGNMENT = new Set([
  "=",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "**=",
  "<<=",
  ">>=",
  ">>>=",
  "&=",
  "|=",
  "^=",
  "&&=",
  "||=",
  "??=",
]);

export interface Parsed {
  ast: Node;
  comments: Comment[];
  /** The nodes whose end prettier moves before their semicolon (comments.ts setContentEnds). */
  contentEndNodes: Node[];
}

/** The node types whose end prettier moves before a final semicolon (`__contentEnd`). */
export const CONTENT_END_TYPES: ReadonlySet<string> = new Set([
  "ExpressionStatement",
  "ImportDeclaration",
  "ExportNamedDeclaration",
  "ReturnStatement",
  "ThrowStatement",
  "DoWhileStatement",
  "PropertyDefinition",
]);

const SOURCE_OPTIONS: ts.CreateSourceFileOptions = {
  languageVersion: ts.ScriptTarget.Latest,
  // The printer reads comments as text: TypeScript's own JSDoc trees are not needed.
  jsDocParsingMode: ts.JSDocParsingMode.ParseNone,
};

export function parse(text: string): Parsed {
  const sf = ts.createSourceFile("input.ts", text, SOURCE_OPTIONS, false, ts.ScriptKind.TS);
  const diagnostics = (sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics;
  if (diagnostics && diagnostics.length > 0) throw new Unsupported("syntax errors");
  const converter = new Converter(sf, text);
  const ast = converter.program();
  const comments = collectComments(text, converter.regexEnds, converter.templateResumes);
  return { ast, comments, contentEndNodes: converter.contentEndNodes };
}

function tokenText(kind: ts.SyntaxKind): string {
  const text = ts.tokenToString(kind);
  if (text === undefined) throw new Unsupported(`token ${ts.SyntaxKind[kind]}`);
  return text;
}

class Converter {
  readonly sf: ts.SourceFile;
  readonly text: string;
  /** Where each regular expression literal starts, and its end: no comment is inside. */
  readonly regexEnds = new Map<number, number>();
  /** Where a template literal goes on after a substitution (its `}`). */
  readonly templateResumes = new Set<number>();
  /** The nodes made of CONTENT_END_TYPES, for setContentEnds. */
  readonly contentEndNodes: Node[] = [];

  constructor(sf: ts.SourceFile, text: string) {
    this.sf = sf;
    this.text = text;
  }

  start(node: ts.Node): number {
    return skipTrivia(this.text, node.pos);
  }

  make(
    type: string,
    node: ts.Node,
    fields: Record<string, unknown>,
    range?: [number, number],
  ): Node {
    fields.type = type;
    fields.range = range ?? [this.start(node), node.end];
    if (CONTENT_END_TYPES.has(type)) this.contentEndNodes.push(fields);
    return fields;
  }

  program(): Node {
    const body = this.statements(this.sf.statements);
    return { type: "Program", body, range: [0, this.text.length] };
  }

  statements(list: ts.NodeArray<ts.Statement>): Node[] {
    return list.map((s) => this.statement(s));
  }

  modifiers(node: ts.Node): { exported: boolean; exportEnd: number; async: boolean } {
    let exported = false;
    let exportEnd = 0;
    let isAsync = false;
    const mods = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
    for (const mod of mods ?? []) {
      if (mod.kind === ts.SyntaxKind.ExportKeyword) {
        exported = true;
        exportEnd = mod.end;
      } else if (mod.kind === ts.SyntaxKind.AsyncKeyword) isAsync = true;
      else throw new Unsupported(`modifier ${ts.SyntaxKind[mod.kind]}`);
    }
    if (ts.canHaveDecorators(node) && (ts.getDecorators(node)?.length ?? 0) > 0)
      throw new Unsupported("decorators");
    return { exported, exportEnd, async: isAsync };
  }

  /** Wraps an exported declaration as typescript-estree does. */
  exported(node: ts.Node, exportEnd: number, declaration: Node, exportKind: string): Node {
    declaration.range = [skipTrivia(this.text, exportEnd), declaration.range[1]];
    return this.make("ExportNamedDeclaration", node, {
      declaration,
      specifiers: [],
      source: null,
      exportKind,
      attributes: NONE,
    });
  }

  statement(node: ts.Statement): Node {
    switch (node.kind) {
      case ts.SyntaxKind.ImportDeclaration:
        return this.importDeclaration(node as ts.ImportDeclaration);
      case ts.SyntaxKind.ExportDeclaration:
        return this.exportDeclaration(node as ts.ExportDeclaration);
      case ts.SyntaxKind.VariableStatement:
        return this.variableStatement(node as ts.VariableStatement);
      case ts.SyntaxKind.FunctionDeclaration:
        return this.functionDeclaration(node as ts.FunctionDeclaration);
      case ts.SyntaxKind.TypeAliasDeclaration:
        return this.typeAliasDeclaration(node as ts.TypeAliasDeclaration);
      case ts.SyntaxKind.InterfaceDeclaration:
        return this.interfaceDeclaration(node as ts.InterfaceDeclaration);
      case ts.SyntaxKind.ClassDeclaration:
        return this.classDeclaration(node as ts.ClassDeclaration);
      case ts.SyntaxKind.Block:
        return this.block(node as ts.Block);
      case ts.SyntaxKind.ExpressionStatement: {
        const n = node as ts.ExpressionStatement;
        if (ts.isStringLiteral(n.expression)) throw new Unsupported("directive-like statement");
        return this.make("ExpressionStatement", n, { expression: this.expression(n.expression) });
      }
      case ts.SyntaxKind.IfStatement:
        return this.ifStatement(node as ts.IfStatement);
      case ts.SyntaxKind.ForStatement:
        return this.forStatement(node as ts.ForStatement);
      case ts.SyntaxKind.ForInStatement:
      case ts.SyntaxKind.ForOfStatement:
        return this.forInOrOfStatement(node as ts.ForInStatement | ts.ForOfStatement);
      case ts.SyntaxKind.WhileStatement:
        return this.whileStatement(node as ts.WhileStatement);
      case ts.SyntaxKind.SwitchStatement:
        return this.switchStatement(node as ts.SwitchStatement);
      case ts.SyntaxKind.TryStatement:
        return this.tryStatement(node as ts.TryStatement);
      case ts.SyntaxKind.ReturnStatement:
      case ts.SyntaxKind.ThrowStatement: {
        const n = node as ts.ReturnStatement | ts.ThrowStatement;
        return this.make(ts.isReturnStatement(n) ? "ReturnStatement" : "ThrowStatement", n, {
          argument: n.expression ? this.expression(n.expression) : null,
        });
      }
      case ts.SyntaxKind.BreakStatement:
      case ts.SyntaxKind.ContinueStatement:
        return this.breakOrContinueStatement(node as ts.BreakStatement | ts.ContinueStatement);
      case ts.SyntaxKind.EmptyStatement:
        throw new Unsupported("empty statement");
      default:
        throw new Unsupported(`statement ${ts.SyntaxKind[node.kind]}`);
    }
  }

  variableStatement(n: ts.VariableStatement): Node {
    const { exported, exportEnd, async } = this.modifiers(n);
    if (async) throw new Unsupported("async variable");
    const declaration = this.variableDeclarationList(n.declarationList, n);
    return exported ? this.exported(n, exportEnd, declaration, "value") : declaration;
  }

  functionDeclaration(n: ts.FunctionDeclaration): Node {
    const { exported, exportEnd, async } = this.modifiers(n);
    if (!n.body) throw new Unsupported("function overload");
    if (n.asteriskToken) throw new Unsupported("generator");
    const fn = this.make("FunctionDeclaration", n, {
      id: n.name ? this.identifier(n.name) : null,
      typeParameters: this.typeParameters(n.typeParameters),
      params: this.parameters(n.parameters),
      returnType: n.type ? this.typeAnnotation(n.type) : undefined,
      body: this.block(n.body),
      async,
      generator: false,
      declare: false,
      expression: false,
    });
    return exported ? this.exported(n, exportEnd, fn, "value") : fn;
  }

  typeAliasDeclaration(n: ts.TypeAliasDeclaration): Node {
    const { exported, exportEnd, async } = this.modifiers(n);
    if (async) throw new Unsupported("async");
    const alias = this.make("TSTypeAliasDeclaration", n, {
      id: this.identifier(n.name),
      typeParameters: this.typeParameters(n.typeParameters),
      typeAnnotation: this.type(n.type),
      declare: false,
    });
    return exported ? this.exported(n, exportEnd, alias, "type") : alias;
  }

  interfaceDeclaration(n: ts.InterfaceDeclaration): Node {
    const { exported, exportEnd, async } = this.modifiers(n);
    if (async) throw new Unsupported("async");
    const heritage: Node[] = [];
    for (const clause of n.heritageClauses ?? []) {
      if (clause.token !== ts.SyntaxKind.ExtendsKeyword) throw new Unsupported("implements");
      for (const t of clause.types) {
        heritage.push(
          this.make("TSInterfaceHeritage", t, {
            expression: this.expression(t.expression),
            typeArguments: this.typeArguments(t.typeArguments, t.expression.end),
          }),
        );
      }
    }
    const bodyStart = this.text.indexOf("{", n.typeParameters ? n.typeParameters.end : n.name.end);
    const iface = this.make("TSInterfaceDeclaration", n, {
      id: this.identifier(n.name),
      typeParameters: this.typeParameters(n.typeParameters),
      extends: heritage,
      body: {
        type: "TSInterfaceBody",
        body: n.members.map((m) => this.typeMember(m)),
        range: [bodyStart, n.end],
      },
      declare: false,
    });
    if (heritage.length > 0) {
      // The body starts at its brace, after the heritage clauses.
      iface.body.range[0] = this.text.indexOf("{", n.heritageClauses!.at(-1)!.end);
    }
    return exported ? this.exported(n, exportEnd, iface, "type") : iface;
  }

  ifStatement(n: ts.IfStatement): Node {
    return this.make("IfStatement", n, {
      test: this.expression(n.expression),
      consequent: this.statement(n.thenStatement),
      alternate: n.elseStatement ? this.statement(n.elseStatement) : null,
    });
  }

  forStatement(n: ts.ForStatement): Node {
    return this.make("ForStatement", n, {
      init: n.initializer ? this.forInit(n.initializer) : null,
      test: n.condition ? this.expression(n.condition) : null,
      update: n.incrementor ? this.expression(n.incrementor) : null,
      body: this.statement(n.statement),
    });
  }

  forInOrOfStatement(n: ts.ForInStatement | ts.ForOfStatement): Node {
    if (ts.isForOfStatement(n) && n.awaitModifier) throw new Unsupported("for await");
    return this.make(ts.isForInStatement(n) ? "ForInStatement" : "ForOfStatement", n, {
      left: this.forInit(n.initializer),
      right: this.expression(n.expression),
      body: this.statement(n.statement),
      await: false,
    });
  }

  whileStatement(n: ts.WhileStatement): Node {
    return this.make("WhileStatement", n, {
      test: this.expression(n.expression),
      body: this.statement(n.statement),
    });
  }

  switchStatement(n: ts.SwitchStatement): Node {
    return this.make("SwitchStatement", n, {
      discriminant: this.expression(n.expression),
      cases: n.caseBlock.clauses.map((c) =>
        this.make("SwitchCase", c, {
          test: ts.isCaseClause(c) ? this.expression(c.expression) : null,
          consequent: this.statements(c.statements),
        }),
      ),
    });
  }

  tryStatement(n: ts.TryStatement): Node {
    return this.make("TryStatement", n, {
      block: this.block(n.tryBlock),
      handler: n.catchClause
        ? this.make("CatchClause", n.catchClause, {
            param: n.catchClause.variableDeclaration
              ? this.bindingName(n.catchClause.variableDeclaration)
              : null,
            body: this.block(n.catchClause.block),
          })
        : null,
      finalizer: n.finallyBlock ? this.block(n.finallyBlock) : null,
    });
  }

  breakOrContinueStatement(n: ts.BreakStatement | ts.ContinueStatement): Node {
    if (n.label) throw new Unsupported("labels");
    return this.make(ts.isBreakStatement(n) ? "BreakStatement" : "ContinueStatement", n, {
      label: null,
    });
  }

  forInit(node: ts.ForInitializer): Node {
    if (ts.isVariableDeclarationList(node)) return this.variableDeclarationList(node, node);
    return this.expression(node);
  }

  variableDeclarationList(list: ts.VariableDeclarationList, node: ts.Node): Node {
    const flags = list.flags;
    const kind =
      flags & ts.NodeFlags.Const
        ? "const"
        : flags & ts.NodeFlags.Let
          ? "let"
          : flags & ts.NodeFlags.Using
            ? "using"
            : "var";
    if (kind === "using") throw new Unsupported("using");
    return this.make("VariableDeclaration", node, {
      kind,
      declare: false,
      declarations: list.declarations.map((d) => {
        if (d.exclamationToken) throw new Unsupported("definite assignment");
        const id = this.bindingName(d);
        return this.make("VariableDeclarator", d, {
          id,
          init: d.initializer ? this.expression(d.initializer) : null,
          definite: false,
        });
      }),
    });
  }

  /** A variable's or catch clause's name with its type: an Identifier whose range covers both. */
  bindingName(d: ts.VariableDeclaration): Node {
    if (!ts.isIdentifier(d.name)) throw new Unsupported("destructuring");
    const id = this.identifier(d.name);
    if (d.type) {
      id.typeAnnotation = this.typeAnnotation(d.type);
      id.range = [id.range[0], d.type.end];
    }
    return id;
  }

  parameters(list: ts.NodeArray<ts.ParameterDeclaration>): Node[] {
    return list.map((p) => {
      if (ts.getModifiers(p)?.length) throw new Unsupported("parameter property");
      if (!ts.isIdentifier(p.name)) throw new Unsupported("destructured parameter");
      if (p.name.text === "this") throw new Unsupported("this parameter");
      let id = this.identifier(p.name);
      if (p.questionToken) id.optional = true;
      if (p.type) id.typeAnnotation = this.typeAnnotation(p.type);
      const typeEnd = p.type ? p.type.end : p.questionToken ? p.questionToken.end : p.name.end;
      id.range = [id.range[0], typeEnd];
      if (p.dotDotDotToken) {
        // typescript-estree: the type annotation belongs to the RestElement.
        const typeAnnotation = id.typeAnnotation;
        delete id.typeAnnotation;
        id.range = [id.range[0], p.name.end];
        id = this.make("RestElement", p, {
          argument: id,
          typeAnnotation,
          optional: false,
          decorators: NONE,
        });
      }
      if (p.initializer) {
        if (p.dotDotDotToken) throw new Unsupported("rest with initializer");
        id = this.make("AssignmentPattern", p, {
          left: id,
          right: this.expression(p.initializer),
          decorators: NONE,
        });
      }
      return id;
    });
  }

  block(node: ts.Block): Node {
    return this.make("BlockStatement", node, { body: this.statements(node.statements) });
  }

  importDeclaration(n: ts.ImportDeclaration): Node {
    if (n.attributes) throw new Unsupported("import attributes");
    if (ts.getModifiers(n)?.length) throw new Unsupported("import modifiers");
    const specifiers: Node[] = [];
    let importKind = "value";
    const clause = n.importClause;
    if (clause) {
      if (clause.isTypeOnly) importKind = "type";
      if (
        (clause as { phaseModifier?: ts.SyntaxKind }).phaseModifier === ts.SyntaxKind.DeferKeyword
      )
        throw new Unsupported("import defer");
      if (clause.name)
        specifiers.push(
          this.make("ImportDefaultSpecifier", clause.name, { local: this.identifier(clause.name) }),
        );
      const bindings = clause.namedBindings;
      if (bindings) {
        if (ts.isNamespaceImport(bindings)) {
          specifiers.push(
            this.make("ImportNamespaceSpecifier", bindings, {
              local: this.identifier(bindings.name),
            }),
          );
        } else {
          for (const s of bindings.elements) {
            if (s.propertyName && !ts.isIdentifier(s.propertyName))
              throw new Unsupported("string import name");
            specifiers.push(
              this.make("ImportSpecifier", s, {
                imported: this.identifier((s.propertyName as ts.Identifier | undefined) ?? s.name),
                local: this.identifier(s.name),
                importKind: s.isTypeOnly ? "type" : "value",
              }),
            );
          }
        }
      }
    }
    return this.make("ImportDeclaration", n, {
      importKind,
      specifiers,
      source: this.literal(n.moduleSpecifier as ts.StringLiteral),
      attributes: NONE,
    });
  }

  exportDeclaration(n: ts.ExportDeclaration): Node {
    if (n.attributes) throw new Unsupported("export attributes");
    if (ts.getModifiers(n)?.length) throw new Unsupported("export modifiers");
    if (!n.exportClause || !ts.isNamedExports(n.exportClause)) throw new Unsupported("export *");
    const specifiers = n.exportClause.elements.map((s) => {
      if (s.propertyName && !ts.isIdentifier(s.propertyName))
        throw new Unsupported("string export name");
      if (!ts.isIdentifier(s.name)) throw new Unsupported("string export name");
      return this.make("ExportSpecifier", s, {
        local: this.identifier((s.propertyName as ts.Identifier | undefined) ?? s.name),
        exported: this.identifier(s.name),
        exportKind: s.isTypeOnly ? "type" : "value",
      });
    });
    return this.make("ExportNamedDeclaration", n, {
      declaration: null,
      specifiers,
      source: n.moduleSpecifier ? this.literal(n.moduleSpecifier as ts.StringLiteral) : null,
      exportKind: n.isTypeOnly ? "type" : "value",
      attributes: NONE,
    });
  }

  classDeclaration(n: ts.ClassDeclaration): Node {
    const { exported, exportEnd, async } = this.modifiers(n);
    if (async) throw new Unsupported("async class");
    if (!n.name) throw new Unsupported("anonymous class");
    let superClass: Node = null;
    let superTypeArguments: Node = undefined;
    const implementsList: Node[] = [];
    for (const clause of n.heritageClauses ?? []) {
      if (clause.token === ts.SyntaxKind.ExtendsKeyword) {
        const t = clause.types[0]!;
        superClass = this.expression(t.expression);
        superTypeArguments = this.typeArguments(t.typeArguments, t.expression.end);
      } else {
        for (const t of clause.types) {
          implementsList.push(
            this.make("TSClassImplements", t, {
              expression: this.expression(t.expression),
              typeArguments: this.typeArguments(t.typeArguments, t.expression.end),
            }),
          );
        }
      }
    }
    if (implementsList.length > 0) throw new Unsupported("implements");
    const bodyStart = this.text.indexOf(
      "{",
      n.heritageClauses?.at(-1)?.end ?? n.typeParameters?.end ?? n.name.end,
    );
    const cls = this.make("ClassDeclaration", n, {
      id: this.identifier(n.name),
      typeParameters: this.typeParameters(n.typeParameters),
      superClass,
      superTypeArguments,
      implements: NONE,
      body: {
        type: "ClassBody",
        body: n.members.map((m) => this.classMember(m)),
        range: [bodyStart, n.end],
      },
      abstract: false,
      declare: false,
      decorators: NONE,
    });
    return exported ? this.exported(n, exportEnd, cls, "value") : cls;
  }

  memberModifiers(m: ts.Node): Record<string, unknown> {
    const result: Record<string, unknown> = {
      static: false,
      readonly: false,
      declare: false,
      override: false,
      accessibility: undefined,
    };
    if (ts.canHaveDecorators(m) && (ts.getDecorators(m)?.length ?? 0) > 0)
      throw new Unsupported("decorators");
    for (const mod of (ts.canHaveModifiers(m) ? ts.getModifiers(m) : undefined) ?? []) {
      switch (mod.kind) {
        case ts.SyntaxKind.StaticKeyword:
          result.static = true;
          break;
        case ts.SyntaxKind.ReadonlyKeyword:
          result.readonly = true;
          break;
        case ts.SyntaxKind.PrivateKeyword:
          result.accessibility = "private";
          break;
        case ts.SyntaxKind.ProtectedKeyword:
          result.accessibility = "protected";
          break;
        case ts.SyntaxKind.PublicKeyword:
          result.accessibility = "public";
          break;
        default:
          throw new Unsupported(`member modifier ${ts.SyntaxKind[mod.kind]}`);
      }
    }
    return result;
  }

  propertyKey(name: ts.PropertyName): { key: Node; computed: boolean } {
    if (ts.isIdentifier(name)) return { key: this.identifier(name), computed: false };
    if (ts.isStringLiteral(name) || ts.isNumericLiteral(name))
      return { key: this.literal(name), computed: false };
    if (ts.isComputedPropertyName(name))
      return { key: this.expression(name.expression), computed: true };
    throw new Unsupported(`property name ${ts.SyntaxKind[name.kind]}`);
  }

  classMember(m: ts.ClassElement): Node {
    if (ts.isPropertyDeclaration(m)) {
      const { key, computed } = this.propertyKey(m.name);
      if (m.exclamationToken) throw new Unsupported("definite property");
      return this.make("PropertyDefinition", m, {
        key,
        computed,
        ...this.memberModifiers(m),
        optional: Boolean(m.questionToken),
        definite: false,
        typeAnnotation: m.type ? this.typeAnnotation(m.type) : undefined,
        value: m.initializer ? this.expression(m.initializer) : null,
        decorators: NONE,
      });
    }
    if (ts.isMethodDeclaration(m) || ts.isConstructorDeclaration(m))
      return this.methodDefinition(m);
    throw new Unsupported(`class member ${ts.SyntaxKind[m.kind]}`);
  }

  /** A method or a constructor, as a `MethodDefinition` whose value is a `FunctionExpression`. */
  methodDefinition(m: ts.MethodDeclaration | ts.ConstructorDeclaration): Node {
    if (!m.body) throw new Unsupported("method overload");
    if (ts.isMethodDeclaration(m) && (m.asteriskToken || m.questionToken))
      throw new Unsupported("generator method");
    const mods = this.memberModifiers(m);
    const { key, computed } = ts.isMethodDeclaration(m)
      ? this.propertyKey(m.name)
      : {
          key: {
            type: "Identifier",
            name: "constructor",
            range: [
              this.constructorKeywordStart(m),
              this.constructorKeywordStart(m) + "constructor".length,
            ],
          },
          computed: false,
        };
    const paramsStart = this.text.indexOf(
      "(",
      m.typeParameters ? m.typeParameters.end : key.range[1],
    );
    const value = {
      type: "FunctionExpression",
      id: null,
      typeParameters: this.typeParameters(m.typeParameters),
      params: this.parameters(m.parameters),
      returnType: m.type ? this.typeAnnotation(m.type) : undefined,
      body: this.block(m.body),
      async: false,
      generator: false,
      expression: false,
      declare: false,
      range: [paramsStart, m.end],
    };
    if (m.typeParameters) throw new Unsupported("generic method");
    return this.make("MethodDefinition", m, {
      key,
      computed,
      ...mods,
      kind: ts.isConstructorDeclaration(m) ? "constructor" : "method",
      value,
      optional: false,
      decorators: NONE,
    });
  }

  constructorKeywordStart(m: ts.ConstructorDeclaration): number {
    const mods = ts.getModifiers(m);
    const from = mods && mods.length > 0 ? mods.at(-1)!.end : m.pos;
    return skipTrivia(this.text, from);
  }

  identifier(node: ts.Identifier | ts.PrivateIdentifier): Node {
    if (ts.isPrivateIdentifier(node)) throw new Unsupported("private names");
    return this.make("Identifier", node, {
      name: node.text,
      decorators: NONE,
      optional: false,
      typeAnnotation: undefined,
    });
  }

  literal(node: ts.StringLiteral | ts.NumericLiteral | ts.Node): Node {
    const start = this.start(node);
    const raw = this.text.slice(start, node.end);
    switch (node.kind) {
      case ts.SyntaxKind.StringLiteral:
        return {
          type: "Literal",
          value: (node as ts.StringLiteral).text,
          raw,
          range: [start, node.end],
        };
      case ts.SyntaxKind.NumericLiteral:
        return {
          type: "Literal",
          value: Number((node as ts.NumericLiteral).text),
          raw,
          range: [start, node.end],
        };
      case ts.SyntaxKind.TrueKeyword:
      case ts.SyntaxKind.FalseKeyword:
        return {
          type: "Literal",
          value: node.kind === ts.SyntaxKind.TrueKeyword,
          raw,
          range: [start, node.end],
        };
      case ts.SyntaxKind.NullKeyword:
        return { type: "Literal", value: null, raw, range: [start, node.end] };
      case ts.SyntaxKind.RegularExpressionLiteral: {
        this.regexEnds.set(start, node.end);
        const slash = raw.lastIndexOf("/");
        return {
          type: "Literal",
          value: null,
          raw,
          regex: { pattern: raw.slice(1, slash), flags: raw.slice(slash + 1) },
          range: [start, node.end],
        };
      }
      default:
        throw new Unsupported(`literal ${ts.SyntaxKind[node.kind]}`);
    }
  }

  template(node: ts.TemplateExpression | ts.NoSubstitutionTemplateLiteral): Node {
    const quasis: Node[] = [];
    const expressions: Node[] = [];
    const element = (lit: ts.TemplateLiteralLikeNode & ts.Node, tail: boolean): Node => {
      const start = this.start(lit);
      const end = lit.end;
      // prettier's post-processing: the element's range is its raw text, without `` ` ``/`}`, `${`.
      const range: [number, number] = [start + 1, end - (tail ? 1 : 2)];
      const raw = this.text.slice(range[0], range[1]);
      return { type: "TemplateElement", value: { raw, cooked: lit.text }, tail, range };
    };
    if (ts.isNoSubstitutionTemplateLiteral(node)) {
      quasis.push(element(node, true));
    } else {
      quasis.push(element(node.head, node.templateSpans.length === 0));
      node.templateSpans.forEach((span, i) => {
        expressions.push(this.expression(span.expression));
        this.templateResumes.add(this.start(span.literal));
        quasis.push(element(span.literal, i === node.templateSpans.length - 1));
      });
    }
    return this.make("TemplateLiteral", node, { quasis, expressions });
  }

  expression(node: ts.Expression): Node {
    switch (node.kind) {
      case ts.SyntaxKind.Identifier:
        return this.identifier(node as ts.Identifier);
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NumericLiteral:
      case ts.SyntaxKind.TrueKeyword:
      case ts.SyntaxKind.FalseKeyword:
      case ts.SyntaxKind.NullKeyword:
      case ts.SyntaxKind.RegularExpressionLiteral:
        return this.literal(node);
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TemplateExpression:
        return this.template(node as ts.TemplateExpression);
      case ts.SyntaxKind.ThisKeyword:
        return this.make("ThisExpression", node, {});
      case ts.SyntaxKind.ParenthesizedExpression:
        return this.expression((node as ts.ParenthesizedExpression).expression);
      case ts.SyntaxKind.BinaryExpression:
        return this.binaryExpression(node as ts.BinaryExpression);
      case ts.SyntaxKind.PrefixUnaryExpression:
        return this.prefixUnaryExpression(node as ts.PrefixUnaryExpression);
      case ts.SyntaxKind.PostfixUnaryExpression:
        return this.postfixUnaryExpression(node as ts.PostfixUnaryExpression);
      case ts.SyntaxKind.TypeOfExpression:
      case ts.SyntaxKind.VoidExpression:
      case ts.SyntaxKind.DeleteExpression:
        return this.unaryKeywordExpression(node as ts.TypeOfExpression);
      case ts.SyntaxKind.AwaitExpression:
        return this.awaitExpression(node as ts.AwaitExpression);
      case ts.SyntaxKind.CallExpression:
        return this.callExpression(node as ts.CallExpression);
      case ts.SyntaxKind.NewExpression:
        return this.newExpression(node as ts.NewExpression);
      case ts.SyntaxKind.PropertyAccessExpression:
        return this.propertyAccessExpression(node as ts.PropertyAccessExpression);
      case ts.SyntaxKind.ElementAccessExpression:
        return this.elementAccessExpression(node as ts.ElementAccessExpression);
      case ts.SyntaxKind.ArrayLiteralExpression:
        return this.arrayLiteralExpression(node as ts.ArrayLiteralExpression);
      case ts.SyntaxKind.ObjectLiteralExpression:
        return this.objectLiteralExpression(node as ts.ObjectLiteralExpression);
      case ts.SyntaxKind.SpreadElement:
        return this.spreadElement(node as ts.SpreadElement);
      case ts.SyntaxKind.ConditionalExpression:
        return this.conditionalExpression(node as ts.ConditionalExpression);
      case ts.SyntaxKind.AsExpression:
      case ts.SyntaxKind.SatisfiesExpression:
        return this.castExpression(node as ts.AsExpression);
      case ts.SyntaxKind.NonNullExpression:
        return this.nonNullExpression(node as ts.NonNullExpression);
      case ts.SyntaxKind.ArrowFunction:
        return this.arrowFunction(node as ts.ArrowFunction);
      case ts.SyntaxKind.FunctionExpression:
        return this.functionExpression(node as ts.FunctionExpression);
      default:
        throw new Unsupported(`expression ${ts.SyntaxKind[node.kind]}`);
    }
  }

  awaitExpression(n: ts.AwaitExpression): Node {
    return this.make("AwaitExpression", n, { argument: this.expression(n.expression) });
  }

  spreadElement(n: ts.SpreadElement): Node {
    return this.make("SpreadElement", n, { argument: this.expression(n.expression) });
  }

  nonNullExpression(n: ts.NonNullExpression): Node {
    return this.make("TSNonNullExpression", n, { expression: this.expression(n.expression) });
  }

  objectLiteralExpression(n: ts.ObjectLiteralExpression): Node {
    return this.make("ObjectExpression", n, {
      properties: n.properties.map((p) => this.objectMember(p)),
    });
  }

  binaryExpression(n: ts.BinaryExpression): Node {
    const operator = tokenText(n.operatorToken.kind);
    if (operator === ",") throw new Unsupported("sequence expression");
    const left = ASSIGNMENT.has(operator) ? this.assignmentTarget(n.left) : this.expression(n.left);
    const right = this.expression(n.right);
    const type = ASSIGNMENT.has(operator)
      ? "AssignmentExpression"
      : LOGICAL.has(operator)
        ? "LogicalExpression"
        : "BinaryExpression";
    const result = this.make(type, n, { operator, left, right });
    return type === "LogicalExpression" ? rebalanceLogicalTree(result) : result;
  }

  prefixUnaryExpression(n: ts.PrefixUnaryExpression): Node {
    const operator = tokenText(n.operator);
    if (operator === "++" || operator === "--")
      return this.make("UpdateExpression", n, {
        operator,
        prefix: true,
        argument: this.assignmentTarget(n.operand),
      });
    return this.make("UnaryExpression", n, {
      operator,
      prefix: true,
      argument: this.expression(n.operand),
    });
  }

  postfixUnaryExpression(n: ts.PostfixUnaryExpression): Node {
    return this.make("UpdateExpression", n, {
      operator: tokenText(n.operator),
      prefix: false,
      argument: this.assignmentTarget(n.operand),
    });
  }

  unaryKeywordExpression(n: ts.TypeOfExpression): Node {
    const operator = ts.isTypeOfExpression(n)
      ? "typeof"
      : ts.isVoidExpression(n)
        ? "void"
        : "delete";
    return this.make("UnaryExpression", n, {
      operator,
      prefix: true,
      argument: this.expression(n.expression),
    });
  }

  callExpression(n: ts.CallExpression): Node {
    if (n.questionDotToken || n.flags & ts.NodeFlags.OptionalChain)
      throw new Unsupported("optional chain");
    if (
      n.expression.kind === ts.SyntaxKind.SuperKeyword ||
      n.expression.kind === ts.SyntaxKind.ImportKeyword
    )
      throw new Unsupported("super/import call");
    return this.make("CallExpression", n, {
      callee: this.expression(n.expression),
      typeArguments: this.typeArguments(n.typeArguments, n.expression.end),
      arguments: n.arguments.map((a) => this.expression(a)),
      optional: false,
    });
  }

  newExpression(n: ts.NewExpression): Node {
    if (!n.arguments) throw new Unsupported("new without arguments");
    return this.make("NewExpression", n, {
      callee: this.expression(n.expression),
      typeArguments: this.typeArguments(n.typeArguments, n.expression.end),
      arguments: n.arguments.map((a) => this.expression(a)),
    });
  }

  propertyAccessExpression(n: ts.PropertyAccessExpression): Node {
    if (n.questionDotToken || n.flags & ts.NodeFlags.OptionalChain)
      throw new Unsupported("optional chain");
    if (n.expression.kind === ts.SyntaxKind.SuperKeyword) throw new Unsupported("super");
    return this.make("MemberExpression", n, {
      object: this.expression(n.expression),
      property: this.identifier(n.name),
      computed: false,
      optional: false,
    });
  }

  elementAccessExpression(n: ts.ElementAccessExpression): Node {
    if (n.questionDotToken || n.flags & ts.NodeFlags.OptionalChain)
      throw new Unsupported("optional chain");
    return this.make("MemberExpression", n, {
      object: this.expression(n.expression),
      property: this.expression(n.argumentExpression),
      computed: true,
      optional: false,
    });
  }

  arrayLiteralExpression(n: ts.ArrayLiteralExpression): Node {
    return this.make("ArrayExpression", n, {
      elements: n.elements.map((e) => {
        if (ts.isOmittedExpression(e)) throw new Unsupported("array holes");
        return this.expression(e);
      }),
    });
  }

  conditionalExpression(n: ts.ConditionalExpression): Node {
    return this.make("ConditionalExpression", n, {
      test: this.expression(n.condition),
      consequent: this.expression(n.whenTrue),
      alternate: this.expression(n.whenFalse),
    });
  }

  castExpression(n: ts.AsExpression): Node {
    return this.make(ts.isAsExpression(n) ? "TSAsExpression" : "TSSatisfiesExpression", n, {
      expression: this.expression(n.expression),
      typeAnnotation: this.type(n.type),
    });
  }

  arrowFunction(n: ts.ArrowFunction): Node {
    const { async } = this.modifiers(n);
    const body = ts.isBlock(n.body) ? this.block(n.body) : this.expression(n.body);
    return this.make("ArrowFunctionExpression", n, {
      id: null,
      typeParameters: this.typeParameters(n.typeParameters),
      params: this.parameters(n.parameters),
      returnType: n.type ? this.typeAnnotation(n.type) : undefined,
      body,
      async,
      generator: false,
      expression: !ts.isBlock(n.body),
    });
  }

  functionExpression(n: ts.FunctionExpression): Node {
    const { async } = this.modifiers(n);
    if (n.asteriskToken) throw new Unsupported("generator");
    return this.make("FunctionExpression", n, {
      id: n.name ? this.identifier(n.name) : null,
      typeParameters: this.typeParameters(n.typeParameters),
      params: this.parameters(n.parameters),
      returnType: n.type ? this.typeAnnotation(n.type) : undefined,
      body: this.block(n.body),
      async,
      generator: false,
      expression: false,
    });
  }

  assignmentTarget(node: ts.Expression): Node {
    if (ts.isObjectLiteralExpression(node) || ts.isArrayLiteralExpression(node))
      throw new Unsupported("destructuring assignment");
    return this.expression(node);
  }

  objectMember(p: ts.ObjectLiteralElementLike): Node {
    if (ts.isPropertyAssignment(p)) {
      const { key, computed } = this.propertyKey(p.name);
      return this.make("Property", p, {
        key,
        value: this.expression(p.initializer),
        computed,
        kind: "init",
        method: false,
        shorthand: false,
        decorators: NONE,
      });
    }
    if (ts.isShorthandPropertyAssignment(p)) {
      if (p.objectAssignmentInitializer) throw new Unsupported("shorthand initializer");
      return this.make("Property", p, {
        key: this.identifier(p.name),
        value: this.identifier(p.name),
        computed: false,
        kind: "init",
        method: false,
        shorthand: true,
        decorators: NONE,
      });
    }
    if (ts.isSpreadAssignment(p)) {
      return this.make("SpreadElement", p, { argument: this.expression(p.expression) });
    }
    throw new Unsupported(`object member ${ts.SyntaxKind[p.kind]}`);
  }

  // --- types ---

  typeAnnotation(type: ts.TypeNode): Node {
    // typescript-estree: from the colon before the type to the type's end.
    const colon = type.pos - 1;
    if (this.text[colon] !== ":") throw new Unsupported("type annotation position");
    return { type: "TSTypeAnnotation", typeAnnotation: this.type(type), range: [colon, type.end] };
  }

  typeParameters(list: ts.NodeArray<ts.TypeParameterDeclaration> | undefined): Node {
    if (!list) return undefined;
    const start = this.text.lastIndexOf("<", this.start(list[0] as unknown as ts.Node));
    const end = this.text.indexOf(">", list.end) + 1;
    return {
      type: "TSTypeParameterDeclaration",
      params: list.map((p) => {
        if (ts.getModifiers(p)?.length) throw new Unsupported("type parameter modifiers");
        return this.make("TSTypeParameter", p, {
          name: this.identifier(p.name),
          constraint: p.constraint ? this.type(p.constraint) : undefined,
          default: p.default ? this.type(p.default) : undefined,
          in: false,
          out: false,
          const: false,
        });
      }),
      range: [start, end],
    };
  }

  typeArguments(list: ts.NodeArray<ts.TypeNode> | undefined, after: number): Node {
    if (!list) return undefined;
    const start = this.text.indexOf("<", after);
    const end = this.text.indexOf(">", list.end) + 1;
    return {
      type: "TSTypeParameterInstantiation",
      params: list.map((t) => this.type(t)),
      range: [start, end],
    };
  }

  entityName(name: ts.EntityName): Node {
    if (ts.isIdentifier(name)) return this.identifier(name);
    return this.make("TSQualifiedName", name, {
      left: this.entityName(name.left),
      right: this.identifier(name.right),
    });
  }

  type(node: ts.TypeNode): Node {
    const keyword = KEYWORD_TYPES[node.kind];
    if (keyword) return this.make(keyword, node, {});
    switch (node.kind) {
      case ts.SyntaxKind.TypeReference:
        return this.typeReference(node as ts.TypeReferenceNode);
      case ts.SyntaxKind.LiteralType:
        return this.literalType(node as ts.LiteralTypeNode);
      case ts.SyntaxKind.UnionType:
      case ts.SyntaxKind.IntersectionType:
        return this.unionOrIntersectionType(node as ts.UnionTypeNode);
      case ts.SyntaxKind.ArrayType:
        return this.make("TSArrayType", node, {
          elementType: this.type((node as ts.ArrayTypeNode).elementType),
        });
      case ts.SyntaxKind.TypeOperator:
        return this.typeOperator(node as ts.TypeOperatorNode);
      case ts.SyntaxKind.TypeLiteral:
        return this.make("TSTypeLiteral", node, {
          members: (node as ts.TypeLiteralNode).members.map((m) => this.typeMember(m)),
        });
      case ts.SyntaxKind.TypePredicate:
        return this.typePredicate(node as ts.TypePredicateNode);
      case ts.SyntaxKind.ParenthesizedType:
        return this.type((node as ts.ParenthesizedTypeNode).type);
      case ts.SyntaxKind.FunctionType:
        return this.functionType(node as ts.FunctionTypeNode);
      case ts.SyntaxKind.IndexedAccessType:
        return this.indexedAccessType(node as ts.IndexedAccessTypeNode);
      case ts.SyntaxKind.TypeQuery:
        return this.typeQuery(node as ts.TypeQueryNode);
      case ts.SyntaxKind.ThisType:
        return this.make("TSThisType", node, {});
      case ts.SyntaxKind.TupleType:
        return this.tupleType(node as ts.TupleTypeNode);
      case ts.SyntaxKind.MappedType:
        return this.mappedType(node as ts.MappedTypeNode);
      default:
        throw new Unsupported(`type ${ts.SyntaxKind[node.kind]}`);
    }
  }

  typeReference(n: ts.TypeReferenceNode): Node {
    return this.make("TSTypeReference", n, {
      typeName: this.entityName(n.typeName),
      typeArguments: this.typeArguments(n.typeArguments, n.typeName.end),
    });
  }

  literalType(n: ts.LiteralTypeNode): Node {
    if (n.literal.kind === ts.SyntaxKind.NullKeyword) return this.make("TSNullKeyword", n, {});
    if (ts.isPrefixUnaryExpression(n.literal)) {
      return this.make("TSLiteralType", n, { literal: this.expression(n.literal) });
    }
    return this.make("TSLiteralType", n, { literal: this.literal(n.literal) });
  }

  unionOrIntersectionType(n: ts.UnionTypeNode): Node {
    const types = n.types.map((t) => this.type(t));
    if (types.length === 1) return types[0];
    return this.make(ts.isUnionTypeNode(n) ? "TSUnionType" : "TSIntersectionType", n, {
      types,
    });
  }

  typeOperator(n: ts.TypeOperatorNode): Node {
    return this.make("TSTypeOperator", n, {
      operator: tokenText(n.operator),
      typeAnnotation: this.type(n.type),
    });
  }

  typePredicate(n: ts.TypePredicateNode): Node {
    if (!ts.isIdentifier(n.parameterName)) throw new Unsupported("this predicate");
    return this.make("TSTypePredicate", n, {
      asserts: Boolean(n.assertsModifier),
      parameterName: this.identifier(n.parameterName),
      typeAnnotation: n.type
        ? {
            type: "TSTypeAnnotation",
            typeAnnotation: this.type(n.type),
            range: [this.start(n.type), n.type.end],
          }
        : null,
    });
  }

  functionType(n: ts.FunctionTypeNode): Node {
    return this.make("TSFunctionType", n, {
      typeParameters: this.typeParameters(n.typeParameters),
      params: this.parameters(n.parameters),
      returnType: this.functionTypeReturn(n.type),
    });
  }

  indexedAccessType(n: ts.IndexedAccessTypeNode): Node {
    return this.make("TSIndexedAccessType", n, {
      objectType: this.type(n.objectType),
      indexType: this.type(n.indexType),
    });
  }

  typeQuery(n: ts.TypeQueryNode): Node {
    return this.make("TSTypeQuery", n, {
      exprName: this.entityName(n.exprName),
      typeArguments: this.typeArguments(n.typeArguments, n.exprName.end),
    });
  }

  tupleType(n: ts.TupleTypeNode): Node {
    return this.make("TSTupleType", n, {
      elementTypes: n.elements.map((e) => {
        if (ts.isNamedTupleMember(e) || ts.isRestTypeNode(e) || ts.isOptionalTypeNode(e))
          throw new Unsupported("tuple member");
        return this.type(e);
      }),
    });
  }

  mappedType(n: ts.MappedTypeNode): Node {
    if (n.members && n.members.length > 0) throw new Unsupported("mapped type members");
    const modifier = (token: ts.Node | undefined) =>
      token === undefined
        ? undefined
        : token.kind === ts.SyntaxKind.PlusToken
          ? "+"
          : token.kind === ts.SyntaxKind.MinusToken
            ? "-"
            : true;
    if (ts.getModifiers(n.typeParameter)?.length) throw new Unsupported("type parameter modifiers");
    return this.make("TSMappedType", n, {
      key: this.identifier(n.typeParameter.name),
      constraint: this.type(n.typeParameter.constraint!),
      nameType: n.nameType ? this.type(n.nameType) : null,
      readonly: modifier(n.readonlyToken),
      optional: modifier(n.questionToken) ?? false,
      typeAnnotation: n.type ? this.type(n.type) : undefined,
    });
  }

  functionTypeReturn(type: ts.TypeNode): Node {
    // `=> T`: typescript-estree starts the annotation at the arrow.
    const arrow = type.pos - 2;
    if (this.text.slice(arrow, arrow + 2) !== "=>")
      throw new Unsupported("function type return position");
    return { type: "TSTypeAnnotation", typeAnnotation: this.type(type), range: [arrow, type.end] };
  }

  typeMember(m: ts.TypeElement): Node {
    if (ts.isPropertySignature(m)) {
      const mods = ts.getModifiers(m) ?? [];
      let readonly = false;
      for (const mod of mods) {
        if (mod.kind === ts.SyntaxKind.ReadonlyKeyword) readonly = true;
        else throw new Unsupported("property signature modifier");
      }
      const { key, computed } = this.propertyKey(m.name);
      return this.make("TSPropertySignature", m, {
        key,
        computed,
        optional: Boolean(m.questionToken),
        readonly,
        static: false,
        typeAnnotation: m.type ? this.typeAnnotation(m.type) : undefined,
      });
    }
    if (ts.isIndexSignatureDeclaration(m)) {
      // TypeScript's parser reads `[key: string]` without a type (its checker reports it).
      if (!m.type) throw new Unsupported("index signature without type");
      let readonly = false;
      for (const mod of ts.getModifiers(m) ?? []) {
        if (mod.kind === ts.SyntaxKind.ReadonlyKeyword) readonly = true;
        else throw new Unsupported("index signature modifier");
      }
      return this.make("TSIndexSignature", m, {
        parameters: this.parameters(m.parameters),
        typeAnnotation: this.typeAnnotation(m.type),
        readonly,
        static: false,
        accessibility: undefined,
      });
    }
    if (ts.isMethodSignature(m)) {
      if (ts.getModifiers(m)?.length) throw new Unsupported("method signature modifier");
      const { key, computed } = this.propertyKey(m.name);
      return this.make("TSMethodSignature", m, {
        key,
        computed,
        optional: Boolean(m.questionToken),
        kind: "method",
        readonly: false,
        static: false,
        accessibility: undefined,
        typeParameters: this.typeParameters(m.typeParameters),
        params: this.parameters(m.parameters),
        returnType: m.type ? this.typeAnnotation(m.type) : undefined,
      });
    }
    throw new Unsupported(`type member ${ts.SyntaxKind[m.kind]}`);
  }
}

/** `a && (b && c)` read as `(a && b) && c`, as prettier reads it. */
export function rebalanceLogicalTree(node: Node): Node {
  if (!(node.right.type === "LogicalExpression" && node.operator === node.right.operator))
    return node;
  return rebalanceLogicalTree({
    type: "LogicalExpression",
    operator: node.operator,
    left: rebalanceLogicalTree({
      type: "LogicalExpression",
      operator: node.operator,
      left: node.left,
      right: node.right.left,
      range: [node.left.range[0], node.right.left.range[1]],
    }),
    right: node.right.right,
    range: node.range,
  });
}

/**
 * Every comment, in order: the text scanned for `//` and `/*` outside string, template and
 * regular expression literals. The text parsed without errors, so these are the only places a
 * comment marker can be something else; the parser said where each regular expression is
 * (`/` is otherwise division) and where each template goes on after a substitution (`}` is
 * otherwise a brace).
 */
function collectComments(
  text: string,
  regexEnds: ReadonlyMap<number, number>,
  templateResumes: ReadonlySet<number>,
): Comment[] {
  const comments: Comment[] = [];
  const { length } = text;
  if (text.charCodeAt(0) === 0x23 /* # */ && text.charCodeAt(1) === 0x21 /* ! */)
    throw new Unsupported("shebang");
  /** The end of the template text starting at `i` (after `` ` `` or `}`): past `` ` `` or `${`. */
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 0x2f /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 0x2f) {
        const end = lineCommentEnd(text, i + 2);
        comments.push({ type: "Line", value: text.slice(i + 2, end), range: [i, end] });
        i = end;
      } else if (next === 0x2a /* * */) {
        const close = text.indexOf("*/", i + 2);
        const end = close === -1 ? length : close + 2;
        comments.push({ type: "Block", value: text.slice(i + 2, end - 2), range: [i, end] });
        i = end;
      } else {
        i = regexEnds.get(i) ?? i + 1;
      }
    } else if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
      i = stringLiteralEnd(text, i + 1, c);
    } else if (c === 0x60 /* ` */) {
      i = templateTextEnd(text, i + 1);
    } else if (c === 0x7d /* } */ && templateResumes.has(i)) {
      i = templateTextEnd(text, i + 1);
    } else {
      i++;
    }
  }
  return comments;
}

/** The end of the line comment whose text starts at `i`: the next line break, or the end. */
function lineCommentEnd(text: string, i: number): number {
  const { length } = text;
  let end = i;
  while (end < length) {
    const e = text.charCodeAt(end);
    if (e === 0x0a || e === 0x0d || e === 0x2028 || e === 0x2029) break;
    end++;
  }
  return end;
}

/** The end of the string literal quoted by `quote` whose text starts at `i`: past its quote. */
function stringLiteralEnd(text: string, i: number, quote: number): number {
  const { length } = text;
  let j = i;
  while (j < length) {
    const d = text.charCodeAt(j);
    if (d === 0x5c) j += 2;
    else if (d === quote) break;
    else j++;
  }
  return j + 1;
}

/** The end of the template text starting at `i` (after `` ` `` or `}`): past `` ` `` or `${`. */
function templateTextEnd(text: string, i: number): number {
  const { length } = text;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i += 2;
    else if (c === 0x60 /* ` */) return i + 1;
    else if (c === 0x24 /* $ */ && text.charCodeAt(i + 1) === 0x7b /* { */) return i + 2;
    else i++;
  }
  return i;
}
