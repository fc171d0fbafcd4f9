import fs from "node:fs/promises";
import path from "node:path";

/**
 * The file behind the `validationLog` option: lines appended in the order they were given,
 * without making the caller wait. Lines given while a write is under way are written together
 * after it, each line whole in one write of complete lines (O_APPEND), so that processes
 * appending to one log never tear each other's lines (CONTRACT.md 9). The file is opened on the first line
 * (in append mode, created when absent) and closed by `close()`, which first writes what is
 * left.
 *
 * The first failure (a missing folder, no permission, a full disk) is handed to `onError` once;
 * the log then stops: later lines are dropped, and nothing is ever thrown at the caller.
 */
/** The most bytes of lines one write carries (a longer line is written alone). */
const MAX_BATCH_BYTES = 1 << 20;

export class ValidationLog {
  readonly file: string;
  readonly #onError: (error: Error) => void;
  #handle: Promise<fs.FileHandle> | undefined;
  #pending: string[] = [];
  #writing: Promise<void> | undefined;
  #stopped = false;

  /** A relative `file` is resolved against the process's working directory, once, here. */
  constructor(file: string, onError: (error: Error) => void) {
    this.file = path.resolve(file);
    this.#onError = onError;
  }

  /** Queues one line (its line break included) and returns at once. */
  append(line: string): void {
    if (this.#stopped) return;
    this.#pending.push(line);
    this.#writing ??= this.#drain();
  }

  /** Writes what is queued, then closes the file. Never rejects. */
  async close(): Promise<void> {
    while (this.#writing !== undefined) await this.#writing;
    this.#stopped = true;
    const handle = this.#handle;
    this.#handle = undefined;
    if (handle === undefined) return;
    try {
      await (await handle).close();
    } catch {
      // Opening failed (already reported), or the file is gone: nothing is left to write.
    }
  }

  async #drain(): Promise<void> {
    try {
      this.#handle ??= fs.open(this.file, "a");
      const handle = await this.#handle;
      while (this.#pending.length > 0 && !this.#stopped) {
        // Whole lines only, each batch in one write(2) on a file opened with O_APPEND: the
        // kernel appends it at the end in one piece, so another process appending to the same
        // log never comes between two halves of a line (FileHandle#appendFile splits what it
        // writes into 512 KiB pieces). Batches stop at MAX_BATCH_BYTES, a line longer than
        // that is a batch of its own.
        let size = 0;
        let count = 0;
        while (count < this.#pending.length) {
          const bytes = Buffer.byteLength(this.#pending[count]!, "utf8");
          if (count > 0 && size + bytes > MAX_BATCH_BYTES) break;
          size += bytes;
          count++;
        }
        const batch = Buffer.from(this.#pending.splice(0, count).join(""), "utf8");
        let written = 0;
        // A short write happens only when the disk is full or the like; the rest follows.
        while (written < batch.length) {
          const { bytesWritten } = await handle.write(batch, written, batch.length - written);
          if (bytesWritten === 0) throw new Error("nothing could be written");
          written += bytesWritten;
        }
      }
    } catch (error) {
      this.#fail(error);
    } finally {
      this.#writing = undefined;
    }
  }

  #fail(cause: unknown): void {
    this.#stopped = true;
    this.#pending = [];
    const why = cause instanceof Error ? cause.message : String(cause);
    const error = new Error(
      `The validation log ${this.file} cannot be written (${why}); failed validations are no longer logged.`,
      { cause },
    );
    try {
      this.#onError(error);
    } catch {
      // The report of a failure must not fail anything either.
    }
  }
}
