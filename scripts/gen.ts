// The generator's command line: `npm run gen` (see `npm run gen -- --help`).
import { main } from "../src/codegen/cli.js";

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
});
