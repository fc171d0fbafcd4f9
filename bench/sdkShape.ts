// A synthetic code base of the shape of a real agent SDK (wave-agent's packages/agent-sdk: 25
// built-in tools in 23 files of src/tools, about 250 KB, importing 157 files): each tool file
// imports a handful of the SDK's 150 helper modules (utils, services, managers, types) and the
// tool names from src/constants/tools.ts, declares its tools as `ToolPlugin` objects with
// config.function.parameters, long descriptions and prompts, and has a long `execute` body that
// reads its arguments and calls the helpers with single values (never the arguments object, so
// the reader follows no helper: as on the real SDK, it reads the tool files and the constants,
// and the imported modules only as far as a name needs). Deterministic: the same files every time.
import fs from "node:fs/promises";
import path from "node:path";

/** Tools in this many files: two files hold two tools each, as task and cron files do. */
const TOOL_FILES = 23;
const TOOLS = 25;
/** The helper modules, spread over these folders. */
const HELPERS = 150;
const HELPER_FOLDERS = ["utils", "services", "managers", "types"] as const;
/** Helper modules each tool file imports (every helper is imported by some tool file). */
const IMPORTS_PER_FILE = 8;

export interface SdkShape {
  readonly tools: number;
  /** Every file written (tools, constants, helpers, package.json, tsconfig.json). */
  readonly files: number;
  /** The glob of the tool files, relative to the folder written. */
  readonly glob: string;
  /**
   * A one-tool edit: a text in one tool file (relative to the folder written) whose change
   * changes that tool's validator module alone (a property's description).
   */
  readonly edit: { readonly file: string; readonly text: string };
}

/** Writes the SDK-shaped code base into `dir` (which must not hold one already). */
export async function writeSdkShapedTools(dir: string): Promise<SdkShape> {
  const src = path.join(dir, "src");
  for (const folder of ["tools", "constants", ...HELPER_FOLDERS])
    await fs.mkdir(path.join(src, folder), { recursive: true });
  let files = 0;
  const write = async (file: string, text: string) => {
    await fs.writeFile(path.join(dir, file), text);
    files++;
  };
  await write(
    "package.json",
    `${JSON.stringify({ name: "sdk-shaped", private: true, type: "module" }, null, 2)}\n`,
  );
  await write(
    "tsconfig.json",
    `${JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "nodenext", strict: true, target: "ES2020" }, include: ["src"] }, null, 2)}\n`,
  );
  const names = Array.from(
    { length: TOOLS },
    (_, i) => `export const ${constName(i)} = "${toolName(i)}";`,
  );
  await write("src/constants/tools.ts", `${names.join("\n")}\n`);
  await write("src/tools/types.ts", TYPES);
  for (let h = 0; h < HELPERS; h++) await write(helperPath(h), helperSource(h));
  let tool = 0;
  for (let f = 0; f < TOOL_FILES; f++) {
    const count = f < TOOLS - TOOL_FILES ? 2 : 1;
    const indexes = Array.from({ length: count }, () => tool++);
    await write(`src/tools/tool${String(f).padStart(2, "0")}.ts`, toolFileSource(f, indexes));
  }
  return {
    tools: TOOLS,
    files,
    glob: "src/tools/tool*.ts",
    edit: { file: "src/tools/tool05.ts", text: "Questions to ask the user" },
  };
}

function toolName(i: number): string {
  return `SdkTool${i}`;
}

function constName(i: number): string {
  return `SDK_TOOL_${i}_NAME`;
}

function helperFolder(h: number): string {
  return HELPER_FOLDERS[h % HELPER_FOLDERS.length]!;
}

function helperPath(h: number): string {
  return `src/${helperFolder(h)}/helper${String(h).padStart(3, "0")}.ts`;
}

const TYPES = `export interface ToolContext {
  workdir: string;
  abortSignal?: AbortSignal;
  permissionMode?: "default" | "plan" | "bypass";
}

export interface ToolResult {
  success: boolean;
  content: string;
  error?: string;
  shortResult?: string;
}

export interface ToolPlugin {
  name: string;
  config: {
    type: "function";
    function: { name: string; description: string; parameters?: Record<string, unknown> };
  };
  prompt?: () => string;
  execute: (args: Record<string, unknown>, context: ToolContext) => Promise<ToolResult>;
}
`;

