import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { enterWorktreeTool, exitWorktreeTool } from "../../../example/tools/worktree.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

const run = promisify(execFile);

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run("git", args, { cwd });
  return stdout.trim();
}

let t: TestContext;

/** A real repository with one commit, its identity set locally so commits work anywhere. */
async function makeRepo(dir: string): Promise<void> {
  await git(dir, "init", "-q", "-b", "main");
  await git(dir, "config", "user.email", "test@example.invalid");
  await git(dir, "config", "user.name", "Test");
  await git(dir, "config", "commit.gpgsign", "false");
  await fs.writeFile(path.join(dir, "README.md"), "hello\n");
  await git(dir, "add", "README.md");
  await git(dir, "commit", "-q", "-m", "first");
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

beforeEach(async () => {
  t = await makeToolContext();
  await makeRepo(t.dir);
});
afterEach(async () => {
  await t.cleanup();
});

describe("worktree tools", () => {
  it("are both 'ask' tools with the declared parameters", () => {
    expect(enterWorktreeTool.permission).toBe("ask");
    expect(exitWorktreeTool.permission).toBe("ask");
    expect(exitWorktreeTool.config.function.parameters).toMatchObject({
      properties: { action: { type: "string", enum: ["keep", "remove"] } },
      required: ["action"],
    });
  });

  it("enters a new worktree on its own branch and keeps it on exit", async () => {
    const entered = await enterWorktreeTool.execute({ name: "feature-1" }, t.context);
    const wtPath = path.join(t.dir, ".agent", "worktrees", "feature-1");
    expect(entered.success).toBe(true);
    expect(entered.content).toMatch(
      new RegExp(
        `^Created worktree "feature-1" at ${wtPath} on branch worktree-feature-1 \\(from [0-9a-f]{12}\\)\\.`,
      ),
    );
    expect(t.session.workdir).toBe(wtPath);
    expect(t.context.workdir).toBe(wtPath);
    expect(t.session.worktree).toEqual({
      name: "feature-1",
      path: wtPath,
      branch: "worktree-feature-1",
      previousWorkdir: t.dir,
    });
    expect(await git(wtPath, "rev-parse", "--abbrev-ref", "HEAD")).toBe("worktree-feature-1");
    expect(await fs.readFile(path.join(wtPath, "README.md"), "utf8")).toBe("hello\n");

    await fs.writeFile(path.join(wtPath, "new.txt"), "work\n");
    const kept = await exitWorktreeTool.execute({ action: "keep" }, t.context);
    expect(kept.content).toBe(
      `Left worktree "feature-1"; it stays at ${wtPath} on branch worktree-feature-1. The working directory is ${t.dir} again.`,
    );
    expect(t.session.workdir).toBe(t.dir);
    expect(t.session.worktree).toBeUndefined();
    expect(await fs.readFile(path.join(wtPath, "new.txt"), "utf8")).toBe("work\n");
    expect(await git(t.dir, "branch", "--list", "worktree-feature-1")).toContain(
      "worktree-feature-1",
    );
  });

  it("removes a clean worktree and its branch", async () => {
    await enterWorktreeTool.execute({ name: "tidy" }, t.context);
    const wtPath = path.join(t.dir, ".agent", "worktrees", "tidy");
    const removed = await exitWorktreeTool.execute({ action: "remove" }, t.context);
    expect(removed.content).toBe(
      `Removed worktree "tidy" (${wtPath}) and branch worktree-tidy. The working directory is ${t.dir} again.`,
    );
    expect(await exists(wtPath)).toBe(false);
    expect(await git(t.dir, "branch", "--list", "worktree-tidy")).toBe("");
    expect(t.session.workdir).toBe(t.dir);
  });

  it("refuses to remove a worktree with uncommitted changes unless discard_changes", async () => {
    await enterWorktreeTool.execute({ name: "dirty" }, t.context);
    const wtPath = t.session.workdir;
    await fs.writeFile(path.join(wtPath, "draft.txt"), "unsaved\n");
    await fs.writeFile(path.join(wtPath, "README.md"), "changed\n");

    const refused = await exitWorktreeTool.execute({ action: "remove" }, t.context);
    expect(refused.success).toBe(false);
    expect(refused.error).toBe(
      `The worktree at ${wtPath} has 2 uncommitted change(s):\n M README.md\n?? draft.txt\nCommit them, use action "keep", or pass discard_changes: true to delete them.`,
    );
    expect(t.session.worktree?.name).toBe("dirty");
    expect(t.session.workdir).toBe(wtPath);
    expect(await exists(path.join(wtPath, "draft.txt"))).toBe(true);

    const forced = await exitWorktreeTool.execute(
      { action: "remove", discard_changes: true },
      t.context,
    );
    expect(forced.success).toBe(true);
    expect(await exists(wtPath)).toBe(false);
    expect(await git(t.dir, "branch", "--list", "worktree-dirty")).toBe("");
    expect(t.session.workdir).toBe(t.dir);
  });

  it("refuses to remove a branch whose commits are on no other branch unless discard_changes", async () => {
    await enterWorktreeTool.execute({ name: "committed" }, t.context);
    const wtPath = t.session.workdir;
    await fs.writeFile(path.join(wtPath, "done.txt"), "done\n");
    await git(wtPath, "add", "done.txt");
    await git(wtPath, "commit", "-q", "-m", "work");
    const refused = await exitWorktreeTool.execute({ action: "remove" }, t.context);
    expect(refused.error).toBe(
      'Branch worktree-committed has 1 commit(s) found on no other branch. Merge them, use action "keep", or pass discard_changes: true to delete them.',
    );
    await git(t.dir, "merge", "-q", "--ff-only", "worktree-committed");
    const removed = await exitWorktreeTool.execute({ action: "remove" }, t.context);
    expect(removed.success).toBe(true);
  });

  it("picks a random name when none is given", async () => {
    const entered = await enterWorktreeTool.execute({}, t.context);
    expect(entered.success).toBe(true);
    expect(t.session.worktree?.name).toMatch(/^wt-[0-9a-f]{6}$/);
    expect(t.session.worktree?.branch).toBe(`worktree-${t.session.worktree?.name}`);
  });

  it("refuses a second worktree, a taken name and unsafe names", async () => {
    await enterWorktreeTool.execute({ name: "one" }, t.context);
    const nested = await enterWorktreeTool.execute({ name: "two" }, t.context);
    expect(nested.error).toBe(
      `Already in worktree "one" at ${path.join(t.dir, ".agent", "worktrees", "one")}. Call ExitWorktree first.`,
    );
    await exitWorktreeTool.execute({ action: "keep" }, t.context);
    const taken = await enterWorktreeTool.execute({ name: "one" }, t.context);
    expect(taken.error).toBe(
      `The worktree name "one" is taken: ${path.join(t.dir, ".agent", "worktrees", "one")} already exists.`,
    );
    await git(t.dir, "branch", "worktree-busy");
    const branchTaken = await enterWorktreeTool.execute({ name: "busy" }, t.context);
    expect(branchTaken.error).toBe(
      'The worktree name "busy" is taken: branch worktree-busy already exists.',
    );
    for (const name of ["../escape", "a/b", "-flag", "x..y", "name.lock", "has space", ""]) {
      const result = await enterWorktreeTool.execute({ name }, t.context);
      expect(result.success).toBe(false);
      expect(result.error).toMatch(
        new RegExp(`^Invalid worktree name "${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}": `),
      );
    }
    expect(t.session.worktree).toBeUndefined();
  });

  it("refuses outside a git repository and when not in a worktree", async () => {
    const plain = await makeToolContext();
    try {
      const result = await enterWorktreeTool.execute({ name: "x" }, plain.context);
      expect(result.error).toBe(
        `${plain.dir} is not a git repository, so no worktree can be created.`,
      );
      const exit = await exitWorktreeTool.execute({ action: "keep" }, plain.context);
      expect(exit.error).toBe("The session is not in a worktree; use EnterWorktree to create one.");
    } finally {
      await plain.cleanup();
    }
  });
});
