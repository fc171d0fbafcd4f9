// The agent's tool set for the AI SDK, as docs/ai-sdk.md wires it, declared as an AI SDK host
// declares it: `tool({ description, inputSchema: jsonSchema({...}) })`, named by its key in the
// tool set. `npm run gen` reads this file (the `ai-sdk` shape) and writes ./generated; each
// `jsonSchema` gets the generated validator as its `validate`, so a wrong call never reaches
// `execute` and the model reads why. What this file imports from ./generated is not read.
// #region tools
import { jsonSchema, tool } from "ai";
import {
  assertValidators,
  CreateEventSchema,
  formatValidationError,
  GetWeatherSchema,
  toolSchemas,
  type CreateEventArgs,
  type GetWeatherArgs,
  type StandardToolSchemaV1,
} from "./generated/index.js";
// #endregion tools

export interface CalendarEvent {
  readonly title: string;
  readonly start: string;
  readonly durationMinutes: number;
  readonly attendees: readonly string[];
}

// #region tools
/** The tools the model may call; each call's arguments are validated before `execute`. */
export function agentTools(calendar: CalendarEvent[]) {
  const tools = {
    get_weather: tool({
      description: "The weather forecast for a city, one line per day.",
      inputSchema: jsonSchema<GetWeatherArgs>(
        {
          type: "object",
          properties: {
            city: { type: "string", description: "The city, e.g. Lisbon" },
            unit: { type: "string", enum: ["celsius", "fahrenheit"] },
            days: { type: "integer", minimum: 1, maximum: 7 },
          },
          required: ["city"],
          additionalProperties: false,
        },
        { validate: validatedBy(GetWeatherSchema) },
      ),
      execute: async ({ city, unit = "celsius", days = 1 }) => forecast(city, unit, days),
    }),
    create_event: tool({
      description: "Adds an event to the calendar.",
      inputSchema: jsonSchema<CreateEventArgs>(
        {
          type: "object",
          properties: {
            title: { type: "string" },
            start: { type: "string", format: "date-time" },
            duration_minutes: { type: "integer" },
            attendees: {
              type: "array",
              items: {
                type: "object",
                properties: { email: { type: "string" } },
                required: ["email"],
                additionalProperties: false,
              },
            },
          },
          required: ["title", "start", "duration_minutes"],
          additionalProperties: false,
        },
        { validate: validatedBy(CreateEventSchema) },
      ),
      execute: async (args) => addEvent(calendar, args),
    }),
  };
  // Every tool of the set has a validator: a tool the generator did not read fails here.
  assertValidators(Object.keys(tools));
  return tools;
}
// #endregion tools

// #region validatedBy
/**
 * The AI SDK's `validate` for `jsonSchema(declaration, { validate })`: the generated validator,
 * and for a wrong call an error whose message is the text the model reads.
 */
export function validatedBy<Args>(
  schema: StandardToolSchemaV1<Args>,
): (value: unknown) => { success: true; value: Args } | { success: false; error: Error } {
  return (value) => {
    const issues = schema.issues(value);
    if (issues === undefined) return { success: true, value: value as Args };
    return { success: false, error: new Error(formatValidationError(schema.toolName, issues)) };
  };
}
// #endregion validatedBy

// #region schemas
/**
 * A tool whose declaration the generator reads elsewhere takes its generated schema itself:
 * the AI SDK validates each call with it, types `execute` by it, and sends the model its JSON
 * Schema. The generator lists this object as built at run time (its schema is the generated
 * output), never as a declaration.
 */
export function weatherTool() {
  return {
    get_weather: tool({
      description: "The weather forecast for a city, one line per day.",
      inputSchema: toolSchemas.get_weather,
      execute: async ({ city, unit = "celsius", days = 1 }) => forecast(city, unit, days),
    }),
  };
}
// #endregion schemas

export function addEvent(calendar: CalendarEvent[], args: CreateEventArgs): string {
  const { title, start, duration_minutes, attendees = [] } = args;
  calendar.push({
    title,
    start,
    durationMinutes: duration_minutes,
    attendees: attendees.map((attendee) => attendee.email),
  });
  return `Created "${title}" at ${start} (${duration_minutes} min)`;
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
