/**
 * Collects a process's text output up to a character budget. When the output grows past the
 * budget it keeps the beginning and the end (where errors and summaries usually are) and counts
 * what it dropped in between.
 */
export class OutputBuffer {
  readonly #half: number;
  #head = "";
  #tail = "";
  #total = 0;

  constructor(readonly limit: number) {
    this.#half = Math.max(1, Math.floor(limit / 2));
  }

  /** How many characters were appended in all. */
  get totalLength(): number {
    return this.#total;
  }

  /** True when some of the output was dropped. */
  get cut(): boolean {
    return this.#total > this.#head.length + Math.min(this.#tail.length, this.#half);
  }

  append(chunk: string): void {
    this.#total += chunk.length;
    if (this.#head.length < this.#half) {
      const room = this.#half - this.#head.length;
      this.#head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (chunk === "") return;
    this.#tail += chunk;
    // Trim lazily so that many small chunks do not each copy the whole tail.
    if (this.#tail.length > 2 * this.#half) this.#tail = this.#tail.slice(-this.#half);
  }

  /** The kept output, with a note where characters were cut. */
  text(): string {
    const tail = this.#tail.length > this.#half ? this.#tail.slice(-this.#half) : this.#tail;
    const dropped = this.#total - this.#head.length - tail.length;
    if (dropped <= 0) return this.#head + tail;
    return `${this.#head}\n\n[... ${dropped} characters cut: the output was longer than ${this.limit} characters ...]\n\n${tail}`;
  }
}
