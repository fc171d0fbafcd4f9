// The cache against no cache, at random (issue 16): a small host (tool files, one of them a
// symbolic link; a workspace package linked into node_modules with package.json "exports"; a
// declarations-only package; a tsconfig "paths" alias; a `.js` module imported with a comment
// before its specifier; an extensionless import of a folder) is generated once, with the cache.
// Then each case starts from that state, changes one input at random, and requires the cached
// `--check` to say exactly what `--check --no-cache` says (exit code, stdout, stderr). A case
// that changes nothing must be a cache hit (nothing regenerated): a cache that is switched off,
// or that never hits, fails.
//
// The command is called as a library (cli.ts `main`), as the installed command calls it; a couple
// of cases spawn the real command line instead (from its sources, as `npm run gen` runs it: the
// same generator, whose record the library's runs share). The seed is random and printed; replay with
// CACHE_FUZZ_SEED=<seed> npx vitest run tests/codegen/cacheFuzz.test.ts; CACHE_FUZZ_CASES sets
// how many cases run.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/context.js";
import { integerFromEnv } from "../helpers/env.js";
import { runMain } from "../helpers/inProcess.js";
import { genSourceCommand, run, type RunResult } from "../helpers/spawn.js";

const SEED = integerFromEnv("CACHE_FUZZ_SEED", (Date.now() ^ (Math.random() * 0x100000000)) | 0);
const CASES = integerFromEnv("CACHE_FUZZ_CASES", 30);
/** Cases (by index) whose cached check spawns the real command line. */
const SPAWNED = new Set([1, 2]);

console.log(
  `cache fuzz: seed ${SEED} (replay: CACHE_FUZZ_SEED=${SEED} npx vitest run tests/codegen/cacheFuzz.test.ts)`,
);

/** A deterministic source of choices (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const tool = (name: string, key: string) => `export const tool = {
  name: "${name}",
  inputSchema: { type: "object", properties: { ${key}: { type: "string" } }, required: ["${key}"] },
};
`;

/** The host, file by file; `->` marks a symbolic link (its target). */
const HOST: Record<string, string> = {
  "tool-validators.config.json": '{ "tools": "src/tools/*.ts", "out": "generated" }\n',
  "package.json": '{ "name": "fuzz-host", "private": true, "type": "module" }\n',
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      module: "ESNext",
      moduleResolution: "Bundler",
      paths: { "@shared/*": ["./src/shared/*"] },
    },
  }),
  "packages/names/package.json": JSON.stringify({
    name: "@fz/names",
    version: "1.0.0",
    exports: { ".": { types: "./src/index.ts" } },
  }),
  "packages/names/src/index.ts":
    'export enum ToolName {\n  Alpha = "alpha_tool",\n  Gamma = "gamma_tool",\n}\nexport const LIMIT = 10;\n',
  "node_modules/@fz/names": "-> ../../packages/names",
  "node_modules/vendor-names/package.json":
    '{ "name": "vendor-names", "version": "1.0.0", "types": "index.d.ts" }\n',
  "node_modules/vendor-names/index.d.ts": 'export declare const VENDOR_KEY = "vendor_key";\n',
  "src/shared/keys.ts": 'export const KEY_A = "path";\nexport const KEY_B = "mode";\n',
  "src/shared/limits.ts": "export const MAX = 100;\n",
  "src/shared/dir/index.ts": 'export const DIR_KEY = "from_index";\n',
  "src/legacy/old.js": 'export const OLD_KEY = "from_js";\n',
  "src/variants/first.ts": tool("linked_tool", "first"),
  "src/variants/second.ts": tool("linked_tool", "second"),
  "src/tools/linked.ts": "-> ../variants/first.ts",
  "src/tools/alpha.ts": `import { KEY_A, KEY_B } from "../shared/keys.js";
import { LIMIT, ToolName } from "@fz/names";
import { MAX } from "@shared/limits.js";
import { VENDOR_KEY } from "vendor-names";

export const alphaTool = {
  name: ToolName.Alpha,
  inputSchema: {
    type: "object",
    properties: {
      [KEY_A]: { type: "string" },
      [KEY_B]: { type: "string", enum: ["read", "write"] },
      [VENDOR_KEY]: { type: "integer", maximum: MAX, default: LIMIT },
    },
    required: [KEY_A],
  },
};
`,
  "src/tools/gamma.ts": `import { ToolName } from "@fz/names";
import { OLD_KEY } from /* the old names */ "../legacy/old.js";
import { DIR_KEY } from "../shared/dir";

export function gammaTool() {
  const schema = { type: "object", properties: { [OLD_KEY]: {}, [DIR_KEY]: {} } } as const;
  return { name: ToolName.Gamma, inputSchema: schema };
}
`,
};

