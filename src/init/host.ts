// The host package as `init` sees it: its name, its package manager and whether it is one
// package of a workspace, which together give the commands that run its scripts.
import fs from "node:fs/promises";
import path from "node:path";
import { relativeName } from "../diagnostics/paths.js";
import { FRAMEWORK_PACKAGES } from "./framework.js";
import { isObject } from "../json.js";

export type PackageManager = "npm" | "pnpm" | "yarn" | "bun";

export interface HostPackage {
  readonly dir: string;
  /** package.json's `name`, if it has one. */
  readonly name: string | undefined;
  readonly manager: PackageManager;
  /** How the manager was found: `packageManager` field, or the lockfile, relative. */
  readonly managerFrom: string;
  /** The folder of the workspace the package belongs to (where the lockfile is); undefined for a package of its own. */
  readonly workspaceRoot: string | undefined;
  /** The package's `tool-validators` dependency, as its package.json writes it. */
  readonly dependency: string | undefined;
  /** The agent frameworks among its dependencies (framework.ts), with their version ranges. */
  readonly frameworks: Readonly<Record<string, string>>;
}

const LOCKFILES: readonly [string, PackageManager][] = [
  ["pnpm-lock.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["package-lock.json", "npm"],
  ["npm-shrinkwrap.json", "npm"],
];

type PackageJson = Record<string, unknown>;

/** Reads the package in `dir` (its package.json) and the workspace around it. */
export async function readHost(dir: string, packageJson: PackageJson): Promise<HostPackage> {
  const name =
    typeof packageJson.name === "string" && packageJson.name ? packageJson.name : undefined;
  const dependencies = ["dependencies", "devDependencies", "optionalDependencies"].map((key) =>
    isObject(packageJson[key]) ? (packageJson[key] as Record<string, unknown>) : {},
  );
  const dependency = dependencies
    .map((list) => list["tool-validators"])
    .find((spec): spec is string => typeof spec === "string");
  const frameworks: Record<string, string> = {};
  for (const name of FRAMEWORK_PACKAGES) {
    const spec = dependencies.map((list) => list[name]).find((value) => value !== undefined);
    if (spec !== undefined) frameworks[name] = typeof spec === "string" ? spec : "";
  }
  const found = await findManager(dir, packageJson);
  return {
    dir,
    name,
    manager: found.manager,
    managerFrom: found.from,
    workspaceRoot: found.root !== undefined && found.root !== dir ? found.root : undefined,
    dependency,
    frameworks,
  };
}

/**
 * The package manager: the `packageManager` field of the package or of the workspace root,
 * else the nearest lockfile from the package upward (npm when there is none).
 */
async function findManager(
  dir: string,
  packageJson: PackageJson,
): Promise<{ manager: PackageManager; from: string; root: string | undefined }> {
  const declared = managerField(packageJson);
  for (let current = dir; ; current = path.dirname(current)) {
    for (const [file, manager] of LOCKFILES) {
      if (!(await exists(path.join(current, file)))) continue;
      const rootJson =
        current === dir ? packageJson : await readJson(path.join(current, "package.json"));
      const field = declared ?? managerField(rootJson);
      return field
        ? { manager: field, from: `the "packageManager" field`, root: current }
        : { manager, from: relativeName(dir, path.join(current, file)), root: current };
    }
    if (current !== dir && (await isWorkspaceRoot(current))) {
      const field = declared ?? managerField(await readJson(path.join(current, "package.json")));
      return {
        manager: field ?? "npm",
        from: field ? `the "packageManager" field` : "no lockfile",
        root: current,
      };
    }
    // The repository's top: a lockfile above it belongs to something else.
    if (path.dirname(current) === current || (await exists(path.join(current, ".git")))) break;
  }
  return {
    manager: declared ?? "npm",
    from: declared ? `the "packageManager" field` : "no lockfile",
    root: undefined,
  };
}

/** `pnpm@9.1.0` -> `pnpm`. */
function managerField(packageJson: PackageJson | undefined): PackageManager | undefined {
  const field = packageJson?.packageManager;
  if (typeof field !== "string") return undefined;
  const name = field.split("@")[0];
  return name === "npm" || name === "pnpm" || name === "yarn" || name === "bun" ? name : undefined;
}

async function isWorkspaceRoot(dir: string): Promise<boolean> {
  if (await exists(path.join(dir, "pnpm-workspace.yaml"))) return true;
  const json = await readJson(path.join(dir, "package.json"));
  return json !== undefined && "workspaces" in json;
}

async function readJson(file: string): Promise<PackageJson | undefined> {
  try {
    const value: unknown = JSON.parse(await fs.readFile(file, "utf8"));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

/** The command that runs one of the package's scripts from its own folder. */
export function localRun(manager: PackageManager, script: string): string {
  return manager === "npm"
    ? `npm run ${script}`
    : manager === "bun"
      ? `bun run ${script}`
      : `${manager} ${script}`;
}

/**
 * The command that runs one of the package's scripts, from the workspace root when the
 * package is part of one (pnpm's `--filter`, npm's `-w`, yarn's `workspace` take the
 * package's name; a name that matches no package runs nothing and exits 0), else from its
 * folder.
 */
export function runScript(
  host: HostPackage,
  script: string,
): { readonly from: string; readonly command: string } {
  if (host.workspaceRoot === undefined)
    return { from: host.dir, command: localRun(host.manager, script) };
  const folder = `./${relativeName(host.workspaceRoot, host.dir)}`;
  const from = host.workspaceRoot;
  switch (host.manager) {
    case "pnpm":
      return { from, command: `pnpm --filter ${quote(host.name ?? folder)} ${script}` };
    case "npm":
      return { from, command: `npm run ${script} -w ${quote(host.name ?? folder)}` };
    case "yarn":
      return host.name
        ? { from, command: `yarn workspace ${quote(host.name)} ${script}` }
        : { from: host.dir, command: `yarn ${script}` };
    case "bun":
      return { from, command: `bun run --filter ${quote(host.name ?? folder)} ${script}` };
  }
}

function quote(value: string): string {
  return /^[A-Za-z0-9@/._-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
