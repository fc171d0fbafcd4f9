// The loop's tools as the Chat Completions request lists them. `npm run gen` reads them from
// here and writes ./generated.
import type { ChatTool } from "./chat.js";

export const tools = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "The weather forecast for a city, one line per day.",
      parameters: {
        type: "object",
        properties: {
          city: { type: "string" },
          unit: { type: "string", enum: ["celsius", "fahrenheit"] },
          days: { type: "integer", minimum: 1, maximum: 7 },
        },
        required: ["city"],
        additionalProperties: false,
      },
    },
  },
  {
    type: "function",
    function: {
      name: "create_event",
      description: "Adds an event to the calendar.",
      parameters: {
        type: "object",
        properties: {
          title: { type: "string" },
          start: { type: "string", format: "date-time" },
          duration_minutes: { type: "integer" },
          attendees: {
            type: "array",
            items: {
              type: "object",
              properties: { email: { type: "string" }, optional: { type: "boolean" } },
              required: ["email"],
            },
          },
        },
        required: ["title", "start", "duration_minutes"],
      },
    },
  },
] as const satisfies readonly ChatTool[];
