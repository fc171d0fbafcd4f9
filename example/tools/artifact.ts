import fs from "node:fs/promises";
import { errorMessage, failed } from "../core/results.js";
import type { ToolPlugin } from "./toolPlugin.js";
import { ARTIFACT_TOOL_NAME } from "./names.js";
import { resolveInWorkdir } from "./paths.js";
import type { ArtifactArgs } from "../../generated/index.js";
import { hostServiceMissing } from "./support/hostService.js";
import { isHttpAddress } from "./support/webAddress.js";

const MAX_LABEL_LENGTH = 60;

export const artifactTool: ToolPlugin<ArtifactArgs> = {
  name: ARTIFACT_TOOL_NAME,
  permission: "ask",
  config: {
    type: "function",
    function: {
      name: ARTIFACT_TOOL_NAME,
      description: `Shows a file the user should look at (a report, a page, a diagram) as an artifact in the host's viewer.
Give it a short label (at most ${MAX_LABEL_LENGTH} characters). Showing the same file again refreshes it; force shows it even when the viewer thinks nothing changed.`,
      parameters: {
        type: "object",
        properties: {
          file_path: {
            type: "string",
            description: "The file to show: absolute, or relative to the working directory.",
          },
          label: {
            type: "string",
            description: `The title shown with the artifact, at most ${MAX_LABEL_LENGTH} characters.`,
          },
          favicon: {
            type: "string",
            description: "A small icon for the artifact, such as an emoji.",
          },
          url: {
            type: "string",
            description:
              "An http(s) address where the artifact is served, when it is not just the file.",
          },
          force: {
            type: "boolean",
            description: "Show the artifact again even if the viewer already shows this file.",
          },
        },
        required: ["file_path"],
      },
    },
  },
  async execute(args, context) {
    const { file_path, label, favicon, url, force } = args;
    const host = context.host;
    if (!host.showArtifact) {
      return hostServiceMissing(ARTIFACT_TOOL_NAME, "an artifact viewer");
    }
    if (label !== undefined && label.length > MAX_LABEL_LENGTH) {
      return failed(
        `The label must be at most ${MAX_LABEL_LENGTH} characters; it has ${label.length}.`,
      );
    }
    if (url !== undefined && !isWebAddress(url)) {
      return failed(`url must be an http or https address, not "${url}".`);
    }
    const filePath = resolveInWorkdir(context.workdir, file_path);
    const stat = await fs.stat(filePath).catch(() => undefined);
    if (!stat?.isFile()) return failed(`${filePath} is not a file.`);

    try {
      const shown = await host.showArtifact({
        filePath,
        label: label || undefined,
        favicon: favicon || undefined,
        url,
        force: force ?? false,
        signal: context.signal,
      });
      const title = label ? ` as "${label}"` : "";
      const where = shown.url ? ` at ${shown.url}` : "";
      return {
        success: true,
        content: `Showing ${filePath} to the user${title}${where}.`,
        shortResult: "artifact shown",
        metadata: shown.url ? { url: shown.url } : undefined,
      };
    } catch (error) {
      return failed(`The artifact could not be shown: ${errorMessage(error)}`);
    }
  },
};

function isWebAddress(text: string): boolean {
  return URL.canParse(text) && isHttpAddress(new URL(text));
}
