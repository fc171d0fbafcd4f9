// The built-in tools declare exactly the parameter shapes of the tool set (names, types,
// required keys, and the keywords that are not enforced but real declarations carry).
import { describe, expect, it } from "vitest";
import { builtinTools } from "../../../example/tools/index.js";
import type { JsonSchema } from "../../../example/types.js";

/** The declaration without its documentation (`description` of schemas, not property names). */
function shape(schema: JsonSchema | undefined): unknown {
  if (schema === undefined || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "description") continue;
    if (key === "properties") {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, sub]) => [
          name,
          shape(sub),
        ]),
      );
    } else if ((key === "items" || key === "additionalProperties") && typeof value === "object") {
      out[key] = shape(value as JsonSchema);
    } else {
      out[key] = value;
    }
  }
  return out;
}

const str = { type: "string" };
const num = { type: "number" };
const bool = { type: "boolean" };

const EXPECTED: Record<string, unknown> = {
  Bash: {
    type: "object",
    properties: { command: str, timeout: num, description: str, run_in_background: bool },
    required: ["command"],
  },
  TaskStop: { type: "object", properties: { task_id: str }, required: ["task_id"] },
  Read: {
    type: "object",
    properties: { file_path: str, offset: num, limit: num },
    required: ["file_path"],
  },
  Write: {
    type: "object",
    properties: { file_path: str, content: str },
    required: ["file_path", "content"],
    additionalProperties: false,
  },
  Edit: {
    type: "object",
    properties: {
      file_path: str,
      old_string: str,
      new_string: str,
      replace_all: { type: "boolean", default: false },
    },
    required: ["file_path", "old_string", "new_string"],
    additionalProperties: false,
  },
  Glob: {
    type: "object",
    properties: { pattern: str, path: str, limit: num },
    required: ["pattern"],
  },
  Grep: {
    type: "object",
    properties: {
      pattern: str,
      path: str,
      glob: str,
      type: str,
      output_mode: { type: "string", enum: ["content", "files_with_matches", "count"] },
      "-B": num,
      "-A": num,
      "-C": num,
      context: num,
      "-n": bool,
      "-i": bool,
      multiline: bool,
      head_limit: num,
      offset: num,
    },
    required: ["pattern"],
  },
  LSP: {
    type: "object",
    properties: {
      operation: {
        type: "string",
        enum: [
          "goToDefinition",
          "findReferences",
          "hover",
          "documentSymbol",
          "workspaceSymbol",
          "goToImplementation",
          "prepareCallHierarchy",
          "incomingCalls",
          "outgoingCalls",
        ],
      },
      filePath: str,
      line: num,
      character: num,
    },
    required: ["operation", "filePath", "line", "character"],
  },
  Agent: {
    type: "object",
    properties: { description: str, prompt: str, subagent_type: str, run_in_background: bool },
    required: ["description", "prompt", "subagent_type"],
  },
  Skill: { type: "object", properties: { skill_name: str, args: str }, required: ["skill_name"] },
  AskUserQuestion: {
    type: "object",
    properties: {
      questions: {
        type: "array",
        minItems: 1,
        maxItems: 4,
        items: {
          type: "object",
          properties: {
            question: str,
            header: { type: "string", maxLength: 12 },
            options: {
              type: "array",
              minItems: 2,
              maxItems: 4,
              items: {
                type: "object",
                properties: { label: str, description: str },
                required: ["label"],
              },
            },
            multiSelect: { type: "boolean", default: false },
          },
          required: ["question", "header", "options"],
        },
      },
      answers: { type: "object", additionalProperties: str },
      metadata: { type: "object", properties: { source: str } },
    },
    required: ["questions"],
  },
  TaskCreate: {
    type: "object",
    properties: { subject: str, description: str, activeForm: str, metadata: { type: "object" } },
    required: ["subject", "description"],
  },
  TaskGet: { type: "object", properties: { taskId: str }, required: ["taskId"] },
  TaskUpdate: {
    type: "object",
    properties: {
      taskId: str,
      subject: str,
      description: str,
      activeForm: str,
      status: { type: "string", enum: ["pending", "in_progress", "completed", "deleted"] },
      addBlocks: { type: "array", items: str },
      addBlockedBy: { type: "array", items: str },
      owner: str,
      metadata: { type: "object" },
    },
    required: ["taskId"],
  },
  TaskList: { type: "object", properties: {} },
  CronCreate: {
    type: "object",
    properties: {
      cron: str,
      prompt: str,
      recurring: { type: "boolean", default: true },
      durable: { type: "boolean", default: false },
    },
    required: ["cron", "prompt"],
  },
  CronDelete: { type: "object", properties: { id: str }, required: ["id"] },
  CronList: { type: "object", properties: {} },
  WebFetch: {
    type: "object",
    properties: { url: { type: "string", format: "uri" }, prompt: str },
    required: ["url", "prompt"],
    additionalProperties: false,
  },
  EnterWorktree: { type: "object", properties: { name: str } },
  ExitWorktree: {
    type: "object",
    properties: { action: { type: "string", enum: ["keep", "remove"] }, discard_changes: bool },
    required: ["action"],
  },
  EnterPlanMode: { type: "object", properties: {}, required: [], additionalProperties: false },
  ExitPlanMode: { type: "object", properties: {}, required: [], additionalProperties: false },
  Workflow: {
    type: "object",
    properties: { script: str, scriptPath: str, resumeFromRunId: str, args: {} },
    required: [],
  },
  Artifact: {
    type: "object",
    properties: { file_path: str, favicon: str, label: str, url: str, force: bool },
    required: ["file_path"],
  },
};

describe("built-in tool declarations", () => {
  it("are the 25 tools of the tool set, each named consistently", () => {
    expect(builtinTools.map((t) => t.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const tool of builtinTools) expect(tool.config.function.name).toBe(tool.name);
  });

  it.each(Object.entries(EXPECTED))("%s declares the expected parameters", (name, expected) => {
    const tool = builtinTools.find((t) => t.name === name)!;
    const actual = shape(tool.config.function.parameters) as Record<string, unknown> | undefined;
    if (expected === undefined) return expect(actual).toBeUndefined();
    // Property order is the author's; compare by key.
    expect(actual).toEqual(expected);
  });

  it("describes every parameter for the model", () => {
    const undocumented: string[] = [];
    const walk = (schema: JsonSchema, at: string) => {
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (typeof sub.description !== "string" || sub.description.length < 8)
          undocumented.push(`${at}${key}`);
        if (sub.items && !Array.isArray(sub.items)) walk(sub.items as JsonSchema, `${at}${key}[].`);
        walk(sub, `${at}${key}.`);
      }
    };
    for (const tool of builtinTools)
      if (tool.config.function.parameters) walk(tool.config.function.parameters, `${tool.name}: `);
    expect(undocumented).toEqual([]);
  });
});
