// What the loop's tools do, given arguments their generated validator accepted (typed by the
// declaration). The weather is made up; the calendar is a list.
import type { ToolArgsByName } from "./generated/index.js";

export interface CalendarEvent {
  readonly title: string;
  readonly start: string;
  readonly durationMinutes: number;
  readonly attendees: readonly string[];
}

export type Handlers = {
  readonly [Name in keyof ToolArgsByName]: (args: ToolArgsByName[Name]) => Promise<string>;
};

export function toolHandlers(calendar: CalendarEvent[]): Handlers {
  return {
    get_weather: async ({ city, unit = "celsius", days = 1 }) => {
      const lines: string[] = [];
      for (let day = 1; day <= days; day++) {
        const celsius = 18 + ((city.length + day) % 7);
        const shown = unit === "celsius" ? `${celsius} °C` : `${Math.round(celsius * 1.8 + 32)} °F`;
        lines.push(`${city}, day ${day}: ${shown}, clear`);
      }
      return lines.join("\n");
    },
    create_event: async ({ title, start, duration_minutes, attendees = [] }) => {
      calendar.push({
        title,
        start,
        durationMinutes: duration_minutes,
        attendees: attendees.map((attendee) => attendee.email),
      });
      return `Created "${title}" at ${start} (${duration_minutes} min, ${attendees.length} attendees)`;
    },
  };
}
