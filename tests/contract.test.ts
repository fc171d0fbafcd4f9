// CONTRACT.md is the project's written contract; the parts of it that are also data must say
// what the code says.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CODES } from "../src/diagnostics/codes.js";

const CONTRACT = fs.readFileSync(path.resolve(import.meta.dirname, "../CONTRACT.md"), "utf8");

describe("CONTRACT.md", () => {
  it("lists every diagnostic code with the severity and meaning of codes.ts", () => {
    const rows = CONTRACT.split("\n")
      .filter((line) => /^\| TV\d{4} /.test(line))
      .map((line) => {
        const [code, severity, meaning] = line
          .split("|")
          .slice(1, 4)
          .map((cell) => cell.trim());
        return { code, severity, meaning };
      });
    expect(rows).toEqual(
      Object.entries(DIAGNOSTIC_CODES).map(([code, { severity, meaning }]) => ({
        code,
        severity,
        meaning,
      })),
    );
  });
});
