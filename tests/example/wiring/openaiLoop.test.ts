// The example agent loop (example/openai-loop, docs/openai-loop.md) driven by a scripted model
// that writes Chat Completions tool_calls: wrong arguments are answered with the validator's
// text in a `tool` message, the handler does not run, and the model recovers on its next reply.
import { describe, expect, it } from "vitest";
import type {
  AssistantMessage,
  ChatMessage,
  ChatModel,
  ChatRequest,
} from "../../../example/openai-loop/chat.js";
import {
  missingValidators,
  validatedToolNames,
} from "../../../example/openai-loop/generated/index.js";
import { toolHandlers, type CalendarEvent } from "../../../example/openai-loop/handlers.js";
import { runAgent } from "../../../example/openai-loop/loop.js";
import { tools } from "../../../example/openai-loop/tools.js";

/** A model that answers with the replies given, in order, and records every request. */
function scriptedModel(replies: readonly AssistantMessage[]): ChatModel & {
  requests: ChatRequest[];
} {
  const requests: ChatRequest[] = [];
  const model = async (request: ChatRequest) => {
    requests.push({ ...request, messages: [...request.messages] });
    const reply = replies[requests.length - 1];
    if (!reply) throw new Error(`no scripted reply for request ${requests.length}`);
    return reply;
  };
  return Object.assign(model, { requests });
}

function calls(...list: [id: string, name: string, args: string][]): AssistantMessage {
  return {
    role: "assistant",
    content: null,
    tool_calls: list.map(([id, name, args]) => ({
      id,
      type: "function",
      function: { name, arguments: args },
    })),
  };
}

describe("the example OpenAI-style agent loop", () => {
  it("the generator read the tools the request lists", () => {
    expect([...validatedToolNames].sort()).toEqual(tools.map((tool) => tool.function.name).sort());
  });

  // #region validators
  it("has a generated validator for every tool the request lists", () => {
    expect(missingValidators(tools.map((tool) => tool.function.name))).toEqual([]);
  });
  // #endregion validators

  it("answers wrong calls with the text, runs no handler, and the model recovers", async () => {
    const calendar: CalendarEvent[] = [];
    const model = scriptedModel([
      // Two calls at once: one misspells a key and sends a number as text, the other is
      // cut off in the middle of its JSON.
      calls(
        ["call_1", "get_weather", '{"city":"Lisbon","units":"celsius","days":"3"}'],
        ["call_2", "create_event", '{"title":"Standup","start":"2025-05-02T09:00'],
      ),
      // It repairs both from the answers.
      calls(
        ["call_3", "get_weather", '{"city":"Lisbon","unit":"celsius","days":3}'],
        [
          "call_4",
          "create_event",
          '{"title":"Standup","start":"2025-05-02T09:00:00Z","duration":15,"attendees":[{"mail":"ana@example.com"}]}',
        ],
      ),
      calls([
        "call_5",
        "create_event",
        '{"title":"Standup","start":"2025-05-02T09:00:00Z","duration_minutes":15,"attendees":[{"email":"ana@example.com"}]}',
      ]),
      { role: "assistant", content: "Booked the standup; Lisbon stays clear for three days." },
    ]);
    const messages = await runAgent([{ role: "user", content: "Plan tomorrow's standup" }], {
      model,
      handlers: toolHandlers(calendar),
    });

    const toolMessages = messages.filter(
      (message): message is Extract<ChatMessage, { role: "tool" }> => message.role === "tool",
    );
    expect(toolMessages).toEqual([
      {
        role: "tool",
        tool_call_id: "call_1",
        content: [
          "get_weather failed due to the following issues:",
          "An unexpected parameter `units` was provided",
          "The parameter `days` type is expected as `integer` but provided as `string`",
          "Hint: did you mean `unit` instead of `units`?",
          "Hint: `days` is JSON text inside a string; send the number itself",
        ].join("\n"),
      },
      {
        role: "tool",
        tool_call_id: "call_2",
        content: expect.stringMatching(
          /^create_event failed: its arguments are not valid JSON \(.+\)$/,
        ) as unknown as string,
      },
      {
        role: "tool",
        tool_call_id: "call_3",
        content:
          "Lisbon, day 1: 18 °C, clear\nLisbon, day 2: 19 °C, clear\nLisbon, day 3: 20 °C, clear",
      },
      {
        role: "tool",
        tool_call_id: "call_4",
        content: [
          "create_event failed due to the following issues:",
          "The required parameter `duration_minutes` is missing",
          "The required parameter `attendees[0].email` is missing",
          // Depth-first: the declared properties' subtrees, then the object's other keys.
          "An unexpected parameter `attendees[0].mail` was provided",
          "An unexpected parameter `duration` was provided",
          "Hint: did you mean `attendees[0].email` instead of `attendees[0].mail`?",
          "Hint: did you mean `duration_minutes` instead of `duration`?",
        ].join("\n"),
      },
      {
        role: "tool",
        tool_call_id: "call_5",
        content: 'Created "Standup" at 2025-05-02T09:00:00Z (15 min, 1 attendees)',
      },
    ]);
    // The model saw each answer before its next reply, and ended the turn.
    expect(model.requests).toHaveLength(4);
    expect(model.requests[1]!.messages.at(-1)).toEqual(toolMessages[1]);
    expect(messages.at(-1)).toEqual({
      role: "assistant",
      content: "Booked the standup; Lisbon stays clear for three days.",
    });
    expect(model.requests[0]!.tools).toBe(tools);
    // Only the valid call reached the calendar.
    expect(calendar).toEqual([
      {
        title: "Standup",
        start: "2025-05-02T09:00:00Z",
        durationMinutes: 15,
        attendees: ["ana@example.com"],
      },
    ]);
  });

  it("answers a call of a tool the loop does not have, and empty arguments as none", async () => {
    const model = scriptedModel([
      calls(["call_1", "send_email", "{}"], ["call_2", "get_weather", ""]),
      { role: "assistant", content: "done" },
    ]);
    const messages = await runAgent([{ role: "user", content: "go" }], {
      model,
      handlers: toolHandlers([]),
    });
    expect(messages.filter((message) => message.role === "tool")).toEqual([
      { role: "tool", tool_call_id: "call_1", content: "Unknown tool: send_email" },
      {
        role: "tool",
        tool_call_id: "call_2",
        content:
          "get_weather failed due to the following issue:\nThe required parameter `city` is missing",
      },
    ]);
  });
});
