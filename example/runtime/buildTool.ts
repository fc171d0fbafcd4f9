import type { JsonSchema, PromptContext, ToolPermission, ToolResult } from "../core/types.js";
import type { ToolContext, ToolPlugin } from "../tools/toolPlugin.js";

/** Marks a tool made by `buildTool`: the registry never counts it as built-in. */
export const CUSTOM_TOOL = Symbol.for("tool-validators.customTool");

export type CustomToolPlugin<Args = Record<string, unknown>> = ToolPlugin<Args> & {
  readonly [CUSTOM_TOOL]: true;
};

export interface BuildToolOptions<Args = Record<string, unknown>> {
  name: string;
  /** What the tool does, as the model reads it (replaced by `prompt` when that is given). */
  description: string;
  /** The JSON Schema of each argument, by name. */
  parameters: Record<string, JsonSchema>;
  /** Argument names the model must always give (default none). */
  required?: string[];
  /** Whether (or how) arguments other than `parameters` are accepted (default false). */
  additionalProperties?: boolean | JsonSchema;
  execute(args: Args, context: ToolContext): Promise<ToolResult>;
  /** A description for the model, fixed or built from the context when tools are listed. */
  prompt?: string | ((context: PromptContext) => string);
  /** A short rendering of the arguments for tool-call headers in a UI. */
  formatCompactParams?(args: Args, context: PromptContext): string;
  /** How the permission step treats a call (default "ask"). */
  permission?: ToolPermission;
}

/**
 * Defines a custom tool. Its arguments are not validated by the runtime (the contract belongs to
 * the tool's author); pass it to `new ToolManager({ customTools: [...] })`.
 */
export function buildTool<Args = Record<string, unknown>>(
  options: BuildToolOptions<Args>,
): CustomToolPlugin<Args> {
  const tool: CustomToolPlugin<Args> = {
    [CUSTOM_TOOL]: true,
    name: options.name,
    permission: options.permission ?? "ask",
    config: {
      type: "function",
      function: {
        name: options.name,
        description: options.description,
        parameters: {
          type: "object",
          properties: options.parameters,
          required: options.required ?? [],
          additionalProperties: options.additionalProperties ?? false,
        },
      },
    },
    execute: options.execute,
  };
  if (options.prompt !== undefined) tool.prompt = options.prompt;
  if (options.formatCompactParams) tool.formatCompactParams = options.formatCompactParams;
  return tool;
}

/** True for a tool made by `buildTool`. */
export function isCustomTool(tool: ToolPlugin<unknown>): boolean {
  return (tool as Partial<CustomToolPlugin>)[CUSTOM_TOOL] === true;
}
