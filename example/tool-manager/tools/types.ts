// The tool contract of this wave-style agent SDK: a tool plugin carries its OpenAI function
// declaration under `config.function` and runs with `execute`.

export interface ToolContext {
  /** The files the tools read, by path (a stand-in for the file system). */
  readonly files: ReadonlyMap<string, string>;
  /** The task list the tools update, by id. */
  readonly tasks: Map<string, Task>;
}

export interface Task {
  subject: string;
  status: string;
  owner?: string;
  metadata?: Record<string, unknown>;
}

export interface ToolResult {
  success: boolean;
  content: string;
  error?: string;
}

export interface ToolPlugin {
  name: string;
  config: {
    type: "function";
    function: { name: string; description: string; parameters?: Record<string, unknown> };
  };
  execute(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult>;
}
