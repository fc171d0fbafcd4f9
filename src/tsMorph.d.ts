// The types of tsMorph.js: ts-morph's. Its values are Node, Project, SyntaxKind, VariableDeclarationKind and ts only.
export * from "ts-morph";
