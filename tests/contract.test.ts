// CONTRACT.md is the project's written contract; the parts of it that are also data must say
// what the code says.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CODES } from "../src/diagnostics/codes.js";
import { issueRank, KEYWORDS, OPT_IN_KEYWORDS } from "../src/keywords/registry.js";
import { KEY_ALLOWING_KEYWORDS } from "../src/keywords/table.js";
import { contractSection, keyAllowingKeywords } from "./helpers/contract.js";

const CONTRACT = fs.readFileSync(path.resolve(import.meta.dirname, "../CONTRACT.md"), "utf8");

/** The rows of the codes table of section 8 ("## 8. Diagnostics"), as written. */
function section8Codes(): { code: string; severity: string; meaning: string }[] {
  const start = CONTRACT.indexOf("\n## 8. ");
  const end = CONTRACT.indexOf("\n## 9. ", start);
  expect(start).toBeGreaterThan(0);
  const rows = CONTRACT.slice(start, end)
    .split("\n")
    .filter((line) => /^\| TV\d{4} /.test(line))
    .map((line) => {
      const [code = "", severity = "", meaning = ""] = line
        .split("|")
        .slice(1, 4)
        .map((cell) => cell.trim());
      return { code, severity, meaning };
    });
  return rows;
}

/** The first column of a section's table, its backticked names (`a` / `b` gives both). */
function firstColumn(text: string): string[][] {
  return text
    .split("\n")
    .filter((line) => /^\| `/.test(line))
    .map((line) => [...line.split("|")[1]!.matchAll(/`([^`:]+)[^`]*`/g)].map((m) => m[1]!));
}

/** Every TypeScript source of the command (src/), by path. */
function sources(dir = path.resolve(import.meta.dirname, "../src")): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const [file, text] of sources(full)) found.set(file, text);
    else if (entry.name.endsWith(".ts")) found.set(full, fs.readFileSync(full, "utf8"));
  }
  return found;
}

describe("CONTRACT.md", () => {
  it("section 8 lists every diagnostic code with the severity and meaning of codes.ts, in order", () => {
    expect(section8Codes()).toEqual(
      Object.entries(DIAGNOSTIC_CODES).map(([code, { severity, meaning }]) => ({
        code,
        severity,
        meaning,
      })),
    );
  });

  it("no code appears in a table outside section 8 (one table, one truth)", () => {
    const rows = CONTRACT.split("\n").filter((line) => /^\| TV\d{4} /.test(line));
    expect(rows.length).toBe(section8Codes().length);
  });

  it("every code the command can report is in section 8, and each there is reported", () => {
    const listed = new Set(section8Codes().map((row) => row.code));
    const reported = new Set<string>();
    for (const [file, text] of sources()) {
      if (file.endsWith(path.join("diagnostics", "codes.ts"))) continue;
      for (const match of text.matchAll(/\bTV\d{4}\b/g)) reported.add(match[0]);
    }
    expect([...reported].filter((code) => !listed.has(code)).sort()).toEqual([]);
    expect([...listed].filter((code) => !reported.has(code)).sort()).toEqual([]);
  });

  it("says of each code the severity the command gives it where the text names one", () => {
    // Section 2 once called an exclusion that matches nothing an error: the prose around a
    // code must not contradict its severity.
    for (const { code, severity } of section8Codes()) {
      const other = severity === "error" ? "warning" : "error";
      const contradiction = new RegExp(`\\b(?:an?) ${other} \\(${code}\\)`);
      expect([code, contradiction.test(CONTRACT)]).toEqual([code, false]);
    }
  });

  it("section 3.1 lists the opt-in keywords of the registry", () => {
    expect(firstColumn(contractSection("### 3.1")).flat().sort()).toEqual(
      [...OPT_IN_KEYWORDS].sort(),
    );
  });

  it("section 4 gives the text's order: missing, unexpected, invalid_type, invalid_enum, then section 4.3's codes, each of its keyword", () => {
    const rows = contractSection("### 4.3")
      .split("\n")
      .filter((line) => /^\| `[a-z_]+` /.test(line))
      .map((line) =>
        line
          .split("|")
          .slice(1, 3)
          .map((cell) => /`([^`]+)`/.exec(cell)![1]!),
      );
    const order = [
      "missing",
      "unexpected",
      "invalid_type",
      "invalid_enum",
      ...rows.map(([c]) => c!),
    ];
    expect(contractSection("## 4.")).toContain(
      "every `missing`, then `unexpected`, then `invalid_type`, then\n`invalid_enum`, then the codes of section 4.3 in their order",
    );
    const issues = KEYWORDS.flatMap((k) => (k.issues ?? []).map((i) => [i.code, k.keywords[0]]));
    expect(issues.map(([code]) => code)).toEqual(order);
    expect(order.map((code) => issueRank(code))).toEqual(order.map((_, rank) => rank));
    for (const [code, keyword] of rows)
      expect(issues.find(([c]) => c === code)?.[1], code).toBe(keyword);
  });

  it("section 3 lists the key-allowing keywords of the generator", () => {
    expect(keyAllowingKeywords()).toEqual([...KEY_ALLOWING_KEYWORDS]);
  });
});
