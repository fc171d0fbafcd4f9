// Every diagnostic code (src/diagnostics/codes.ts) is exercised by a test that expects it: a
// code no test produces is a message nobody has read. The tests that produce each code are
// found by the code's appearance in an expectation of a test file.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CODES } from "../../src/diagnostics/codes.js";
import { REPO } from "../helpers/spawn.js";

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : testFiles(full);
    return entry.name.endsWith(".test.ts") && full !== import.meta.filename ? [full] : [];
  });
}

describe("diagnostic codes", () => {
  it("each is expected by some test", () => {
    const texts = testFiles(path.join(REPO, "tests")).map((file) => fs.readFileSync(file, "utf8"));
    const untested = Object.keys(DIAGNOSTIC_CODES).filter(
      (code) =>
        !texts.some((text) => new RegExp(`(?:error|warning) ${code}:|"${code}"`).test(text)),
    );
    expect(untested).toEqual([]);
  });
});
