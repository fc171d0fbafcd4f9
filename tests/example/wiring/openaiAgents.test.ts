// The example agent on OpenAI Agents JS (example/openai-agents, docs/openai-agents.md), run by
// its own Runner with its own scripted model: a wrong call is answered with the validator's text
// and its tool does not run, the corrected call runs, and what the model was told is what the
// validator accepts: Agents JS's strict form, where a `null` for an optional property is that
// property left out, and a `null` anywhere else is an error.
import {
  Agent,
  Runner,
  setSensitiveDataLoggingEnabled,
  tool,
  type AgentInputItem,
} from "@openai/agents";
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  type RecordedModelCall,
} from "@openai/agents/testing";
import { afterEach, describe, expect, it } from "vitest";
import {
  CreateEventSchema,
  GetWeatherSchema,
  openAIStrict,
  validatedToolNames,
} from "../../../example/openai-agents/generated/index.js";
import { createEventTool } from "../../../example/openai-agents/standardTool.js";
import { agentTools, type CalendarEvent } from "../../../example/openai-agents/tools.js";
import { assertValidated } from "../../../example/openai-agents/validation.js";

const runner = new Runner({ tracingDisabled: true });

function agent(model: ScriptedModel, tools: readonly ReturnType<typeof tool>[]) {
  assertValidated(tools);
  return new Agent({ name: "planner", instructions: "Plan the day.", model, tools: [...tools] });
}

const call = (name: string, args: string, callId: string) => functionCall(name, args, { callId });

/** What each tool call got back, as the model read it on its next request. */
function toolResults(request: RecordedModelCall): Record<string, string> {
  const input = request.request.input as AgentInputItem[];
  const results: Record<string, string> = {};
  for (const item of input) {
    if (item.type !== "function_call_result") continue;
    const output = item.output as { type: string; text: string };
    results[item.callId] = output.text;
  }
  return results;
}

/** The parameters of each tool as the model was sent them. */
function sentParameters(request: RecordedModelCall): Record<string, unknown> {
  return Object.fromEntries(
    request.request.tools.map((sent) => [
      (sent as { name: string }).name,
      (sent as { parameters: unknown }).parameters,
    ]),
  );
}

const withoutSchemaKeyword = ({ $schema, ...schema }: Record<string, unknown>) => {
  void $schema;
  return schema;
};

