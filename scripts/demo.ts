// `npm run demo`: a scripted model transcript played through the real runtime. The model makes
// the mistakes models make (a missing key, a misspelt key, "20" for a number, an unknown enum
// value, nested mistakes), reads the exact messages, and corrects itself. Every failed
// validation goes to a validation log, summarised at the end as `npm run report` does. Then
// the tutorial's order query, generated twice: by default (its pattern and bounds listed as not
// enforced) and with `enforce`. Exits 1 if any step does not turn out as the script expects, so
// it doubles as a smoke test.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { summariseLogs, summaryText } from "../src/failures/index.js";
import { generateFromSchemas } from "../src/pipeline/generate.js";
import { coverageLines } from "../src/run/messages.js";
import { ToolManager } from "../example/index.js";
import type { ValidationIssue } from "../generated/types.js";

interface Step {
  /** What the model is trying to do. */
  note: string;
  name: string;
  args: unknown;
  expect: "ok" | "invalid";
}

const steps: Step[] = [
  {
    note: "The model plans its work.",
    name: "TaskCreate",
    args: { subject: "Write the release notes", description: "Summarise the changes since 1.2" },
    expect: "ok",
  },
  {
    note: "",
    name: "TaskCreate",
    args: { subject: "Tag the release", description: "Create the v1.3 tag" },
    expect: "ok",
  },
  {
    note: "It marks task 2 done, but calls the key `id`.",
    name: "TaskUpdate",
    args: { id: "2", status: "completed" },
    expect: "invalid",
  },
  {
    note: "It fixes the key, and guesses the status value.",
    name: "TaskUpdate",
    args: { taskId: "2", status: "done" },
    expect: "invalid",
  },
  {
    note: "It uses a declared value.",
    name: "TaskUpdate",
    args: { taskId: "2", status: "completed" },
    expect: "ok",
  },
  {
    note: "It writes a file and reads it from line 2, passing the number as a string.",
    name: "Write",
    args: { file_path: "notes.md", content: "# Notes\nline 2\nline 3\n" },
    expect: "ok",
  },
  { note: "", name: "Read", args: { file_path: "notes.md", offset: "2" }, expect: "invalid" },
  { note: "", name: "Read", args: { file_path: "notes.md", offset: 2 }, expect: "ok" },
  {
    note: "It misspells a Grep option.",
    name: "Grep",
    args: { pattern: "line", outputMode: "count" },
    expect: "invalid",
  },
  { note: "", name: "Grep", args: { pattern: "line", output_mode: "count" }, expect: "ok" },
  {
    note: "It asks the person a question, with mistakes deep inside.",
    name: "AskUserQuestion",
    args: {
      questions: [
        {
          question: "Which channel?",
          header: "Channel",
          options: [{ label: "stable" }, { text: "beta" }],
          multiselect: false,
        },
      ],
    },
    expect: "invalid",
  },
  {
    note: "",
    name: "AskUserQuestion",
    args: {
      questions: [
        {
          question: "Which channel?",
          header: "Channel",
          options: [{ label: "stable" }, { label: "beta" }],
        },
      ],
    },
    expect: "ok",
  },
  { note: "It checks the task list.", name: "TaskList", args: {}, expect: "ok" },
];

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : `    ${line}`))
    .join("\n");
}