/** A helper module of about 1.6 KB: a few functions, a class, an interface. */
function helperSource(h: number): string {
  return `import { readFile } from "node:fs/promises";
import path from "node:path";

/** Options of helper ${h}. */
export interface Helper${h}Options {
  readonly limit?: number;
  readonly encoding?: BufferEncoding;
  readonly label?: string;
}

/** The default limit of helper ${h}. */
export const HELPER_${h}_LIMIT = ${100 + h};

/**
 * Resolves a path the way helper ${h} expects it: relative to the working folder, with the
 * user's home folder expanded.
 */
export function helper${h}(value: string, workdir: string): string {
  const expanded = value.startsWith("~/") ? path.join(process.env.HOME ?? "", value.slice(2)) : value;
  return path.isAbsolute(expanded) ? expanded : path.resolve(workdir, expanded);
}

/** Reads a file for helper ${h}, at most \`limit\` lines. */
export async function readLines${h}(file: string, options: Helper${h}Options = {}): Promise<string[]> {
  const text = await readFile(file, options.encoding ?? "utf8");
  const lines = text.split("\\n");
  return lines.slice(0, options.limit ?? HELPER_${h}_LIMIT);
}

/** Keeps counts for helper ${h}. */
export class Counter${h} {
  #counts = new Map<string, number>();

  add(key: string, by = 1): number {
    const next = (this.#counts.get(key) ?? 0) + by;
    this.#counts.set(key, next);
    return next;
  }

  entries(): [string, number][] {
    return [...this.#counts.entries()].sort((a, b) => b[1] - a[1]);
  }
}
`;
}

/** The helpers a tool file imports: IMPORTS_PER_FILE of them, every helper used by some file. */
function helpersOf(f: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < IMPORTS_PER_FILE; k++) out.push((f * IMPORTS_PER_FILE + k) % HELPERS);
  // The last files also take the helpers the first pass left over.
  for (let h = TOOL_FILES * IMPORTS_PER_FILE + f; h < HELPERS; h += TOOL_FILES) out.push(h);
  return out;
}

function toolFileSource(f: number, indexes: readonly number[]): string {
  const helpers = helpersOf(f);
  const imports = helpers
    .map(
      (h) =>
        `import { helper${h}, readLines${h}, Counter${h} } from "../${helperPath(h).slice(4, -3)}.js";`,
    )
    .join("\n");
  return `import { stat } from "node:fs/promises";
import type { ToolContext, ToolPlugin, ToolResult } from "./types.js";
${imports}
import { ${indexes.map(constName).join(", ")} } from "../constants/tools.js";

/** The most entries a result lists. */
const MAX_RESULTS = ${50 + f};

${indexes.map((i) => toolSource(i, helpers)).join("\n")}`;
}

/** The required key of each PARAMETERS shape, which execute reads. */
const FIRST_KEYS = ["file_path", "pattern", "questions", "command", "taskId"];

