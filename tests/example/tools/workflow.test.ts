import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { workflowTool } from "../../../example/tools/workflow.js";
import type { HostServices, WorkflowRequest, WorkflowResult } from "../../../example/types.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

async function setup(host: HostServices = {}): Promise<TestContext> {
  const t = await makeToolContext({ host });
  onTestFinished(t.cleanup);
  return t;
}

function recordingRunner(result: WorkflowResult) {
  return vi.fn(async (_request: WorkflowRequest) => result);
}

describe("Workflow", () => {
  it("declares script, scriptPath, resumeFromRunId and a type-free args, none required", () => {
    const parameters = workflowTool.config.function.parameters!;
    expect(parameters.required).toEqual([]);
    expect(parameters.properties!.args).not.toHaveProperty("type");
    expect(workflowTool.permission).toBe("ask");
  });

  it("fails clearly when the host has no workflow runner", async () => {
    const { context } = await setup();
    expect(await workflowTool.execute({ script: "step()" }, context)).toEqual({
      success: false,
      content: "",
      error: "Workflow is not available: the host has not provided a workflow runner.",
    });
  });

  it("needs script or scriptPath, and not both", async () => {
    const runWorkflow = recordingRunner({ runId: "r1", status: "completed", output: "" });
    const { context } = await setup({ runWorkflow });
    const needed =
      "Workflow needs a script: give `script` (the script text) or `scriptPath` (a script file).";
    expect((await workflowTool.execute({}, context)).error).toBe(needed);
    expect((await workflowTool.execute({ script: " \n" }, context)).error).toBe(needed);
    expect((await workflowTool.execute({ script: "a()", scriptPath: "b.js" }, context)).error).toBe(
      "Give either `script` or `scriptPath`, not both.",
    );
    expect(runWorkflow).not.toHaveBeenCalled();
  });

  it("runs an inline script with its args untouched", async () => {
    const runWorkflow = recordingRunner({
      runId: "run-7",
      status: "completed",
      output: "3 steps ran.",
    });
    const { context, dir } = await setup({ runWorkflow });
    const input = { items: [1, "two", null], nested: { deep: true } };
    const result = await workflowTool.execute(
      { script: "for (const i of args.items) step(i)", args: input, resumeFromRunId: "run-6" },
      context,
    );
    expect(result).toMatchObject({
      success: true,
      content: "Workflow run run-7 completed.\n3 steps ran.",
      metadata: { runId: "run-7" },
    });
    expect(runWorkflow.mock.calls[0]![0]).toMatchObject({
      script: "for (const i of args.items) step(i)",
      scriptPath: undefined,
      args: input,
      resumeFromRunId: "run-6",
      workdir: dir,
    });
  });

  it("resolves scriptPath against the working directory and checks that the file exists", async () => {
    const runWorkflow = recordingRunner({ runId: "r2", status: "completed", output: "ok" });
    const { context, dir } = await setup({ runWorkflow });
    expect((await workflowTool.execute({ scriptPath: "flows/missing.js" }, context)).error).toBe(
      `The workflow script ${path.join(dir, "flows/missing.js")} does not exist.`,
    );
    await fs.mkdir(path.join(dir, "flows"));
    await fs.writeFile(path.join(dir, "flows/build.js"), "step('build')\n");
    const result = await workflowTool.execute({ scriptPath: "flows/build.js" }, context);
    expect(result.success).toBe(true);
    expect(runWorkflow.mock.calls[0]![0]).toMatchObject({
      script: undefined,
      scriptPath: path.join(dir, "flows/build.js"),
    });
  });

  it("reports a failed run with its id, and a runner that throws", async () => {
    const { context } = await setup({
      runWorkflow: recordingRunner({ runId: "r3", status: "failed", output: "step 2 timed out" }),
    });
    expect(await workflowTool.execute({ script: "x()" }, context)).toEqual({
      success: false,
      content: "",
      error: "Workflow run r3 failed:\nstep 2 timed out",
      metadata: { runId: "r3" },
    });

    const broken = await setup({
      runWorkflow: async () => {
        throw new Error("engine offline");
      },
    });
    expect((await workflowTool.execute({ script: "x()" }, broken.context)).error).toBe(
      "The workflow could not be run: engine offline",
    );
  });
});
