// Realistic tool calls per built-in tool, written by hand: valid ones (optional keys present and
// absent) and invalid ones, each with the issue codes the generated validator must report (in
// its order). Every entry goes through JSON.parse, as a model's arguments do.

export type IssueCode = "missing" | "unexpected" | "invalid_type" | "invalid_enum";

export interface InvalidCall {
  readonly args: unknown;
  /** The codes of the issues, in the order the validator reports them. */
  readonly codes: readonly IssueCode[];
}

export interface ToolCorpus {
  readonly valid: readonly unknown[];
  readonly invalid: readonly InvalidCall[];
}

const M = "missing";
const U = "unexpected";
const T = "invalid_type";
const E = "invalid_enum";

function bad(args: unknown, ...codes: IssueCode[]): InvalidCall {
  return { args, codes };
}

const RAW: Record<string, ToolCorpus> = {
  Bash: {
    valid: [
      { command: "npm test" },
      { command: "git status --short", description: "Show working tree status" },
      { command: "npm run build", timeout: 300000, description: "Build the project" },
      { command: "npm run dev", run_in_background: true, description: "Start the dev server" },
    ],
    invalid: [
      bad({}, M),
      bad({ cmd: "ls -la" }, M, U),
      bad({ command: "sleep 5", timeout: "20" }, T),
      bad({ command: ["ls"], run_in_background: "yes" }, T, T),
      bad([], T),
    ],
  },
  TaskStop: {
    valid: [{ task_id: "job_1" }, { task_id: "bash_3f2a9c" }],
    invalid: [bad({}, M), bad({ taskId: "job_1" }, M, U), bad({ task_id: 3 }, T)],
  },
  Read: {
    valid: [
      { file_path: "/repo/src/index.ts" },
      { file_path: "src/app.ts", offset: 120, limit: 80 },
      { file_path: "README.md", limit: 50 },
    ],
    invalid: [
      bad({ path: "src/app.ts" }, M, U),
      bad({ file_path: "src/app.ts", offset: "20" }, T),
      bad({ file_path: null }, T),
      bad({ file_path: "a.ts", offset: 1, limit: 2, lines: "1-20" }, U),
    ],
  },
  Write: {
    valid: [
      { file_path: "src/util/slug.ts", content: "export const slug = (s: string) => s.trim();\n" },
      { file_path: "notes/todo.md", content: "" },
    ],
    invalid: [
      bad({ file_path: "a.txt" }, M),
      bad({ file_path: "a.txt", content: "x", mode: "0644" }, U),
      bad({ file_path: "a.txt", content: 42 }, T),
      bad({ content: { text: "x" } }, M, T),
    ],
  },
  Edit: {
    valid: [
      {
        file_path: "src/app.ts",
        old_string: "const port = 3000;",
        new_string: "const port = 8080;",
      },
      {
        file_path: "src/names.ts",
        old_string: "userName",
        new_string: "accountName",
        replace_all: true,
      },
    ],
    invalid: [
      bad({ file_path: "src/app.ts", old_string: "a" }, M),
      bad({ file_path: "src/app.ts", old_string: "a", new_string: "b", replace_all: "true" }, T),
      bad({ file_path: "src/app.ts", old_string: "a", new_string: "b", all: true }, U),
      bad({ path: "src/app.ts", old: "a", new: "b" }, M, M, M, U, U, U),
    ],
  },
  Glob: {
    valid: [
      { pattern: "**/*.ts" },
      { pattern: "src/**/*.test.ts", path: "packages/core" },
      { pattern: "*.json", limit: 20 },
    ],
    invalid: [bad({}, M), bad({ pattern: ["*.ts"] }, T), bad({ pattern: "*", recursive: true }, U)],
  },
  Grep: {
    valid: [
      { pattern: "TODO" },
      {
        pattern: "function\\s+\\w+",
        path: "src",
        glob: "*.ts",
        output_mode: "content",
        "-n": true,
        "-C": 2,
      },
      { pattern: "import", type: "ts", output_mode: "count", head_limit: 50, offset: 0 },
      {
        pattern: "error",
        "-i": true,
        multiline: false,
        "-A": 3,
        "-B": 1,
        context: 2,
        output_mode: "files_with_matches",
      },
    ],
    invalid: [
      bad({ pattern: "TODO", output_mode: "lines" }, E),
      bad({ pattern: "TODO", "-C": "2" }, T),
      bad({ query: "TODO" }, M, U),
      bad({ pattern: "TODO", output_mode: 1 }, T),
      bad({ pattern: "TODO", "-n": "true", context: "3", output_mode: "all" }, T, T, E),
    ],
  },
  LSP: {
    valid: [
      { operation: "goToDefinition", filePath: "src/app.ts", line: 10, character: 5 },
      { operation: "hover", filePath: "/repo/src/db.ts", line: 42, character: 17 },
      { operation: "workspaceSymbol", filePath: "src/index.ts", line: 1, character: 1 },
    ],
    invalid: [
      bad({ operation: "definition", filePath: "a.ts", line: 1, character: 1 }, E),
      bad({ operation: "hover", filePath: "a.ts", line: "10", character: 5 }, T),
      bad({ operation: "hover", filePath: "a.ts" }, M, M),
      bad({ operation: "hover", file: "a.ts", line: 1, character: 1 }, M, U),
    ],
  },
  Agent: {
    valid: [
      {
        description: "Find flaky tests",
        prompt: "Run the test suite three times and list every test that failed at least once.",
        subagent_type: "general-purpose",
      },
      {
        description: "Audit dependencies",
        prompt: "List outdated dependencies and the breaking changes of each major upgrade.",
        subagent_type: "researcher",
        run_in_background: true,
      },
    ],
    invalid: [
      bad({ description: "x", subagent_type: "general-purpose" }, M),
      bad({ description: "x", prompt: "y", subagent_type: "z", model: "fast" }, U),
      bad({ description: "x", prompt: "y", subagent_type: "z", run_in_background: "true" }, T),
    ],
  },
  Skill: {
    valid: [{ skill_name: "release-notes" }, { skill_name: "pdf", args: "report.pdf --pages 1-3" }],
    invalid: [bad({ name: "pdf" }, M, U), bad({ skill_name: "pdf", args: ["report.pdf"] }, T)],
  },
  AskUserQuestion: {
    valid: [
      {
        questions: [
          {
            question: "Which database should the service use?",
            header: "Database",
            options: [
              { label: "PostgreSQL", description: "Relational, already used by billing" },
              { label: "SQLite" },
            ],
          },
        ],
      },
      {
        questions: [
          {
            question: "Which features should be in the first release?",
            header: "Scope",
            multiSelect: true,
            options: [
              { label: "Search", description: "Full-text search over notes" },
              { label: "Sharing", description: "Share a note by link" },
              { label: "Export", description: "Markdown and PDF export" },
            ],
          },
          {
            question: "How should errors be reported?",
            header: "Errors",
            options: [{ label: "Toast" }, { label: "Inline", description: "Next to the field" }],
          },
        ],
        metadata: { source: "planning" },
      },
      {
        questions: [
          {
            question: "Keep the old API?",
            header: "API",
            options: [{ label: "Yes" }, { label: "No" }],
            multiSelect: false,
          },
        ],
        answers: { "Keep the old API?": "Yes" },
      },
    ],
    invalid: [
      bad({}, M),
      bad(
        {
          questions: [
            {
              question: "Which database?",
              header: "Database",
              options: [{ label: "PostgreSQL" }, { description: "No label" }],
            },
          ],
        },
        M,
      ),
      bad(
        {
          questions: [
            {
              question: "Which database?",
              header: "Database",
              options: [{ label: "PostgreSQL" }, { label: 2 }],
            },
          ],
        },
        T,
      ),
      bad(
        {
          questions: [
            {
              question: "Which colour?",
              header: "Colour",
              colour: "blue",
              options: [{ label: "Blue" }, { label: "Red" }],
            },
          ],
        },
        U,
      ),
      bad({ questions: { question: "Which database?" } }, T),
      bad(
        {
          questions: [{ question: "Q?", header: "H", options: [{ label: "A" }, { label: "B" }] }],
          answers: { "Q?": 1 },
          metadata: { source: "x", extra: true },
        },
        U,
        T,
      ),
      bad(
        {
          questions: [
            { question: 1, options: "A or B", multiSelect: "no" },
            { header: "H", options: [{ label: "A" }, "B"] },
          ],
        },
        M,
        M,
        T,
        T,
        T,
        T,
      ),
    ],
  },
  TaskCreate: {
    valid: [
      { subject: "Add input validation", description: "Validate every tool call's arguments." },
      {
        subject: "Write the migration",
        description: "Add the accounts table and backfill it.",
        activeForm: "Writing the migration",
      },
      {
        subject: "Benchmark the validators",
        description: "Compare with other validators.",
        metadata: { priority: "high", estimate: 3, tags: ["perf"] },
      },
    ],
    invalid: [
      bad({ subject: "x" }, M),
      bad({ subject: "x", description: "y", metadata: "high" }, T),
      bad({ title: "x", description: "y" }, M, U),
      bad({ subject: "x", description: "y", metadata: [] }, T),
    ],
  },
  TaskGet: {
    valid: [{ taskId: "3" }, { taskId: "task_12" }],
    invalid: [bad({ id: "3" }, M, U), bad({ taskId: 3 }, T)],
  },
  TaskUpdate: {
    valid: [
      { taskId: "2", status: "completed" },
      { taskId: "1", status: "in_progress", activeForm: "Writing the parser" },
      {
        taskId: "5",
        subject: "Ship the release",
        description: "Tag, build and publish.",
        owner: "release-agent",
        addBlocks: ["6", "7"],
        addBlockedBy: ["1"],
        metadata: { reviewed: true, reviewer: null },
      },
    ],
    invalid: [
      bad({ id: "2", status: "completed" }, M, U),
      bad({ taskId: "2", status: "done" }, E),
      bad({ taskId: "2", addBlocks: [1, "2"] }, T),
      bad({ taskId: "2", addBlockedBy: "1" }, T),
      bad({ taskId: 2, status: "finished", owner: null }, T, T, E),
    ],
  },
  TaskList: {
    valid: [{}],
    invalid: [bad({ status: "pending" }, U), bad([], T), bad("all", T)],
  },
  CronCreate: {
    valid: [
      { cron: "*/5 * * * *", prompt: "Check the deploy status and report failures." },
      { cron: "0 9 * * 1", prompt: "Summarise last week's merged PRs.", recurring: true },
      { cron: "30 17 24 12 *", prompt: "Remind me to stop.", recurring: false, durable: true },
    ],
    invalid: [
      bad({ cron: "0 9 * * *" }, M),
      bad({ cron: "0 9 * * *", prompt: "x", recurring: "no" }, T),
      bad({ schedule: "0 9 * * *", prompt: "x" }, M, U),
    ],
  },
  CronList: {
    valid: [{}],
    invalid: [bad({ id: "cron_1" }, U), bad({ all: true, verbose: 1 }, U, U), bad(null, T)],
  },
  CronDelete: {
    valid: [{ id: "cron_1" }],
    invalid: [bad({}, M), bad({ id: 1 }, T), bad({ job_id: "cron_1" }, M, U)],
  },
  WebFetch: {
    valid: [
      { url: "https://example.com/docs/getting-started", prompt: "Summarise the install steps." },
      // `format: uri` is declared but not enforced: this call is accepted.
      { url: "example.com/page", prompt: "" },
    ],
    invalid: [
      bad({ url: "https://example.com" }, M),
      bad({ url: "https://example.com", prompt: "x", timeout: 30 }, U),
      bad({ url: null, prompt: "x" }, T),
    ],
  },
  EnterWorktree: {
    valid: [{}, { name: "feature-login" }],
    invalid: [bad({ name: 42 }, T), bad({ branch: "main" }, U)],
  },
  ExitWorktree: {
    valid: [{ action: "keep" }, { action: "remove", discard_changes: true }],
    invalid: [
      bad({ action: "delete" }, E),
      bad({}, M),
      bad({ action: "remove", discard_changes: "yes" }, T),
    ],
  },
  EnterPlanMode: {
    valid: [{}],
    invalid: [bad({ plan: "x" }, U), bad(null, T)],
  },
  ExitPlanMode: {
    valid: [{}],
    invalid: [bad({ plan: "1. Parse\n2. Validate" }, U), bad("done", T)],
  },
  Workflow: {
    valid: [
      {},
      { script: "step('build'); step('test');" },
      { scriptPath: "flows/release.js", args: { version: "1.2.0", dryRun: true } },
      { resumeFromRunId: "run_42", args: [1, 2, 3] },
      { script: "step('x')", args: null },
    ],
    invalid: [bad({ script: 1 }, T), bad({ file: "flows/release.js" }, U), bad("run", T)],
  },
  Artifact: {
    valid: [
      { file_path: "out/report.html" },
      {
        file_path: "out/chart.svg",
        label: "Weekly signups",
        favicon: "📈",
        url: "http://localhost:3000/chart",
        force: true,
      },
    ],
    invalid: [
      bad({ label: "Report" }, M),
      bad({ file_path: "out/report.html", force: "yes" }, T),
      bad({ file_path: "out/report.html", title: "Report" }, U),
    ],
  },
};

/** The corpus of a tool, every call freshly parsed from JSON text. */
export function corpusFor(toolName: string): ToolCorpus {
  const raw = RAW[toolName];
  if (!raw) throw new Error(`the benchmark has no corpus for the tool ${toolName}`);
  return {
    valid: raw.valid.map(fromJson),
    invalid: raw.invalid.map((entry) => ({ args: fromJson(entry.args), codes: entry.codes })),
  };
}

/** Tool names that have a corpus (to catch a tool added without one). */
export const corpusToolNames: readonly string[] = Object.keys(RAW);

function fromJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
