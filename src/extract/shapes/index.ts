// CONTRACT.md section 2 (the declaration shapes).
import { aiSdkShape } from "./aiSdk.js";
import { anthropicShape } from "./anthropic.js";
import { classFieldsShape } from "./classFields.js";
import { decoratorShape } from "./decorator.js";
import { functionShape } from "./function.js";
import { geminiShape } from "./gemini.js";
import { mcpShape } from "./mcp.js";
import { openaiAgentsShape } from "./openaiAgents.js";
import { openaiChatShape } from "./openaiChat.js";
import { pluginShape } from "./plugin.js";
import type { DeclarationShape } from "./shape.js";

export type {
  Callee,
  DeclarationShape,
  EnclosingCall,
  HeldAt,
  Part,
  Recognition,
  ShapeContext,
  ShapeParts,
} from "./shape.js";
export { valueOf } from "./shape.js";

/** Every declaration shape, by its name in the `shapes` setting (CONTRACT.md section 2). */
export const SHAPES: readonly DeclarationShape[] = [
  pluginShape,
  openaiChatShape,
  functionShape,
  mcpShape,
  anthropicShape,
  geminiShape,
  aiSdkShape,
  openaiAgentsShape,
  decoratorShape,
  classFieldsShape,
];

/** The keys (or, for a class's shapes, the fields) that make a candidate for any of `shapes`. */
export function triggerKeys(shapes: readonly DeclarationShape[]): ReadonlySet<string> {
  return new Set(shapes.flatMap((shape) => shape.triggers));
}
