import type { Task, TaskStore } from "../services/taskStore.js";
import { taskNotFound } from "../services/taskStore.js";
import type { ToolPlugin } from "./toolPlugin.js";
import {
  TASK_CREATE_TOOL_NAME,
  TASK_GET_TOOL_NAME,
  TASK_LIST_TOOL_NAME,
  TASK_UPDATE_TOOL_NAME,
} from "./names.js";
import type {
  TaskCreateArgs,
  TaskGetArgs,
  TaskListArgs,
  TaskUpdateArgs,
} from "../../generated/index.js";
import { failed } from "../core/results.js";

export const taskCreateTool: ToolPlugin<TaskCreateArgs> = {
  name: TASK_CREATE_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: TASK_CREATE_TOOL_NAME,
      description: `Adds a task to the session's task list, to plan and track multi-step work. A new task is "pending"; its id ("1", "2", ...) is returned. Use ${TASK_UPDATE_TOOL_NAME} to start, finish or link it and ${TASK_LIST_TOOL_NAME} to see every task.`,
      parameters: {
        type: "object",
        properties: {
          subject: {
            type: "string",
            description: "A short imperative title, e.g. 'Add input validation to the parser'.",
          },
          description: {
            type: "string",
            description: "What has to be done and how to tell it is done.",
          },
          activeForm: {
            type: "string",
            description:
              "The title in the present continuous, shown while the task is in progress, e.g. 'Adding input validation'.",
          },
          metadata: {
            type: "object",
            description: "Free key/value data to keep with the task.",
          },
        },
        required: ["subject", "description"],
      },
    },
  },
  async execute(args, context) {
    const { subject, description, activeForm, metadata } = args;
    // The validator guarantees a string, not a non-blank one.
    if (subject.trim() === "") return failed("The task subject must not be empty.");
    const outcome = context.session.tasks.create({ subject, description, activeForm, metadata });
    if (!outcome.ok) return failed(outcome.error);
    const { task } = outcome;
    return {
      success: true,
      content: `Task #${task.id} created successfully: ${task.subject}`,
      shortResult: `created task #${task.id}`,
      metadata: { task },
    };
  },
};

export const taskGetTool: ToolPlugin<TaskGetArgs> = {
  name: TASK_GET_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: TASK_GET_TOOL_NAME,
      description:
        "Shows one task in full: subject, description, status, owner, what it blocks and what blocks it, and its metadata.",
      parameters: {
        type: "object",
        properties: {
          taskId: { type: "string", description: "The id of the task, e.g. '3'." },
        },
        required: ["taskId"],
      },
    },
  },
  async execute(args, context) {
    const { taskId } = args;
    const store = context.session.tasks;
    const task = store.get(taskId);
    if (!task) return failed(taskNotFound(taskId));
    return {
      success: true,
      content: describeTask(task, store),
      shortResult: `task #${task.id}: ${task.status}`,
      metadata: { task },
    };
  },
};

export const taskUpdateTool: ToolPlugin<TaskUpdateArgs> = {
  name: TASK_UPDATE_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: TASK_UPDATE_TOOL_NAME,
      description: `Changes a task: its fields, its status (pending, in_progress, completed; "deleted" removes it), its owner, and its dependencies. addBlocks/addBlockedBy link tasks in both directions. Metadata is merged key by key; a key set to null is removed. Get ids from ${TASK_LIST_TOOL_NAME}.`,
      parameters: {
        type: "object",
        properties: {
          taskId: { type: "string", description: "The id of the task to change." },
          subject: { type: "string", description: "A new title." },
          description: { type: "string", description: "A new description." },
          activeForm: {
            type: "string",
            description: "A new present-continuous title shown while the task is in progress.",
          },
          status: {
            type: "string",
            enum: ["pending", "in_progress", "completed", "deleted"],
            description: "The new status; 'deleted' removes the task for good.",
          },
          addBlocks: {
            type: "array",
            items: { type: "string" },
            description: "Ids of tasks that cannot start until this one is completed.",
          },
          addBlockedBy: {
            type: "array",
            items: { type: "string" },
            description: "Ids of tasks that must be completed before this one.",
          },
          owner: { type: "string", description: "Who works on the task (e.g. an agent name)." },
          metadata: {
            type: "object",
            description: "Keys to merge into the task's metadata; a key set to null is removed.",
          },
        },
        required: ["taskId"],
      },
    },
  },
  async execute(args, context) {
    const {
      taskId,
      subject,
      description,
      activeForm,
      status,
      addBlocks,
      addBlockedBy,
      owner,
      metadata,
    } = args;
    // The validator guarantees a string, not a non-blank one.
    if (subject !== undefined && subject.trim() === "") {
      return failed("The task subject must not be empty.");
    }
    const outcome = context.session.tasks.update(taskId, {
      subject,
      description,
      activeForm,
      status,
      addBlocks,
      addBlockedBy,
      owner,
      metadata,
    });
    if (!outcome.ok) return failed(outcome.error);
    if (outcome.deleted) {
      return {
        success: true,
        content: `Task #${taskId} deleted`,
        shortResult: `deleted task #${taskId}`,
      };
    }
    const content =
      outcome.changed.length > 0
        ? `Updated task #${taskId} ${outcome.changed.join(", ")}`
        : `Task #${taskId} unchanged (nothing differed from its current state)`;
    return {
      success: true,
      content,
      shortResult: `updated task #${taskId}`,
      metadata: { task: outcome.task },
    };
  },
};

export const taskListTool: ToolPlugin<TaskListArgs> = {
  name: TASK_LIST_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: TASK_LIST_TOOL_NAME,
      description: `Lists every task with its id, subject, status, owner and the tasks still blocking it. Use ${TASK_GET_TOOL_NAME} for a task's full description.`,
      parameters: { type: "object", properties: {} },
    },
  },
  async execute(_args, context) {
    const store = context.session.tasks;
    const tasks = store.list();
    if (tasks.length === 0) {
      return { success: true, content: "No tasks found", shortResult: "no tasks" };
    }
    const lines = tasks.map((task) => {
      const owner = task.owner ? ` (owner: ${task.owner})` : "";
      const blockers = store.openBlockers(task.id);
      const blocked =
        blockers.length > 0 ? ` [blocked by ${blockers.map((id) => `#${id}`).join(", ")}]` : "";
      return `#${task.id} [${task.status}] ${task.subject}${owner}${blocked}`;
    });
    return { success: true, content: lines.join("\n"), shortResult: `${tasks.length} tasks` };
  },
};

function describeTask(task: Task, store: TaskStore): string {
  // Each linked task is shown with its status, so open blockers are visible at a glance.
  const linked = (ids: string[]) =>
    ids.length > 0
      ? ids.map((id) => `#${id} (${store.get(id)?.status ?? "unknown"})`).join(", ")
      : "none";
  const lines = [`Task #${task.id}: ${task.subject}`, `Status: ${task.status}`];
  if (task.activeForm) lines.push(`Active form: ${task.activeForm}`);
  if (task.owner) lines.push(`Owner: ${task.owner}`);
  lines.push(`Description: ${task.description}`);
  lines.push(`Blocked by: ${linked(task.blockedBy)}`);
  lines.push(`Blocks: ${linked(task.blocks)}`);
  if (Object.keys(task.metadata).length > 0)
    lines.push(`Metadata: ${JSON.stringify(task.metadata)}`);
  return lines.join("\n");
}
