// CONTRACT.md section 2 (what an object of a tool's shape is: read, listed, or an error).
import type { DiagnosticBag, SourceLocation } from "../diagnostics/diagnostics.js";
import type { Node } from "../tsMorph.js";
import { valueOf, type Part, type ShapeParts } from "./shapes/index.js";
import { capitalize, readingErrors, withReadingErrorsMarked } from "./readingErrors.js";
import type { StaticProblem, StaticValue } from "./values.js";

/** Why an object of a tool's shape gets no validator although it is not an error. */
export type Skip =
  /** Its schema is a schema library's (zod, valibot...): that library validates it at run time. */
  | { readonly kind: "library"; readonly library: string }
  /** Its name or its schema comes from a parameter, a call, a loop: a builder, not a declaration. */
  | { readonly kind: "run time" }
  /** Its name is given where it is used, in no file read (an AI SDK tool held by a `const`). */
  | { readonly kind: "unnamed"; readonly why: string };

/** What reading one object of a tool's shape gave. */
export type ReadOutcome =
  | {
      readonly kind: "tool";
      readonly tool: {
        readonly name: string;
        readonly parameters: StaticValue | undefined;
        readonly description: string | undefined;
      };
    }
  | { readonly kind: "skipped"; readonly skip: Skip; readonly name: string | undefined }
  /** Left out by `excludeTools`: by its name, or by where it is declared (`entry`). */
  | { readonly kind: "excluded"; readonly name: string; readonly entry: string }
  /**
   * Reported: it cannot be read exactly. `checked` is what of it the schema checks still read
   * (its name, or where it is declared when that is what failed, and its schema with the
   * parts already reported marked), so that a run reports all of a tool's errors at once; it
   * gets no validator.
   */
  | {
      readonly kind: "error";
      readonly checked?: { readonly name: string; readonly parameters: StaticValue };
    };

export interface ReadContext {
  /** Where the object is declared, for messages. */
  readonly declaredAs: string;
  /** The file declaring it, as shown: what `excludeFiles` takes to leave it out. */
  readonly file: string;
  readonly diagnostics: DiagnosticBag;
  /** The `excludeTools` entry that leaves out a tool of this name (or this declaration). */
  exclusion(name: string | undefined): string | undefined;
  /** The schema library a call belongs to, if any (libraries.ts). */
  libraryOf(call: Node): string | undefined;
}

/**
 * Reads a tool from an object of a declaration shape (CONTRACT.md section 2): its name (every
 * place the shape names must agree), its schema, its description. An object whose schema is a
 * schema library's, or whose name or schema is built at run time, is skipped; a declaration
 * whose name or schema cannot be read exactly is an error that says how to leave it out.
 */
export function readTool(parts: ShapeParts, context: ReadContext): ReadOutcome {
  const names = parts.names.map((part) => ({ part, value: valueOf(part) }));
  const schema = valueOf(parts.schema);
  const staticName = names.find(({ value }) => isName(value))?.value;
  const nameText = staticName?.kind === "primitive" ? String(staticName.value) : undefined;
  const entry = context.exclusion(nameText);
  if (entry !== undefined) return { kind: "excluded", name: nameText ?? context.declaredAs, entry };
  const skip = classify(
    names.map(({ value }) => value),
    schema,
    context,
    parts.schemaLibrary,
  );
  if (skip) return { kind: "skipped", skip, name: nameText };
  const keysRead = !unreadableKeys(parts.reads, context);
  const name = toolName(names, parts, context);
  if (schema?.kind === "unknown" && !schema.error) {
    context.diagnostics.report(
      "TV2001",
      `The schema is not statically known: ${schema.reason}. ${leaveOut(name ?? context.declaredAs, context.file)}`,
      schema.location,
      { tool: name ?? context.declaredAs, schemaPath: parts.schemaKey },
    );
    return { kind: "error" };
  }
  const problems = schema ? readingErrors(schema, parts.schemaKey) : [];
  // The first of a tool's errors says how to leave the tool out; the others need not repeat it.
  problems.forEach(({ code, message, location, schemaPath }, index) =>
    context.diagnostics.report(
      code,
      index === 0 && name !== undefined ? `${message} ${leaveOut(name, context.file)}` : message,
      location,
      { tool: name ?? context.declaredAs, schemaPath },
    ),
  );
  if (!keysRead || name === undefined || problems.length > 0) {
    if (schema?.kind !== "object") return { kind: "error" };
    const parameters = withReadingErrorsMarked(schema);
    return { kind: "error", checked: { name: name ?? context.declaredAs, parameters } };
  }
  const description = valueOf(parts.description);
  return {
    kind: "tool",
    tool: {
      name,
      parameters: schema,
      description:
        description?.kind === "primitive" && typeof description.value === "string"
          ? description.value
          : undefined,
    },
  };
}

/**
 * What an object of a tool's shape is when it is not a declaration (CONTRACT.md section 2):
 * declared with a schema library when its schema is a library's call (or a const holding one);
 * built at run time when a name or its schema is a value that exists only when the code runs
 * (a parameter, a loop variable, `this`, a call's result), or when its names and its schema
 * are all not statically known. A value a limit of the reading stopped at is an error, and
 * everything else is a declaration, read or reported.
 */
