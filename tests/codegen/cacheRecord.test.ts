// The record of what the reader asked of the file system (src/cache/observations.ts): every
// question with its first answer, replayed by the next run; a question answered two ways in one
// run (a file changed while it was read) makes the record unusable.
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changedObservation, RecordingFileSystem } from "../../src/cache/observations.js";
import { DiagnosticBag } from "../../src/diagnostics/diagnostics.js";
import { extractTools } from "../../src/extract/discover.js";
import { makeTempDir } from "../helpers/context.js";

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir("tv-cache-record-");
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const file = (name: string) => path.join(dir, name);

describe("the record of the reader's questions", () => {
  it("holds what reading a tool asked: the files read, the candidates probed, the links resolved", async () => {
    await fs.writeFile(
      file("tool.ts"),
      'import { NAME } from "./names.js";\nexport const tool = { name: NAME, inputSchema: { type: "object" } };\n',
    );
    await fs.writeFile(file("names.ts"), 'export const NAME = "named";\n');
    const recorder = new RecordingFileSystem();
    const { tools } = extractTools([file("tool.ts")], new DiagnosticBag(), undefined, {
      fileSystem: recorder,
    });
    expect(tools.map((tool) => tool.name)).toEqual(["named"]);
    const record = recorder.observations();
    expect(Object.keys(record.reads)).toEqual([file("names.ts"), file("tool.ts")]);
    // The nearest tsconfig.json was looked for from the tool's folder up, and is not there.
    expect(record.files[file("tsconfig.json")]).toBe(false);
    expect(record.files[file("names.ts")]).toBe(true);
    expect(record.realpaths[file("names.ts")]).toBe(file("names.ts"));
    expect(changedObservation(record)).toBeUndefined();
    expect(recorder.changedDuringRun).toBeUndefined();
  });

  it.each([
    ["a file read changes", async () => fs.writeFile(file("a.ts"), "changed"), "a.ts changed"],
    ["a file read goes", async () => fs.rm(file("a.ts")), "a.ts cannot be read"],
    ["a file probed appears", async () => fs.writeFile(file("b.ts"), ""), "b.ts appeared"],
    ["a file probed goes", async () => fs.rm(file("c.ts")), "c.ts is gone"],
    [
      "a link leads elsewhere",
      async () => {
        await fs.rm(file("link.ts"));
        await fs.symlink("c.ts", file("link.ts"));
      },
      "link.ts leads elsewhere",
    ],
    ["a folder appears", async () => fs.mkdir(file("sub")), "the folder sub appeared"],
  ])("sees that %s", async (_, change, why) => {
    await fs.writeFile(file("a.ts"), "a");
    await fs.writeFile(file("c.ts"), "c");
    await fs.symlink("a.ts", file("link.ts"));
    const recorder = new RecordingFileSystem();
    recorder.readFile(file("a.ts"));
    recorder.isFile(file("b.ts"));
    recorder.isFile(file("c.ts"));
    recorder.realpath(file("link.ts"));
    recorder.isDirectory(file("sub"));
    const record = recorder.observations();
    expect(changedObservation(record)).toBeUndefined();
    await change();
    expect(changedObservation(record)?.replaceAll(`${dir}/`, "")).toBe(why);
  });

  it("a question answered two ways in one run marks the record unusable", async () => {
    await fs.writeFile(file("a.ts"), "first");
    const recorder = new RecordingFileSystem();
    recorder.readFile(file("a.ts"));
    await fs.writeFile(file("a.ts"), "second");
    recorder.readFile(file("a.ts"));
    expect(recorder.changedDuringRun).toBe(file("a.ts"));
  });

  it("a record that is not one is a difference", () => {
    expect(changedObservation(undefined)).toBe("the record of what was read is missing");
  });
});
