// CONTRACT.md section 2 (the declaration shapes).
import { anthropicShape, flatParametersShape, geminiShape, mcpShape } from "./flat.js";
import { openaiShape } from "./openai.js";
import type { DeclarationShape } from "./shape.js";
import { waveShape } from "./wave.js";

export type { DeclarationShape, Part, ShapeParts } from "./shape.js";
export { valueOf } from "./shape.js";

/** Every declaration shape, by its name in the `shapes` setting (CONTRACT.md section 2). */
export const SHAPES: readonly DeclarationShape[] = [
  waveShape,
  openaiShape,
  flatParametersShape,
  mcpShape,
  anthropicShape,
  geminiShape,
];

/** The keys that make an object literal a candidate for any of `shapes`. */
export function triggerKeys(shapes: readonly DeclarationShape[]): ReadonlySet<string> {
  return new Set(shapes.flatMap((shape) => shape.triggers));
}
