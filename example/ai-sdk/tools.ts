// The agent's tool set for the AI SDK, as docs/ai-sdk.md wires it: each tool's `inputSchema` is
// its generated schema, which the AI SDK validates every call with (a wrong call never reaches
// `execute`; the model reads why) and sends the model as JSON Schema. This file is not in the
// generator's globs: the declarations are in declarations.ts.
import { jsonSchema, tool, type JSONSchema7 } from "ai";
import { declared } from "./declarations.js";
// #region tools
import {
  assertValidators,
  CreateEventSchema,
  formatValidationError,
  toolSchemas,
  type CreateEventArgs,
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
      description: declared("get_weather").description,
      inputSchema: toolSchemas.get_weather,
      execute: async ({ city, unit = "celsius", days = 1 }) => forecast(city, unit, days),
    }),
    create_event: tool({
      description: declared("create_event").description,
      // A tool already given as `jsonSchema(...)`: its validation is one option more.
      inputSchema: jsonSchema<CreateEventArgs>(
        declared("create_event").inputSchema as unknown as JSONSchema7,
        { validate: validatedBy(CreateEventSchema) },
      ),
      execute: async ({ title, start, duration_minutes, attendees = [] }) => {
        calendar.push({
          title,
          start,
          durationMinutes: duration_minutes,
          attendees: attendees.map((attendee) => attendee.email),
        });
        return `Created "${title}" at ${start} (${duration_minutes} min)`;
      },
    }),
  };
  // Every tool of the set is a declared one: a tool left out of the generator's globs fails here.
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

function forecast(city: string, unit: "celsius" | "fahrenheit", days: number): string {
  const lines: string[] = [];
  for (let day = 1; day <= days; day++) {
    const celsius = 18 + ((city.length + day) % 7);
    const shown = unit === "celsius" ? `${celsius} °C` : `${Math.round(celsius * 1.8 + 32)} °F`;
    lines.push(`${city}, day ${day}: ${shown}, clear`);
  }
  return lines.join("\n");
}