type Mutation = (dir: string, pick: <T>(items: readonly T[]) => T) => Promise<void>;

/** One change to the host each; those marked `same` change no answer the reader got. */
const MUTATIONS: Record<string, { same?: boolean; apply: Mutation }> = {
  nothing: { same: true, apply: async () => {} },
  "a tool file rewritten as it was": {
    same: true,
    apply: async (dir) => rewrite(dir, "src/tools/alpha.ts", (text) => text),
  },
  "an unrelated file added": {
    same: true,
    apply: async (dir) => put(dir, "src/shared/notes.md", "# notes\n"),
  },
  "a key of a tool file renamed": {
    apply: async (dir, pick) =>
      rewrite(dir, "src/tools/alpha.ts", (text) =>
        text.replace('"read", "write"', pick(['"read"', '"read", "append"', '"write", "read"'])),
      ),
  },
  "a comment added to a tool file": {
    apply: async (dir) => rewrite(dir, "src/tools/gamma.ts", (text) => `// A note.\n${text}`),
  },
  "an imported constant changed": {
    apply: async (dir, pick) =>
      rewrite(dir, "src/shared/keys.ts", (text) =>
        text.replace('"mode"', pick(['"kind"', '"path"', '"mode "'])),
      ),
  },
  "an imported module removed": { apply: async (dir) => remove(dir, "src/shared/limits.ts") },
  "a .ts module beside the .js one an import names": {
    apply: async (dir, pick) =>
      put(
        dir,
        "src/legacy/old.ts",
        `export const OLD_KEY = ${pick(['"from_ts"', '"from_js"'])};\n`,
      ),
  },
  "a module preferred to a folder's index": {
    apply: async (dir) => put(dir, "src/shared/dir.ts", 'export const DIR_KEY = "from_file";\n'),
  },
  "the tool file link re-pointed": {
    apply: async (dir, pick) =>
      relink(dir, "src/tools/linked.ts", pick(["../variants/second.ts", "../variants/first.ts"])),
  },
  "the tool file link replaced by a copy": {
    apply: async (dir) => {
      await remove(dir, "src/tools/linked.ts");
      await put(dir, "src/tools/linked.ts", tool("linked_tool", "first"));
    },
  },
  "the workspace package link re-pointed": {
    apply: async (dir, pick) => {
      await fs.cp(path.join(dir, "packages/names"), path.join(dir, "packages/names2"), {
        recursive: true,
      });
      await rewrite(dir, "packages/names2/src/index.ts", (text) =>
        text.replace("LIMIT = 10", pick(["LIMIT = 20", "LIMIT = 10"])),
      );
      await relink(dir, "node_modules/@fz/names", "../../packages/names2");
    },
  },
  "the workspace package's exports changed": {
    apply: async (dir) => {
      await put(
        dir,
        "packages/names/src/other.ts",
        'export enum ToolName {\n  Alpha = "other_alpha",\n  Gamma = "other_gamma",\n}\nexport const LIMIT = 5;\n',
      );
      await rewrite(dir, "packages/names/package.json", (text) =>
        text.replace("./src/index.ts", "./src/other.ts"),
      );
    },
  },
  "the declarations-only package changed": {
    apply: async (dir) =>
      rewrite(dir, "node_modules/vendor-names/index.d.ts", (text) =>
        text.replace("vendor_key", "vendor_id"),
      ),
  },
  "the tsconfig paths alias re-pointed": {
    apply: async (dir) => {
      await put(dir, "src/shared2/limits.ts", "export const MAX = 7;\n");
      await rewrite(dir, "tsconfig.json", (text) => text.replace("src/shared/*", "src/shared2/*"));
    },
  },
  "a nearer tsconfig.json without the alias": {
    apply: async (dir) =>
      put(
        dir,
        "src/tools/tsconfig.json",
        '{ "compilerOptions": { "moduleResolution": "Bundler" } }\n',
      ),
  },
  "a tool file added": {
    apply: async (dir, pick) =>
      put(dir, "src/tools/extra.ts", tool(pick(["extra_tool", "alpha_tool"]), "x")),
  },
  "a tool file removed": { apply: async (dir) => remove(dir, "src/tools/gamma.ts") },
};

