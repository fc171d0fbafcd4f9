// Vitest's global setup: the generator compiled once per test run into a folder of this run's
// own (tests/.tmp-dist-<pid>), which the tests that spawn the command line run with Node alone,
// as the installed command runs. A spawn under tsx costs a second of compiling more, per spawn.
// The folder is the run's own so that two runs at once (a single file run beside the suite)
// never remove each other's build.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

const REPO = path.resolve(import.meta.dirname, "../..");
const BUILT = path.join(REPO, `tests/.tmp-dist-${process.pid}`);

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder the generator was compiled into for this run. */
    generatorBuild: string;
  }
}

export function setup(project: TestProject): void {
  execFileSync(process.execPath, ["--import", "tsx", path.join(REPO, "scripts/build.ts"), BUILT], {
    cwd: REPO,
    stdio: "inherit",
  });
  project.provide("generatorBuild", BUILT);
}

export function teardown(): void {
  fs.rmSync(BUILT, { recursive: true, force: true });
}
