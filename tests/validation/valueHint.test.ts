// The value hint of an enum issue (CONTRACT.md, "Hints"): the member that the call's string
// equals once both are trimmed and in lower case. The runtime compares ASCII values from their
// own characters and sends any other through trim() and toLowerCase(); both ways must give what
// the plain rule gives, for white space and case mappings beyond ASCII too. The random values
// come from a seed, random unless VALUE_HINT_SEED sets it; a failure says the seed:
//   VALUE_HINT_SEED=<seed> npx vitest run tests/validation/valueHint.test.ts
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finish, wrongValue } from "../../src/support/runtime.js";
import { integerFromEnv } from "../helpers/env.js";

const SEED = integerFromEnv("VALUE_HINT_SEED", (Date.now() ^ (Math.random() * 0x100000000)) | 0);

/** The rule as the contract states it. */
function plainRule(members: readonly unknown[], value: string): string | undefined {
  const wanted = value.trim().toLowerCase();
  const match = members.find(
    (member) => typeof member === "string" && member.trim().toLowerCase() === wanted,
  );
  return match as string | undefined;
}

function hintOf(members: readonly unknown[], value: string): string | undefined {
  const issue = finish(wrongValue(undefined, ["status"], members, value))![0]!;
  const hint = (issue as { hint?: { kind: string; value: string } }).hint;
  if (hint !== undefined) expect(hint.kind).toBe("value");
  return hint?.value;
}

// ASCII letters of both cases, every white space trim() removes inside and beyond ASCII, and
// characters whose lower case is ASCII (the Kelvin sign is `k`), longer (`İ`) or unchanged.
const CHARACTERS = [
  ..."aAbBkKzZ09_- ",
  "\t",
  "\n",
  "\u000b",
  "\u000c",
  "\r",
  "\u00a0",
  "\ufeff",
  "\u2028",
  "\u3000",
  "\u212a",
  "\u0130",
  "i\u0307",
  "\u00df",
  "\u00c9",
  "\u00e9",
  "\u{1f600}",
];
const text = fc
  .array(fc.constantFrom(...CHARACTERS), { maxLength: 6 })
  .map((parts) => parts.join(""));

/** A value made from a member: its case flipped here and there, white space around it. */
const nearValue = (members: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...members),
      fc.array(fc.boolean(), { maxLength: 8 }),
      fc.constantFrom("", " ", "\t", "\u00a0", "\ufeff \n"),
      fc.constantFrom("", " ", "\r\n", "\u3000"),
    )
    .map(([member, flips, before, after]) => {
      const flipped = [...member]
        .map((c, i) => (flips[i] ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c))
        .join("");
      return before + flipped + after;
    });

const caseOf = fc
  .array(text, { minLength: 1, maxLength: 5 })
  .chain((members) =>
    fc.tuple(
      fc.constant(members),
      fc.array(fc.oneof(text, nearValue(members)), { minLength: 1, maxLength: 10 }),
    ),
  );

describe("the value hint", () => {
  it.each([
    [["completed", "pending"], " Completed", "completed"],
    [["completed", "pending"], "PENDING\n", "pending"],
    [["goToDefinition", "findReferences"], "gotodefinition", "goToDefinition"],
    [["kelvin\u212a"], "KELVINK", "kelvin\u212a"],
    [["d\u00e9j\u00e0"], "\u00a0D\u00c9J\u00c0", "d\u00e9j\u00e0"],
    [["\u0130d"], "i\u0307d", "\u0130d"],
    [[1, null, "x"], "X", "x"],
    [["completed"], "complete", undefined],
    [["a b"], "ab", undefined],
    [[], "x", undefined],
  ])("%j and %j", (members, value, expected) => {
    expect(hintOf(Object.freeze([...members]), value)).toBe(expected);
    expect(hintOf([...members], value)).toBe(expected);
  });

  it("gives the plain rule's member for random members and values (frozen lists reused)", () => {
    fc.assert(
      fc.property(caseOf, ([members, values]) => {
        const frozen = Object.freeze([...members, 7, null]);
        for (const value of values) {
          const expected = plainRule(frozen, value);
          expect(hintOf(frozen, value), JSON.stringify([members, value])).toBe(expected);
          expect(hintOf([...frozen], value)).toBe(expected);
        }
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});
