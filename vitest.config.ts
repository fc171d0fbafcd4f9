import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Fixtures are inputs (some are the test files of the hosts they stand for), never run.
    exclude: [...configDefaults.exclude, "tests/fixtures/**"],
    globalSetup: ["tests/helpers/build.ts"],
    // A file per core, and at least two: many tests wait on the command's child processes, so
    // two files at once on two cores took 246 s where one at a time took 378 s.
    maxWorkers: Math.max(2, availableParallelism()),
    // A guard against a test that hangs, far above what any test takes on a busy machine:
    // no test relies on finishing within a time.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
