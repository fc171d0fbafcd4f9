import type { LSPArgs } from "../../../generated/index.js";
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { lspTool } from "../../../example/tools/lsp.js";
import type { HostServices, LspRequest } from "../../../example/types.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

/** A session with src/app.ts in its folder. */
async function setup(host: HostServices = {}): Promise<TestContext & { file: string }> {
  const t = await makeToolContext({ host });
  onTestFinished(t.cleanup);
  const file = path.join(t.dir, "src", "app.ts");
  await fs.mkdir(path.dirname(file));
  await fs.writeFile(file, "export function main() {}\nmain();\n");
  return { ...t, file };
}

function answering(result: unknown) {
  return vi.fn(async (_request: LspRequest) => ({ result }));
}

const at: LSPArgs = { operation: "goToDefinition", filePath: "src/app.ts", line: 2, character: 1 };

describe("LSP", () => {
  it("declares the nine operations, all four keys required, and never asks", () => {
    const parameters = lspTool.config.function.parameters!;
    expect(parameters.required).toEqual(["operation", "filePath", "line", "character"]);
    expect(parameters.properties!.operation!.enum).toHaveLength(9);
    expect(lspTool.permission).toBe("none");
  });

  it("fails clearly when the host has no language server", async () => {
    const { context } = await setup();
    expect(await lspTool.execute(at, context)).toEqual({
      success: false,
      content: "",
      error: "LSP is not available: the host has not provided a language server.",
    });
  });

  it("turns 1-based positions into the protocol's 0-based ones and names places from 1", async () => {
    // The definition of main: the file's first line, from its 17th character.
    const lsp = vi.fn(async (request: LspRequest) => ({
      result: [
        {
          uri: pathToFileURL(request.filePath).href,
          range: { start: { line: 0, character: 16 }, end: { line: 0, character: 20 } },
        },
      ],
    }));
    const { context, file } = await setup({ lsp });
    const result = await lspTool.execute(at, context);
    expect(lsp.mock.calls[0]![0]).toMatchObject({
      operation: "goToDefinition",
      filePath: file,
      line: 1,
      character: 0,
    });
    expect(result).toMatchObject({ success: true, content: "src/app.ts:1:17" });
  });

  it("rejects positions that are not whole numbers from 1", async () => {
    const lsp = answering(null);
    const { context } = await setup({ lsp });
    expect((await lspTool.execute({ ...at, line: 0 }, context)).error).toBe(
      "line must be a whole number from 1 (the first line is 1), not 0.",
    );
    expect((await lspTool.execute({ ...at, character: 2.5 }, context)).error).toBe(
      "character must be a whole number from 1 (the first column is 1), not 2.5.",
    );
    expect((await lspTool.execute({ ...at, character: -3 }, context)).error).toBe(
      "character must be a whole number from 1 (the first column is 1), not -3.",
    );
    expect(lsp).not.toHaveBeenCalled();
  });

  it("needs an existing file", async () => {
    const lsp = answering(null);
    const { context, dir } = await setup({ lsp });
    expect((await lspTool.execute({ ...at, filePath: "src/nope.ts" }, context)).error).toBe(
      `${path.join(dir, "src/nope.ts")} is not a file.`,
    );
    expect((await lspTool.execute({ ...at, filePath: "src" }, context)).error).toBe(
      `${path.join(dir, "src")} is not a file.`,
    );
  });

  it("says when there are no results", async () => {
    const { context } = await setup({ lsp: answering([]) });
    expect(await lspTool.execute({ ...at, operation: "findReferences" }, context)).toMatchObject({
      success: true,
      content: "No results for findReferences at src/app.ts:2:1.",
    });
  });

  it("shows hover text and document symbols with their children", async () => {
    const hover = await setup({
      lsp: answering({
        contents: { kind: "markdown", value: "```ts\nfunction main(): void\n```" },
      }),
    });
    expect((await lspTool.execute({ ...at, operation: "hover" }, hover.context)).content).toBe(
      "```ts\nfunction main(): void\n```",
    );

    const range = (line: number) => ({
      start: { line, character: 0 },
      end: { line, character: 5 },
    });
    const symbols = await setup({
      lsp: answering([
        {
          name: "App",
          kind: 5,
          range: range(3),
          selectionRange: range(3),
          children: [{ name: "run", kind: 6, range: range(4), selectionRange: range(4) }],
        },
      ]),
    });
    const result = await lspTool.execute({ ...at, operation: "documentSymbol" }, symbols.context);
    expect(result.content).toBe("App (Class) line 4\n  run (Method) line 5");
  });

  it("reports a language server that fails", async () => {
    const { context } = await setup({
      lsp: async () => {
        throw new Error("server crashed");
      },
    });
    expect((await lspTool.execute(at, context)).error).toBe(
      "The language server could not answer goToDefinition: server crashed",
    );
  });
});
