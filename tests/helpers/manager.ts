import fs from "node:fs/promises";
import { onTestFinished } from "vitest";
import { ToolManager, type ToolManagerOptions } from "../../example/runtime/toolManager.js";
import { makeTempDir } from "./context.js";

/**
 * A ToolManager on a fresh temporary folder, closed and removed after the test. `call` sends
 * arguments as the model would: JSON text.
 */
export async function makeManager(options: Partial<ToolManagerOptions> = {}) {
  const dir = await makeTempDir();
  const tm = new ToolManager({ workdir: dir, ...options });
  onTestFinished(async () => {
    await tm.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  const call = (name: string, args: unknown) =>
    tm.executeToolCall({ name, arguments: JSON.stringify(args) });
  return { tm, dir, call };
}
