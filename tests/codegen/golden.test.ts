// Golden files: each tests/fixtures/codegen/<case>/ holds tool sources, the exact tool modules
// and index.ts the generator must produce for them (expected/) and its coverage report
// (report.txt). The support modules every output holds are checked once, in support.test.ts.
// Refresh after an intended change with `npm run test:golden`, then review the diff.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { coverageLines } from "../../src/run/messages.js";
import {
  generateCase,
  goldenCases,
  readExpected,
  SUPPORT_FILES,
  writeExpected,
} from "../helpers/golden.js";

const update = process.env.UPDATE_GOLDEN === "1";

describe.each(goldenCases())("golden case $name", (testCase) => {
  it("generates exactly the expected files and report", async () => {
    const result = await generateCase(testCase);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.stages.map(({ name, ms }) => [name, ms >= 0])).toEqual(
      ["find files", "extract", "normalise", "emit", "format"].map((name) => [name, true]),
    );
    const output = result.output!.filter((file) => !SUPPORT_FILES.includes(file.name));
    expect(
      result
        .output!.map((f) => f.name)
        .filter((n) => SUPPORT_FILES.includes(n))
        .sort(),
    ).toEqual([...SUPPORT_FILES].sort());
    const report = `${coverageLines(result).join("\n")}\n`;
    const reportPath = path.join(testCase.dir, "report.txt");
    if (update) {
      writeExpected(testCase, output);
      fs.writeFileSync(reportPath, report);
    }
    const expected = readExpected(testCase);
    expect(output.map((f) => f.name).sort()).toEqual([...expected.keys()]);
    for (const file of output) expect(file.content, file.name).toBe(expected.get(file.name));
    expect(report).toBe(fs.readFileSync(reportPath, "utf8"));
  });
});
