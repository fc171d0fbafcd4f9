import { describe, expect, it, onTestFinished, vi } from "vitest";
import { AgentJob, agentTool } from "../../../example/tools/agent.js";
import { taskStopTool } from "../../../example/tools/taskStop.js";
import type { HostServices, SubagentRequest } from "../../../example/types.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

async function setup(host: HostServices = {}): Promise<TestContext> {
  const t = await makeToolContext({ host });
  onTestFinished(t.cleanup);
  return t;
}

const call = {
  description: "Find config files",
  prompt: "List every config file in the repository.",
  subagent_type: "explorer",
};

describe("Agent", () => {
  it("declares the parameters, the required keys and the ask permission", () => {
    const parameters = agentTool.config.function.parameters!;
    expect(Object.keys(parameters.properties!)).toEqual([
      "description",
      "prompt",
      "subagent_type",
      "run_in_background",
    ]);
    expect(parameters.required).toEqual(["description", "prompt", "subagent_type"]);
    expect(agentTool.permission).toBe("ask");
  });

  it("fails clearly when the host has no subagent runner", async () => {
    const { context } = await setup();
    expect(await agentTool.execute(call, context)).toEqual({
      success: false,
      content: "",
      error: "Agent is not available: the host has not provided a subagent runner.",
    });
  });

  it("runs the subagent and returns its report", async () => {
    const runSubagent = vi.fn(async (_request: SubagentRequest) => ({ output: "Found 3 files." }));
    const { context, dir } = await setup({ runSubagent });
    const result = await agentTool.execute(call, context);
    expect(result).toMatchObject({ success: true, content: "Found 3 files." });
    expect(runSubagent).toHaveBeenCalledTimes(1);
    const request = runSubagent.mock.calls[0]![0];
    expect(request).toMatchObject({
      description: "Find config files",
      prompt: "List every config file in the repository.",
      subagentType: "explorer",
      runInBackground: false,
      workdir: dir,
    });
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.jobId).toBeUndefined();
  });

  it("reports a runner that fails", async () => {
    const { context } = await setup({
      runSubagent: async () => {
        throw new Error("model quota exhausted");
      },
    });
    expect(await agentTool.execute(call, context)).toEqual({
      success: false,
      content: "",
      error: "The subagent 'Find config files' failed: model quota exhausted",
    });
  });

  it("checks the subagent type against the types the host lists", async () => {
    const runSubagent = vi.fn(async () => ({ output: "done" }));
    const { context } = await setup({ runSubagent, subagentTypes: ["general", "reviewer"] });
    expect(await agentTool.execute(call, context)).toEqual({
      success: false,
      content: "",
      error: "Unknown subagent type 'explorer'. Available types: general, reviewer.",
    });
    expect(runSubagent).not.toHaveBeenCalled();
  });

  it("refuses an empty prompt", async () => {
    const runSubagent = vi.fn(async () => ({ output: "done" }));
    const { context } = await setup({ runSubagent });
    const result = await agentTool.execute({ ...call, prompt: "  " }, context);
    expect(result.error).toBe("The prompt for the subagent is empty.");
    expect(runSubagent).not.toHaveBeenCalled();
  });

  it("lists the host's subagent types in its prompt", () => {
    const prompt = agentTool.prompt;
    if (typeof prompt !== "function") throw new Error("Agent's prompt should be a function");
    const text = prompt({
      workdir: "/w",
      availableSubagents: ["general", "reviewer"],
      availableSkills: [],
    });
    expect(text.startsWith(agentTool.config.function.description)).toBe(true);
    expect(text.endsWith("\nAvailable subagent types: general, reviewer.")).toBe(true);
  });

  it("runs in the background as a job that TaskStop stops through the abort signal", async () => {
    let seen: SubagentRequest | undefined;
    const runSubagent = (request: SubagentRequest) =>
      new Promise<{ output: string }>((_resolve, reject) => {
        seen = request;
        request.signal.addEventListener("abort", () => reject(request.signal.reason));
      });
    const { context, session } = await setup({ runSubagent });

    const started = await agentTool.execute({ ...call, run_in_background: true }, context);
    expect(started).toMatchObject({ success: true, metadata: { jobId: "agent_1" } });
    expect(started.content).toBe(
      `Started subagent 'Find config files' in the background as job agent_1. Its report goes to the host when it finishes; stop it with TaskStop (task_id "agent_1").`,
    );
    expect(seen).toMatchObject({ runInBackground: true, jobId: "agent_1" });
    const job = session.jobs.get("agent_1");
    expect(job).toBeInstanceOf(AgentJob);
    expect(job).toMatchObject({ kind: "agent", description: "Find config files", running: true });

    const stopped = await taskStopTool.execute({ task_id: "agent_1" }, context);
    expect(stopped).toMatchObject({ success: true });
    expect(seen!.signal.aborted).toBe(true);
    expect(job!.running).toBe(false);
    expect((job as AgentJob).error).toBe("Job agent_1 was stopped.");
  });

  it("keeps a background run's report on its job when it finishes", async () => {
    let finish!: (output: string) => void;
    const runSubagent = () =>
      new Promise<{ output: string }>((resolve) => {
        finish = (output) => resolve({ output });
      });
    const { context, session } = await setup({ runSubagent });
    await agentTool.execute({ ...call, run_in_background: true }, context);
    const job = session.jobs.get("agent_1") as AgentJob;
    finish("All done.");
    await vi.waitFor(() => expect(job.running).toBe(false));
    expect(job.output).toBe("All done.");
    expect(job.error).toBeUndefined();
  });
});
