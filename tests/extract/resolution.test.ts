// Imports resolved as the host's TypeScript resolves them (CONTRACT.md section 2): workspace
// packages through node_modules symbolic links and their package.json "exports", a tsconfig
// "paths" alias of the nearest tsconfig.json (its "extends" followed), a package that ships
// only declarations, `.js` specifiers of `.ts` files. tests/fixtures/workspace is laid out in a
// temporary folder with the node_modules a package manager would make.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiagnosticBag, formatDiagnostic } from "../../src/diagnostics/diagnostics.js";
import { extractTools } from "../../src/extract/discover.js";
import { toJson } from "../../src/extract/values.js";
import { makeTempDir } from "../helpers/context.js";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/workspace");

let root: string;

/** The fixture in a fresh folder: node_modules links the workspace package and holds a copy of the vendored one. */
export async function layOutWorkspace(): Promise<string> {
  const dir = await makeTempDir("tv-workspace-");
  await fs.cp(FIXTURE, dir, { recursive: true });
  await fs.mkdir(path.join(dir, "node_modules/@notes"), { recursive: true });
  await fs.symlink("../../packages/shared", path.join(dir, "node_modules/@notes/shared"));
  await fs.cp(path.join(dir, "vendor/tool-names"), path.join(dir, "node_modules/tool-names"), {
    recursive: true,
  });
  return dir;
}

beforeAll(async () => {
  root = await layOutWorkspace();
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

function read(file: string) {
  const diagnostics = new DiagnosticBag();
  const display = (absolute: string) => path.relative(root, absolute).split(path.sep).join("/");
  const result = extractTools([path.join(root, file)], diagnostics, display);
  const printed = diagnostics
    .sorted()
    .map((d) => formatDiagnostic(d, result.sources).split("\n")[0]);
  return { ...result, printed };
}

describe("imports resolved as TypeScript resolves them", () => {
  it("reads names and keys from a workspace package, a paths alias and a declarations-only package", () => {
    const { tools, printed } = read("packages/agent/src/tools/notes.ts");
    expect(printed).toEqual([]);
    expect(tools.map((tool) => [tool.name, toJson(tool.parameters!)])).toEqual([
      [
        "archive_notes",
        {
          type: "object",
          properties: { note_id: { type: "string" } },
          required: ["note_id"],
        },
      ],
      [
        "search_notes",
        {
          type: "object",
          properties: {
            query: { type: "string" },
            limit: { type: "integer", maximum: 100, default: 25 },
          },
        },
      ],
    ]);
  });

  it.each([
    [
      "a package that is not installed",
      'import { NAME } from "@notes/missing";',
      '"NAME" cannot be followed: the package "@notes/missing" cannot be found from packages/agent/src/tools/case.ts (resolved as TypeScript does with packages/agent/tsconfig.json: moduleResolution nodenext); if it is not installed, install the dependencies (npm install, or the equivalent).',
    ],
    [
      "a subpath the package does not export",
      'import { NAME } from "@notes/shared/src/names.js";',
      '"NAME" cannot be followed: the package "@notes/shared/src/names.js" cannot be found from packages/agent/src/tools/case.ts (resolved as TypeScript does with packages/agent/tsconfig.json: moduleResolution nodenext); if it is not installed, install the dependencies (npm install, or the equivalent).',
    ],
    [
      "a declaration without a value",
      'import { VERSION as NAME } from "tool-names";',
      '"VERSION" has no initializer.',
    ],
    [
      "a relative module that is not there",
      'import { NAME } from "../common/names.js";',
      '"NAME" cannot be followed: the module "../common/names.js" was not found.',
    ],
  ])("%s is a located error saying why", async (_, importLine, reason) => {
    const file = "packages/agent/src/tools/case.ts";
    await fs.writeFile(
      path.join(root, file),
      `${importLine}\nexport const tool = { name: NAME, inputSchema: { type: "object" } };\n`,
    );
    try {
      const { printed } = read(file);
      expect(printed).toEqual([
        `${file}:2:29 - error TV1002: Tool "tool": The tool's name cannot be read: ${reason} Leave it out with "excludeFiles": ["${file}"] in the settings.`,
      ]);
    } finally {
      await fs.rm(path.join(root, file));
    }
  });
});
