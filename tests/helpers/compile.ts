import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { assignModuleNames } from "../../src/emit/names.js";
import { generateFromSchemas, type NamedSchema } from "../../src/pipeline/generate.js";
import type { Mode, ToolSchema } from "../../src/ir.js";
import type { ValidationIssue } from "../../generated/types.js";
import { makeTempDir } from "./context.js";

export interface CompiledSchemas {
  /** The generated dispatch table, imported from the written files. */
  validateToolArgs(name: string, args: unknown): ValidationIssue[] | undefined;
  hasValidator(name: string): boolean;
  /** What the generator made of each schema (including what it does not enforce). */
  tools: readonly ToolSchema[];
  /** Everything the generated index.ts exports (formatValidationError, failureRecord, ...). */
  index: Record<string, unknown>;
  /** The files written, by name. */
  files: ReadonlyMap<string, string>;
  /** A tool's generated type guard (`is<Name>Args`), by tool name. */
  guard(name: string): (args: unknown) => boolean;
  dir: string;
  cleanup(): Promise<void>;
}

/**
 * Runs schemas given as JSON through the real generator (in-process), writes its output to a
 * temporary folder and imports the generated index. Throws when the generator reports errors.
 */
export async function compileSchemas(
  schemas: readonly NamedSchema[],
  mode: Mode,
  options: { readonly enforce?: readonly string[] } = {},
): Promise<CompiledSchemas> {
  // Not formatted: the validators' behaviour is under test, and formatting costs most of a run.
  const result = await generateFromSchemas(schemas, { mode, formatter: "none", ...options });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (!result.output) {
    throw new Error(
      `the generator rejected the schemas:\n${errors.map((e) => `${e.tool} ${e.schemaPath}: ${e.message}`).join("\n")}`,
    );
  }
  const dir = await makeTempDir("tv-compiled-");
  for (const file of result.output) await fs.writeFile(path.join(dir, file.name), file.content);
  const module = (await import(pathToFileURL(path.join(dir, "index.ts")).href)) as Pick<
    CompiledSchemas,
    "validateToolArgs" | "hasValidator"
  > &
    Record<string, unknown>;
  const guards = new Map(
    assignModuleNames(result.tools).modules.map(({ tool, guard }) => [
      tool.name,
      module[guard] as (args: unknown) => boolean,
    ]),
  );
  return {
    validateToolArgs: module.validateToolArgs,
    hasValidator: module.hasValidator,
    index: module,
    files: new Map(result.output.map((file) => [file.name, file.content])),
    guard: (name) => {
      const guard = guards.get(name);
      if (guard === undefined) throw new Error(`no guard was generated for ${name}`);
      return guard;
    },
    tools: result.tools,
    dir,
    cleanup: () => fs.rm(dir, { recursive: true, force: true }),
  };
}
