import fs from "node:fs/promises";
import path from "node:path";
import type { ToolPlugin } from "./toolPlugin.js";
import { SKILL_TOOL_NAME } from "./names.js";
import type { SkillArgs } from "../../generated/index.js";
import { listSkills, SKILL_FILE } from "../services/skills.js";
import { failed } from "../core/results.js";

const ARGUMENTS_PLACEHOLDER = "$ARGUMENTS";

export const skillTool: ToolPlugin<SkillArgs> = {
  name: SKILL_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: SKILL_TOOL_NAME,
      description: `Loads a skill: a folder of instructions (<skills folder>/<name>/${SKILL_FILE}) for a particular kind of task. Returns the skill's instructions to follow, with the given arguments. Use it when a task matches an available skill's description.`,
      parameters: {
        type: "object",
        properties: {
          skill_name: {
            type: "string",
            description: "The skill's name, which is its folder name, e.g. 'release-notes'.",
          },
          args: {
            type: "string",
            description: "Arguments for the skill, as the user would type them after its name.",
          },
        },
        required: ["skill_name"],
      },
    },
  },
  async execute(args, context) {
    const { skill_name, args: skillArgs } = args;
    const skillsDir = context.session.skillsDir;
    const name = skill_name.trim();
    if (name === "" || name === "." || name.includes("..") || /[/\\\0]/.test(name)) {
      return failed(
        `Invalid skill name "${skill_name}": give the name of a skill folder, without path separators or "..".`,
      );
    }
    const skillDir = path.join(skillsDir, name);
    let text: string;
    try {
      text = await fs.readFile(path.join(skillDir, SKILL_FILE), "utf8");
    } catch {
      const available = await listSkills(skillsDir);
      return failed(
        available.length > 0
          ? `Unknown skill "${name}". Available skills: ${available.join(", ")}.`
          : `Unknown skill "${name}": no skills are installed in ${skillsDir}.`,
      );
    }
    const { fields, body } = parseFrontMatter(text);
    let instructions = body.trim();
    const hasArgs = skillArgs !== undefined && skillArgs.trim() !== "";
    if (instructions.includes(ARGUMENTS_PLACEHOLDER)) {
      instructions = instructions.split(ARGUMENTS_PLACEHOLDER).join(hasArgs ? skillArgs : "");
    } else if (hasArgs) {
      instructions += `\n\nARGUMENTS: ${skillArgs}`;
    }
    const title = fields.name ?? name;
    const lines = [
      `Skill "${title}"${fields.description ? `: ${fields.description}` : ""}`,
      `Base directory for this skill: ${skillDir}`,
      "",
      instructions === "" ? "(the skill has no instructions)" : instructions,
    ];
    return {
      success: true,
      content: lines.join("\n"),
      shortResult: `loaded skill ${name}`,
      metadata: { skill: name, directory: skillDir },
    };
  },
};

/** Splits optional `---` front matter (simple `key: value` lines) from the instructions. */
function parseFrontMatter(text: string): { fields: Record<string, string>; body: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { fields: {}, body: text };
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!field) continue;
    const value = field[2]!.trim().replace(/^(["'])(.*)\1$/, "$2");
    if (value !== "") fields[field[1]!] = value;
  }
  return { fields, body: text.slice(match[0].length) };
}
