/** Thrown where the input or the options hold something the printer does not reproduce. */
export class Unsupported extends Error {
  constructor(what: string) {
    super(`unsupported: ${what}`);
  }
}
