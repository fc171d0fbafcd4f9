// ts-morph's values, loaded with `require`. Imported from an ES module, a CommonJS module is
// first scanned by Node's lexer for its export names: on ts-morph's 950 KB that costs about
// 0.15 s of CPU on every run (measured on Node 20), more than anything the run does with it
// at small sizes. tsMorph.d.ts gives this module ts-morph's types; only the values below
// exist here (importing another value fails when the module loads, not later).
import { createRequire } from "node:module";

const tsMorph = createRequire(import.meta.url)("ts-morph");

export const { Node, Project, SyntaxKind, VariableDeclarationKind, ts } = tsMorph;