const PARAMETERS: ((i: number) => string)[] = [
  (i) => `{
        type: "object",
        properties: {
          file_path: {
            type: "string",
            description:
              "The absolute path to the file to read (${i}). Relative paths are resolved against the working directory; a path outside it needs permission.",
          },
          offset: {
            type: "number",
            description: "The line number to start reading from. Only provide if the file is too large to read at once.",
          },
          limit: {
            type: "number",
            description: "The number of lines to read. Only provide if the file is too large to read at once.",
          },
        },
        required: ["file_path"],
      }`,
  (i) => `{
        type: "object",
        properties: {
          pattern: {
            type: "string",
            description: "The regular expression pattern to search for in file contents (${i}).",
          },
          path: {
            type: "string",
            description:
              'File or directory to search in. Defaults to the current working directory. IMPORTANT: Omit this field to use the default directory. DO NOT enter "undefined" or "null".',
          },
          output_mode: {
            type: "string",
            enum: ["content", "files_with_matches", "count"],
            description: 'Output mode: "content" shows matching lines, "files_with_matches" shows file paths, "count" shows match counts.',
          },
          "-i": { type: "boolean", description: "Case insensitive search" },
          "-n": { type: "boolean", description: "Show line numbers in output" },
          head_limit: { type: "number", description: "Limit output to the first N lines or entries." },
        },
        required: ["pattern"],
      }`,
  (i) => `{
        type: "object",
        properties: {
          questions: {
            type: "array",
            description: "Questions to ask the user (${i}).",
            items: {
              type: "object",
              properties: {
                question: { type: "string", description: "The complete question to ask the user." },
                header: { type: "string", description: "A very short label displayed as a chip." },
                options: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: {
                      label: { type: "string", description: "The display text for this option." },
                      description: { type: "string", description: "What this option means." },
                    },
                    required: ["label", "description"],
                  },
                },
                multiSelect: { type: "boolean", description: "Allow several options to be selected." },
              },
              required: ["question", "header", "options", "multiSelect"],
            },
          },
        },
        required: ["questions"],
      }`,
  (i) => `{
        type: "object",
        properties: {
          command: { type: "string", description: "The command to execute (${i})." },
          timeout: { type: "number", description: "Optional timeout in milliseconds (max 600000)." },
          description: {
            type: "string",
            description: "Clear, concise description of what this command does in 5-10 words.",
          },
          run_in_background: {
            type: "boolean",
            description: "Set to true to run this command in the background.",
          },
        },
        required: ["command"],
      }`,
  (i) => `{
        type: "object",
        properties: {
          taskId: { type: "string", description: "The ID of the task to update (${i})." },
          status: {
            type: "string",
            enum: ["pending", "in_progress", "completed", "deleted"],
            description: "New status for the task.",
          },
          subject: { type: "string", description: "New subject for the task." },
          addBlocks: { type: "array", items: { type: "string" }, description: "Task IDs that this task blocks." },
          metadata: { type: "object", description: "Metadata keys to merge into the task." },
        },
        required: ["taskId"],
      }`,
];

/** One tool of about 9 KB: schema, prompt and an execute body that reads its arguments. */
function toolSource(i: number, helpers: readonly number[]): string {
  const name = constName(i);
  const [a, b, c] = [helpers[0]!, helpers[1]!, helpers[2]!];
  const steps = helpers
    .map(
      (h, k) => `      // Step ${k + 1}: the entries helper ${h} finds.
      const counter${k} = new Counter${h}();
      const file${k} = helper${h}(String(first), context.workdir);
      try {
        const info${k} = await stat(file${k});
        if (info${k}.isFile()) {
          for (const line of await readLines${h}(file${k}, { limit: MAX_RESULTS })) {
            counter${k}.add(line.trim().slice(0, 40));
          }
        } else if (info${k}.isDirectory()) {
          lines.push(\`\${file${k}}: a directory\`);
        }
      } catch (error) {
        lines.push(\`\${file${k}}: \${error instanceof Error ? error.message : String(error)}\`);
      }
      for (const [key, count] of counter${k}.entries().slice(0, MAX_RESULTS)) {
        lines.push(\`\${count.toString().padStart(6)}  \${key}\`);
      }
`,
    )
    .join("");
  return `/**
 * Tool ${i}: reads, searches and reports, as an SDK's built-in tools do.
 */
export const sdkTool${i}: ToolPlugin = {
  name: ${name},
  config: {
    type: "function",
    function: {
      name: ${name},
      description:
        "Tool ${i} of the SDK-shaped code base: returns at most " + String(${100 + i}) + " entries.",
      parameters: ${PARAMETERS[i % PARAMETERS.length]!(i)},
    },
  },
  prompt: () => \`- Tool ${i} reads files and directories under the working directory
- Results are sorted by how often each entry occurs, at most \${MAX_RESULTS} of them
- Use it when you need counts; use the search tools for matches
- You can call multiple tools in a single response: it is better to call them in parallel.\`,
  execute: async (args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> => {
    const first = args.${FIRST_KEYS[i % FIRST_KEYS.length]} ?? "";
    if (typeof first !== "string" && typeof first !== "object") {
      return { success: false, content: "", error: "${FIRST_KEYS[i % FIRST_KEYS.length]} must be given" };
    }
    const lines: string[] = [];
    const started = Date.now();
    try {
${steps}      const summary = helper${a}(helper${b}(String(first), context.workdir), helper${c}(".", context.workdir));
      return {
        success: true,
        content: lines.join("\\n"),
        shortResult: \`\${lines.length} lines from \${summary} in \${Date.now() - started} ms\`,
      };
    } catch (error) {
      return {
        success: false,
        content: "",
        error: error instanceof Error ? error.message : String(error),
      };
    }
  },
};
`;
}
