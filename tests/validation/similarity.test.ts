// The one closeness rule behind the hints and the generator's "did you mean" (CONTRACT.md,
// "Hints"), checked against the plain version the property tests use as their oracle. The random
// names come from a seed, random unless SIMILARITY_SEED sets it; a failure says the seed:
//   SIMILARITY_SEED=<seed> npx vitest run tests/validation/similarity.test.ts
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closeness, nearest } from "../../src/support/similarity.js";
import { integerFromEnv } from "../helpers/env.js";
import { nameCloseness } from "../properties/reference.js";

const SEED = integerFromEnv("SIMILARITY_SEED", (Date.now() ^ (Math.random() * 0x100000000)) | 0);

describe("closeness", () => {
  it.each([
    ["outputMode", "output_mode", 0],
    ["old-string", "old_string", 0],
    ["FILE PATH", "file_path", 0],
    ["additionalProperty", "additionalProperties", 0],
    ["tpye", "type", 1],
    ["lable", "label", 1],
    ["requried", "required", 1],
    ["propertise", "properties", 1],
    ["pattren", "pattern", 1],
    ["multilne", "multiline", 1],
    ["headlimit", "head_limit", 0],
    ["id", "taskId", 3],
    ["path", "file_path", 3],
    ["pageId", "id", 3],
  ])("%s and %s are close (%d)", (a, b, expected) => {
    expect(closeness(a, b)).toBe(expected);
    expect(closeness(b, a)).toBe(expected);
  });

  it.each([
    ["a", "b"],
    ["id", "ip"],
    ["abcd", "wxyz"],
    ["colour", "status"],
    ["x", "taskId"],
    ["limit", "offset"],
    ["k".repeat(257), "k".repeat(257)],
  ])("%s and %s are not close", (a, b) => {
    expect(closeness(a, b)).toBeUndefined();
  });

  it("names of up to 256 characters whose lower case is longer (İ) are compared all the same", () => {
    // "İ" lower-cases to two characters: each simplified name is 511 long.
    const a = `a${"İ".repeat(255)}`;
    const b = `${"İ".repeat(255)}b`;
    expect(a).toHaveLength(256);
    expect(closeness(a, b)).toBe(2);
    expect(closeness(a, b)).toBe(nameCloseness(a, b));
    expect(
      closeness(`${"İ".repeat(200)}xyz${"İ".repeat(53)}`, `${"İ".repeat(200)}xzy${"İ".repeat(53)}`),
    ).toBe(1);
    expect(closeness(`a${"İ".repeat(255)}`, `bcd${"İ".repeat(253)}`)).toBeUndefined();
    // Names compared after these still get the right answer.
    expect(closeness("tpye", "type")).toBe(1);
  });

  it("picks the closest candidate, the first of equals", () => {
    expect(nearest("outputmod", ["output", "output_mode"])).toBe("output_mode");
    expect(nearest("type", ["typo", "tape"])).toBe("typo");
    expect(nearest("zzz", ["type"])).toBeUndefined();
    expect(nearest("enums", ["enum", "items"], 2)).toBe("enum");
  });

  it("equals the plain version of the rule on random names", () => {
    const name = fc.oneof(
      fc.string({ unit: fc.constantFrom(..."abcdeIES_- y"), maxLength: 12 }),
      // The Kelvin sign lower-cases to an ASCII `k`, `İ` to two characters; `@` and `` ` ``,
      // `[` and `{` differ in the bit that folds A-Z.
      fc.string({ unit: fc.constantFrom(..."akK\u212aİi_I@`[{"), maxLength: 6 }),
      fc.constantFrom("taskId", "task_id", "id", "file_path", "path", "properties", "property"),
    );
    const details = fc.check(
      fc.property(name, name, (a, b) => closeness(a, b) === nameCloseness(a, b)),
      { seed: SEED, numRuns: 100_000 },
    );
    const replay = `seed ${SEED} (replay: SIMILARITY_SEED=${SEED} npx vitest run ${import.meta.filename})`;
    expect(details.counterexample, `${fc.defaultReportMessage(details)}\n${replay}`).toBeNull();
  });
});