describe("OpenAI Agents JS, tools declared in tool() and checked by the guardrail", () => {
  it("the generator read the tools the agent has", () => {
    expect([...validatedToolNames].sort()).toEqual(
      agentTools([])
        .map((t) => t.name)
        .sort(),
    );
  });

  it("tells the model the strict form the generated validator reads, and answers a wrong call with the text", async () => {
    const calendar: CalendarEvent[] = [];
    const model = new ScriptedModel([
      [
        call("get_weather", '{"city":"Lisbon","units":"celsius","days":"3"}', "call_1"),
        call(
          "create_event",
          '{"title":"Standup","start":"2025-05-02T09:00:00Z","duration":15,"attendees":[{"mail":"ana@example.com","optional":null}]}',
          "call_2",
        ),
      ],
      [
        // The model sends null for the optional properties it leaves out, as it was told.
        call("get_weather", '{"city":"Lisbon","unit":null,"days":3}', "call_3"),
        call(
          "create_event",
          '{"title":"Standup","start":"2025-05-02T09:00:00Z","duration_minutes":15,"attendees":[{"email":"ana@example.com","optional":null}]}',
          "call_4",
        ),
      ],
      [assistantMessage("Booked the standup; Lisbon stays clear.")],
    ]);
    const result = await runner.run(agent(model, agentTools(calendar)), "Plan tomorrow");

    expect(result.finalOutput).toBe("Booked the standup; Lisbon stays clear.");
    expect(model.calls).toHaveLength(3);
    // Agents JS sent each declaration in its strict form: the form the guardrail validates with.
    expect(sentParameters(model.calls[0]!)).toEqual({
      get_weather: withoutSchemaKeyword(
        openAIStrict(GetWeatherSchema)["~standard"].jsonSchema.input({ target: "draft-2020-12" }),
      ),
      create_event: withoutSchemaKeyword(
        openAIStrict(CreateEventSchema)["~standard"].jsonSchema.input({ target: "draft-2020-12" }),
      ),
    });
    expect(sentParameters(model.calls[0]!)["get_weather"]).toMatchObject({
      required: ["city", "unit", "days"],
      properties: { unit: { anyOf: [{ type: "string" }, { type: "null" }] } },
    });
    expect(toolResults(model.calls[1]!)).toEqual({
      call_1: [
        "get_weather failed due to the following issues:",
        "An unexpected parameter `units` was provided",
        "The parameter `days` type is expected as `integer` but provided as `string`",
        "Hint: did you mean `unit` instead of `units`?",
        "Hint: `days` is JSON text inside a string; send the number itself",
      ].join("\n"),
      call_2: [
        "create_event failed due to the following issues:",
        "The required parameter `duration_minutes` is missing",
        "The required parameter `attendees[0].email` is missing",
        "An unexpected parameter `attendees[0].mail` was provided",
        "An unexpected parameter `duration` was provided",
        "Hint: did you mean `attendees[0].email` instead of `attendees[0].mail`?",
        "Hint: did you mean `duration_minutes` instead of `duration`?",
      ].join("\n"),
    });
    expect(toolResults(model.calls[2]!)).toMatchObject({
      call_3:
        "Lisbon, day 1: 18 °C, clear\nLisbon, day 2: 19 °C, clear\nLisbon, day 3: 20 °C, clear",
      call_4: 'Created "Standup" at 2025-05-02T09:00:00Z (15 min, 1 attendees)',
    });
    // Only the corrected call reached the calendar, its null read as the key left out.
    expect(calendar).toEqual([
      {
        title: "Standup",
        start: "2025-05-02T09:00:00Z",
        durationMinutes: 15,
        attendees: ["ana@example.com"],
      },
    ]);
  });

  it("a null where the property is required, or inside an element, is an error", async () => {
    const calendar: CalendarEvent[] = [];
    const model = new ScriptedModel([
      [
        call("get_weather", '{"city":null,"unit":null,"days":null}', "call_1"),
        call(
          "create_event",
          '{"title":"x","start":"y","duration_minutes":5,"attendees":[null]}',
          "call_2",
        ),
      ],
      [assistantMessage("ok")],
    ]);
    await runner.run(agent(model, agentTools(calendar)), "go");
    expect(toolResults(model.calls[1]!)).toEqual({
      call_1:
        "get_weather failed due to the following issue:\nThe parameter `city` type is expected as `string` but provided as `null`",
      call_2:
        "create_event failed due to the following issue:\nThe parameter `attendees[0]` type is expected as `object` but provided as `null`",
    });
    expect(calendar).toEqual([]);
  });

  it("fails at start-up for a tool without a generated validator", () => {
    const extra = tool({
      name: "send_email",
      description: "Sends an email.",
      parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
      execute: async () => "sent",
    });
    expect(() => assertValidated([...agentTools([]), extra])).toThrow(
      'The built-in tool "send_email" has no generated validator: the generator did not read its declaration',
    );
  });
});

describe("OpenAI Agents JS, the generated schema as parameters", () => {
  afterEach(() => setSensitiveDataLoggingEnabled(false));

  const script = () =>
    new ScriptedModel([
      [call("create_event", '{"title":"Standup","start":"9:00","duration":15}', "call_1")],
      [
        call(
          "create_event",
          '{"title":"Standup","start":"9:00","duration_minutes":15,"attendees":null}',
          "call_2",
        ),
      ],
      [assistantMessage("done")],
    ]);

  it("tells the model the strict form as it is, runs only the valid call, with its null left out", async () => {
    const calendar: CalendarEvent[] = [];
    const model = script();
    await runner.run(agent(model, [createEventTool(calendar)]), "Plan tomorrow");
    expect(sentParameters(model.calls[0]!)).toEqual({
      create_event: openAIStrict(CreateEventSchema)["~standard"].jsonSchema.input({
        target: "draft-2020-12",
      }),
    });
    expect(calendar).toEqual([
      { title: "Standup", start: "9:00", durationMinutes: 15, attendees: [] },
    ]);
    // By default Agents JS tells the model its own text, not why the call was wrong.
    expect(toolResults(model.calls[1]!)).toEqual({
      call_1: "An error occurred while running the tool. Please try again.",
    });
  });

  it("with Agents JS's sensitive data logging on, the model reads the validator's text", async () => {
    setSensitiveDataLoggingEnabled(true);
    const calendar: CalendarEvent[] = [];
    const model = script();
    await runner.run(agent(model, [createEventTool(calendar)]), "Plan tomorrow");
    expect(toolResults(model.calls[1]!)).toEqual({
      call_1: [
        "create_event failed due to the following issues:",
        "The required parameter `duration_minutes` is missing",
        "An unexpected parameter `duration` was provided",
        "Hint: did you mean `duration_minutes` instead of `duration`?",
      ].join("\n"),
    });
    expect(calendar).toHaveLength(1);
  });
});
