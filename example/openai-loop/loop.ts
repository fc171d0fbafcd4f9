// An agent loop on the Chat Completions API, as docs/openai-loop.md wires it: the model's
// `tool_calls` are parsed, validated, run, and answered with a `tool` message each; a call
// that fails validation is answered with the validator's text, and the model tries again.
import type { ChatMessage, ChatModel, ToolCall } from "./chat.js";
import type { Handlers } from "./handlers.js";
import { tools } from "./tools.js";
// #region call
import { formatValidationError, validateToolArgs } from "./generated/index.js";
// #endregion call

export interface LoopOptions {
  readonly model: ChatModel;
  readonly handlers: Handlers;
  /** Model replies before the loop gives up (default 10). */
  readonly maxTurns?: number;
}

// #region loop
/** Runs the conversation until the model answers without tool calls; returns every message. */
export async function runAgent(
  messages: readonly ChatMessage[],
  options: LoopOptions,
): Promise<ChatMessage[]> {
  const conversation = [...messages];
  for (let turn = 0; turn < (options.maxTurns ?? 10); turn++) {
    const reply = await options.model({ messages: conversation, tools });
    conversation.push(reply);
    if (!reply.tool_calls?.length) return conversation;
    for (const call of reply.tool_calls) {
      const content = await runToolCall(call, options.handlers);
      conversation.push({ role: "tool", tool_call_id: call.id, content });
    }
  }
  throw new Error(`The model was still calling tools after ${options.maxTurns ?? 10} replies`);
}
// #endregion loop

// #region call
/** One tool call's answer: the tool's result, or what was wrong with the call. */
export async function runToolCall(call: ToolCall, handlers: Handlers): Promise<string> {
  const { name, arguments: text } = call.function;
  if (!Object.hasOwn(handlers, name)) return `Unknown tool: ${name}`;
  let args: unknown;
  try {
    args = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    return `${name} failed: its arguments are not valid JSON (${(error as Error).message})`;
  }
  const issues = validateToolArgs(name, args);
  if (issues) return formatValidationError(name, issues);
  const handler = handlers[name as keyof Handlers] as (args: unknown) => Promise<string>;
  try {
    return await handler(args);
  } catch (error) {
    return `${name} failed: ${(error as Error).message}`;
  }
}
// #endregion call
