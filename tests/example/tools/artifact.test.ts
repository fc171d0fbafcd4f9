import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { artifactTool } from "../../../example/tools/artifact.js";
import type { ArtifactRequest, ArtifactResponse, HostServices } from "../../../example/types.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

/** A session with report.html in its folder. */
async function setup(host: HostServices = {}): Promise<TestContext & { file: string }> {
  const t = await makeToolContext({ host });
  onTestFinished(t.cleanup);
  const file = path.join(t.dir, "report.html");
  await fs.writeFile(file, "<h1>Report</h1>\n");
  return { ...t, file };
}

function showing(response: ArtifactResponse = {}) {
  return vi.fn(async (_request: ArtifactRequest) => response);
}

describe("Artifact", () => {
  it("declares file_path as required and asks permission", () => {
    const parameters = artifactTool.config.function.parameters!;
    expect(parameters.required).toEqual(["file_path"]);
    expect(Object.keys(parameters.properties!).sort()).toEqual(
      ["favicon", "file_path", "force", "label", "url"].sort(),
    );
    expect(artifactTool.permission).toBe("ask");
  });

  it("fails clearly when the host has no artifact viewer", async () => {
    const { context } = await setup();
    expect(await artifactTool.execute({ file_path: "report.html" }, context)).toEqual({
      success: false,
      content: "",
      error: "Artifact is not available: the host has not provided an artifact viewer.",
    });
  });

  it("shows the file through the host", async () => {
    const showArtifact = showing({ url: "http://localhost:4000/a/1" });
    const { context, file } = await setup({ showArtifact });
    const result = await artifactTool.execute(
      { file_path: "report.html", label: "Quarterly report", favicon: "📊" },
      context,
    );
    expect(result).toMatchObject({
      success: true,
      content: `Showing ${file} to the user as "Quarterly report" at http://localhost:4000/a/1.`,
      metadata: { url: "http://localhost:4000/a/1" },
    });
    expect(showArtifact.mock.calls[0]![0]).toMatchObject({
      filePath: file,
      label: "Quarterly report",
      favicon: "📊",
      url: undefined,
      force: false,
    });
  });

  it("accepts a label of 60 characters and refuses 61", async () => {
    const showArtifact = showing();
    const { context, file } = await setup({ showArtifact });
    const ok = await artifactTool.execute({ file_path: file, label: "x".repeat(60) }, context);
    expect(ok.success).toBe(true);
    const tooLong = await artifactTool.execute({ file_path: file, label: "x".repeat(61) }, context);
    expect(tooLong.error).toBe("The label must be at most 60 characters; it has 61.");
    expect(showArtifact).toHaveBeenCalledTimes(1);
  });

  it("needs an existing file and an http(s) url", async () => {
    const showArtifact = showing();
    const { context, dir } = await setup({ showArtifact });
    expect((await artifactTool.execute({ file_path: "gone.html" }, context)).error).toBe(
      `${path.join(dir, "gone.html")} is not a file.`,
    );
    expect(
      (await artifactTool.execute({ file_path: "report.html", url: "localhost:4000" }, context))
        .error,
    ).toBe('url must be an http or https address, not "localhost:4000".');
    expect(showArtifact).not.toHaveBeenCalled();
  });

  it("reports a viewer that fails", async () => {
    const { context } = await setup({
      showArtifact: async () => {
        throw new Error("viewer closed");
      },
    });
    expect((await artifactTool.execute({ file_path: "report.html" }, context)).error).toBe(
      "The artifact could not be shown: viewer closed",
    );
  });
});
