import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { WorktreeState } from "../services/session.js";
import type { ToolPlugin } from "./toolPlugin.js";
import { ENTER_WORKTREE_TOOL_NAME, EXIT_WORKTREE_TOOL_NAME } from "./names.js";
import type { EnterWorktreeArgs, ExitWorktreeArgs } from "../../generated/index.js";
import { failed } from "../core/results.js";

const WORKTREES_FOLDER = ".agent/worktrees";
const BRANCH_PREFIX = "worktree-";
const MAX_NAME_LENGTH = 64;

export const enterWorktreeTool: ToolPlugin<EnterWorktreeArgs> = {
  name: ENTER_WORKTREE_TOOL_NAME,
  permission: "ask",
  config: {
    type: "function",
    function: {
      name: ENTER_WORKTREE_TOOL_NAME,
      description: `Creates an isolated git worktree in ${WORKTREES_FOLDER}/<name> on a new branch ${BRANCH_PREFIX}<name> (from the current commit) and moves the working directory into it, so changes stay apart from the main checkout. Leave it with ${EXIT_WORKTREE_TOOL_NAME}.`,
      parameters: {
        type: "object",
        properties: {
          name: {
            type: "string",
            description: `A short name for the worktree (letters, digits, '.', '_', '-'; at most ${MAX_NAME_LENGTH} characters). A random one is chosen when omitted.`,
          },
        },
      },
    },
  },
  async execute(args, context) {
    const { name } = args;
    const session = context.session;
    if (session.worktree) {
      return failed(
        `Already in worktree "${session.worktree.name}" at ${session.worktree.path}. Call ${EXIT_WORKTREE_TOOL_NAME} first.`,
      );
    }
    const worktreeName = name ?? `wt-${randomBytes(3).toString("hex")}`;
    const nameProblem = checkName(worktreeName);
    if (nameProblem) return failed(`Invalid worktree name "${worktreeName}": ${nameProblem}`);

    const repo = session.projectDir;
    const inside = await git(["rev-parse", "--is-inside-work-tree"], repo);
    if (!inside.ok || inside.stdout.trim() !== "true") {
      return failed(`${repo} is not a git repository, so no worktree can be created.`);
    }
    const head = await git(["rev-parse", "--verify", "--quiet", "HEAD"], repo);
    if (!head.ok) {
      return failed(
        `The repository at ${repo} has no commit yet; commit once before creating a worktree.`,
      );
    }
    const branch = `${BRANCH_PREFIX}${worktreeName}`;
    const refCheck = await git(["check-ref-format", "--branch", branch], repo);
    if (!refCheck.ok)
      return failed(
        `Invalid worktree name "${worktreeName}": ${branch} is not a valid branch name.`,
      );
    const worktreePath = path.join(repo, WORKTREES_FOLDER, worktreeName);
    if (await exists(worktreePath)) {
      return failed(
        `The worktree name "${worktreeName}" is taken: ${worktreePath} already exists.`,
      );
    }
    const branchExists = await git(
      ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`],
      repo,
    );
    if (branchExists.ok) {
      return failed(
        `The worktree name "${worktreeName}" is taken: branch ${branch} already exists.`,
      );
    }

    const added = await git(["worktree", "add", "-b", branch, worktreePath, "HEAD"], repo);
    if (!added.ok) return failed(`git worktree add failed: ${added.error}`);

    const state: WorktreeState = {
      name: worktreeName,
      path: worktreePath,
      branch,
      previousWorkdir: session.workdir,
    };
    session.worktree = state;
    session.workdir = worktreePath;
    return {
      success: true,
      content: `Created worktree "${worktreeName}" at ${worktreePath} on branch ${branch} (from ${head.stdout.trim().slice(0, 12)}). The working directory is now ${worktreePath}. Call ${EXIT_WORKTREE_TOOL_NAME} to leave it.`,
      shortResult: `entered worktree ${worktreeName}`,
      metadata: { worktree: state },
    };
  },
};

export const exitWorktreeTool: ToolPlugin<ExitWorktreeArgs> = {
  name: EXIT_WORKTREE_TOOL_NAME,
  permission: "ask",
  config: {
    type: "function",
    function: {
      name: EXIT_WORKTREE_TOOL_NAME,
      description: `Leaves the worktree made by ${ENTER_WORKTREE_TOOL_NAME} and returns to the previous working directory. "keep" leaves the worktree and its branch on disk; "remove" deletes both, and refuses while there are uncommitted changes or commits found on no other branch unless discard_changes is true.`,
      parameters: {
        type: "object",
        properties: {
          action: {
            type: "string",
            enum: ["keep", "remove"],
            description: "keep: leave the worktree and branch in place; remove: delete them.",
          },
          discard_changes: {
            type: "boolean",
            description:
              "With remove: delete the worktree even if it has uncommitted changes or unmerged commits (they are lost).",
          },
        },
        required: ["action"],
      },
    },
  },
  async execute(args, context) {
    const { action, discard_changes } = args;
    const session = context.session;
    const worktree = session.worktree;
    if (!worktree) {
      return failed(
        `The session is not in a worktree; use ${ENTER_WORKTREE_TOOL_NAME} to create one.`,
      );
    }
    if (action !== "keep" && action !== "remove") {
      return failed(`Unknown action "${String(action)}": use "keep" or "remove".`);
    }
    const leave = () => {
      session.workdir = worktree.previousWorkdir;
      session.worktree = undefined;
    };
    if (action === "keep") {
      leave();
      return {
        success: true,
        content: `Left worktree "${worktree.name}"; it stays at ${worktree.path} on branch ${worktree.branch}. The working directory is ${worktree.previousWorkdir} again.`,
        shortResult: `kept worktree ${worktree.name}`,
      };
    }

    const repo = session.projectDir;
    const onDisk = await exists(worktree.path);
    if (onDisk && discard_changes !== true) {
      const status = await git(["status", "--porcelain"], worktree.path);
      if (!status.ok) return failed(`Cannot read the worktree's status: ${status.error}`);
      const changed = status.stdout.split("\n").filter((line) => line.trim() !== "");
      if (changed.length > 0) {
        return failed(
          `The worktree at ${worktree.path} has ${changed.length} uncommitted change(s):\n${changed.slice(0, 20).join("\n")}\nCommit them, use action "keep", or pass discard_changes: true to delete them.`,
        );
      }
    }
    if (discard_changes !== true) {
      const unmerged = await commitsOnlyOn(worktree.branch, repo);
      if (unmerged > 0) {
        return failed(
          `Branch ${worktree.branch} has ${unmerged} commit(s) found on no other branch. Merge them, use action "keep", or pass discard_changes: true to delete them.`,
        );
      }
    }
    if (onDisk) {
      const removeArgs = [
        "worktree",
        "remove",
        ...(discard_changes === true ? ["--force"] : []),
        worktree.path,
      ];
      const removed = await git(removeArgs, repo);
      if (!removed.ok) return failed(`git worktree remove failed: ${removed.error}`);
    } else {
      // Deleted by hand: drop git's record of it so the branch can go.
      await git(["worktree", "prune"], repo);
    }
    const branchGone = await git(["branch", "-D", worktree.branch], repo);
    leave();
    const branchNote = branchGone.ok
      ? ` and branch ${worktree.branch}`
      : `; branch ${worktree.branch} could not be deleted (${branchGone.error})`;
    return {
      success: true,
      content: `Removed worktree "${worktree.name}" (${worktree.path})${branchNote}. The working directory is ${worktree.previousWorkdir} again.`,
      shortResult: `removed worktree ${worktree.name}`,
    };
  },
};

