// Which agent framework a host is built on, for the wiring `init` prints: told by the shapes of
// the declarations it found and by the host's dependencies (the Vercel AI SDK, OpenAI Agents
// JS, the MCP SDK); without one of those, a hand-written tool manager (plugin tools) or an
// agent loop on a model API (OpenAI-, Anthropic- or Gemini-style tool lists).
import type { HostKind } from "./wiring.js";

/** The packages that name a framework, as a host's package.json lists them. */
export const AI_SDK = "ai";
export const OPENAI_AGENTS = "@openai/agents";
export const MCP_SDK = "@modelcontextprotocol/sdk";
export const FRAMEWORK_PACKAGES = [AI_SDK, OPENAI_AGENTS, MCP_SDK] as const;

/** The framework package that goes with each kind of host, when it has one. */
const PACKAGE_OF: Partial<Record<HostKind, string>> = {
  "ai-sdk": AI_SDK,
  "ai-sdk-schema": AI_SDK,
  "openai-agents": OPENAI_AGENTS,
  "mcp-server": MCP_SDK,
};

/**
 * The kind of host a declaration of `shape` belongs to, given the framework packages the host
 * depends on. The AI SDK's and Agents JS's own shapes are theirs; an MCP-style list
 * (`{ name, inputSchema }`) is an MCP server's, or, without the MCP SDK, the list an AI SDK or
 * Agents JS tool set is made from.
 */
export function hostKindOf(shape: string, frameworks: Readonly<Record<string, string>>): HostKind {
  switch (shape) {
    case "ai-sdk":
      return "ai-sdk";
    case "openai-agents":
      return "openai-agents";
    case "plugin":
      return "tool-manager";
    case "mcp":
      if (MCP_SDK in frameworks) return "mcp-server";
      if (AI_SDK in frameworks) return "ai-sdk-schema";
      return "mcp-server";
    default:
      return "model-loop";
  }
}

/** How the framework was told: `"ai" 7.0.173 in the dependencies`, or undefined. */
export function frameworkSource(
  kind: HostKind,
  frameworks: Readonly<Record<string, string>>,
): string | undefined {
  const name = PACKAGE_OF[kind];
  if (name === undefined || !(name in frameworks)) return undefined;
  const version = frameworks[name];
  return `${JSON.stringify(name)}${version ? ` ${version}` : ""} in the dependencies`;
}
