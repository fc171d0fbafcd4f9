import { EXIT_PLAN_MODE_TOOL_NAME } from "../tools/names.js";
import type { PermissionMode, ToolPermission } from "../core/types.js";

export type PermissionDecision = { behavior: "allow" } | { behavior: "deny"; message: string };

/** The host's answer to "may this call run?" (asked only for calls the mode does not settle). */
export type CanUseTool = (
  toolName: string,
  args: Record<string, unknown>,
) => PermissionDecision | Promise<PermissionDecision>;

/** What the permission mode says about a call before anyone is asked. */
export type ModeVerdict = "allow" | "ask" | "deny";

/**
 * The mode's verdict for a tool of this permission class:
 * - "none" tools and bypassPermissions never ask;
 * - plan mode denies "edit" and "ask" tools unless the tool is allowed in plan mode (then asks);
 * - acceptEdits allows "edit" tools;
 * - everything else asks.
 */
export function modeVerdict(
  mode: PermissionMode,
  permission: ToolPermission,
  allowedInPlanMode: boolean,
): ModeVerdict {
  if (permission === "none" || mode === "bypassPermissions") return "allow";
  if (mode === "plan") return allowedInPlanMode ? "ask" : "deny";
  if (mode === "acceptEdits" && permission === "edit") return "allow";
  return "ask";
}

/** Why plan mode refused a call, in words the model can act on. */
export function planModeDenial(toolName: string): string {
  return `${toolName} is not allowed in plan mode: plan mode only reads and plans. Present the plan with ${EXIT_PLAN_MODE_TOOL_NAME} first.`;
}
