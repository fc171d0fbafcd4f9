import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { buildTool } from "../../../example/runtime/buildTool.js";
import type { CanUseTool } from "../../../example/runtime/permissions.js";
import { ToolManager } from "../../../example/runtime/toolManager.js";
import { builtinTools } from "../../../example/tools/index.js";
import type { ToolContext, ToolResult } from "../../../example/types.js";
import { makeManager } from "../../helpers/manager.js";
import { validateCronList, validateWrite } from "../../../generated/index.js";

const manager = makeManager;

const allow: CanUseTool = () => ({ behavior: "allow" });

/** A custom tool that records its calls and answers with its arguments. */
function echoTool(name = "Echo") {
  const execute = vi.fn(async (args: Record<string, unknown>, _context: ToolContext) => ({
    success: true,
    content: JSON.stringify(args),
  }));
  const tool = buildTool({
    name,
    description: "Answers with its arguments.",
    parameters: { text: { type: "string" } },
    execute,
  });
  return { tool, execute };
}

function writeCall(dir: string, content = "hello\n") {
  return {
    name: "Write",
    arguments: JSON.stringify({ file_path: path.join(dir, "out.txt"), content }),
  };
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

describe("ToolManager pipeline", () => {
  it("runs PreToolUse, permission, the tool, PostToolUse in that order with the parsed call", async () => {
    const order: string[] = [];
    const pre = vi.fn(() => void order.push("PreToolUse"));
    const canUseTool = vi.fn<CanUseTool>(() => {
      order.push("permission");
      return { behavior: "allow" };
    });
    const post = vi.fn(() => void order.push("PostToolUse"));
    const { tm, dir } = await manager({
      hooks: { PreToolUse: [pre], PostToolUse: [post] },
      canUseTool,
    });
    const file = path.join(dir, "out.txt");
    const call = writeCall(dir);

    const result = await tm.executeToolCall(call);

    expect(result.success).toBe(true);
    expect(await fs.readFile(file, "utf8")).toBe("hello\n");
    expect(order).toEqual(["PreToolUse", "permission", "PostToolUse"]);
    const args = { file_path: file, content: "hello\n" };
    expect(pre).toHaveBeenCalledWith({ toolName: "Write", args, source: "builtin" });
    expect(canUseTool).toHaveBeenCalledWith("Write", args);
    expect(post).toHaveBeenCalledWith({ toolName: "Write", args, source: "builtin", result });
  });

  it("executes between the permission step and PostToolUse", async () => {
    const order: string[] = [];
    const { tool, execute } = echoTool();
    execute.mockImplementation(async () => {
      order.push("execute");
      return { success: true, content: "ran" };
    });
    const { tm } = await manager({
      customTools: [tool],
      hooks: {
        PreToolUse: [() => void order.push("pre 1"), () => void order.push("pre 2")],
        PostToolUse: [({ result }) => void order.push(`post sees ${result.content}`)],
      },
      canUseTool: () => {
        order.push("permission");
        return { behavior: "allow" };
      },
    });
    expect(await tm.executeToolCall({ name: "Echo", arguments: '{"text":"x"}' })).toEqual({
      success: true,
      content: "ran",
    });
    expect(order).toEqual(["pre 1", "pre 2", "permission", "execute", "post sees ran"]);
  });

  it("stops at a blocking PreToolUse hook: no later hook, no permission, no execution", async () => {
    const later = vi.fn();
    const canUseTool = vi.fn(allow);
    const post = vi.fn();
    const { tm, dir } = await manager({
      hooks: {
        PreToolUse: [async () => ({ decision: "block", reason: "writes are frozen" }), later],
        PostToolUse: [post],
      },
      canUseTool,
    });
    expect(await tm.executeToolCall(writeCall(dir))).toEqual({
      success: false,
      content: "",
      error: "Write was blocked by a PreToolUse hook: writes are frozen",
    });
    expect(await exists(path.join(dir, "out.txt"))).toBe(false);
    expect(later).not.toHaveBeenCalled();
    expect(canUseTool).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it("does not run a tool whose permission is denied, and returns the message", async () => {
    const post = vi.fn();
    const { tm, dir } = await manager({
      hooks: { PostToolUse: [post] },
      canUseTool: async () => ({ behavior: "deny", message: "not in this folder" }),
    });
    expect(await tm.executeToolCall(writeCall(dir))).toEqual({
      success: false,
      content: "",
      error: "Permission to use Write was denied: not in this folder",
    });
    expect(await exists(path.join(dir, "out.txt"))).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });

  it("allows everything when no canUseTool is given", async () => {
    const { tm, dir } = await manager();
    expect((await tm.executeToolCall(writeCall(dir))).success).toBe(true);
    expect(await exists(path.join(dir, "out.txt"))).toBe(true);
  });

  it("never asks for tools that need no permission", async () => {
    const canUseTool = vi.fn<CanUseTool>(() => ({ behavior: "deny", message: "no" }));
    const { tm, dir } = await manager({ canUseTool });
    await fs.writeFile(path.join(dir, "a.txt"), "one\n");
    const result = await tm.executeToolCall({
      name: "Read",
      arguments: JSON.stringify({ file_path: "a.txt" }),
    });
    expect(result).toMatchObject({ success: true, content: "1\tone" });
    expect(canUseTool).not.toHaveBeenCalled();
  });

  it("asks for custom tools by default", async () => {
    const { tool, execute } = echoTool();
    const canUseTool = vi.fn<CanUseTool>(() => ({ behavior: "deny", message: "not now" }));
    const { tm } = await manager({ customTools: [tool], canUseTool });
    expect(tool.permission).toBe("ask");
    expect((await tm.executeToolCall({ name: "Echo", arguments: "{}" })).error).toBe(
      "Permission to use Echo was denied: not now",
    );
    expect(execute).not.toHaveBeenCalled();
  });

  it("reports a permission check that throws", async () => {
    const { tm, dir } = await manager({
      canUseTool: () => {
        throw new Error("prompt closed");
      },
    });
    expect((await tm.executeToolCall(writeCall(dir))).error).toBe(
      "The permission check for Write failed: prompt closed",
    );
    expect(await exists(path.join(dir, "out.txt"))).toBe(false);
  });
});

describe("ToolManager permission modes", () => {
  it("plan mode denies edit and ask tools without asking, allows reads and asks for ExitPlanMode", async () => {
    const canUseTool = vi.fn(allow);
    const { tm, dir } = await manager({ permissionMode: "plan", canUseTool });
    expect(await tm.executeToolCall(writeCall(dir))).toEqual({
      success: false,
      content: "",
      error:
        "Write is not allowed in plan mode: plan mode only reads and plans. Present the plan with ExitPlanMode first.",
    });
    expect(await exists(path.join(dir, "out.txt"))).toBe(false);
    expect(
      (await tm.executeToolCall({ name: "Bash", arguments: '{"command":"touch x"}' })).error,
    ).toMatch(/^Bash is not allowed in plan mode/);
    expect(canUseTool).not.toHaveBeenCalled();

    await fs.writeFile(path.join(dir, "a.txt"), "one\n");
    expect(
      (await tm.executeToolCall({ name: "Read", arguments: '{"file_path":"a.txt"}' })).success,
    ).toBe(true);

    const exit = await tm.executeToolCall({ name: "ExitPlanMode", arguments: "{}" });
    expect(exit.success).toBe(true);
    expect(canUseTool).toHaveBeenCalledWith("ExitPlanMode", {});
    expect(tm.session.permissionMode).toBe("default");
    expect((await tm.executeToolCall(writeCall(dir))).success).toBe(true);
  });

  it("follows the session's mode as EnterPlanMode changes it", async () => {
    const { tm, dir } = await manager();
    expect((await tm.executeToolCall({ name: "EnterPlanMode", arguments: "" })).success).toBe(true);
    expect(tm.session.permissionMode).toBe("plan");
    expect((await tm.executeToolCall(writeCall(dir))).error).toMatch(
      /^Write is not allowed in plan mode/,
    );
  });

  it("acceptEdits allows edit tools without asking but still asks for others", async () => {
    const canUseTool = vi.fn<CanUseTool>(() => ({ behavior: "deny", message: "no commands" }));
    const { tm, dir } = await manager({ permissionMode: "acceptEdits", canUseTool });
    expect((await tm.executeToolCall(writeCall(dir))).success).toBe(true);
    expect(await exists(path.join(dir, "out.txt"))).toBe(true);
    expect(canUseTool).not.toHaveBeenCalled();
    const bash = await tm.executeToolCall({
      name: "Bash",
      arguments: JSON.stringify({ command: "touch made-by-bash" }),
    });
    expect(bash.error).toBe("Permission to use Bash was denied: no commands");
    expect(canUseTool).toHaveBeenCalledTimes(1);
    expect(await exists(path.join(dir, "made-by-bash"))).toBe(false);
  });

  it("bypassPermissions never asks", async () => {
    const canUseTool = vi.fn<CanUseTool>(() => ({ behavior: "deny", message: "no" }));
    const { tm, dir } = await manager({ permissionMode: "bypassPermissions", canUseTool });
    expect((await tm.executeToolCall(writeCall(dir))).success).toBe(true);
    expect(canUseTool).not.toHaveBeenCalled();
  });
});

describe("ToolManager registry", () => {
  it("registers every built-in, each known as built-in", async () => {
    const { tm } = await manager();
    const names = (await tm.listTools()).map((config) => config.function.name);
    expect(names).toEqual(builtinTools.map((tool) => tool.name));
    expect(tm.getRegisteredTool("Write")).toEqual({
      tool: builtinTools.find((tool) => tool.name === "Write"),
      source: "builtin",
      validate: validateWrite,
    });
    // Every built-in declares parameters (an empty properties object when it takes none).
    for (const tool of builtinTools) {
      expect(tm.getRegisteredTool(tool.name)?.validate, tool.name).toBeTypeOf("function");
    }
    expect(tm.getRegisteredTool("CronList")?.validate).toBe(validateCronList);
    expect(tm.getRegisteredTool("write")).toBeUndefined();
  });

  it("fails at start-up, naming them, when built-in tools have no generated validator", async () => {
    vi.resetModules();
    vi.doMock("../../../example/tools/index.js", async (importOriginal) => {
      const original = await importOriginal<typeof import("../../../example/tools/index.js")>();
      const unread = (name: string) => ({ ...original.builtinTools[0]!, name });
      return {
        ...original,
        builtinTools: [...original.builtinTools, unread("Notebook"), unread("Browse")],
      };
    });
    try {
      const { ToolManager: Manager } = await import("../../../example/runtime/toolManager.js");
      expect(() => new Manager({ workdir: process.cwd() })).toThrow(
        'The built-in tools "Notebook", "Browse" have no generated validator: the generator did not read their declarations',
      );
    } finally {
      vi.doUnmock("../../../example/tools/index.js");
      vi.resetModules();
    }
  });

  it("lets a custom tool replace a built-in of the same name", async () => {
    const execute = vi.fn(async () => ({ success: true, content: "custom read" }));
    const customRead = buildTool({
      name: "Read",
      description: "Reads from the team's document store.",
      parameters: { id: { type: "string" } },
      required: ["id"],
      permission: "none",
      execute,
    });
    const { tm } = await manager({ customTools: [customRead] });
    expect(tm.getRegisteredTool("Read")).toEqual({ tool: customRead, source: "custom" });
    const reads = (await tm.listTools()).filter((config) => config.function.name === "Read");
    expect(reads).toEqual([customRead.config]);
    // The built-in's declaration would refuse `id`; the custom tool receives it as it is.
    const result = await tm.executeToolCall({ name: "Read", arguments: '{"id":"doc-9"}' });
    expect(result).toEqual({ success: true, content: "custom read" });
    expect(execute).toHaveBeenCalledWith({ id: "doc-9" }, expect.anything());
  });

  it("keeps the last of two custom tools with one name", async () => {
    const first = echoTool("Twin");
    const second = echoTool("Twin");
    const { tm } = await manager({ customTools: [first.tool, second.tool] });
    await tm.executeToolCall({ name: "Twin", arguments: "{}" });
    expect(first.execute).not.toHaveBeenCalled();
    expect(second.execute).toHaveBeenCalledTimes(1);
  });

  it("registers only whitelisted built-in and custom tools, case-insensitively", async () => {
    const kept = echoTool("KeptTool");
    const dropped = echoTool("DroppedTool");
    const { tm } = await manager({
      customTools: [kept.tool, dropped.tool],
      tools: ["read", "KEPTTOOL"],
    });
    expect((await tm.listTools()).map((config) => config.function.name)).toEqual([
      "Read",
      "KeptTool",
    ]);
    expect(await tm.executeToolCall({ name: "DroppedTool", arguments: "{}" })).toEqual({
      success: false,
      content: "",
      error: "Tool 'DroppedTool' not found. Available tools: Read, KeptTool.",
    });
    expect(dropped.execute).not.toHaveBeenCalled();
  });

  it("leaves out tools on the deny list, with trailing-* patterns", async () => {
    const mine = echoTool("MyTool");
    const other = echoTool("OtherTool");
    const { tm } = await manager({
      customTools: [mine.tool, other.tool],
      disallowedTools: ["write", "BASH", "my*", "Task*"],
    });
    const names = (await tm.listTools()).map((config) => config.function.name);
    expect(names).toContain("OtherTool");
    expect(names).toContain("Read");
    for (const gone of ["Write", "Bash", "MyTool", "TaskCreate", "TaskStop"]) {
      expect(names).not.toContain(gone);
      expect(tm.getRegisteredTool(gone)).toBeUndefined();
    }
  });

  it("applies each tool's prompt, fixed or built from the prompt context", async () => {
    const { dir } = await manager();
    const skillsDir = path.join(dir, "skills");
    await fs.mkdir(path.join(skillsDir, "release-notes"), { recursive: true });
    await fs.writeFile(path.join(skillsDir, "release-notes", "SKILL.md"), "Write notes.\n");
    await fs.mkdir(path.join(skillsDir, "not-a-skill"));
    const fixed = buildTool({
      name: "Fixed",
      description: "plain",
      parameters: {},
      prompt: "The fixed prompt.",
      execute: async () => ({ success: true, content: "" }),
    });
    const dynamic = buildTool({
      name: "Dynamic",
      description: "plain",
      parameters: {},
      prompt: (context) =>
        `workdir=${context.workdir}; skills=${context.availableSkills.join(",")}; agents=${context.availableSubagents.join(",")}`,
      execute: async () => ({ success: true, content: "" }),
    });
    const tm = new ToolManager({
      workdir: dir,
      skillsDir,
      customTools: [fixed, dynamic],
      tools: ["Fixed", "Dynamic", "Agent"],
      host: { subagentTypes: ["reviewer"] },
    });
    onTestFinished(() => tm.close());
    const described = Object.fromEntries(
      (await tm.listTools()).map((config) => [config.function.name, config.function.description]),
    );
    expect(described.Fixed).toBe("The fixed prompt.");
    expect(described.Dynamic).toBe(`workdir=${dir}; skills=release-notes; agents=reviewer`);
    expect(described.Agent).toMatch(/\nAvailable subagent types: reviewer\.$/);
    // The declaration itself keeps its description.
    expect(fixed.config.function.description).toBe("plain");
  });

  it("renders compact parameters with the tool's formatter", async () => {
    const tool = buildTool<{ text: string }>({
      name: "Shout",
      description: "Shouts.",
      parameters: { text: { type: "string" } },
      formatCompactParams: (args, context) =>
        `${args.text.toUpperCase()} in ${path.basename(context.workdir)}`,
      execute: async () => ({ success: true, content: "" }),
    });
    const { tm, dir } = await manager({ customTools: [tool] });
    expect(await tm.formatCompactParams("Shout", { text: "hi" })).toBe(
      `HI in ${path.basename(dir)}`,
    );
    expect(await tm.formatCompactParams("Read", { file_path: "a" })).toBeUndefined();
  });
});

describe("ToolManager failures are results", () => {
  it("reports arguments that are not JSON, before any hook", async () => {
    const pre = vi.fn();
    const { tm } = await manager({ hooks: { PreToolUse: [pre] } });
    const result = await tm.executeToolCall({ name: "Write", arguments: '{"file_path": "a.txt",' });
    expect(result.success).toBe(false);
    expect(result.content).toBe("");
    expect(result.error).toMatch(/^The arguments of Write are not valid JSON: \S/);
    expect(pre).not.toHaveBeenCalled();
  });

  it("arguments that are not JSON text (an object from a JavaScript caller) are a clear failed result", async () => {
    const pre = vi.fn();
    const { tool, execute } = echoTool();
    const { tm } = await manager({ hooks: { PreToolUse: [pre] }, customTools: [tool] });
    const call = (name: string, args: unknown) =>
      tm.executeToolCall({ name, arguments: args as string });
    expect(await call("Write", { file_path: "a.txt", content: "x" })).toEqual({
      success: false,
      content: "",
      error:
        "The arguments of Write must be JSON text (a string), not an object: pass JSON.stringify(arguments).",
    });
    expect((await call("Echo", ["a"])).error).toBe(
      "The arguments of Echo must be JSON text (a string), not an array: pass JSON.stringify(arguments).",
    );
    expect((await call("Echo", undefined)).error).toBe(
      "The arguments of Echo must be JSON text (a string), not undefined: pass JSON.stringify(arguments).",
    );
    expect((await call("Echo", 5)).error).toMatch(/must be JSON text \(a string\), not a number/);
    expect((await call("Echo", null)).error).toMatch(/must be JSON text \(a string\), not null/);
    expect(pre).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
  });

  it("treats empty arguments as no arguments", async () => {
    const { tool, execute } = echoTool();
    const { tm } = await manager({ customTools: [tool] });
    expect(await tm.executeToolCall({ name: "Echo", arguments: "" })).toEqual({
      success: true,
      content: "{}",
    });
    expect(execute).toHaveBeenCalledWith({}, expect.anything());
  });

  it("reports an unknown tool with the available names", async () => {
    const { tm } = await manager({ tools: ["Read", "Glob"] });
    expect(await tm.executeToolCall({ name: "Search", arguments: "{}" })).toEqual({
      success: false,
      content: "",
      error: "Tool 'Search' not found. Available tools: Read, Glob.",
    });
  });

  it("turns an error thrown by a tool into a failed result", async () => {
    const boom = buildTool({
      name: "Boom",
      description: "Throws.",
      parameters: {},
      execute: async () => {
        throw new Error("kaput");
      },
    });
    const post = vi.fn();
    const { tm } = await manager({ customTools: [boom], hooks: { PostToolUse: [post] } });
    const failedResult = { success: false, content: "", error: "Boom failed: kaput" };
    expect(await tm.executeToolCall({ name: "Boom", arguments: "{}" })).toEqual(failedResult);
    expect(post).toHaveBeenCalledWith(expect.objectContaining({ result: failedResult }));
  });

  it("turns a tool that returns no result into a failed result", async () => {
    const odd = buildTool({
      name: "Odd",
      description: "Returns nothing.",
      parameters: {},
      execute: async () => undefined as unknown as ToolResult,
    });
    const { tm } = await manager({ customTools: [odd] });
    expect((await tm.executeToolCall({ name: "Odd", arguments: "{}" })).error).toBe(
      "Odd failed: it returned no tool result.",
    );
  });

  it("turns a throwing PreToolUse hook into a failed result and does not run the tool", async () => {
    const { tool, execute } = echoTool();
    const { tm } = await manager({
      customTools: [tool],
      hooks: {
        PreToolUse: [
          () => {
            throw new Error("policy file unreadable");
          },
        ],
      },
    });
    expect(await tm.executeToolCall({ name: "Echo", arguments: "{}" })).toEqual({
      success: false,
      content: "",
      error: "A PreToolUse hook failed for Echo: policy file unreadable",
    });
    expect(execute).not.toHaveBeenCalled();
  });

  it("turns a throwing PostToolUse hook into a failed result", async () => {
    const { tool, execute } = echoTool();
    const { tm } = await manager({
      customTools: [tool],
      hooks: {
        PostToolUse: [
          async () => {
            throw new Error("audit log full");
          },
        ],
      },
    });
    expect(await tm.executeToolCall({ name: "Echo", arguments: "{}" })).toEqual({
      success: false,
      content: "",
      error: "A PostToolUse hook failed for Echo: audit log full",
    });
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it("turns a result blocked by a PostToolUse hook into a failed one", async () => {
    const later = vi.fn();
    const { tm, dir } = await manager({
      hooks: {
        PostToolUse: [() => ({ decision: "block", reason: "the file holds a secret" }), later],
      },
    });
    // The tool ran; its metadata stays for the host, the model only reads the error.
    expect(await tm.executeToolCall(writeCall(dir, "token=abc\n"))).toMatchObject({
      success: false,
      content: "",
      error: "The result of Write was blocked by a PostToolUse hook: the file holds a secret",
    });
    expect(later).not.toHaveBeenCalled();
  });
});

describe("ToolManager context and lifetime", () => {
  it("gives tools the session, the host, the call's signal and the session's current workdir", async () => {
    let seen: { workdir: string; context: ToolContext } | undefined;
    const probe = buildTool({
      name: "Probe",
      description: "Looks at its context.",
      parameters: {},
      execute: async (_args, context) => {
        seen = { workdir: context.workdir, context };
        return { success: true, content: "" };
      },
    });
    const host = { subagentTypes: ["a"] };
    const { tm, dir } = await manager({ customTools: [probe], host });
    const controller = new AbortController();
    const moved = path.join(dir, "elsewhere");
    tm.session.workdir = moved;
    await tm.executeToolCall({ name: "Probe", arguments: "{}", signal: controller.signal });
    expect(seen!.workdir).toBe(moved);
    expect(seen!.context.session).toBe(tm.session);
    expect(seen!.context.host).toBe(host);
    expect(seen!.context.signal).toBe(controller.signal);
    tm.session.workdir = dir;
    expect(seen!.context.workdir).toBe(dir);
  });

  it("stops background jobs on close and refuses calls afterwards", async () => {
    let signal: AbortSignal | undefined;
    const { tm } = await manager({
      host: {
        runSubagent: (request) =>
          new Promise((_resolve, reject) => {
            signal = request.signal;
            request.signal.addEventListener("abort", () => reject(new Error("stopped")));
          }),
      },
    });
    const started = await tm.executeToolCall({
      name: "Agent",
      arguments: JSON.stringify({
        description: "long job",
        prompt: "Work for a long time.",
        subagent_type: "general",
        run_in_background: true,
      }),
    });
    expect(started.success).toBe(true);
    expect(tm.session.jobs.get("agent_1")?.running).toBe(true);
    await tm.close();
    expect(signal!.aborted).toBe(true);
    expect(tm.session.jobs.get("agent_1")?.running).toBe(false);
    expect(await tm.executeToolCall({ name: "Read", arguments: "{}" })).toEqual({
      success: false,
      content: "",
      error: "The tool manager is closed.",
    });
  });
});
