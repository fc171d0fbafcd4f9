import fs from "node:fs/promises";
import { errorMessage, failed } from "../core/results.js";
import type { ToolPlugin } from "./toolPlugin.js";
import { WORKFLOW_TOOL_NAME } from "./names.js";
import { resolveInWorkdir } from "./paths.js";
import type { WorkflowArgs } from "../../generated/index.js";
import { hostServiceMissing } from "./support/hostService.js";

export const workflowTool: ToolPlugin<WorkflowArgs> = {
  name: WORKFLOW_TOOL_NAME,
  permission: "ask",
  config: {
    type: "function",
    function: {
      name: WORKFLOW_TOOL_NAME,
      description: `Runs a workflow script in the host's workflow engine and returns what it produced. Give the script inline (script) or as a file (scriptPath), not both.
A run that stopped part-way can be resumed by passing its run id as resumeFromRunId.`,
      parameters: {
        type: "object",
        properties: {
          script: {
            type: "string",
            description: "The workflow script itself, inline.",
          },
          scriptPath: {
            type: "string",
            description: "A workflow script file: absolute, or relative to the working directory.",
          },
          resumeFromRunId: {
            type: "string",
            description: "The id of an earlier run to resume instead of starting afresh.",
          },
          args: {
            description: "Input for the workflow, of any JSON type; passed to it unchanged.",
          },
        },
        required: [],
      },
    },
  },
  async execute(args, context) {
    const { script, scriptPath, resumeFromRunId, args: input } = args;
    const host = context.host;
    if (!host.runWorkflow) {
      return hostServiceMissing(WORKFLOW_TOOL_NAME, "a workflow runner");
    }
    // Blank text counts as not given: there is nothing to run.
    const inline = script?.trim() ? script : undefined;
    const file = scriptPath?.trim() ? scriptPath : undefined;
    if (inline === undefined && file === undefined) {
      return failed(
        "Workflow needs a script: give `script` (the script text) or `scriptPath` (a script file).",
      );
    }
    if (inline !== undefined && file !== undefined) {
      return failed("Give either `script` or `scriptPath`, not both.");
    }

    let absolutePath: string | undefined;
    if (file !== undefined) {
      absolutePath = resolveInWorkdir(context.workdir, file);
      const stat = await fs.stat(absolutePath).catch(() => undefined);
      if (!stat?.isFile()) return failed(`The workflow script ${absolutePath} does not exist.`);
    }

    try {
      const run = await host.runWorkflow({
        script: inline,
        scriptPath: absolutePath,
        args: input,
        resumeFromRunId,
        workdir: context.workdir,
        signal: context.signal,
      });
      if (run.status === "failed") {
        return failed(`Workflow run ${run.runId} failed:\n${run.output}`, { runId: run.runId });
      }
      return {
        success: true,
        content: `Workflow run ${run.runId} completed.\n${run.output}`,
        shortResult: `workflow run ${run.runId} completed`,
        metadata: { runId: run.runId },
      };
    } catch (error) {
      return failed(`The workflow could not be run: ${errorMessage(error)}`);
    }
  },
};
