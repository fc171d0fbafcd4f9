// The example agent on the Vercel AI SDK (example/ai-sdk, docs/ai-sdk.md), run by the AI SDK
// itself (generateText and streamText, on Node 20 although `ai` declares Node 22) with its own
// mock model: a wrong call never reaches `execute` and the model reads why on its next step, the
// corrected call runs, and the JSON Schema the model is sent is the declaration.
import fs from "node:fs/promises";
import path from "node:path";
import {
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  type FlexibleSchema,
  type ModelMessage,
  type ToolSet,
} from "ai";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertValidators,
  CreateEventSchema,
  formatValidationError,
  GetWeatherSchema,
  hintLine,
  issueLine,
  validatedToolNames,
  validateToolArgs,
  type StandardToolSchemaV1,
} from "../../../example/ai-sdk/generated/index.js";
import {
  agentTools,
  validatedBy,
  weatherTool,
  type CalendarEvent,
} from "../../../example/ai-sdk/tools.js";
import { generate } from "../../../src/pipeline/generate.js";
import { compileSchemas, type CompiledSchemas } from "../../helpers/compile.js";
import { makeTempDir } from "../../helpers/context.js";
import { REPO } from "../../helpers/spawn.js";

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

/** The AI SDK's text for a call `jsonSchema`'s `validate` refused: the error's message, the text. */
function validateError(name: string, input: string): string {
  const value: unknown = JSON.parse(input);
  const text = formatValidationError(name, validateToolArgs(name, value)!);
  return `AI_InvalidToolInputError: Invalid input for tool ${name}: AI_TypeValidationError: Type validation failed: Value: ${JSON.stringify(value)}.\nError message: Error: ${text}`;
}

/** A declaration as the generator read it: its generated schema's JSON Schema, without `$schema`. */
function declaration(schema: StandardToolSchemaV1<unknown>): Record<string, unknown> {
  const { $schema, ...declared } = schema["~standard"].jsonSchema.input({ target: "draft-07" });
  expect($schema).toBe("http://json-schema.org/draft-07/schema#");
  return declared;
}

/** Runs the agent with `generateText` or `streamText`; the model's requests, and its last text. */
async function runAgent(
  run: "generateText" | "streamText",
  tools: ToolSet,
  replies: readonly Reply[],
): Promise<{ text: string; calls: MockLanguageModelV4["doGenerateCalls"] }> {
  const model = scriptedModel(replies);
  const options = { model, tools, prompt: "Plan tomorrow's standup", stopWhen: stepCountIs(5) };
  let text: string;
  if (run === "generateText") text = (await generateText(options)).text;
  else {
    const result = streamText(options);
    await result.consumeStream();
    text = await result.text;
  }
  return { text, calls: run === "generateText" ? model.doGenerateCalls : model.doStreamCalls };
}

/** The JSON Schema each tool was sent with, by name. */
function sentSchemas(
  call: MockLanguageModelV4["doGenerateCalls"][number],
): Record<string, unknown> {
  return Object.fromEntries(
    call.tools!.map((t) => [t.name, t.type === "function" ? t.inputSchema : undefined]),
  );
}

