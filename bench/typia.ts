// typia as a peer, generated ahead of time at bench time, never committed. A TypeScript file that
// imports the generated argument types (generated/index.ts: `ToolArgsByName["Bash"]` is
// `BashArgs`) and calls `typia.createEquals<...>()` and `typia.createValidateEquals<...>()` per
// tool is written to bench/_exp/typia/input/; `typia generate` (typia 10 on TypeScript 5.9, from
// bench/typia-toolchain) turns the calls into validator code in bench/_exp/typia/output/; esbuild
// bundles that with the typia helpers it imports into bench/_exp/typia/validators.mjs, which the
// benchmark loads. bench/_exp/ is gitignored.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const REPO = path.resolve(import.meta.dirname, "..");
const TOOLCHAIN = path.join(REPO, "bench/typia-toolchain");
const DIR = path.join(REPO, "bench/_exp/typia");
const BUNDLE = path.join(DIR, "validators.mjs");
const STAMP = path.join(DIR, "stamp.json");

/** What typia's `validateEquals` returns. */
export type TypiaValidation =
  | { readonly success: true; readonly data: unknown }
  | { readonly success: false; readonly errors: readonly unknown[]; readonly data: unknown };

export interface TypiaPeer {
  /** `typia.createEquals<XArgs>()`: true for a valid call; undeclared keys are rejected. */
  readonly equals: (input: unknown) => boolean;
  /** `typia.createValidateEquals<XArgs>()`: every error of an invalid call. */
  readonly validateEquals: (input: unknown) => TypiaValidation;
}

export interface TypiaBuild {
  readonly peers: ReadonlyMap<string, TypiaPeer>;
  readonly versions: { readonly typia: string; readonly typescript: string };
  /** Milliseconds `typia generate` and the bundle took, or undefined when reused. */
  readonly generatedMs: number | undefined;
}

const toolchainRequire = createRequire(path.join(TOOLCHAIN, "package.json"));

function versionOf(packageJson: string): string {
  return (JSON.parse(fs.readFileSync(packageJson, "utf8")) as { version: string }).version;
}

function toolchain() {
  const typiaPackage = toolchainRequire.resolve("typia/package.json");
  // typia loads the TypeScript it finds from its own folder: it has to be the toolchain's.
  const typescriptPackage = createRequire(typiaPackage).resolve("typescript/package.json");
  const versions = { typia: versionOf(typiaPackage), typescript: versionOf(typescriptPackage) };
  const [major, minor] = versions.typescript.split(".").map(Number) as [number, number];
  if (major !== 5 || minor >= 10) {
    throw new Error(
      `typia ${versions.typia} would run on TypeScript ${versions.typescript} (${typescriptPackage}); it needs a TypeScript below 5.10: run npm ci`,
    );
  }
  return { typiaDir: path.dirname(typiaPackage), versions };
}

/** The file typia transforms: one equals and one validateEquals per tool. */
function inputSource(toolNames: readonly string[]): string {
  const relative = path
    .relative(path.join(DIR, "input"), path.join(REPO, "generated/index.js"))
    .replaceAll("\\", "/");
  const entries = toolNames.map((name) => {
    const type = `ToolArgsByName[${JSON.stringify(name)}]`;
    return `  ${JSON.stringify(name)}: {
    equals: typia.createEquals<${type}>(),
    validateEquals: typia.createValidateEquals<${type}>(),
  },`;
  });
  return `// Written by bench/typia.ts at bench time; \`typia generate\` writes ../output/validators.ts from it.
import typia from "typia";
import type { ToolArgsByName } from "${relative}";

export const validators = {
${entries.join("\n")}
};
`;
}

function tsconfig(typiaDir: string): string {
  return `${JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        types: [],
        // typia is installed in bench/typia-toolchain, not beside the generated types.
        paths: {
          typia: [path.join(typiaDir, "lib/index.d.ts")],
          "typia/*": [path.join(typiaDir, "*")],
        },
      },
      include: ["input"],
    },
    null,
    2,
  )}\n`;
}

