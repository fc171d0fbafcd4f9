// The public types of the reference host (example/index.ts exports them all). Code inside
// example/ imports them from their own layer: core/types.ts, or tools/toolPlugin.ts for the tool
// contract.
export type * from "./core/types.js";
export type { ToolContext, ToolPlugin } from "./tools/toolPlugin.js";
