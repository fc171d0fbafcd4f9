// Which formatter formats an output folder (CONTRACT.md section 7): the `formatter` setting,
// else the one the host formats with. The host formats with prettier when a package.json from
// the output folder upward lists it (dependencies or devDependencies) or a prettier
// configuration applies to the folder; with Biome when a package.json lists @biomejs/biome or a
// Biome configuration applies, unless that configuration turns the formatter off (Biome as a
// linter only). A prettier that merely sits in node_modules as another package's
// dependency is not the host's formatter. Both set up and no setting: an error asking for it
// (choosing one would make the other's `--write` and the drift check disagree). Neither: none,
// the emitted text as it is. The formatter is always the host's own, resolved from the output
// folder as Node resolves a module there; this package brings none.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FormatterSetting } from "../settings/targets.js";
import { FormatterError, packageVersion } from "./formatter.js";
import { PRETTIER_CONFIG_FILES } from "./prettier.js";

/** The formatter a run uses, located. */
export type FormatterChoice =
  | { readonly kind: "prettier"; readonly entry: string; readonly version: string }
  | {
      readonly kind: "biome";
      /** The platform binary the `biome` command runs. */
      readonly binary: string;
      readonly version: string;
      /** The folder it runs in (the settings' folder): where it looks for its configuration. */
      readonly cwd: string;
    }
  | { readonly kind: "command"; readonly command: string; readonly cwd: string }
  | { readonly kind: "none" };

/** The names of Biome's configuration files, in the order Biome prefers them in a folder. */
export const BIOME_CONFIG_FILES = ["biome.json", "biome.jsonc", ".biome.json", ".biome.jsonc"];

const BIOME_PACKAGE = "@biomejs/biome";

export interface FormatterPlace {
  /** The output folder, absolute. */
  readonly outDir: string;
  /** The settings' folder, absolute: commands and Biome run there. */
  readonly cwd: string;
  /** How a path is shown in messages (relative, `/`). */
  readonly display: (file: string) => string;
}

/** The formatter for `setting` (undefined: detected); a FormatterError when it cannot be used. */
export function chooseFormatter(
  setting: FormatterSetting | undefined,
  place: FormatterPlace,
): FormatterChoice {
  if (setting === "none") return { kind: "none" };
  if (typeof setting === "object")
    return { kind: "command", command: setting.command, cwd: place.cwd };
  if (setting !== undefined) return locate(setting, place, `"formatter" is "${setting}"`);
  const evidence = hostFormatters(place.outDir, place.display);
  if (evidence.prettier && evidence.biome)
    throw new FormatterError(
      `both prettier (${evidence.prettier}) and Biome (${evidence.biome}) are set up for ${place.display(place.outDir)}/: say which formats the output with "formatter": "prettier" or "biome" in the settings (or --formatter).`,
    );
  if (evidence.prettier)
    return locate("prettier", place, `prettier is set up (${evidence.prettier})`);
  if (evidence.biome) return locate("biome", place, `Biome is set up (${evidence.biome})`);
  return { kind: "none" };
}

function locate(kind: "prettier" | "biome", place: FormatterPlace, why: string): FormatterChoice {
  const found = kind === "prettier" ? locatePrettier(place.outDir) : locateBiome(place);
  if (typeof found !== "string") return found;
  throw new FormatterError(
    `${why}, but ${found} where ${place.display(place.outDir)}/ is: install it in the host (npm install), or set "formatter" ("none" leaves the output as the generator writes it).`,
  );
}

/** The prettier Node resolves from the output folder, or what is wrong. */
function locatePrettier(outDir: string): FormatterChoice | string {
  const entry = resolveFrom(outDir, "prettier");
  if (entry === undefined) return "prettier is not installed";
  const version = packageVersion(entry, "prettier");
  if (!(Number.parseInt(version, 10) >= 2))
    return `prettier ${version} is installed (2 or later is needed)`;
  return { kind: "prettier", entry, version };
}