let surprises = 0;
// The tools work in <temp>/work; the validation log lies beside it, out of the tools' way.
const temp = await fs.mkdtemp(path.join(os.tmpdir(), "tool-validators-demo-"));
const workdir = path.join(temp, "work");
await fs.mkdir(workdir);
const log = path.join(temp, "validation-log.jsonl");
const tm = new ToolManager({
  workdir,
  validationLog: log,
  onValidationLogError: (error) => {
    surprises++;
    console.log(`!! ${error.message}`);
  },
  // The person, scripted: answers every question with its first option.
  host: {
    askUser: async ({ questions }) => ({
      answers: Object.fromEntries(questions.map((q) => [q.question, q.options[0]!.label])),
    }),
  },
});
try {
  for (const step of steps) {
    if (step.note) console.log(`\n# ${step.note}`);
    console.log(`> ${step.name} ${JSON.stringify(step.args)}`);
    const result = await tm.executeToolCall({
      name: step.name,
      arguments: JSON.stringify(step.args),
    });
    // The temporary folder's name changes on every run: show it as <workdir>.
    const text = (result.success ? result.content : (result.error ?? "")).replaceAll(
      workdir,
      "<workdir>",
    );
    console.log(`< ${result.success ? "ok" : "failed"}\n${indent(text)}`);
    const outcome = result.success ? "ok" : result.validationIssues ? "invalid" : "failed";
    if (outcome !== step.expect) {
      surprises++;
      console.log(`!! expected ${step.expect}, got ${outcome}`);
    }
  }
  const tasks = tm.session.tasks
    .list()
    .map((task) => `#${task.id} ${task.subject}: ${task.status}`);
  console.log(`\nTask store after the transcript:\n${indent(tasks.join("\n"))}`);

  // close() writes what is left of the log.
  await tm.close();
  const lines = (await fs.readFile(log, "utf8")).split("\n").filter(Boolean);
  const invalid = steps.filter((step) => step.expect === "invalid").length;
  // Times change on every run: shown as <time>.
  const timeless = (text: string) =>
    text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "<time>");
  console.log(
    `\nThe validation log: ${lines.length} lines, one per failed validation, no argument values:\n${indent(timeless(lines[0] ?? ""))}`,
  );
  const summary = await summariseLogs([log]);
  console.log(
    `\nIts report (npm run report -- <log>):\n${indent(timeless(summaryText(summary).trimEnd()))}`,
  );
  if (lines.length !== invalid || summary.calls !== invalid || summary.badLines.count !== 0) {
    surprises++;
    console.log(
      `!! expected ${invalid} records, got ${lines.length} lines and ${summary.calls} records`,
    );
  }
  await orderQuery();
  console.log(
    surprises === 0
      ? "\nEvery step went as scripted."
      : `\n${surprises} step(s) did not go as scripted.`,
  );
} finally {
  await tm.close();
  await fs.rm(temp, { recursive: true, force: true });
}
process.exitCode = surprises === 0 ? 0 : 1;

/**
 * The tutorial's order query: `customer_id` with a pattern, `limit` between 1 and 20. Generated
 * by default, the three keywords are listed and a call outside them passes; generated with
 * `enforce` (the setting, or `--enforce pattern,minimum,maximum`), the same call fails.
 */
async function orderQuery(): Promise<void> {
  const schema = {
    type: "object",
    properties: {
      customer_id: { type: "string", pattern: "^C[0-9]{4}$" },
      limit: { type: "integer", minimum: 1, maximum: 20 },
    },
    required: ["customer_id"],
  };
  const wrong = { customer_id: "c-17", limit: 25 };
  const right = { customer_id: "C0017", limit: 20 };
  console.log(
    "\n# The tutorial's order query: `customer_id` with a pattern, `limit` from 1 to 20.",
  );
  for (const enforce of [[], ["pattern", "minimum", "maximum"]]) {
    const result = await generateFromSchemas([{ name: "OrderQuery", schema }], {
      enforce,
      outDir: path.join(temp, "order"),
    });
    const coverage = coverageLines(result);
    console.log(
      enforce.length === 0
        ? "# Generated by default, what it declares beyond the default subset is listed:"
        : `\n# Generated with "enforce": ${JSON.stringify(enforce)} (or "all"), nothing is:`,
    );
    console.log(
      indent(coverage.length === 0 ? "(nothing listed as not enforced)" : coverage.join("\n")),
    );
    const folder = path.join(temp, enforce.length === 0 ? "order-default" : "order-enforced");
    await fs.mkdir(folder);
    for (const file of result.output ?? [])
      await fs.writeFile(path.join(folder, file.name), file.content);
    const generated = (await import(pathToFileURL(path.join(folder, "index.ts")).href)) as {
      validateToolArgs(name: string, args: unknown): ValidationIssue[] | undefined;
      formatValidationError(name: string, issues: readonly ValidationIssue[]): string;
    };
    for (const [args, valid] of [
      [wrong, enforce.length === 0],
      [right, true],
    ] as const) {
      console.log(`> OrderQuery ${JSON.stringify(args)}`);
      const issues = generated.validateToolArgs("OrderQuery", args);
      console.log(
        issues === undefined
          ? "< valid"
          : `< failed\n${indent(generated.formatValidationError("OrderQuery", issues))}`,
      );
      if ((issues === undefined) !== valid) {
        surprises++;
        console.log(`!! expected ${valid ? "valid" : "failed"}`);
      }
    }
  }
}
