// The public types of the package (src/index.ts exports them all). Code inside src imports them
// from their own layer: core/types.ts, or tools/toolPlugin.ts for the tool contract.
export type * from "./core/types.js";
export type { ToolContext, ToolPlugin } from "./tools/toolPlugin.js";
