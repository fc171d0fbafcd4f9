// The report on validation logs: `npm run report -- [--json] <log...>` (see `--help`).
import { drained, reportCommand } from "../src/failures/index.js";

// A closed pipe (`npm run report -- log.jsonl | head`) is not an error of the report.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
}

process.exitCode = await reportCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  drained: () => drained(process.stdout),
  stderr: (text) => process.stderr.write(text),
});
