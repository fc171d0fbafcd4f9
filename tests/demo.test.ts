// `npm run demo` as a smoke test: the scripted transcript runs through the real runtime and
// every step turns out as scripted (the demo exits 1 otherwise).
import { expect, it } from "vitest";
import { REPO, run } from "./helpers/spawn.js";

it("npm run demo plays the transcript and every step goes as scripted", async () => {
  const result = await run("npm", ["run", "-s", "demo"], REPO);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(
    [
      '> TaskUpdate {"id":"2","status":"completed"}',
      "< failed",
      "    TaskUpdate failed due to the following issues:",
      "    The required parameter `taskId` is missing",
      "    An unexpected parameter `id` was provided",
    ].join("\n"),
  );
  expect(result.stdout).toContain(
    "    The parameter `offset` type is expected as `number` but provided as `string`",
  );
  expect(result.stdout).toContain(
    "    The required parameter `questions[0].options[1].label` is missing",
  );
  expect(result.stdout).toContain(
    "Task store after the transcript:\n    #1 Write the release notes: pending\n    #2 Tag the release: completed",
  );
  expect(result.stdout).toContain("Every step went as scripted.");
});
