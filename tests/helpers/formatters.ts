// Host formatters for the hosts tests build in temporary folders: the command formats with
// the host's own prettier or Biome (resolved from the output folder), never one of its own, so
// a host that formats has it in its node_modules. Linked from this repository's.
import fs from "node:fs/promises";
import path from "node:path";
import { REPO } from "./spawn.js";

/** This repository's prettier 3 (its devDependency). */
export const PRETTIER_3 = path.join(REPO, "node_modules/prettier");
/** prettier 2, as a host may have it (tests/host-toolchain). */
export const PRETTIER_2 = path.join(REPO, "tests/host-toolchain/node_modules/prettier");

/** `host/node_modules/prettier` linked to a prettier of this repository (prettier 3 by default). */
export async function linkPrettier(host: string, prettier = PRETTIER_3): Promise<void> {
  await link(prettier, path.join(host, "node_modules/prettier"));
}

/** `host/node_modules/@biomejs/biome` and its platform binary, linked to this repository's. */
export async function linkBiome(host: string): Promise<void> {
  const biome = await fs.realpath(path.join(REPO, "node_modules/@biomejs/biome"));
  for (const name of await fs.readdir(path.dirname(biome)))
    await link(
      path.join(path.dirname(biome), name),
      path.join(host, "node_modules/@biomejs", name),
    );
}

/** The Biome binary of this repository (for running `biome format --write` as a host does). */
export async function biomeBinary(): Promise<string> {
  const folder = path.join(REPO, "node_modules/@biomejs");
  const platform = (await fs.readdir(folder)).find((name) => name.startsWith("cli-"));
  return path.join(folder, platform!, process.platform === "win32" ? "biome.exe" : "biome");
}

async function link(target: string, at: string): Promise<void> {
  await fs.mkdir(path.dirname(at), { recursive: true });
  await fs.symlink(target, at, "junction");
}
