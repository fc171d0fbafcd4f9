// Vitest's global setup: the generator compiled once per test run into a folder of the tests'
// own (tests/.tmp-dist), which the tests that spawn the command line run with Node alone, as
// the installed command runs. A spawn under tsx costs a second of compiling more, per spawn.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const REPO = path.resolve(import.meta.dirname, "../..");
export const BUILT = path.join(REPO, "tests/.tmp-dist");

export function setup(): void {
  execFileSync(process.execPath, ["--import", "tsx", path.join(REPO, "scripts/build.ts"), BUILT], {
    cwd: REPO,
    stdio: "inherit",
  });
}

export function teardown(): void {
  fs.rmSync(BUILT, { recursive: true, force: true });
}
