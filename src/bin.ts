#!/usr/bin/env node
// The installed command `tool-validators` (see `tool-validators --help`); this project's own
// `npm run gen` runs the same file from source.
import module from "node:module";

// Node 22.1 and later keep the compiled code of the modules loaded (TypeScript's parser, prettier)
// between runs; older versions do without.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const { main } = await import("./cli.js");
const { drained } = await import("./failures/write.js");
const { COMMAND_NAME, EXIT_INTERNAL, internalErrorText } = await import("./run/run.js");
const { signalExitCode } = await import("./output/errors.js");

// Whatever escapes the command (a failure in a callback or a worker) is an internal error: one
// line and exit 3, never a stack trace.
const internalError = (error: unknown) => {
  process.stderr.write(`${COMMAND_NAME}: ${internalErrorText(error)}\n`);
  process.exit(EXIT_INTERNAL);
};
process.on("uncaughtException", internalError);
process.on("unhandledRejection", internalError);

// A closed pipe (`tool-validators | head`) is not an error of the generator.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
}

// SIGINT (Ctrl-C) and SIGTERM end any run promptly: a run stops where that leaves the output
// folder as it was (or finishes renaming its files into place), cleans up, and exits 130 or
// 143; the report stops reading; watch mode ends with exit 0. A second signal ends the process
// at once (CONTRACT.md 7).
const stop = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stop.signal.aborted) process.exit(signalExitCode(signal));
    stop.abort(signal);
  });
}

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  drained: () => drained(process.stdout),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  env: process.env,
  signal: stop.signal,
});
// What a stopped run left running (the formatter's workers) does not keep the process alive.
if (stop.signal.aborted) process.exit(process.exitCode);
