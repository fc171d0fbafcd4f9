import { vi } from "vitest";
import { ToolManager } from "../../example/runtime/toolManager.js";

/** The calls of a small recorded log: the mistakes models make, one minute apart. */
export const RECORDED_CALLS: readonly (readonly [string, unknown])[] = [
  ["TaskUpdate", { id: "2", status: "completed" }],
  ["TaskUpdate", { taskId: "2", status: "Done" }],
  ["TaskUpdate", { task_id: "2", status: "Completed" }],
  ["Read", { file_path: "notes.md", offset: "20", limit: "ten" }],
  ["Read", { file_path: "notes.md", offset: null }],
  ["Grep", { pattern: "TODO", outputMode: "count" }],
  ["AskUserQuestion", { questions: '[{"question":"Ship?","header":"Ship","options":[]}]' }],
  [
    "AskUserQuestion",
    {
      questions: [
        {
          question: "Which channel?",
          header: "Channel",
          options: [{ label: "stable" }, { text: "beta" }],
          multiselect: false,
        },
      ],
    },
  ],
  ["Bash", { command: "npm test", run_in_background: "true" }],
  ["TaskUpdate", { id: "3", status: "completed" }],
];

/** The first call's time; each next call is a minute later. */
export const RECORDED_START = Date.UTC(2025, 4, 1, 10, 0, 0);

/**
 * Plays `RECORDED_CALLS` through a real ToolManager that logs to `log`, with the clock set
 * (only `Date` is faked), and closes it.
 */
export async function recordLog(workdir: string, log: string): Promise<void> {
  const tm = new ToolManager({ workdir, validationLog: log });
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    for (const [i, [name, args]] of RECORDED_CALLS.entries()) {
      vi.setSystemTime(RECORDED_START + i * 60_000);
      const result = await tm.executeToolCall({ name, arguments: JSON.stringify(args) });
      if (result.validationIssues === undefined) throw new Error(`${name} did not fail validation`);
    }
  } finally {
    vi.useRealTimers();
    await tm.close();
  }
}
