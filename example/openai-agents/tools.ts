// The agent's tools for OpenAI Agents JS, as docs/openai-agents.md wires them: each declared
// where it is made, `tool({ name, description, parameters })`, which `npm run gen` reads
// (./generated), and checked by one guardrail (validation.ts) with what Agents JS tells the
// model: a wrong call is answered with the validator's text and the tool does not run.
import { tool } from "@openai/agents";
import type { CreateEventArgs, GetWeatherArgs } from "./generated/index.js";
import { validArguments } from "./validation.js";

export interface CalendarEvent {
  readonly title: string;
  readonly start: string;
  readonly durationMinutes: number;
  readonly attendees: readonly string[];
}

// #region tools
export function agentTools(calendar: CalendarEvent[]) {
  return [
    tool({
      name: "get_weather",
      description: "The weather forecast for a city, one line per day.",
      parameters: {
        type: "object",
        properties: {
          city: { type: "string", description: "The city, e.g. Lisbon" },
          unit: { type: "string", enum: ["celsius", "fahrenheit"] },
          days: { type: "integer", minimum: 1, maximum: 7 },
        },
        required: ["city"],
        additionalProperties: false,
      },
      inputGuardrails: [validArguments],
      // The guardrail let only valid arguments through.
      execute: async (input) => {
        const { city, unit = "celsius", days = 1 } = input as GetWeatherArgs;
        return forecast(city, unit, days);
      },
    }),
    tool({
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
              additionalProperties: false,
            },
          },
        },
        required: ["title", "start", "duration_minutes"],
        additionalProperties: false,
      },
      inputGuardrails: [validArguments],
      execute: async (input) => addEvent(calendar, input as CreateEventArgs),
    }),
  ];
}
// #endregion tools

export function addEvent(calendar: CalendarEvent[], args: CreateEventArgs): string {
  const { title, start, duration_minutes, attendees = [] } = args;
  calendar.push({
    title,
    start,
    durationMinutes: duration_minutes,
    attendees: attendees.map(
      (attendee) => attendee.email + (attendee.optional ? " (optional)" : ""),
    ),
  });
  return `Created "${title}" at ${start} (${duration_minutes} min, ${attendees.length} attendees)`;
}

function forecast(city: string, unit: "celsius" | "fahrenheit", days: number): string {
  const lines: string[] = [];
  for (let day = 1; day <= days; day++) {
    const celsius = 18 + ((city.length + day) % 7);
    const shown = unit === "celsius" ? `${celsius} °C` : `${Math.round(celsius * 1.8 + 32)} °F`;
    lines.push(`${city}, day ${day}: ${shown}, clear`);
  }
  return lines.join("\n");
}
