// The agent's tools as declared, in one list: `npm run gen` reads them here (each
// `{ name, description, inputSchema }`) and writes ./generated; tools.ts gives the AI SDK each
// tool's generated schema and its description from here, so nothing is written twice and the
// generator never reads what it wrote.
// #region declarations
export const declarations = [
  {
    name: "get_weather",
    description: "The weather forecast for a city, one line per day.",
    inputSchema: {
      type: "object",
      properties: {
        city: { type: "string", description: "The city, e.g. Lisbon" },
        unit: { type: "string", enum: ["celsius", "fahrenheit"] },
        days: { type: "integer", minimum: 1, maximum: 7 },
      },
      required: ["city"],
      additionalProperties: false,
    },
  },
  {
    name: "create_event",
    description: "Adds an event to the calendar.",
    inputSchema: {
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
  },
] as const;
// #endregion declarations

/** A declaration by tool name. */
export function declared<Name extends (typeof declarations)[number]["name"]>(
  name: Name,
): Extract<(typeof declarations)[number], { name: Name }> {
  return declarations.find((declaration) => declaration.name === name) as Extract<
    (typeof declarations)[number],
    { name: Name }
  >;
}