describe("the generator on the AI SDK tool set", () => {
  it("reads the set's jsonSchema() declarations, named by their keys", () => {
    expect([...validatedToolNames]).toEqual(["create_event", "get_weather"]);
    expect(Object.keys(agentTools([])).sort()).toEqual([...validatedToolNames]);
  });

  it("lists a tool given its generated schema as built at run time, with or without the output folder", async () => {
    const settings = { tools: ["tools.ts"], outDir: "generated", shapes: ["ai-sdk"] };
    const inRepository = await generate({
      ...settings,
      cwd: path.join(REPO, "example/ai-sdk"),
      formatter: "none",
    });
    // A copy of the file alone: its ./generated/index.js does not exist there.
    const dir = await makeTempDir("tv-ai-sdk-");
    try {
      await fs.copyFile(path.join(REPO, "example/ai-sdk/tools.ts"), path.join(dir, "tools.ts"));
      const alone = await generate({ ...settings, cwd: dir, formatter: "none" });
      for (const result of [inRepository, alone]) {
        expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        expect(result.tools.map((t) => t.name).sort()).toEqual(["create_event", "get_weather"]);
        expect(result.skipped.map((s) => [s.name, s.skip.kind])).toEqual([
          ["get_weather", "run time"],
        ]);
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the AI SDK with the declared tool set (jsonSchema with validate)", () => {
  it.each(["generateText", "streamText"] as const)(
    "%s: a wrong call does not run, the model reads the text, the corrected call runs",
    async (run) => {
      const calendar: CalendarEvent[] = [];
      const { text, calls } = await runAgent(run, agentTools(calendar), SCRIPT);
      expect(text).toBe("Booked the standup; Lisbon stays clear.");
      expect(calls).toHaveLength(3);

      // What the model was sent: each declaration as it is.
      expect(sentSchemas(calls[0]!)).toEqual({
        get_weather: declaration(GetWeatherSchema),
        create_event: declaration(CreateEventSchema),
      });

      // What the model read back: the AI SDK's words around the validator's text.
      const read = toolResults(calls[1]!.prompt);
      expect(read).toEqual({
        call_1: { type: "error-text", value: validateError("get_weather", WRONG_WEATHER) },
        call_2: { type: "error-text", value: validateError("create_event", WRONG_EVENT) },
      });
      expect((read["call_1"] as { value: string }).value).toContain(
        [
          "get_weather failed due to the following issues:",
          "An unexpected parameter `units` was provided",
          "The parameter `days` type is expected as `integer` but provided as `string`",
          "Hint: did you mean `unit` instead of `units`?",
          "Hint: `days` is JSON text inside a string; send the number itself",
        ].join("\n"),
      );
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

describe("the AI SDK with a generated schema as inputSchema (Standard Schema)", () => {
  const script: readonly Reply[] = [
    { calls: [["call_1", "get_weather", WRONG_WEATHER]] },
    { calls: [["call_2", "get_weather", '{"city":"Lisbon","unit":"celsius","days":3}']] },
    { text: "Lisbon stays clear." },
  ];

  it.each(["generateText", "streamText"] as const)(
    "%s: a wrong call does not run, the model reads the issues, the corrected call runs",
    async (run) => {
      const { text, calls } = await runAgent(run, weatherTool(), script);
      expect(text).toBe("Lisbon stays clear.");
      expect(calls).toHaveLength(3);
      // The generated schema gives the declaration as draft-07, which the AI SDK asks for.
      expect(sentSchemas(calls[0]!)).toEqual({
        get_weather: {
          $schema: "http://json-schema.org/draft-07/schema#",
          ...declaration(GetWeatherSchema),
        },
      });
      // The AI SDK writes the issues as JSON: each `message` is a line of the text, with its hint.
      const read = toolResults(calls[1]!.prompt);
      expect(read).toEqual({
        call_1: { type: "error-text", value: standardSchemaError(GetWeatherSchema, WRONG_WEATHER) },
      });
      const issues = validateToolArgs("get_weather", JSON.parse(WRONG_WEATHER))!;
      const readText = (read["call_1"] as { value: string }).value;
      for (const issue of issues) {
        expect(readText).toContain(JSON.stringify(issueLine(issue)).slice(1, -1));
        const hint = hintLine(issue);
        if (hint) expect(readText).toContain(JSON.stringify(hint).slice(1, -1));
      }
      // The corrected call ran, and only it.
      const { call_2 } = toolResults(calls[2]!.prompt);
      expect({ call_2 }).toEqual({
        call_2: {
          type: "text",
          value:
            "Lisbon, day 1: 18 °C, clear\nLisbon, day 2: 19 °C, clear\nLisbon, day 3: 20 °C, clear",
        },
      });
    },
  );
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
