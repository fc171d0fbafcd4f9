// Where the generator's time goes: runs its stages one by one, in a process of its own (started
// by bench/run.ts), and prints one JSON line with the milliseconds and memory of each stage.
//
//   node --import tsx bench/stages.ts --cwd <dir> [--tools <glob>] --compare <outDir> --write <emptyDir>
//
// The stages are the generator's own modules, called in the order `generate()` calls them:
// find files -> extract (ts-morph) -> normalise -> emit -> prettier format -> check / write.
import path from "node:path";
import { parseArgs } from "node:util";

export interface StageFigure {
  readonly stage: string;
  readonly ms: number;
  /** Resident set size after the stage, in MiB. */
  readonly rssMiB: number;
}

export interface StagesResult {
  readonly tools: number;
  readonly files: number;
  readonly outputFiles: number;
  readonly outputBytes: number;
  /** Differences the check stage found against `--compare` (0 when the pipeline matches the CLI). */
  readonly differences: number;
  readonly stages: readonly StageFigure[];
  readonly totalMs: number;
  readonly maxRssMiB: number;
}

const { values } = parseArgs({
  options: {
    cwd: { type: "string" },
    tools: { type: "string", multiple: true },
    compare: { type: "string" },
    write: { type: "string" },
  },
});
const cwd = path.resolve(values.cwd ?? process.cwd());
const compareDir = path.resolve(cwd, values.compare ?? "generated");
const writeDir = values.write ? path.resolve(values.write) : undefined;
const argv = (values.tools ?? []).flatMap((glob) => ["--tools", glob]);

const stages: StageFigure[] = [];
const start = performance.now();
let last = start;
function mark(stage: string): void {
  const now = performance.now();
  stages.push({ stage, ms: now - last, rssMiB: process.memoryUsage().rss / 2 ** 20 });
  last = now;
}

// Loading the modules is part of what every run pays.
const { extractTools } = await import("../src/codegen/extract/discover.js");
mark("load ts-morph and the extractor");
const { Formatter } = await import("../src/codegen/format.js");
await import("prettier");
mark("load prettier");
const { glob } = await import("tinyglobby");
const { DiagnosticBag } = await import("../src/codegen/diagnostics.js");
const { parseFlags, regenerateCommand } = await import("../src/codegen/cli.js");
const { DEFAULT_TOOLS_GLOB } = await import("../src/codegen/generate.js");
const { normalizeTool } = await import("../src/codegen/normalize/normalize.js");
const { emitFixedFiles, emitToolFiles } = await import("../src/codegen/emit/files.js");
const { compareFolder, writeFolder } = await import("../src/codegen/output/folder.js");
mark("load the other generator modules");

const options = parseFlags(argv);
if (typeof options === "string") throw new Error(options);
const globs = options.tools.length > 0 ? options.tools : [DEFAULT_TOOLS_GLOB];
const command = regenerateCommand(options, cwd);
const displayPath = (absolute: string) => path.relative(cwd, absolute).split(path.sep).join("/");

const files = (
  await glob([...globs], { cwd, absolute: true, ignore: ["**/node_modules/**", "**/*.d.ts"] })
).sort();
mark("find files (tinyglobby)");

const diagnostics = new DiagnosticBag();
const { tools: extracted } = extractTools(files, diagnostics, displayPath);
mark("extract (ts-morph)");

const tools = [];
for (const tool of extracted) {
  if (tool.parameters === undefined) continue;
  tools.push(normalizeTool({ ...tool, parameters: tool.parameters }, options.mode, diagnostics));
}
if (diagnostics.errorCount > 0) {
  throw new Error(
    `the declarations have errors: ${diagnostics.items.map((d) => d.message).join("; ")}`,
  );
}
mark("normalise");

const emitted = [...emitToolFiles(tools, { command }), ...emitFixedFiles({ command })];
mark("emit");

// The generator's own formatter: worker threads when there are cores to spare.
const formatter = new Formatter();
const formatted = await formatter.format(emitted);
formatter.close();
mark("format (prettier)");

const differences = await compareFolder(compareDir, formatted);
mark("check (compare with the output folder)");

if (writeDir) {
  await writeFolder(writeDir, formatted);
  mark("write (atomic, into an empty folder)");
}

const result: StagesResult = {
  tools: tools.length,
  files: files.length,
  outputFiles: formatted.length,
  outputBytes: formatted.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0),
  differences:
    differences.stale.length +
    differences.missing.length +
    differences.extra.length +
    differences.foreign.length,
  stages,
  totalMs: performance.now() - start,
  maxRssMiB: process.resourceUsage().maxRSS / 1024,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
