import { failed } from "../../core/results.js";
import type { ToolResult } from "../../core/types.js";

/** The result of a tool whose host has not provided the service it needs (see HostServices). */
export function hostServiceMissing(toolName: string, service: string): ToolResult {
  return failed(`${toolName} is not available: the host has not provided ${service}.`);
}
