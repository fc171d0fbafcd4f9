import { isCustomTool } from "./buildTool.js";
import type { Validator } from "../../generated/index.js";
import type { ToolPlugin } from "../tools/toolPlugin.js";

/** Where a registered tool came from. Only "builtin" tools get the generated argument validation. */
export type ToolSource = "builtin" | "custom" | "mcp";

export interface RegisteredTool {
  readonly tool: ToolPlugin<unknown>;
  readonly source: ToolSource;
  /** The generated argument validator: built-in tools only (looked up once, at registration). */
  readonly validate?: Validator;
}

export interface ToolFilters {
  /** Only these built-in and custom tools are registered (case-insensitive names). */
  tools?: readonly string[];
  /** These tools are never registered, whatever their source (`mcp__server__*` patterns too). */
  disallowedTools?: readonly string[];
}

/** Case-insensitive tool names; a trailing `*` matches any rest of the name. */
export class NamePatterns {
  readonly #exact = new Set<string>();
  readonly #prefixes: string[] = [];

  constructor(patterns: readonly string[]) {
    for (const pattern of patterns) {
      const lower = pattern.toLowerCase();
      if (lower.endsWith("*")) this.#prefixes.push(lower.slice(0, -1));
      else this.#exact.add(lower);
    }
  }

  matches(name: string): boolean {
    const lower = name.toLowerCase();
    return this.#exact.has(lower) || this.#prefixes.some((prefix) => lower.startsWith(prefix));
  }
}

/** The tools a session can call, by exact name; the last registration of a name wins. */
export class ToolRegistry {
  readonly #entries = new Map<string, RegisteredTool>();
  readonly #allowed: NamePatterns | undefined;
  readonly #denied: NamePatterns;

  constructor(filters: ToolFilters = {}) {
    this.#allowed = filters.tools ? new NamePatterns(filters.tools) : undefined;
    this.#denied = new NamePatterns(filters.disallowedTools ?? []);
  }

  /** Registers the tool unless the filters leave it out; says whether it was registered. */
  register(tool: ToolPlugin<unknown>, source: ToolSource, validate?: Validator): boolean {
    if (this.#denied.matches(tool.name)) return false;
    if (source !== "mcp" && this.#allowed && !this.#allowed.matches(tool.name)) return false;
    // A tool made by buildTool is custom even if it was handed in among the built-ins.
    const actual = source === "builtin" && isCustomTool(tool) ? "custom" : source;
    const entry: RegisteredTool =
      actual === "builtin" && validate
        ? { tool, source: actual, validate }
        : { tool, source: actual };
    this.#entries.set(tool.name, Object.freeze(entry));
    return true;
  }

  get(name: string): RegisteredTool | undefined {
    return this.#entries.get(name);
  }

  list(): RegisteredTool[] {
    return [...this.#entries.values()];
  }

  names(): string[] {
    return [...this.#entries.keys()];
  }
}
