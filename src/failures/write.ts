import type { Writable } from "node:stream";

/**
 * JSON as `JSON.stringify(value, null, 2)` writes it, in pieces (an object member or an array
 * element at a time), so that a large summary is written without ever being one string.
 */
export function* jsonPieces(value: unknown, indent = ""): Generator<string> {
  if (Array.isArray(value)) {
    if (value.length === 0) return yield "[]";
    const inner = `${indent}  `;
    yield "[";
    for (let i = 0; i < value.length; i++) {
      yield `${i === 0 ? "" : ","}\n${inner}`;
      // As JSON.stringify: what JSON cannot hold is null in an array.
      const item: unknown = value[i];
      if (item === undefined || typeof item === "function" || typeof item === "symbol")
        yield "null";
      else yield* jsonPieces(item, inner);
    }
    return yield `\n${indent}]`;
  }
  if (typeof value === "object" && value !== null && !hasToJson(value)) {
    const inner = `${indent}  `;
    let first = true;
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined || typeof member === "function" || typeof member === "symbol")
        continue;
      yield `${first ? "{" : ","}\n${inner}${JSON.stringify(key)}: `;
      first = false;
      yield* jsonPieces(member, inner);
    }
    return yield first ? "{}" : `\n${indent}}`;
  }
  return yield JSON.stringify(value, null, 2).replaceAll("\n", `\n${indent}`);
}

function hasToJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === "function";
}

/**
 * Writes pieces in batches of about `size` characters; when `write` says the stream is full
 * (returns false), waits for `drained` before the next batch, so that what waits to be written
 * stays small whatever reads it (a slow pipe).
 */
export async function writePieces(
  pieces: Iterable<string>,
  write: (text: string) => boolean | void,
  drained?: () => Promise<void>,
  size = 1 << 16,
): Promise<void> {
  let batch = "";
  for (const piece of pieces) {
    batch += piece;
    if (batch.length >= size) {
      if (write(batch) === false && drained) await drained();
      batch = "";
    }
  }
  if (batch !== "") write(batch);
}

/**
 * Resolves when a stream that was full can take more (`drain`), or when it will take nothing
 * more (closed, failed: a reader that went away), so that a writer never waits forever.
 */
export function drained(stream: NodeJS.WritableStream & Partial<Writable>): Promise<void> {
  if (stream.destroyed || stream.writableNeedDrain === false) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("error", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("error", done);
    stream.once("close", done);
  });
}
