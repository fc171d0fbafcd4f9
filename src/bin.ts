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

// Ctrl-C ends watch mode cleanly.
const stop = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  drained: () => drained(process.stdout),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  signal: stop.signal,
});
