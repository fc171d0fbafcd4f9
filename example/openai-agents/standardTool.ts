// create_event of tools.ts given its generated schema as `parameters` (docs/openai-agents.md,
// "The schema as parameters"): Agents JS validates each call with it and `execute` gets the
// typed arguments; a wrong call does not run. Not in the generator's globs: the declaration is
// the one in tools.ts.
import { tool } from "@openai/agents";
import { addEvent, type CalendarEvent } from "./tools.js";
// #region standard
import { CreateEventSchema, formatValidationError, openAIStrict } from "./generated/index.js";

export function createEventTool(calendar: CalendarEvent[]) {
  const schema = openAIStrict(CreateEventSchema);
  return tool({
    name: "create_event",
    description: "Adds an event to the calendar.",
    parameters: schema,
    execute: async (args) => addEvent(calendar, args),
    // Agents JS hands the call to this function only when its sensitive data logging is on;
    // otherwise the model reads Agents JS's own text.
    errorFunction: (_context, _error, details) => {
      const call = details?.toolCall;
      const issues = call && schema.issues(JSON.parse(call.arguments));
      return issues
        ? formatValidationError(schema.toolName, issues)
        : "An error occurred while running the tool. Please try again.";
    },
  });
}
// #endregion standard
