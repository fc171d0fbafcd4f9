// Synthetic tool code bases for the generator's scaling figures: files of the shape real agent
// code bases use (exported const tool objects with config.function.parameters, names imported
// from a constants module, shared property schemas imported and spread, template-literal
// descriptions, quoted keys, `as const`, nested arrays of objects, enums).
import fs from "node:fs/promises";
import path from "node:path";

/** Tools per file, as real code bases group related tools (task.ts holds four). */
const TOOLS_PER_FILE = 5;

/**
 * Writes `count` tools into `dir/tools/` (plus `names.ts` and `common.ts`). Returns the number
 * of files written. The content depends on `count` only, so runs are repeatable.
 */
export async function writeSyntheticTools(dir: string, count: number): Promise<number> {
  const toolsDir = path.join(dir, "tools");
  await fs.mkdir(toolsDir, { recursive: true });
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push(`export const ${constName(i)} = "${toolName(i)}";`);
  await fs.writeFile(path.join(toolsDir, "names.ts"), `${names.join("\n")}\n`);
  await fs.writeFile(path.join(toolsDir, "common.ts"), COMMON);
  let files = 2;
  for (let start = 0; start < count; start += TOOLS_PER_FILE) {
    const indexes: number[] = [];
    for (let i = start; i < Math.min(count, start + TOOLS_PER_FILE); i++) indexes.push(i);
    const imports = indexes.map(constName).join(", ");
    const body = indexes.map(toolSource).join("\n");
    const text =
      `import type { ToolPlugin } from "./common.js";\n` +
      `import { FILE_PATH, LIMIT, PAGING, MAX_ITEMS } from "./common.js";\n` +
      `import { ${imports} } from "./names.js";\n\n${body}`;
    await fs.writeFile(
      path.join(toolsDir, `group${String(start / TOOLS_PER_FILE).padStart(4, "0")}.ts`),
      text,
    );
    files++;
  }
  return files;
}

const COMMON = `export interface ToolPlugin {
  name: string;
  config: { type: "function"; function: { name: string; description: string; parameters?: object } };
  execute: (args: Record<string, unknown>) => Promise<{ success: boolean; content: string }>;
}

export const MAX_ITEMS = 50;

export const FILE_PATH = {
  type: "string",
  description: "The file: absolute, or relative to the working directory.",
} as const;

export const LIMIT = { type: "number", description: "The most entries to return." } as const;

export const PAGING = {
  offset: { type: "number", description: "Skip this many entries first." },
  head_limit: { type: "number", description: "The most entries to return (0 for no limit)." },
} as const;
`;

function toolName(i: number): string {
  return `SyntheticTool${i}`;
}

function constName(i: number): string {
  return `SYNTHETIC_TOOL_${i}_NAME`;
}

/** One tool; the schema's shape cycles through five kinds, from flat to nested. */
function toolSource(i: number): string {
  const name = constName(i);
  return `export const syntheticTool${i}: ToolPlugin = {
  name: ${name},
  config: {
    type: "function" as const,
    function: {
      name: ${name},
      description: \`Synthetic tool ${i}: returns at most \${MAX_ITEMS} items.\`,
      parameters: ${PARAMETERS[i % PARAMETERS.length]!(i)},
    },
  },
  execute: async (args) => ({ success: true, content: JSON.stringify(args) }),
};
`;
}

const PARAMETERS: ((i: number) => string)[] = [
  // Flat, like Read.
  (i) => `{
        type: "object",
        properties: {
          file_path: FILE_PATH,
          offset: { type: "number", description: "The line to start from (${i})." },
          limit: LIMIT,
        },
        required: ["file_path"],
      }`,
  // Enum and arrays, like TaskUpdate.
  (i) => `{
        type: "object",
        properties: {
          id: { type: "string", description: "The id of item ${i}." },
          status: { type: "string", enum: ["pending", "in_progress", "completed", "deleted"] },
          tags: { type: "array", items: { type: "string" }, maxItems: 10 },
          owner: { type: ["string", "null"], description: "Who owns it." },
          metadata: { type: "object", description: "Free key/value data." },
        },
        required: ["id"],
      }`,
  // Quoted keys and a spread of shared properties, like Grep.
  (i) => `{
        type: "object",
        properties: {
          pattern: { type: "string", description: "What to look for (${i})." },
          output_mode: { type: "string", enum: ["content", "files_with_matches", "count"] },
          "-A": { type: "number" },
          "-B": { type: "number" },
          "-i": { type: "boolean" },
          ...PAGING,
        },
        required: ["pattern"],
        additionalProperties: false,
      }`,
  // Nested arrays of objects, like AskUserQuestion.
  (i) => `{
        type: "object",
        properties: {
          questions: {
            type: "array",
            minItems: 1,
            items: {
              type: "object",
              properties: {
                question: { type: "string", description: "Question ${i}." },
                header: { type: "string", maxLength: 12 },
                options: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: {
                      label: { type: "string" },
                      description: { type: "string" },
                    },
                    required: ["label"],
                  },
                },
                multiSelect: { type: "boolean", default: false },
              },
              required: ["question", "header", "options"],
            },
          },
          answers: { type: "object", additionalProperties: { type: "string" } },
        },
        required: ["questions"],
      }`,
  // Nullable and nested objects, OpenAPI style.
  (i) => `{
        type: "object",
        properties: {
          url: { type: "string", format: "uri", description: "The address (${i})." },
          retries: { type: "integer", nullable: true },
          headers: { type: "object", additionalProperties: { type: "string" } },
          options: {
            type: "object",
            properties: {
              follow: { type: "boolean" },
              mode: { type: "string", enum: ["fast", "safe"] },
            },
          },
        },
        required: ["url"],
      } satisfies object`,
];
