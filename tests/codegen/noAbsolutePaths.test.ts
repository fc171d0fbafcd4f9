// No absolute path in anything the command prints (CONTRACT.md section 7): every kind of
// message a run can print (errors of each stage, warnings, the summary lines, the drift
// check's report, a library's own error) is printed in a working folder, then in the same
// folder moved elsewhere: the two outputs are the same, and neither names a folder of the
// machine. The command, in this process.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { relativeName, withRelativePaths } from "../../src/diagnostics/paths.js";
import { makeTempDir } from "../helpers/context.js";
import { linkPrettier } from "../helpers/formatters.js";
import { runMain } from "../helpers/inProcess.js";
import { REPO } from "../helpers/spawn.js";

const tool = (name: string, properties: string) => `export const ${name}Tool = {
  name: "${name}",
  config: { type: "function", function: { name: "${name}", parameters: { type: "object", properties: ${properties} } } },
};
`;

/** A host project, laid out afresh in `folder`. */
async function layOut(folder: string): Promise<void> {
  await fs.rm(folder, { recursive: true, force: true });
  await fs.mkdir(path.join(folder, "src/tools"), { recursive: true });
  await fs.mkdir(path.join(folder, "bad"), { recursive: true });
  await fs.writeFile(path.join(folder, "package.json"), '{ "name": "host", "type": "module" }\n');
  await fs.writeFile(
    path.join(folder, "src/tools/alpha.ts"),
    tool("Alpha", `{ x: { type: "string", minLenght: 2 } }`),
  );
  await fs.writeFile(path.join(folder, "src/tools/beta.ts"), tool("Beta", `{}`));
  await fs.writeFile(
    path.join(folder, "bad/errors.ts"),
    `${tool("Gamma", `{ a: { type: "strng" }, b: { type: "number", enum: [2 ** 1024] } }`)}${tool("Delta", "{}")}${tool("Delta", `{ d: { type: "string" } }`).replace("DeltaTool", "DeltaAgain")}`,
  );
  await fs.writeFile(path.join(folder, "bad/syntax.ts"), "export const x = {;\n");
  await fs.writeFile(path.join(folder, "a-file"), "");
}

/** Every kind of message, in the order printed: each run's exit code, stdout and stderr. */
async function messages(folder: string): Promise<string[]> {
  await layOut(folder);
  const printed: string[] = [];
  const run = async (...args: string[]) => {
    const { code, stdout, stderr } = await runMain(args, folder);
    const shown = args.map((arg) => arg.replace(folder, "<folder>")).join(" ");
    printed.push(`$ ${shown} -> ${code}\n${stdout}${stderr}`);
  };
  await run("--out", "generated"); // written, with a warning and the coverage lines
  const alpha = path.join(folder, "generated/alpha.ts");
  const header = (await fs.readFile(alpha, "utf8")).split("\n")[0];
  await fs.writeFile(alpha, `${header}\n// changed\n`);
  await fs.rm(path.join(folder, "generated/beta.ts"));
  await fs.writeFile(path.join(folder, "generated/extra.ts"), `${header}\n// extra\n`);
  await run("--out", "generated", "--check"); // stale, missing, extra
  await run("--out", "generated"); // rewritten, removed
  await run("--out", "generated", "--check"); // up to date
  await run("--tools", "bad/*.ts", "--out", "generated", "--enforce", "all"); // declaration errors
  await run("--tools", "nowhere/*.ts"); // no file
  await run("--exclude-file", "src/**"); // every file left out
  await run("--exclude-tool", "Alpha", "--exclude-tool", "Beta", "--exclude-tool", "Delta");
  await run("--out", "a-file"); // the output folder is a file
  await run("--out", path.join(folder, "absolute-out"), "--check"); // an absolute flag
  await run("--mode", "loose"); // a bad flag
  await run("report", path.join(folder, "nowhere.jsonl")); // a log that cannot be read
  await fs.writeFile(path.join(folder, "tool-validators.config.json"), '{ "tool": "x" }\n');
  await run(); // unusable settings
  await fs.rm(path.join(folder, "tool-validators.config.json"));
  // A folder no run formatted before (prettier keeps what it resolved for a folder).
  await fs.mkdir(path.join(folder, "plugged"));
  await linkPrettier(path.join(folder, "plugged")); // the host's prettier
  await fs.writeFile(
    path.join(folder, "plugged/.prettierrc"),
    '{ "plugins": ["prettier-plugin-nowhere"] }\n',
  );
  await run("--out", "plugged/generated"); // a prettier configuration that cannot be loaded
  return printed;
}

let first: string;
let moved: string;

afterAll(async () => {
  for (const folder of [first, moved])
    if (folder) await fs.rm(folder, { recursive: true, force: true });
});

/** The top folders where the machine keeps the folders above: none may be named. */
function machineFolders(...folders: string[]): RegExp {
  const tops = new Set(
    folders.map((folder) => {
      const { root } = path.parse(folder);
      return path.join(root, folder.slice(root.length).split(/[\\/]/)[0]!);
    }),
  );
  const escaped = [...tops].map((top) => top.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&"));
  return new RegExp(`(?<![\\w.~-])(?:${escaped.join("|")})(?![\\w.-])`);
}

describe("the command's messages", () => {
  it("name no absolute path, and read the same wherever the working folder is", async () => {
    first = await makeTempDir("tv-paths-");
    const before = await messages(first);
    moved = `${first}-moved`;
    await fs.rename(first, moved);
    const after = await messages(moved);
    expect(after).toEqual(before);
    const machine = machineFolders(first, moved, os.tmpdir(), REPO);
    for (const text of before) expect([text, machine.test(text)]).toEqual([text, false]);
    // Every kind was printed: the run reached each stage it is meant to.
    const all = before.join("\n");
    for (const expected of [
      "warning TV2102",
      "Generated validators for 2 tools",
      "stale",
      "extra",
      "missing",
      "is up to date",
      "error TV1005",
      "error TV2003",
      "error TV1007",
      "error TV3002",
      "error TV3001",
      "error TV3007",
      "error TV3008",
      "warning TV3101",
      "prettier-plugin-nowhere",
      "tool-validators report:",
    ])
      expect(all).toContain(expected);
  }, 120_000);
});

describe("withRelativePaths", () => {
  const cwd = path.join(os.tmpdir(), "host");
  const top = path.join(
    path.parse(cwd).root,
    cwd.slice(path.parse(cwd).root.length).split(/[\\/]/)[0]!,
  );

  it("writes paths under the working folder's top folder relative to it, URLs too", () => {
    expect(withRelativePaths(`imported from ${cwd}/noop.js.\n`, cwd)).toBe(
      "imported from noop.js.\n",
    );
    const url = pathToFileURL(path.join(cwd, "a b.js")).href;
    expect(withRelativePaths(`at ${url}`, cwd)).toBe("at a b.js");
    expect(withRelativePaths(`(${top}/elsewhere/x.ts)`, cwd)).toBe(
      `(${relativeName(cwd, path.join(top, "elsewhere/x.ts"))})`,
    );
  });

  it("leaves the declaration's own text in code frames, and relative paths, as they are", () => {
    const frame = `x.ts:1:1 - error TV2001: Tool "X": bad.\n\n1 const ROOT = "${cwd}/data";\n  ~~~~~\n`;
    expect(withRelativePaths(frame, cwd)).toBe(frame);
    expect(withRelativePaths(`../..${top}/x.js and /etc-like/y`, cwd)).toBe(
      `../..${top}/x.js and /etc-like/y`,
    );
  });
});
