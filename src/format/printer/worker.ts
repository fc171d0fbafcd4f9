// A worker thread that prints with the printer (formatter.ts's PrinterPool): each request is a
// batch of texts and their prettier options; each answer holds the printed texts, null where
// the printer declines (prettier formats those), in order.
import { parentPort } from "node:worker_threads";
import { printLikePrettier, type PrettierLikeOptions } from "./index.js";

interface Request {
  readonly id: number;
  readonly jobs: readonly { readonly text: string; readonly options: PrettierLikeOptions }[];
}

parentPort!.on("message", ({ id, jobs }: Request) => {
  const texts: (string | null)[] = [];
  for (const job of jobs) {
    let text: string | undefined;
    try {
      text = printLikePrettier(job.text, job.options);
    } catch {
      // A bug of the printer's: prettier formats the file, as it would without the printer.
      text = undefined;
    }
    texts.push(text ?? null);
  }
  parentPort!.postMessage({ id, texts });
});
