// The example agent on the Vercel AI SDK (example/ai-sdk, docs/ai-sdk.md), run by the AI SDK
// itself (generateText and streamText, on Node 20 although `ai` declares Node 22) with its own
// mock model: a wrong call never reaches `execute` and the model reads why on its next step, the
// corrected call runs, and the JSON Schema the model is sent is the declaration.
import {
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  type FlexibleSchema,
  type ModelMessage,
} from "ai";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declared, declarations } from "../../../example/ai-sdk/declarations.js";
import {
  assertValidators,
  formatValidationError,
  GetWeatherSchema,
  hintLine,
  issueLine,
  validatedToolNames,
  validateToolArgs,
  type StandardToolSchemaV1,
} from "../../../example/ai-sdk/generated/index.js";
import { agentTools, validatedBy, type CalendarEvent } from "../../../example/ai-sdk/tools.js";
import { compileSchemas, type CompiledSchemas } from "../../helpers/compile.js";

type Call = readonly [id: string, tool: string, input: string];
type Reply = { readonly calls: readonly Call[] } | { readonly text: string };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4["doStream"]>>["stream"] extends ReadableStream<infer P>
    ? P
    : never;

/** A model that answers with the replies given, one per step, by generate or by stream. */
function scriptedModel(replies: readonly Reply[]): MockLanguageModelV4 {
  const finishReason = (reply: Reply) =>
    ({ unified: "calls" in reply ? "tool-calls" : "stop", raw: undefined }) as const;
  const toolCalls = (calls: readonly Call[]) =>
    calls.map(([toolCallId, toolName, input]) => ({
      type: "tool-call" as const,
      toolCallId,
      toolName,
      input,
    }));
  const streamParts = (reply: Reply): StreamPart[] => [
    { type: "stream-start", warnings: [] },
    ...("calls" in reply
      ? toolCalls(reply.calls)
      : [
          { type: "text-start" as const, id: "t" },
          { type: "text-delta" as const, id: "t", delta: reply.text },
          { type: "text-end" as const, id: "t" },
        ]),
    { type: "finish", usage, finishReason: finishReason(reply) },
  ];
  return new MockLanguageModelV4({
    doGenerate: replies.map((reply) => ({
      content:
        "calls" in reply ? toolCalls(reply.calls) : [{ type: "text" as const, text: reply.text }],
      finishReason: finishReason(reply),
      usage,
      warnings: [],
    })),
    doStream: replies.map((reply) => ({
      stream: convertArrayToReadableStream(streamParts(reply)),
    })),
  });
}

/** What each tool call got back, as the model read it on the step after. */
function toolResults(prompt: readonly ModelMessage[]): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content)
      if (part.type === "tool-result") results[part.toolCallId] = part.output;
  }
  return results;
}

const WRONG_WEATHER = '{"city":"Lisbon","units":"celsius","days":"3"}';
const WRONG_EVENT =
  '{"title":"Standup","start":"2025-05-02T09:00:00Z","duration":15,"attendees":[{"mail":"ana@example.com"}]}';
const SCRIPT: readonly Reply[] = [
  {
    calls: [
      ["call_1", "get_weather", WRONG_WEATHER],
      ["call_2", "create_event", WRONG_EVENT],
    ],
  },
  {
    calls: [
      ["call_3", "get_weather", '{"city":"Lisbon","unit":"celsius","days":3}'],
      [
        "call_4",
        "create_event",
        '{"title":"Standup","start":"2025-05-02T09:00:00Z","duration_minutes":15,"attendees":[{"email":"ana@example.com"}]}',
      ],
    ],
  },
  { text: "Booked the standup; Lisbon stays clear." },
];

/** The AI SDK's text for a call its Standard Schema refused: the issues, as JSON. */
function standardSchemaError(schema: StandardToolSchemaV1<unknown>, input: string): string {
  const value: unknown = JSON.parse(input);
  const { issues } = schema["~standard"].validate(value);
  return `AI_InvalidToolInputError: Invalid input for tool ${schema.toolName}: AI_TypeValidationError: Type validation failed: Value: ${JSON.stringify(value)}.\nError message: ${JSON.stringify(issues)}`;
}

