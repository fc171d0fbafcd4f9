// The example MCP server (example/mcp-server, docs/mcp-server.md) spawned over stdio and driven
// by the official SDK's client: tools/list answers the declarations the generator read, and
// tools/call answers a wrong call with isError and the validator's text, before any handler runs.
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  missingValidators,
  validatedToolNames,
} from "../../../example/mcp-server/generated/index.js";
import { REPO } from "../../helpers/spawn.js";

describe("the example MCP server (low-level Server, stdio)", () => {
  let client: Client;
  let stderr = "";

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", path.join(REPO, "example/mcp-server/main.ts")],
      // tsx is resolved from the folder the server starts in.
      cwd: REPO,
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk) => (stderr += String(chunk)));
    client = new Client({ name: "wiring-test", version: "1.0.0" });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client.close();
  });

  it("lists the four declared tools with their input schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "add_note",
      "list_notes",
      "search_notes",
      "delete_note",
    ]);
    // The generator read the same declarations from the ListTools handler.
    expect([...validatedToolNames].sort()).toEqual(tools.map((tool) => tool.name).sort());
    expect(tools[0]!.inputSchema).toEqual({
      type: "object",
      properties: {
        title: { type: "string", description: "A short title" },
        body: { type: "string", description: "The note's text" },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["title", "body"],
    });
  });

  // #region validators
  it("has a generated validator for every tool it lists", async () => {
    const { tools } = await client.listTools();
    expect(missingValidators(tools.map((tool) => tool.name))).toEqual([]);
  });
  // #endregion validators

  it("answers a wrong call with isError and the text, and runs no handler", async () => {
    const wrong = await client.callTool({
      name: "add_note",
      arguments: { title: "Groceries", note_body: "milk, eggs", tags: "shopping" },
    });
    expect(wrong).toEqual({
      isError: true,
      content: [
        {
          type: "text",
          text: [
            "add_note failed due to the following issues:",
            "The required parameter `body` is missing",
            "An unexpected parameter `note_body` was provided",
            "The parameter `tags` type is expected as `array` but provided as `string`",
            "Hint: did you mean `body` instead of `note_body`?",
          ].join("\n"),
        },
      ],
    });
    // The handler did not run: no note was added.
    expect(await client.callTool({ name: "list_notes", arguments: {} })).toEqual({
      content: [{ type: "text", text: "No notes." }],
    });
  });

  it("runs the handler once the call is right", async () => {
    const added = await client.callTool({
      name: "add_note",
      arguments: { title: "Groceries", body: "milk, eggs", tags: ["shopping"] },
    });
    expect(added).toEqual({ content: [{ type: "text", text: "Added note #1: Groceries" }] });
    expect(await client.callTool({ name: "list_notes", arguments: { tag: "shopping" } })).toEqual({
      content: [{ type: "text", text: "#1 Groceries" }],
    });
  });

  it("checks enums and integers, with a hint for a value in another case", async () => {
    const wrong = await client.callTool({
      name: "search_notes",
      arguments: { query: "milk", limit: "5", order: "Newest" },
    });
    expect(wrong.isError).toBe(true);
    expect(wrong.content).toEqual([
      {
        type: "text",
        text: [
          "search_notes failed due to the following issues:",
          "The parameter `limit` type is expected as `integer` but provided as `string`",
          'The parameter `order` is invalid: expected one of "newest"|"oldest"',
          "Hint: `limit` is JSON text inside a string; send the number itself",
          'Hint: did you mean "newest" for `order`?',
        ].join("\n"),
      },
    ]);
    const right = await client.callTool({
      name: "search_notes",
      arguments: { query: "milk", limit: 5, order: "newest" },
    });
    expect(right).toEqual({ content: [{ type: "text", text: "#1 Groceries: milk, eggs" }] });
  });

  it("treats left-out arguments as none, and rejects keys a tool does not declare (strict)", async () => {
    const missing = await client.callTool({ name: "delete_note" });
    expect(missing.content).toEqual([
      {
        type: "text",
        text: "delete_note failed due to the following issue:\nThe required parameter `id` is missing",
      },
    ]);
    expect(await client.callTool({ name: "list_notes" })).toEqual({
      content: [{ type: "text", text: "#1 Groceries" }],
    });
    const extra = await client.callTool({ name: "list_notes", arguments: { tags: "shopping" } });
    expect(extra).toEqual({
      isError: true,
      content: [
        {
          type: "text",
          text: [
            "list_notes failed due to the following issue:",
            "An unexpected parameter `tags` was provided",
            "Hint: did you mean `tag` instead of `tags`?",
          ].join("\n"),
        },
      ],
    });
  });

  it("answers an unknown tool as the handlers do, and wrote nothing on stderr", async () => {
    const unknown = await client.callTool({ name: "rename_note", arguments: {} });
    expect(unknown).toEqual({
      isError: true,
      content: [{ type: "text", text: "Unknown tool: rename_note" }],
    });
    expect(stderr).toBe("");
  });
});
