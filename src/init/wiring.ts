// What `init` prints for the framework it found: where the validation goes, and the guide's own
// code for it. The code is read from the guide shipped with the package (docs/*.md), the block
// the guide marks as a region of the example the wiring tests run, so init, the guides and the
// examples say one thing; only the import of the output folder is written for the host's file.
import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** The frameworks, by the shapes of their declarations and the host's dependencies. */
export type HostKind =
  "ai-sdk" | "ai-sdk-schema" | "openai-agents" | "mcp-server" | "model-loop" | "tool-manager";

export interface Wiring {
  readonly kind: HostKind;
  /** What the host is, for the command's report. */
  readonly title: string;
  /** The guide's file in this package. */
  readonly guide: string;
  /** The guide's block init prints, as the guide marks it (`<!-- code: file#region -->`). */
  readonly block: string;
  /** Where the code goes, in words. */
  readonly where: string;
  /** What the file the code goes into holds, to find it (a text in it), and its role in words. */
  readonly place: { readonly holds: RegExp; readonly is: string } | "declarations";
  /**
   * Lines to add besides the guide's block, `%SPECIFIER%` the output folder's index, `%SCHEMAS%`
   * the tools' generated schemas; `perTool` once for each tool, `%NAME%` its name (quoted), `%KEY%` as a key and `%SCHEMA%`
   * its schema.
   */
  readonly lines?: {
    readonly imports: string;
    readonly perTool?: string;
    /** Where they go: the files declaring the tools (default), or with the guide's code. */
    readonly withCode?: true;
  };
}

export const WIRINGS: Readonly<Record<HostKind, Wiring>> = {
  "ai-sdk": {
    kind: "ai-sdk",
    title: "the Vercel AI SDK (tools declared with jsonSchema)",
    guide: "docs/ai-sdk.md",
    block: "example/ai-sdk/tools.ts#validatedBy",
    where:
      "each tool's `jsonSchema(declaration)` gets its generated validator as `validate`, which gives the model the validator's text for a wrong call",
    place: "declarations",
    lines: {
      imports:
        "import { formatValidationError, %SCHEMAS%, type StandardToolSchemaV1 } from %SPECIFIER%;",
      perTool:
        "%KEY%: tool({ ..., inputSchema: jsonSchema({...}, { validate: validatedBy(%SCHEMA%) }) }),",
    },
  },
  "ai-sdk-schema": {
    kind: "ai-sdk-schema",
    title: "the Vercel AI SDK (declarations read elsewhere)",
    guide: "docs/ai-sdk.md",
    block: "example/ai-sdk/tools.ts#schemas",
    where: "each tool of the tool set takes its generated schema as `inputSchema`",
    place: { holds: /\btool\(\s*\{/, is: "the AI SDK tool set" },
    lines: { imports: "import { toolSchemas } from %SPECIFIER%;", withCode: true },
  },
  "openai-agents": {
    kind: "openai-agents",
    title: "OpenAI Agents JS",
    guide: "docs/openai-agents.md",
    block: "example/openai-agents/validation.ts#guardrail",
    where:
      "a tool input guardrail checks each call with the tool's generated schema in the strict form Agents JS sends, in a file of its own beside the tools; each `tool({ ... })` gets `inputGuardrails: [validArguments]`",
    place: "declarations",
    lines: {
      imports: 'import { validArguments } from "./validation.js";',
      perTool: "tool({ name: %NAME%, ..., inputGuardrails: [validArguments] }),",
    },
  },
  "mcp-server": {
    kind: "mcp-server",
    title: "an MCP server",
    guide: "docs/mcp-server.md",
    block: "example/mcp-server/server.ts#call",
    where: "the tools/call handler validates before it runs a tool",
    place: {
      holds: /\bCallToolRequestSchema\b/,
      is: "the server's tools/call handler",
    },
  },
  "model-loop": {
    kind: "model-loop",
    title: "an agent loop on a model API (OpenAI-style tool calls)",
    guide: "docs/openai-loop.md",
    block: "example/openai-loop/loop.ts#call",
    where: "the loop validates each tool call after parsing its arguments",
    place: {
      holds: /\btool_calls\b|\btool_use\b|\bfunctionCalls?\b/,
      is: "the loop that runs the model's tool calls",
    },
  },
  "tool-manager": {
    kind: "tool-manager",
    title: "a tool manager of plugin tools (config.function)",
    guide: "docs/tool-manager.md",
    block: "example/tool-manager/managers/toolManager.ts#registry",
    where:
      "the tool manager keeps a validator for each built-in plugin it registers. New lines: the import, the `validators` field, the two after a built-in is registered, and `validateArgs`; the rest shows where they go (adapt it to the manager's own signatures). The guide then adds the check to `execute`, before the PreToolUse hooks and in forked loops",
    place: {
      holds: /\bclass\s+\w*ToolManager\b|\bToolManager\s*=/,
      is: "the tool manager (the class that registers and runs the tools)",
    },
  },
};

/** A block of a guide: the section it is in, and its code. */
export interface GuideBlock {
  /** The heading of the section holding it, as written (`3. \`tools/call\`: validate first`). */
  readonly section: string;
  readonly code: string;
}

/** The package's folder: docs/ is beside src/ here, and beside dist/ in the installed package. */
const PACKAGE_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The block of `guide` marked as `block`, read from the package's own docs/. */
export function guideBlock(guide: string, block: string): GuideBlock {
  const lines = fs.readFileSync(`${PACKAGE_ROOT}${guide}`, "utf8").split("\n");
  const marker = lines.indexOf(`<!-- code: ${block} -->`);
  const open = lines.findIndex((line, index) => index > marker && line.startsWith("```"));
  const close = lines.indexOf("```", open + 1);
  if (marker < 0 || open < 0 || close < 0) throw new Error(`${guide} has no block ${block}`);
  const heading = lines
    .slice(0, marker)
    .reverse()
    .find((line) => line.startsWith("## "));
  return {
    section: heading?.slice(3) ?? "",
    code: `${lines.slice(open + 1, close).join("\n")}\n`,
  };
}

/** The wiring's code, its import of the output folder's index.ts written as `specifier`. */
export function wiringCode(kind: HostKind, specifier: string): string {
  const { guide, block } = WIRINGS[kind];
  return guideBlock(guide, block).code.replace(
    /(from )"(?:\.\.?\/)+generated\/index\.js"/g,
    `$1${JSON.stringify(specifier)}`,
  );
}
