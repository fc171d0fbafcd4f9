// The generator's command line: `npm run gen` (see `npm run gen -- --help`).
import { main } from "../src/codegen/cli.js";

// A closed pipe (`npm run gen | head`) is not an error of the generator.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
}

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
});
