import { setTimeout as sleep } from "node:timers/promises";
import type { BackgroundJob } from "../services/backgroundJobs.js";
import { errorMessage, failed } from "../core/results.js";
import type { SubagentResult } from "../core/types.js";
import type { ToolPlugin } from "./toolPlugin.js";
import { AGENT_TOOL_NAME, TASK_STOP_TOOL_NAME } from "./names.js";
import type { AgentArgs } from "../../generated/index.js";
import { hostServiceMissing } from "./support/hostService.js";

/** How long stopping a background agent waits for a runner that ignores its abort signal. */
const STOP_GRACE_MS = 2000;

export const agentTool: ToolPlugin<AgentArgs> = {
  name: AGENT_TOOL_NAME,
  permission: "ask",
  config: {
    type: "function",
    function: {
      name: AGENT_TOOL_NAME,
      description: `Hands a self-contained task to a subagent, which works on it alone and reports back once. Use it for broad searches or multi-step work whose details need not fill this conversation.
The subagent sees only the prompt, so say everything it needs. With run_in_background the call returns at once with a job id; stop the job with ${TASK_STOP_TOOL_NAME}.`,
      parameters: {
        type: "object",
        properties: {
          description: {
            type: "string",
            description: "A short label of the task (3-5 words), shown while it runs.",
          },
          prompt: {
            type: "string",
            description: "The whole task for the subagent, with every detail it needs.",
          },
          subagent_type: {
            type: "string",
            description: "Which kind of subagent should do the task.",
          },
          run_in_background: {
            type: "boolean",
            description: "Start the subagent and return at once instead of waiting for its report.",
          },
        },
        required: ["description", "prompt", "subagent_type"],
      },
    },
  },
  prompt(context) {
    const types = context.availableSubagents;
    const listed = types.length > 0 ? types.join(", ") : "none (the host has not listed any)";
    return `${agentTool.config.function.description}\nAvailable subagent types: ${listed}.`;
  },
  async execute(args, context) {
    const { description, prompt, subagent_type, run_in_background } = args;
    const host = context.host;
    if (!host.runSubagent) {
      return hostServiceMissing(AGENT_TOOL_NAME, "a subagent runner");
    }
    if (prompt.trim() === "") {
      return failed("The prompt for the subagent is empty.");
    }
    if (host.subagentTypes && !host.subagentTypes.includes(subagent_type)) {
      const known = host.subagentTypes.length > 0 ? host.subagentTypes.join(", ") : "none";
      return failed(`Unknown subagent type '${subagent_type}'. Available types: ${known}.`);
    }
    const request = {
      description,
      prompt,
      subagentType: subagent_type,
      workdir: context.workdir,
    };

    if (run_in_background === true) {
      const id = context.session.jobs.nextId("agent");
      const controller = new AbortController();
      const run = host.runSubagent({
        ...request,
        runInBackground: true,
        jobId: id,
        signal: controller.signal,
      });
      context.session.jobs.add(new AgentJob(id, description, run, controller));
      return {
        success: true,
        content: `Started subagent '${description}' in the background as job ${id}. Its report goes to the host when it finishes; stop it with ${TASK_STOP_TOOL_NAME} (task_id "${id}").`,
        shortResult: `background agent ${id}`,
        metadata: { jobId: id },
      };
    }

    try {
      const result = await host.runSubagent({
        ...request,
        runInBackground: false,
        signal: context.signal ?? new AbortController().signal,
      });
      return {
        success: true,
        content: result.output,
        shortResult: `subagent '${description}' finished`,
      };
    } catch (error) {
      return failed(`The subagent '${description}' failed: ${errorMessage(error)}`);
    }
  },
};

/** A subagent run started with `run_in_background`, listed in the session's jobs. */
export class AgentJob implements BackgroundJob {
  readonly kind = "agent";
  /** The subagent's report, once it has finished. */
  output: string | undefined;
  /** Why the run failed, if it did (a stopped run fails with the abort). */
  error: string | undefined;
  readonly #controller: AbortController;
  readonly #done: Promise<void>;
  #settled = false;
  #stopped = false;

  constructor(
    readonly id: string,
    readonly description: string,
    run: Promise<SubagentResult>,
    controller: AbortController,
  ) {
    this.#controller = controller;
    this.#done = run
      .then(
        (result) => {
          this.output = result.output;
        },
        (error: unknown) => {
          this.error = errorMessage(error);
        },
      )
      .finally(() => {
        this.#settled = true;
      });
  }

  get running(): boolean {
    return !this.#settled && !this.#stopped;
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.#stopped = true;
    this.#controller.abort(new Error(`Job ${this.id} was stopped.`));
    // A runner that honours its signal settles promptly; one that does not is not waited for long.
    await Promise.race([this.#done, sleep(STOP_GRACE_MS, undefined, { ref: false })]);
  }
}
