import type { ToolResult } from "./types.js";

/** A failed tool result: the model reads `error`, there is no content. */
export function failed(error: string, metadata?: Record<string, unknown>): ToolResult {
  return metadata
    ? { success: false, content: "", error, metadata }
    : { success: false, content: "", error };
}

/** The message of anything thrown (not every thrown value is an Error). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
