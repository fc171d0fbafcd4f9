import type { ToolPlugin } from "./toolPlugin.js";
import { BASH_TOOL_NAME, TASK_STOP_TOOL_NAME } from "./names.js";
import type { TaskStopArgs } from "../../generated/index.js";
import { failed } from "../core/results.js";

export const taskStopTool: ToolPlugin<TaskStopArgs> = {
  name: TASK_STOP_TOOL_NAME,
  permission: "ask",
  config: {
    type: "function",
    function: {
      name: TASK_STOP_TOOL_NAME,
      description: `Stops a background job of this session by its id, such as a command started with ${BASH_TOOL_NAME} and run_in_background (ids look like "bash_1"). Its processes are ended.`,
      parameters: {
        type: "object",
        properties: {
          task_id: {
            type: "string",
            description: "The id of the background job to stop, as returned when it was started.",
          },
        },
        required: ["task_id"],
      },
    },
  },
  async execute(args, context) {
    const { task_id } = args;
    const jobs = context.session.jobs;
    const job = jobs.get(task_id);
    if (job === undefined) {
      const ids = jobs.list().map((known) => known.id);
      const known =
        ids.length === 0
          ? "This session has no background jobs."
          : `The background jobs of this session are: ${ids.join(", ")}.`;
      return failed(`No background job has the id "${task_id}". ${known}`);
    }
    if (!job.running) {
      return failed(
        `Background job ${job.id} (${job.description}) has already finished; there is nothing to stop.`,
      );
    }
    await job.stop();
    return {
      success: true,
      content: `Stopped background job ${job.id} (${job.description}).`,
      shortResult: `stopped ${job.id}`,
    };
  },
};