describe("the AI SDK with the generated schemas", () => {
  it("the generator read the declarations the tool set is made from", () => {
    expect([...validatedToolNames]).toEqual(declarations.map((d) => d.name).sort());
    expect(Object.keys(agentTools([])).sort()).toEqual([...validatedToolNames]);
  });

  it.each(["generateText", "streamText"] as const)(
    "%s: a wrong call does not run, the model reads why, the corrected call runs",
    async (run) => {
      const calendar: CalendarEvent[] = [];
      const model = scriptedModel(SCRIPT);
      const options = {
        model,
        tools: agentTools(calendar),
        prompt: "Plan tomorrow's standup",
        stopWhen: stepCountIs(5),
      };
      let text: string;
      if (run === "generateText") text = (await generateText(options)).text;
      else {
        const result = streamText(options);
        await result.consumeStream();
        text = await result.text;
      }
      const calls = run === "generateText" ? model.doGenerateCalls : model.doStreamCalls;
      expect(text).toBe("Booked the standup; Lisbon stays clear.");
      expect(calls).toHaveLength(3);

      // What the model was sent: get_weather's generated schema gives the declaration (as
      // draft-07, which the AI SDK asks for); create_event's jsonSchema() is the declaration.
      const sent = Object.fromEntries(
        calls[0]!.tools!.map((t) => [t.name, t.type === "function" ? t.inputSchema : undefined]),
      );
      expect(sent).toEqual({
        get_weather: {
          $schema: "http://json-schema.org/draft-07/schema#",
          ...JSON.parse(JSON.stringify(declared("get_weather").inputSchema)),
        },
        create_event: JSON.parse(JSON.stringify(declared("create_event").inputSchema)),
      });

      // What the model read back: the AI SDK's words around the validator's.
      const read = toolResults(calls[1]!.prompt);
      const eventIssues = validateToolArgs("create_event", JSON.parse(WRONG_EVENT))!;
      expect(read).toEqual({
        call_1: { type: "error-text", value: standardSchemaError(GetWeatherSchema, WRONG_WEATHER) },
        call_2: {
          type: "error-text",
          value: `AI_InvalidToolInputError: Invalid input for tool create_event: AI_TypeValidationError: Type validation failed: Value: ${JSON.stringify(JSON.parse(WRONG_EVENT))}.\nError message: Error: ${formatValidationError("create_event", eventIssues)}`,
        },
      });
      // Each line of the text is there: as it is for create_event, as JSON for get_weather.
      const weatherIssues = validateToolArgs("get_weather", JSON.parse(WRONG_WEATHER))!;
      const weatherText = (read["call_1"] as { value: string }).value;
      for (const issue of weatherIssues) {
        expect(weatherText).toContain(JSON.stringify(issueLine(issue)).slice(1, -1));
        const hint = hintLine(issue);
        if (hint) expect(weatherText).toContain(JSON.stringify(hint).slice(1, -1));
      }
      expect(weatherIssues.map(issueLine)).toEqual([
        "An unexpected parameter `units` was provided",
        "The parameter `days` type is expected as `integer` but provided as `string`",
      ]);
      expect((read["call_2"] as { value: string }).value).toContain(
        [
          "create_event failed due to the following issues:",
          "The required parameter `duration_minutes` is missing",
          "The required parameter `attendees[0].email` is missing",
          "An unexpected parameter `attendees[0].mail` was provided",
          "An unexpected parameter `duration` was provided",
          "Hint: did you mean `attendees[0].email` instead of `attendees[0].mail`?",
          "Hint: did you mean `duration_minutes` instead of `duration`?",
        ].join("\n"),
      );

      // The corrected calls ran, and only they.
      const { call_3, call_4 } = toolResults(calls[2]!.prompt);
      expect({ call_3, call_4 }).toEqual({
        call_3: {
          type: "text",
          value:
            "Lisbon, day 1: 18 °C, clear\nLisbon, day 2: 19 °C, clear\nLisbon, day 3: 20 °C, clear",
        },
        call_4: { type: "text", value: 'Created "Standup" at 2025-05-02T09:00:00Z (15 min)' },
      });
      expect(calendar).toEqual([
        {
          title: "Standup",
          start: "2025-05-02T09:00:00Z",
          durationMinutes: 15,
          attendees: ["ana@example.com"],
        },
      ]);
    },
  );

  it("fails at start-up for a tool of the set without a generated validator", () => {
    const names = [...Object.keys(agentTools([])), "send_email"];
    expect(() => assertValidators(names)).toThrow(
      'The built-in tool "send_email" has no generated validator: the generator did not read its declaration (see the "tools" globs, "excludeTools" and "excludeFiles" of the settings; a tool without parameters gets none: declare `{ type: "object", properties: {} }`), or the generated folder is out of date: regenerate it (the first line of each of its files names the command).',
    );
  });
});

describe("what the AI SDK does to a generated schema it sends", () => {
  let compiled: CompiledSchemas;
  beforeAll(async () => {
    compiled = await compileSchemas(
      [
        {
          name: "tag",
          schema: {
            type: "object",
            properties: { name: { type: "string" }, meta: { type: "object" } },
            required: ["name"],
          },
        },
      ],
      "strict",
    );
  });
  afterAll(() => compiled?.cleanup());

  it("adds additionalProperties: false to every object schema; jsonSchema() sends the declaration as it is", async () => {
    const schema = (compiled.index["toolSchemas"] as Record<string, StandardToolSchemaV1<unknown>>)[
      "tag"
    ]!;
    const declaration = schema["~standard"].jsonSchema.input({ target: "draft-07" });
    const sentBy = async (inputSchema: FlexibleSchema<unknown>) => {
      const model = scriptedModel([{ text: "ok" }]);
      const tag = tool({ inputSchema, execute: async () => "ok" });
      await generateText({ model, prompt: "x", tools: { tag } });
      const sent = model.doGenerateCalls[0]!.tools![0]!;
      return sent.type === "function" ? sent.inputSchema : undefined;
    };
    expect(await sentBy(schema)).toEqual({
      ...declaration,
      properties: {
        name: { type: "string" },
        meta: { type: "object", additionalProperties: false },
      },
      additionalProperties: false,
    });
    expect(
      await sentBy(jsonSchema(declaration as never, { validate: validatedBy(schema) })),
    ).toEqual(declaration);
  });
});
