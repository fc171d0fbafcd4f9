import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkCycles } from "../../scripts/checkCycles.js";
import { makeTempDir } from "../helpers/context.js";
import { REPO, run } from "../helpers/spawn.js";

const TSX_LOADER = import.meta.resolve("tsx");
const SCRIPT = path.join(REPO, "scripts/checkCycles.ts");

let dir: string;
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A small code base with a NodeNext tsconfig: imports name `./x.js` for the file `./x.ts`. */
async function codeBase(files: Record<string, string>): Promise<void> {
  dir = await makeTempDir("tv-cycles-");
  const tsconfig = { compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" } };
  await fs.writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
}

/** The script's check, in this process, from the code base's folder. */
function check(...folders: string[]) {
  return checkCycles(folders, dir);
}

/** The script itself, spawned as `npm run check:cycles` runs it. */
function script(...folders: string[]) {
  return run(process.execPath, ["--import", TSX_LOADER, SCRIPT, ...folders], dir);
}

describe("npm run check:cycles", () => {
  it("finds a cycle of .js imports of .ts files, type-only imports included", async () => {
    await codeBase({
      "lib/a.ts": 'import { b } from "./b.js";\nexport const a = () => b;\n',
      "lib/b.ts": 'import type { A } from "./c.js";\nexport const b: A = 1;\n',
      "lib/c.ts": 'import { a } from "./a.js";\nexport type A = 1;\nexport const c = a;\n',
    });
    const result = await check("lib");
    expect(result.stdout).toBe(
      "lib: 1 import cycle\n  file cycles:\n    1) lib/a.ts -> lib/b.ts -> lib/c.ts -> lib/a.ts\n",
    );
    expect(result.code).toBe(1);
  });

  it("finds folders that import each other although no file cycle exists", async () => {
    await codeBase({
      "lib/low/x.ts": 'import { z } from "../high/z.js";\nexport const x = z;\n',
      "lib/high/y.ts": 'import { x } from "../low/x.js";\nexport const y = x;\n',
      "lib/high/z.ts": "export const z = 1;\n",
    });
    const result = await check("lib");
    expect(result.stdout).toBe(
      "lib: 1 import cycle\n  folder cycles:\n    1) lib/high/ -> lib/low/ -> lib/high/\n",
    );
    expect(result.code).toBe(1);
  });

  it("reports each folder on its own and passes only when every one is free of cycles", async () => {
    await codeBase({
      "clean/low/x.ts": "export const x = 1;\n",
      "clean/high/y.ts": 'import { x } from "../low/x.js";\nexport const y = x;\n',
      "tangled/a.ts": 'import "./b.js";\n',
      "tangled/b.ts": 'import "./a.js";\n',
    });
    const clean = await check("clean");
    expect(clean.stdout).toBe("clean: no import cycles (2 files).\n");
    expect(clean.code).toBe(0);
    const both = await script("clean", "tangled", "missing");
    expect(both.stdout).toBe(
      [
        "clean: no import cycles (2 files).",
        "tangled: 1 import cycle",
        "  file cycles:",
        "    1) tangled/a.ts -> tangled/b.ts -> tangled/a.ts",
        "missing: no TypeScript files found.",
        "",
      ].join("\n"),
    );
    expect(both.code).toBe(1);
  });
});
