// CONTRACT.md section 8 (diagnostics printed the way TypeScript prints its own).
/** A place in a source file: `start`/`end` are character offsets into its text. */
export interface SourceLocation {
  /** The file's path as shown to the user (relative to the working directory, `/` separators). */
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

export type Severity = "error" | "warning";

import { DIAGNOSTIC_CODES, type DiagnosticCode } from "./codes.js";

/** A problem with a tool declaration (or with the generator's input), located when possible. */
export interface Diagnostic {
  readonly severity: Severity;
  /** A stable code from the table in codes.ts (which also gives its severity). */
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly location?: SourceLocation;
  /** The tool the problem belongs to, when known. */
  readonly tool?: string;
  /** Where in the declaration, e.g. `parameters.properties.mode.type`. */
  readonly schemaPath?: string;
  /** Other places the problem involves, printed below it as TypeScript prints its own. */
  readonly related?: readonly RelatedLocation[];
}

/** Where a tool's declaration is, and where it names its schema (in the same file). */
export interface DeclarationPlaces {
  readonly declaration: SourceLocation;
  readonly schema: SourceLocation;
}

export interface RelatedLocation {
  readonly location: SourceLocation;
  readonly message: string;
}

/** Collects diagnostics from every stage so that all problems are reported together. */
export class DiagnosticBag {
  constructor(readonly items: Diagnostic[] = []) {}

  add(diagnostic: Diagnostic): void {
    this.items.push(diagnostic);
  }

  /**
   * This bag as one tool's declaration sees it (CONTRACT.md section 8): a problem located in
   * another file (a schema the declaration imports) is reported in the declaring file, which
   * is the file to leave out (at the schema's key for a problem in the schema, else at the
   * declaration), with its own place as related information.
   */
  forDeclaration(at: DeclarationPlaces): DiagnosticBag {
    return new DeclarationDiagnostics(this.items, at);
  }

  /** Reports `code` with the severity the table gives it. */
  report(
    code: DiagnosticCode,
    message: string,
    location?: SourceLocation,
    extra?: Partial<Diagnostic>,
  ): void {
    this.add({ severity: DIAGNOSTIC_CODES[code].severity, code, message, location, ...extra });
  }

  get errorCount(): number {
    return this.items.filter((d) => d.severity === "error").length;
  }

  /** Diagnostics sorted by file and position, so that output is stable. */
  sorted(): Diagnostic[] {
    return [...this.items].sort(compareDiagnostics);
  }
}

class DeclarationDiagnostics extends DiagnosticBag {
  readonly #at: DeclarationPlaces;

  constructor(items: Diagnostic[], at: DeclarationPlaces) {
    super(items);
    this.#at = at;
  }

  override add(diagnostic: Diagnostic): void {
    const location = diagnostic.location;
    if (!location || location.file === this.#at.declaration.file) return super.add(diagnostic);
    const path = diagnostic.schemaPath;
    super.add({
      ...diagnostic,
      location: path === undefined ? this.#at.declaration : this.#at.schema,
      related: [
        { location, message: `${path ?? "The value"} is declared here.` },
        ...(diagnostic.related ?? []),
      ],
    });
  }

  override forDeclaration(at: DeclarationPlaces): DiagnosticBag {
    return new DeclarationDiagnostics(this.items, at);
  }
}

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const fileA = a.location?.file ?? "";
  const fileB = b.location?.file ?? "";
  if (fileA !== fileB) return fileA < fileB ? -1 : 1;
  return (a.location?.start ?? 0) - (b.location?.start ?? 0);
}

/** Line and column (both 1-based) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Prints a diagnostic the way TypeScript prints its own:
 *
 *     src/tools/x.ts:12:7 - error TV2001: Tool "X", parameters.properties.mode.type: ...
 *
 *     12       mode: { type: "strng" },
 *                            ~~~~~~~
 */
export function formatDiagnostic(
  diagnostic: Diagnostic,
  sources: ReadonlyMap<string, string>,
): string {
  const where: string[] = [];
  if (diagnostic.tool !== undefined) where.push(`Tool ${JSON.stringify(diagnostic.tool)}`);
  if (diagnostic.schemaPath !== undefined) where.push(diagnostic.schemaPath);
  const prefix = where.length > 0 ? `${where.join(", ")}: ` : "";
  const head = `${diagnostic.severity} ${diagnostic.code}: ${prefix}${diagnostic.message}`;
  const location = diagnostic.location;
  const text = location && sources.get(location.file);
  if (!location || text === undefined) {
    return location ? `${location.file} - ${head}` : head;
  }
  const { line, column } = lineAndColumn(text, location.start);
  const related = (diagnostic.related ?? []).map((item) => relatedText(item, sources)).join("");
  return `${location.file}:${line}:${column} - ${head}\n\n${codeFrame(text, location, line, column)}${related}`;
}

/** A related location, below the diagnostic's frame, indented as TypeScript indents it. */
function relatedText(related: RelatedLocation, sources: ReadonlyMap<string, string>): string {
  const { location, message } = related;
  const text = sources.get(location.file);
  if (text === undefined) return `\n  ${location.file}\n    ${message}\n`;
  const { line, column } = lineAndColumn(text, location.start);
  const frame = codeFrame(text, location, line, column, "    ");
  return `\n  ${location.file}:${line}:${column}\n${frame}    ${message}\n`;
}

function codeFrame(
  text: string,
  location: SourceLocation,
  line: number,
  column: number,
  indent = "",
): string {
  const lines = text.split("\n");
  const source = (lines[line - 1] ?? "").replace(/\r$/, "").replace(/\t/g, " ");
  const gutter = String(line);
  const lineEnd = location.start - (column - 1) + source.length;
  const width = Math.max(1, Math.min(location.end, lineEnd) - location.start);
  const pad = " ".repeat(gutter.length);
  return `${indent}${gutter} ${source}\n${indent}${pad} ${" ".repeat(column - 1)}${"~".repeat(width)}\n`;
}