/** Why a name cannot be a worktree folder and branch suffix, or undefined. */
function checkName(name: string): string | undefined {
  if (name === "") return "it is empty";
  if (name.length > MAX_NAME_LENGTH) return `it is longer than ${MAX_NAME_LENGTH} characters`;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) {
    return "use letters, digits, '.', '_' and '-' only, starting with a letter or digit";
  }
  if (name.includes("..")) return "it must not contain '..'";
  if (name.endsWith(".") || name.endsWith(".lock")) return "it must not end with '.' or '.lock'";
  return undefined;
}

/** How many commits of `branch` are on no other branch (0 when that cannot be told). */
async function commitsOnlyOn(branch: string, repo: string): Promise<number> {
  const refs = await git(["for-each-ref", "--format=%(refname)", "refs/heads/"], repo);
  if (!refs.ok) return 0;
  const others = refs.stdout
    .split("\n")
    .filter((ref) => ref !== "" && ref !== `refs/heads/${branch}`);
  // HEAD too: the main checkout may be on a detached commit that holds them.
  const count = await git(
    ["rev-list", "--count", `refs/heads/${branch}`, "--not", "HEAD", ...others, "--"],
    repo,
  );
  return count.ok ? Number.parseInt(count.stdout.trim(), 10) || 0 : 0;
}

type GitOutcome = { ok: true; stdout: string } | { ok: false; error: string };

function git(args: string[], cwd: string): Promise<GitOutcome> {
  return new Promise((resolve) => {
    execFile(
      "git",
      args,
      {
        cwd,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" },
      },
      (error, stdout, stderr) => {
        if (error) {
          const message = String(stderr).trim() || error.message;
          resolve({ ok: false, error: message });
        } else {
          resolve({ ok: true, stdout: String(stdout) });
        }
      },
    );
  });
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}
