import fs from "node:fs/promises";
import path from "node:path";
import * as prettier from "prettier";
import { issuesModule, typesModule } from "../../src/emit/supportModules.js";
import { KEYWORDS } from "../../src/keywords/registry.js";
import { REPO } from "./spawn.js";

/**
 * src/support/types.ts and issues.ts are what an output folder holds when every keyword is
 * enforced: the copied support sources are compiled and tested against them in place.
 */
export const WRITTEN_SUPPORT = ["types.ts", "issues.ts"] as const;

const HEADER = (name: string) =>
  `// The ${name} of an output folder where every keyword is enforced (src/emit/supportModules.ts\n// writes it): the support sources beside it compile against it. \`npm run test:golden\` refreshes it.\n`;

/** The expected text of each written support source, formatted as this repository formats. */
export async function expectedSupportSources(): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const bodies = {
    "types.ts": typesModule(KEYWORDS),
    "issues.ts": issuesModule(KEYWORDS),
  };
  for (const name of WRITTEN_SUPPORT) {
    const file = path.join(REPO, "src/support", name);
    const options = (await prettier.resolveConfig(file)) ?? {};
    texts.set(
      name,
      await prettier.format(`${HEADER(name)}${bodies[name]}`, { ...options, filepath: file }),
    );
  }
  return texts;
}

export async function writeSupportSources(): Promise<void> {
  for (const [name, text] of await expectedSupportSources())
    await fs.writeFile(path.join(REPO, "src/support", name), text);
}
