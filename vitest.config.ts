import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Fixtures are inputs (some are the test files of the hosts they stand for), never run.
    exclude: [...configDefaults.exclude, "tests/fixtures/**"],
    globalSetup: ["tests/helpers/build.ts"],
    // A file per core, and at least two: some tests still wait on child processes (the
    // compiled command, TypeScript's compilers, npm), and a second file runs meanwhile.
    maxWorkers: Math.max(2, availableParallelism()),
    // A guard against a test that hangs, far above what any test takes on a busy machine:
    // no test relies on finishing within a time.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
