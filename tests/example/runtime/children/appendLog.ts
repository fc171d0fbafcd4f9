// A process that appends to a validation log: `appendLog.ts <file> <name> <lines>`. It says
// "ready" once the log is set up, waits for a line on stdin, then appends its lines (about
// 200 bytes each) as fast as it can, in bursts of a few thousand (each burst one write of all
// that is queued), and closes the log.
import { once } from "node:events";
import { ValidationLog } from "../../../../example/runtime/validationLog.js";

const [file, name, count] = process.argv.slice(2) as [string, string, string];
const log = new ValidationLog(file, (error) => {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
});
const padding = "x".repeat(160);
process.stdout.write("ready\n");
await once(process.stdin, "data");
process.stdin.pause();
const total = Number(count);
for (let i = 0; i < total; i++) {
  log.append(`${JSON.stringify({ name, i, padding })}\n`);
  // Give the log a turn now and then: a new batch starts while the other process writes.
  if (i % 5_000 === 4_999) await new Promise((resolve) => setImmediate(resolve));
}
await log.close();