function classify(
  names: readonly (StaticValue | undefined)[],
  schema: StaticValue | undefined,
  context: ReadContext,
  schemaLibrary: string | undefined,
): Skip | undefined {
  const values = [...names, schema];
  if (values.some((value) => value?.kind === "unknown" && value.error)) return undefined;
  if (schema?.kind === "unknown" && schema.origin?.kind === "call") {
    const library = context.libraryOf(schema.origin.call);
    if (library) return { kind: "library", library };
  }
  if (schemaLibrary !== undefined) {
    // A shape of a library's (`{ path: z.string() }`): its values' calls tell which library.
    const calls = schema?.kind === "object" ? schema.entries.map((entry) => entry.value) : [];
    const found = calls.find((value) => value.kind === "unknown" && value.origin?.kind === "call");
    const call =
      found?.kind === "unknown" && found.origin?.kind === "call" ? found.origin.call : undefined;
    return { kind: "library", library: (call && context.libraryOf(call)) ?? schemaLibrary };
  }
  if (values.some((value) => value?.kind === "unknown" && value.origin))
    return { kind: "run time" };
  const unknownName = names.some((value) => value?.kind === "unknown");
  if (unknownName && (schema === undefined || schema.kind === "unknown"))
    return { kind: "run time" };
  return undefined;
}

/** How to leave a tool out of a run, named in the errors that stop it. */
function leaveOut(name: string, file: string): string {
  return `Leave this tool out with "excludeTools": [${JSON.stringify(name)}] in the settings (or its file with "excludeFiles": [${JSON.stringify(file)}]).`;
}

function isName(
  value: StaticValue | undefined,
): value is Extract<StaticValue, { kind: "primitive" }> & { value: string } {
  return value?.kind === "primitive" && typeof value.value === "string" && value.value !== "";
}

/** Reports a value a limit of the reading stopped at; true when it was one. */
function limitReached(value: StaticValue | undefined, context: ReadContext): boolean {
  if (value?.kind !== "unknown" || !value.error) return false;
  context.diagnostics.report(value.error, `${capitalize(value.reason)}.`, value.location, {
    tool: context.declaredAs,
  });
  return true;
}

/** The tool's name: every place the shape names, where given, must agree. */
function toolName(
  names: readonly { part: Part; value: StaticValue | undefined }[],
  parts: ShapeParts,
  context: ReadContext,
): string | undefined {
  const found: { value: string; location: SourceLocation; label: string }[] = [];
  for (const { part, value } of names) {
    if (value === undefined) continue;
    if (limitReached(value, context)) return undefined;
    if (!isName(value)) {
      const why = value.kind === "unknown" ? value.reason : "it is not a non-empty string";
      context.diagnostics.report(
        "TV1002",
        `The tool's ${part.label} cannot be read: ${why}. Leave it out with "excludeFiles": [${JSON.stringify(context.file)}] in the settings.`,
        value.location,
        { tool: context.declaredAs },
      );
      return undefined;
    }
    found.push({ value: String(value.value), location: value.location, label: part.label });
  }
  const [first, second] = found;
  const required = parts.names[0]!.label;
  if (!first || first.label !== required) {
    context.diagnostics.report(
      "TV1003",
      `The tool object has no \`${required}\`.`,
      holderLocation(parts, required),
      { tool: context.declaredAs },
    );
    return undefined;
  }
  const other = found.find((place) => place.value !== first.value);
  if (second && other) {
    context.diagnostics.report(
      "TV1004",
      `The tool's ${other.label} "${other.value}" differs from ${first.label} "${first.value}"; the model calls the tool by ${first.label}.`,
      other.location,
      { tool: first.value },
    );
    return undefined;
  }
  return first.value;
}

/** Where to point when a part is missing: the object that should hold it. */
function holderLocation(parts: ShapeParts, label: string): SourceLocation {
  const holderLabel = label.slice(0, label.lastIndexOf("."));
  const holder = parts.reads.find((part) => part.label === holderLabel);
  const value = (holder && valueOf(holder)) ?? parts.reads.map(valueOf).find(Boolean);
  return value!.location;
}

/**
 * Reports each part that cannot be read and could assign one of the keys read (once, naming
 * every key it could assign). True when there was any.
 */
function unreadableKeys(reads: readonly Part[], context: ReadContext): boolean {
  const byProblem = new Map<StaticProblem, { labels: string[]; replaces: boolean[] }>();
  for (const { lookup: found, label } of reads) {
    if (found.kind !== "unreadable") continue;
    const group = byProblem.get(found.problem) ?? { labels: [], replaces: [] };
    group.labels.push(label);
    group.replaces.push(found.entry !== undefined);
    byProblem.set(found.problem, group);
  }
  for (const [problem, { labels, replaces }] of byProblem) {
    const verb = replaces.every(Boolean)
      ? "replace"
      : replaces.some(Boolean)
        ? "set or replace"
        : "set";
    const what =
      labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
    context.diagnostics.report(
      "TV1008",
      `${capitalize(problem.reason)}. It could ${verb} ${what}.`,
      problem.location,
      { tool: context.declaredAs },
    );
  }
  return byProblem.size > 0;
}
