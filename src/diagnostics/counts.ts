/** `1 file`, `3 files`: a count and its noun, plural but for 1 (the command's and the report's lines). */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
