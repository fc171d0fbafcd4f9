import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skillTool } from "../../../example/tools/skill.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

let t: TestContext;
let skillsDir: string;

async function addSkill(name: string, text: string): Promise<void> {
  await fs.mkdir(path.join(skillsDir, name), { recursive: true });
  await fs.writeFile(path.join(skillsDir, name, "SKILL.md"), text);
}

beforeEach(async () => {
  t = await makeToolContext();
  skillsDir = t.session.skillsDir;
  await addSkill(
    "release-notes",
    `---
name: Release notes
description: "Writes release notes from the git log"
---

Read the git log since the last tag.
Group the changes by kind.
`,
  );
  await addSkill("greet", "Say hello to $ARGUMENTS by name.\n");
  // A folder without SKILL.md is not a skill.
  await fs.mkdir(path.join(skillsDir, "empty"), { recursive: true });
});
afterEach(async () => {
  await t.cleanup();
});

describe("Skill tool", () => {
  it("returns the instructions with front matter read and the arguments appended", async () => {
    const result = await skillTool.execute(
      { skill_name: "release-notes", args: "v1.2.0" },
      t.context,
    );
    expect(result.success).toBe(true);
    expect(result.content).toBe(
      [
        'Skill "Release notes": Writes release notes from the git log',
        `Base directory for this skill: ${path.join(skillsDir, "release-notes")}`,
        "",
        "Read the git log since the last tag.\nGroup the changes by kind.",
        "",
        "ARGUMENTS: v1.2.0",
      ].join("\n"),
    );
  });

  it("puts the arguments in place of $ARGUMENTS, and works without front matter or args", async () => {
    const withArgs = await skillTool.execute({ skill_name: "greet", args: "Ada" }, t.context);
    expect(withArgs.content.split("\n").at(-1)).toBe("Say hello to Ada by name.");
    expect(withArgs.content.split("\n")[0]).toBe('Skill "greet"');
    const plain = await skillTool.execute({ skill_name: "release-notes" }, t.context);
    expect(plain.content).not.toContain("ARGUMENTS");
  });

  it("lists the available skills for an unknown name", async () => {
    const result = await skillTool.execute({ skill_name: "deploy" }, t.context);
    expect(result).toEqual({
      success: false,
      content: "",
      error: 'Unknown skill "deploy". Available skills: greet, release-notes.',
    });
  });

  it("says so when no skills are installed", async () => {
    await fs.rm(skillsDir, { recursive: true, force: true });
    const result = await skillTool.execute({ skill_name: "greet" }, t.context);
    expect(result.error).toBe(`Unknown skill "greet": no skills are installed in ${skillsDir}.`);
  });

  it("rejects names with path separators or '..'", async () => {
    await fs.writeFile(path.join(t.dir, "SKILL.md"), "secret");
    for (const name of ["..", "../x", "a/b", "a\\b", "x/../greet", ""]) {
      const result = await skillTool.execute({ skill_name: name }, t.context);
      expect(result.success).toBe(false);
      expect(result.error).toBe(
        `Invalid skill name "${name}": give the name of a skill folder, without path separators or "..".`,
      );
    }
  });
});
