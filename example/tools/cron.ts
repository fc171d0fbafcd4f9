import type { ScheduledJob } from "../core/types.js";
import type { ToolPlugin } from "./toolPlugin.js";
import { CRON_CREATE_TOOL_NAME, CRON_DELETE_TOOL_NAME, CRON_LIST_TOOL_NAME } from "./names.js";
import type { CronCreateArgs, CronDeleteArgs, CronListArgs } from "../../generated/index.js";
import { errorMessage, failed } from "../core/results.js";

const DURABLE_FILE_SHOWN = ".agent/scheduled_tasks.json";

export const cronCreateTool: ToolPlugin<CronCreateArgs> = {
  name: CRON_CREATE_TOOL_NAME,
  permission: "ask",
  config: {
    type: "function",
    function: {
      name: CRON_CREATE_TOOL_NAME,
      description: `Schedules a prompt to run on a cron schedule (5 fields: minute hour day-of-month month day-of-week, in local time; e.g. "*/10 * * * *" every ten minutes, "0 9 * * 1-5" at 9:00 on weekdays). A one-shot job (recurring: false) fires once and is removed. A durable job is saved in ${DURABLE_FILE_SHOWN} and comes back in later sessions. Returns the job id for ${CRON_DELETE_TOOL_NAME}.`,
      parameters: {
        type: "object",
        properties: {
          cron: {
            type: "string",
            description:
              "A standard 5-field cron expression in local time: minute hour day-of-month month day-of-week.",
          },
          prompt: { type: "string", description: "The prompt to run each time the job fires." },
          recurring: {
            type: "boolean",
            default: true,
            description:
              "true (default): fire on every match; false: fire once, then remove the job.",
          },
          durable: {
            type: "boolean",
            default: false,
            description:
              "true: save the job in the project so later sessions load it again; false (default): this session only.",
          },
        },
        required: ["cron", "prompt"],
      },
    },
  },
  async execute(args, context) {
    const { cron, prompt, recurring = true, durable = false } = args;
    if (prompt.trim() === "") return failed("The prompt must not be empty.");
    const scheduler = context.session.crons;
    // A session-only job whose prompt nobody receives could never do anything.
    if (!durable && !context.session.host.onScheduledPrompt) {
      return failed(
        "This host does not receive scheduled prompts, so a job would fire into nothing. Use durable: true to keep it for a session whose host does.",
      );
    }
    let job: ScheduledJob;
    try {
      job = scheduler.create({ cron: cron.trim(), prompt, recurring, durable });
    } catch (error) {
      return failed(errorMessage(error));
    }
    const next = scheduler.nextRun(job.id);
    const lines = [
      `Scheduled ${job.id}: "${job.cron}" (${job.recurring ? "recurring" : "fires once"}${job.durable ? `, durable in ${DURABLE_FILE_SHOWN}` : ", this session only"}).`,
      `Next run: ${next ? formatLocalTime(next) : "none"}.`,
    ];
    if (!context.session.host.onScheduledPrompt) {
      lines.push(
        "This host does not receive scheduled prompts; the job will run in a later session whose host does.",
      );
    }
    return {
      success: true,
      content: lines.join("\n"),
      shortResult: `scheduled ${job.id}`,
      metadata: { job, nextRun: next?.toISOString() ?? null },
    };
  },
};

export const cronDeleteTool: ToolPlugin<CronDeleteArgs> = {
  name: CRON_DELETE_TOOL_NAME,
  permission: "ask",
  config: {
    type: "function",
    function: {
      name: CRON_DELETE_TOOL_NAME,
      description: `Cancels a scheduled job by its id (from ${CRON_CREATE_TOOL_NAME} or ${CRON_LIST_TOOL_NAME}). A durable job is also removed from the project's file.`,
      parameters: {
        type: "object",
        properties: {
          id: { type: "string", description: "The job id, e.g. 'cron_1'." },
        },
        required: ["id"],
      },
    },
  },
  async execute(args, context) {
    const { id } = args;
    const scheduler = context.session.crons;
    const job = scheduler.get(id);
    if (!job) {
      const known = scheduler.list().map((j) => j.id);
      return failed(
        `No scheduled job with id "${id}". ${known.length > 0 ? `Known ids: ${known.join(", ")}.` : "There are no scheduled jobs."}`,
      );
    }
    try {
      scheduler.delete(id);
    } catch (error) {
      return failed(`Could not delete ${id}: ${errorMessage(error)}`);
    }
    return {
      success: true,
      content: `Deleted ${id} ("${job.cron}")${job.durable ? ` and removed it from ${DURABLE_FILE_SHOWN}` : ""}.`,
      shortResult: `deleted ${id}`,
    };
  },
};

export const cronListTool: ToolPlugin<CronListArgs> = {
  name: CRON_LIST_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: CRON_LIST_TOOL_NAME,
      description:
        "Lists the scheduled jobs: id, cron expression, next run time, whether it recurs, whether it is durable, and its prompt.",
      parameters: { type: "object", properties: {} },
    },
  },
  async execute(_args, context) {
    const scheduler = context.session.crons;
    const jobs = scheduler.list();
    const problem = scheduler.loadProblem
      ? `\nNote: saved jobs could not be loaded: ${scheduler.loadProblem}`
      : "";
    if (jobs.length === 0) {
      return { success: true, content: `No scheduled jobs${problem}`, shortResult: "no jobs" };
    }
    const lines = jobs.map((job) => {
      const next = scheduler.nextRun(job.id);
      return `${job.id}: "${job.cron}" next run ${next ? formatLocalTime(next) : "none"}, ${job.recurring ? "recurring" : "one-shot"}, ${job.durable ? "durable" : "session only"}, prompt: ${JSON.stringify(job.prompt)}`;
    });
    return {
      success: true,
      content: lines.join("\n") + problem,
      shortResult: `${jobs.length} jobs`,
    };
  },
};

/** "2025-03-01 09:00 +01:00": local wall time with its offset, as cron expressions are local. */
export function formatLocalTime(date: Date): string {
  const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())} ${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
