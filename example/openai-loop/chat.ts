// The part of the OpenAI Chat Completions API an agent loop uses (the same shapes as the
// `openai` package's ChatCompletionTool, ChatCompletionMessageToolCall and message params),
// written out so that the example needs no SDK: a model is anything that answers a request.

/** A tool as the request lists it: `{ type: "function", function: { name, parameters } }`. */
export interface ChatTool {
  readonly type: "function";
  readonly function: {
    readonly name: string;
    readonly description?: string;
    readonly parameters?: Readonly<Record<string, unknown>>;
  };
}

/** A call the model asks for; `arguments` is JSON text the model wrote. */
export interface ToolCall {
  readonly id: string;
  readonly type: "function";
  readonly function: { readonly name: string; readonly arguments: string };
}

export interface AssistantMessage {
  readonly role: "assistant";
  readonly content: string | null;
  readonly tool_calls?: readonly ToolCall[];
}

export type ChatMessage =
  | { readonly role: "system" | "user"; readonly content: string }
  | AssistantMessage
  | { readonly role: "tool"; readonly tool_call_id: string; readonly content: string };

export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools: readonly ChatTool[];
}

/**
 * One completion: with the `openai` package,
 * `(request) => client.chat.completions.create({ model, ...request }).then((r) => r.choices[0].message)`.
 */
export type ChatModel = (request: ChatRequest) => Promise<AssistantMessage>;