async function put(dir: string, file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await fs.writeFile(path.join(dir, file), text);
}

async function rewrite(dir: string, file: string, change: (text: string) => string) {
  await fs.writeFile(path.join(dir, file), change(await fs.readFile(path.join(dir, file), "utf8")));
}

async function remove(dir: string, file: string): Promise<void> {
  await fs.rm(path.join(dir, file), { recursive: true, force: true });
}

async function relink(dir: string, file: string, target: string): Promise<void> {
  await fs.rm(path.join(dir, file));
  await fs.symlink(target, path.join(dir, file));
}

async function layOut(dir: string): Promise<void> {
  for (const [file, content] of Object.entries(HOST)) {
    const full = path.join(dir, file);
    await fs.mkdir(path.dirname(full), { recursive: true });
    if (content.startsWith("-> ")) await fs.symlink(content.slice(3), full);
    else await fs.writeFile(full, content);
  }
}

type Said = RunResult;

/** The command as a library, in `dir`, with the cache's debug lines on. */
function command(args: string[], dir: string): Promise<Said> {
  return runMain(args, dir, { env: { TOOL_VALIDATORS_DEBUG: "1" } });
}

const REUSED = "tool-validators: nothing changed since the last run: its output is reused";

/** The output without the cache's own lines. */
function plain(said: Said): Said {
  return {
    code: said.code,
    stdout: said.stdout,
    stderr: said.stderr
      .split("\n")
      .filter((line) => !line.startsWith("tool-validators: "))
      .join("\n"),
  };
}

let root: string;
beforeAll(async () => {
  root = await makeTempDir("tv-cache-fuzz-");
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe("the cache agrees with no cache", () => {
  it("after any one change to the inputs, and is used when nothing changed", async () => {
    const work = path.join(root, "work");
    const base = path.join(root, "base");
    await layOut(work);
    const first = await command([], work);
    expect(first.code, first.stderr).toBe(0);
    expect((await command(["--check"], work)).stderr.split("\n")[0]).toBe(REUSED);
    // The state every case starts from: the host, its output and the cache's record.
    await fs.cp(work, base, { recursive: true, verbatimSymlinks: true });

    const next = random(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const names = Object.keys(MUTATIONS);
    const tally = { hits: 0, unchangedCases: 0, regenerated: 0, differences: 0 };
    const seen = new Map<string, number>();
    for (let index = 0; index < CASES; index++) {
      const name = index === 0 ? "nothing" : pick(names);
      seen.set(name, (seen.get(name) ?? 0) + 1);
      await fs.rm(work, { recursive: true, force: true });
      await fs.cp(base, work, { recursive: true, verbatimSymlinks: true });
      await MUTATIONS[name]!.apply(work, pick);
      const cached = SPAWNED.has(index)
        ? await run(process.execPath, [...genSourceCommand(), "--check"], work, {
            env: { TOOL_VALIDATORS_DEBUG: "1" },
          })
        : await command(["--check"], work);
      const uncached = await command(["--check", "--no-cache"], work);
      const where = `case ${index} (${name}), seed ${SEED}`;
      expect(plain(cached), where).toEqual(plain(uncached));
      const hit = cached.stderr.startsWith(REUSED);
      if (MUTATIONS[name]!.same) {
        tally.unchangedCases++;
        expect(hit, `${where}: ${cached.stderr}`).toBe(true);
      }
      if (hit) tally.hits++;
      else tally.regenerated++;
      if (cached.code !== 0) tally.differences++;
    }
    console.log(
      `cache fuzz: ${CASES} cases (seed ${SEED}): ${tally.hits} cache hits (${tally.unchangedCases} cases changed nothing, all hits), ${tally.regenerated} regenerated, ${tally.differences} checks that failed alike; changes: ${JSON.stringify(Object.fromEntries(seen))}`,
    );
    expect(tally.hits).toBeGreaterThan(0);
  }, 900_000);
});
