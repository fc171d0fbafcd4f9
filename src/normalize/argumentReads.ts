// CONTRACT.md section 8 (TV4001, TV4101: argument reads in `execute`).
import type { DiagnosticBag } from "../diagnostics/diagnostics.js";
import type { ExtractedTool } from "../extract/discover.js";
import { nearest } from "../support/similarity.js";
import type { ToolSchema } from "../ir.js";
import { objectRulesOf } from "../keywords/object.js";

/**
 * A tool's `execute` must read only keys its declaration declares: a read of anything else
 * can only ever see `undefined` in a validated call. Reads the analysis cannot follow are
 * warnings, so that nothing is silently assumed fine.
 */
export function checkArgumentReads(
  tool: ExtractedTool,
  schema: ToolSchema | undefined,
  diagnostics: DiagnosticBag,
): void {
  const uses = tool.argumentUses;
  if (!uses) return;
  const rules = schema && objectRulesOf(schema.root);
  // Where undeclared keys are allowed (or checked by `additionalProperties`), any read is fine.
  if (schema && (!rules || rules.unknownKeys.kind !== "reject")) return;
  const declared = rules ? [...rules.properties.map((p) => p.key), ...rules.requiredOnly] : [];
  for (const read of uses.reads) {
    if (declared.includes(read.key)) continue;
    const near = nearest(read.key, declared);
    const hint = near
      ? ` Did you mean "${near}"?`
      : schema
        ? " Declare it in `parameters`, or stop reading it."
        : " The tool declares no parameters.";
    diagnostics.report(
      "TV4001",
      `\`${read.text}\` reads "${read.key}", which the declaration does not declare: a validated call never has it.${hint}`,
      read.location,
      { tool: tool.name },
    );
  }
  for (const use of uses.unfollowed) {
    diagnostics.report(
      "TV4101",
      `\`${use.text}\` cannot be checked against the declaration: ${use.why}.`,
      use.location,
      { tool: tool.name },
    );
  }
}
