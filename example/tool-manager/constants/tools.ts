// The built-in tools' names, imported by the tools and by whoever needs to name one.
export const READ_TOOL_NAME = "Read";
export const TASK_UPDATE_TOOL_NAME = "TaskUpdate";