/** The Biome binary of the @biomejs/biome Node resolves from the output folder, or what is wrong. */
function locateBiome(place: FormatterPlace): FormatterChoice | string {
  const manifest = resolveFrom(place.outDir, `${BIOME_PACKAGE}/package.json`);
  if (manifest === undefined) return `${BIOME_PACKAGE} is not installed`;
  const version = packageVersion(manifest, BIOME_PACKAGE);
  const binary = biomeBinary(manifest);
  if (binary === undefined)
    return `${BIOME_PACKAGE} ${version} has no binary for ${process.platform}-${process.arch} installed`;
  return { kind: "biome", binary, version, cwd: place.cwd };
}

/**
 * The binary the `biome` command runs (as its bin/biome does): BIOME_BINARY, else the platform
 * package beside @biomejs/biome (npm installs the one that fits: glibc or musl on Linux).
 */
function biomeBinary(manifest: string): string | undefined {
  if (process.env.BIOME_BINARY) return path.resolve(process.env.BIOME_BINARY);
  const name = `${process.platform}-${process.arch}`;
  const file = process.platform === "win32" ? "biome.exe" : "biome";
  const require = createRequire(manifest);
  for (const candidate of [`@biomejs/cli-${name}`, `@biomejs/cli-${name}-musl`]) {
    try {
      return require.resolve(`${candidate}/${file}`);
    } catch {
      // Not installed: the next candidate.
    }
  }
  return undefined;
}

function resolveFrom(outDir: string, request: string): string | undefined {
  try {
    return createRequire(path.join(outDir, "index.js")).resolve(request);
  } catch {
    return undefined;
  }
}

/** Why the host formats with prettier and with Biome (each undefined when it does not). */
function hostFormatters(
  outDir: string,
  display: (file: string) => string,
): { readonly prettier: string | undefined; readonly biome: string | undefined } {
  let prettier: string | undefined;
  let biome: string | undefined;
  /** The nearest Biome configuration. */
  let biomeConfig: string | undefined;
  for (let dir = path.resolve(outDir); ; dir = path.dirname(dir)) {
    const packageFile = path.join(dir, "package.json");
    const json = readJson(packageFile);
    const listed = (name: string) =>
      [json?.dependencies, json?.devDependencies].some(
        (list) => typeof list === "object" && list !== null && Object.hasOwn(list, name),
      );
    prettier ??= listed("prettier")
      ? `${display(packageFile)} lists it`
      : json?.prettier !== undefined
        ? `${display(packageFile)} has a "prettier" key`
        : configIn(dir, PRETTIER_CONFIG_FILES, display);
    biomeConfig ??= BIOME_CONFIG_FILES.map((name) => path.join(dir, name)).find(isFile);
    biome ??= listed(BIOME_PACKAGE)
      ? `${display(packageFile)} lists ${BIOME_PACKAGE}`
      : biomeConfig && `the configuration ${display(biomeConfig)}`;
    if (path.dirname(dir) === dir) break;
  }
  // Biome set up as a linter only does not format.
  if (biomeConfig && formatterDisabled(biomeConfig)) biome = undefined;
  return { prettier, biome };
}

/** Whether a Biome configuration turns its formatter off (`"formatter": { "enabled": false }`). */
function formatterDisabled(file: string): boolean {
  const json = readJsonc(fs.readFileSync(file, "utf8")) as { formatter?: { enabled?: unknown } };
  return json?.formatter?.enabled === false;
}

/** JSON with comments and trailing commas (Biome's configuration); undefined when it is not. */
export function readJsonc(text: string): unknown {
  const plain = text
    .replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (match, string) =>
      string === undefined ? "" : match,
    )
    .replace(/,(\s*[}\]])/g, "$1");
  try {
    return JSON.parse(plain);
  } catch {
    return undefined;
  }
}

function configIn(
  dir: string,
  names: readonly string[],
  display: (file: string) => string,
): string | undefined {
  const name = names.find((candidate) => isFile(path.join(dir, candidate)));
  return name === undefined ? undefined : `the configuration ${display(path.join(dir, name))}`;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    // Absent, or under something that is not a folder (the output folder's own problems are
    // reported where it is written).
    return false;
  }
}

function readJson(file: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const json: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return typeof json === "object" && json !== null && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : undefined;
  } catch {
    // A package.json that is not JSON lists nothing (npm would refuse it anyway).
    return undefined;
  }
}
