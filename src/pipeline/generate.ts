import path from "node:path";
import { DiagnosticBag } from "../diagnostics/diagnostics.js";
import { relativeName } from "../diagnostics/paths.js";
import type { ExtractedTool } from "../extract/discover.js";
import { fromJson } from "../extract/values.js";
import { openFormatter } from "../format/open.js";
import { enforcedFacts } from "../keywords/registry.js";
import { DEFAULT_COMMAND, DEFAULT_OUT_DIR, DEFAULT_TOOLS_GLOB } from "../settings/settings.js";
import { IncrementalGenerator } from "./incremental.js";
import type { GenerateOptions, GenerateResult } from "./options.js";
import { compileTools, OutputStage, readingOptions, StageClock } from "./stages.js";

export type { ToolCopy } from "./copies.js";
export type { GenerateOptions, GenerateResult, StageTiming } from "./options.js";
export { DEFAULT_COMMAND, DEFAULT_OUT_DIR, DEFAULT_TOOLS_GLOB };

/**
 * The whole pipeline in memory: find the files, extract the declarations, check and reduce
 * them, emit and format the validators. Writes nothing. (Watch mode keeps an
 * IncrementalGenerator between runs instead; this is one run of a new one.)
 */
export async function generate(options: GenerateOptions = {}): Promise<GenerateResult> {
  const generator = new IncrementalGenerator(options);
  try {
    return await generator.generate();
  } finally {
    generator.close();
  }
}

/** A schema given as JSON (tests, other front ends), named as a tool. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: unknown;
}

/**
 * The same checks and output for schemas given as plain JSON values instead of tool
 * declarations in source files (the JSON-Schema-Test-Suite runs through this).
 */
export async function generateFromSchemas(
  schemas: readonly NamedSchema[],
  options: Pick<
    GenerateOptions,
    "mode" | "enforce" | "exportNames" | "command" | "outDir" | "formatter"
  > = {},
): Promise<GenerateResult> {
  const reading = readingOptions(options);
  const diagnostics = new DiagnosticBag();
  const extracted: ExtractedTool[] = schemas.map(({ name, schema }, index) => {
    const location = { file: `<schema ${index}>`, start: 0, end: 0 };
    return {
      name,
      file: location.file,
      declaredAs: name,
      shape: "json",
      schemaKey: "parameters",
      location,
      parameters: fromJson(schema, location),
      description: undefined,
    };
  });
  const clock = new StageClock();
  const formatter = openFormatter(options.formatter, {
    outDir: path.resolve(options.outDir ?? DEFAULT_OUT_DIR),
    cwd: process.cwd(),
    display: (file) => relativeName(process.cwd(), file),
  });
  formatter.warmUp();
  try {
    const output = new OutputStage({
      command: options.command ?? DEFAULT_COMMAND,
      facts: enforcedFacts(reading.enforce),
      formatter,
    });
    const compiled = await compileTools(extracted, reading, diagnostics, output, clock);
    return {
      ...compiled,
      sources: new Map(),
      hostFiles: [],
      skipped: [],
      excluded: [],
      excludedFiles: [],
      files: [],
      toolFiles: [],
      stages: clock.stages,
      formatting: compiled.output ? output.record() : undefined,
    };
  } finally {
    formatter.close();
  }
}
