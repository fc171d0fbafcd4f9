import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Session, type SessionOptions } from "../../example/services/session.js";
import type { HostServices, ToolContext } from "../../example/types.js";

/** A fresh temporary folder, removed by the returned cleanup. */
export async function makeTempDir(prefix = "tv-"): Promise<string> {
  return fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), prefix)));
}

export interface TestContext {
  dir: string;
  session: Session;
  context: ToolContext;
  cleanup(): Promise<void>;
}

/**
 * Creates `relative` under `dir` (with its folders) holding `content`, its modification time
 * `age` seconds before 2024-01-01, so that tests that sort by time get a fixed order.
 */
export async function writeAgedFile(
  dir: string,
  relative: string,
  content: string | Buffer = "",
  age = 0,
): Promise<string> {
  const full = path.join(dir, relative);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, content);
  const when = new Date(Date.UTC(2024, 0, 1) - age * 1000);
  await fs.utimes(full, when, when);
  return full;
}

/** A real session on a real temporary folder, for calling tool bodies directly. */
export async function makeToolContext(
  options: Partial<SessionOptions> & { host?: HostServices } = {},
): Promise<TestContext> {
  const dir = options.workdir ?? (await makeTempDir());
  const session = new Session({ ...options, workdir: dir });
  const context: ToolContext = {
    get workdir() {
      return session.workdir;
    },
    session,
    host: session.host,
  };
  return {
    dir,
    session,
    context,
    async cleanup() {
      await session.dispose();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