/** What the generated code depends on: when it is unchanged, the last build is reused. */
function stampOf(source: string, config: string, versions: object): string {
  const hash = createHash("sha256").update(source).update(config);
  hash.update(JSON.stringify(versions));
  const generated = path.join(REPO, "generated");
  for (const file of fs.readdirSync(generated).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(generated, file)));
  }
  return hash.digest("hex");
}

/** `typia generate` on the input file, then the bundle, all in `dir`. */
async function generate(dir: string, typiaDir: string, source: string, config: string) {
  const input = path.join(dir, "input");
  const output = path.join(dir, "output");
  fs.mkdirSync(input, { recursive: true });
  fs.writeFileSync(path.join(input, "validators.ts"), source);
  fs.writeFileSync(path.join(dir, "tsconfig.json"), config);
  const args = ["generate", "--input", input, "--output", output, "--project", "tsconfig.json"];
  try {
    execFileSync(process.execPath, [path.join(typiaDir, "lib/executable/typia.js"), ...args], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`typia generate failed:\n${stdout ?? ""}${stderr ?? ""}`.slice(0, 4000));
  }
  const transformed = fs.readFileSync(path.join(output, "validators.ts"), "utf8");
  if (/typia\.create/.test(transformed)) {
    throw new Error(`typia generate left typia calls untransformed in ${output}`);
  }
  await build({
    entryPoints: [path.join(output, "validators.ts")],
    outfile: path.join(dir, path.basename(BUNDLE)),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // The helpers typia's code imports (typia/lib/internal/*.js, CommonJS) are taken from the
    // toolchain's typia in their ES module builds (*.mjs beside them): plain bindings, as a
    // bundler of an ESM application would pick, not CommonJS interop getters.
    plugins: [
      {
        name: "typia-esm",
        setup(context) {
          context.onResolve({ filter: /^typia\/lib\/.*\.js$/ }, (resolve) => ({
            path: path.join(path.dirname(typiaDir), resolve.path.replace(/\.js$/, ".mjs")),
          }));
        },
      },
    ],
    nodePaths: [path.dirname(typiaDir), path.join(REPO, "node_modules")],
    logLevel: "silent",
  });
}

/**
 * Writes typia's validators for the tools (unless `reuse` and nothing they depend on changed
 * since the last build) and loads them.
 */
export async function buildTypia(
  toolNames: readonly string[],
  { reuse }: { reuse: boolean },
): Promise<TypiaBuild> {
  const { typiaDir, versions } = toolchain();
  const source = inputSource(toolNames);
  const config = tsconfig(typiaDir);
  const stamp = stampOf(source, config, versions);
  let generatedMs: number | undefined;
  const previous = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, "utf8") : undefined;
  if (!reuse || previous !== stamp || !fs.existsSync(BUNDLE)) {
    const started = performance.now();
    // Written beside the folder, then put in its place: a run that loads the last build while
    // this one is made never sees half of it.
    const next = `${DIR}.${process.pid}`;
    fs.rmSync(next, { recursive: true, force: true });
    try {
      await generate(next, typiaDir, source, config);
      fs.writeFileSync(path.join(next, "stamp.json"), stamp);
      fs.rmSync(DIR, { recursive: true, force: true });
      fs.renameSync(next, DIR);
    } finally {
      fs.rmSync(next, { recursive: true, force: true });
    }
    generatedMs = performance.now() - started;
  }
  const loaded = (await import(pathToFileURL(BUNDLE).href)) as {
    validators: Record<string, TypiaPeer>;
  };
  const peers = new Map<string, TypiaPeer>();
  for (const name of toolNames) {
    const peer = loaded.validators[name];
    if (typeof peer?.equals !== "function" || typeof peer.validateEquals !== "function") {
      throw new Error(`typia's validators have none for the tool ${name}`);
    }
    peers.set(name, peer);
  }
  return { peers, versions, generatedMs };
}
