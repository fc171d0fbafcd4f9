import type { DiagnosticBag, SourceLocation } from "../diagnostics/diagnostics.js";
import { valueOf, type Part, type ShapeParts } from "./shapes/index.js";
import { capitalize, readingErrors, withReadingErrorsMarked } from "./readingErrors.js";
import type { StaticProblem, StaticValue } from "./values.js";

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
  /** Its name and its schema are both built at run time: a bridge or a converter, not read. */
  | { readonly kind: "skipped" }
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
  readonly diagnostics: DiagnosticBag;
  readonly excluded: ReadonlySet<string>;
}

/**
 * Reads a tool from an object of a declaration shape (CONTRACT.md section 2): its name (every
 * place the shape names must agree), its schema, its description. An object whose name and
 * schema are both not statically known is built at run time and skipped; a static name with a
 * schema that is not is an error that says how to leave the tool out.
 */
export function readTool(parts: ShapeParts, context: ReadContext): ReadOutcome {
  const names = parts.names.map((part) => ({ part, value: valueOf(part) }));
  const schema = valueOf(parts.schema);
  const unknownName = names.some(({ value }) => value?.kind === "unknown");
  const staticName = names.find(({ value }) => isName(value))?.value;
  if (unknownName && (schema === undefined || schema.kind === "unknown")) {
    // A limit of the reading stopped at the name: that is an error wherever it sits.
    if (!names.some(({ value }) => limitReached(value, context))) return { kind: "skipped" };
    return { kind: "error" };
  }
  if (staticName?.kind === "primitive" && context.excluded.has(String(staticName.value)))
    return { kind: "excluded", name: String(staticName.value), entry: String(staticName.value) };
  // A declaration as the messages name it (`TOOL_SET.grep_alt`), for one of two of a name.
  if (context.excluded.has(context.declaredAs))
    return {
      kind: "excluded",
      name: staticName?.kind === "primitive" ? String(staticName.value) : context.declaredAs,
      entry: context.declaredAs,
    };
  const keysRead = !unreadableKeys(parts.reads, context);
  const name = toolName(names, parts, context);
  if (schema?.kind === "unknown" && !schema.error) {
    context.diagnostics.report(
      "TV2001",
      `The schema is not statically known: ${schema.reason}. ${leaveOut(name ?? context.declaredAs)}`,
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
      index === 0 && name !== undefined ? `${message} ${leaveOut(name)}` : message,
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

/** How to leave a tool out of a run, named in the errors that stop it. */
export function leaveOut(name: string): string {
  return `Leave this tool out with "excludeTools": [${JSON.stringify(name)}] in the settings (or its file with "excludeFiles").`;
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
        `The tool's ${part.label} cannot be read: ${why}. Leave it out with "excludeFiles" in the settings.`,
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
  if (second && second.value !== first.value) {
    context.diagnostics.report(
      "TV1004",
      `The tool's ${second.label} "${second.value}" differs from ${first.label} "${first.value}"; the model calls the tool by ${first.label}.`,
      second.location,
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
