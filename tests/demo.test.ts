// `npm run demo` as a smoke test: the scripted transcript runs through the real runtime and
// every step turns out as scripted (the demo exits 1 otherwise); the validation log it writes
// is summarised at the end, and README's demo section shows exactly this output.
import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { REPO, run } from "./helpers/spawn.js";

it("npm run demo plays the transcript, every step goes as scripted, and the log's report ends it", async () => {
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
  const tail = result.stdout.slice(result.stdout.indexOf("\nThe validation log: "));
  expect(tail).toBe(`
The validation log: 5 lines, one per failed validation, no argument values:
    {"v":1,"time":"<time>","tool":"TaskUpdate","issues":[{"code":"missing","path":["taskId"]},{"code":"unexpected","path":["id"],"hint":{"kind":"key","key":"taskId"}}]}

Its report (npm run report -- <log>):
    5 failed validations (8 issues) in 1 log, from <time> to <time>

    TaskUpdate: 2 calls, 3 issues
      path    issue         count  details
      taskId  missing           1
      id      unexpected        1  close to taskId (1)
      status  invalid_enum      1

    AskUserQuestion: 1 call, 3 issues
      path                         issue       count  details
      questions[].options[].label  missing         1
      questions[].multiselect      unexpected      1  close to multiSelect (1)
      questions[].options[].text   unexpected      1

    Grep: 1 call, 1 issue
      path        issue       count  details
      outputMode  unexpected      1  close to output_mode (1)

    Read: 1 call, 1 issue
      path    issue         count  details
      offset  invalid_type      1  string for number (1, 1 would parse)

    Unexpected keys, most common first:
      count  tool             key                         close to
          1  AskUserQuestion  questions[].multiselect     multiSelect (1)
          1  AskUserQuestion  questions[].options[].text
          1  Grep             outputMode                  output_mode (1)
          1  TaskUpdate       id                          taskId (1)

    Wrong types: 1; strings: 1, of which 1 would have parsed as the expected type.
      expected  strings  would parse
      number          1            1

Every step went as scripted.
`);

  // README shows the demo's output as it is.
  const readme = await fs.readFile(path.join(REPO, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## The demo"));
  const start = section.indexOf("```\n") + 4;
  const shown = section.slice(start, section.indexOf("\n```\n", start) + 1);
  expect(shown).toBe(result.stdout);
});
